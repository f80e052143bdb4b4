import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/report/json-chunks.ts';

const element = (i: number) => ({
  id: i,
  text: `line ${i}\n"quoted" \\ ${'é'.repeat(i % 3)}`,
  skipped: undefined,
  nested: { list: [i, null, { deep: [] }], empty: {} },
});

describe('jsonChunks', () => {
  it.each([0, 1, 99, 100, 101, 250])(
    'writes %i elements byte for byte as JSON.stringify writes the whole document',
    (count) => {
      const items = Array.from({ length: count }, (_, i) => i);
      const documents = [
        (findings: unknown[]) => ({ schemaVersion: 1, note: '"findings": []', findings }),
        (results: unknown[]) => ({ runs: [{ tool: {}, results, properties: { n: 1 } }] }),
      ];
      for (const [key, make] of [
        ['findings', documents[0]!],
        ['results', documents[1]!],
      ] as const) {
        const whole = `${JSON.stringify(make(items.map(element)), null, 2)}\n`;
        const chunks = [
          ...jsonChunks(JSON.stringify(make([]), null, 2), key, items, element, '\n'),
        ];
        expect(chunks.join('')).toBe(whole);
        expect(chunks.length).toBe(Math.ceil(count / 100) + 1);
      }
    },
  );

  it('refuses a document without the empty list to fill', () => {
    expect(() => [...jsonChunks('{\n  "results": {}\n}', 'results', [1], element)]).toThrow(
      'the document has no empty "results" list',
    );
  });
});
