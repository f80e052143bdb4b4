/** The action's entry, as the runner loads it: it runs the action, then ends the process. */
import { expect, it, vi } from 'vitest';

vi.mock('../src/action/main.ts', () => ({ run: vi.fn(() => Promise.resolve()) }));
vi.mock('../src/action/process-end.ts', () => ({ endProcess: vi.fn(() => Promise.resolve()) }));

it('runs the action on this Node, then ends the process once the outcome is published', async () => {
  await import('../src/index.ts');
  const { run } = await import('../src/action/main.ts');
  const { endProcess } = await import('../src/action/process-end.ts');
  expect(run).toHaveBeenCalledOnce();
  expect(endProcess).toHaveBeenCalledWith(process);
  expect(vi.mocked(run).mock.invocationCallOrder[0]).toBeLessThan(
    vi.mocked(endProcess).mock.invocationCallOrder[0]!,
  );
});
