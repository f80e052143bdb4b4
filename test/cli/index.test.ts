/** The command's entry, as `node dist/cli.js` loads it: main bound to this process. */
import { expect, it, vi } from 'vitest';

vi.mock('../../src/cli/process-run.ts', () => ({
  runInProcess: vi.fn(() => Promise.resolve()),
}));

it('binds the command to this process on this Node', async () => {
  await import('../../src/cli/index.ts');
  const { runInProcess } = await import('../../src/cli/process-run.ts');
  const { main } = await import('../../src/cli/main.ts');
  expect(runInProcess).toHaveBeenCalledWith(process, main);
});
