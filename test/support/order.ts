/** Assertions on where things stand in a rendered text. */
import { expect } from 'vitest';

/** Each part is in `text`, after the one before it. */
export function expectInOrder(text: string, parts: readonly string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after offset ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}
