/** The command bound to a stand-in of its process: exit codes, a closed pipe, a signal. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { CommandEnvironment } from '../../src/cli/main.ts';
import { runInProcess, type CommandProcess } from '../../src/cli/process-run.ts';

class Stream extends EventEmitter {
  text = '';
  write(chunk: string) {
    this.text += chunk;
    return true;
  }
}

function standIn() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const stdout = new Stream();
  const stderr = new Stream();
  const proc: CommandProcess & {
    signals: EventEmitter;
    exits: number[];
    streams: { stdout: Stream; stderr: Stream };
  } = {
    argv: ['node', 'contract-audit', '--dry-run', '.'],
    env: { NO_COLOR: '1' },
    cwd: () => '/work/here',
    stdout,
    stderr,
    streams: { stdout, stderr },
    once: (signal, listener) => signals.once(signal, listener),
    exit: (code) => void exits.push(code),
    exitCode: undefined,
    signals,
    exits,
  };
  return proc;
}

describe('runInProcess', () => {
  it("gives main the process's arguments, environment and folder, and sets the exit code it returns", async () => {
    const proc = standIn();
    let given: CommandEnvironment | undefined;
    await runInProcess(proc, (cli) => {
      given = cli;
      return Promise.resolve(1);
    });
    expect(given).toMatchObject({ argv: ['--dry-run', '.'], cwd: '/work/here', env: proc.env });
    expect(proc.exitCode).toBe(1);
    expect(proc.exits).toEqual([]);
  });

  it('takes a closed pipe (EPIPE) quietly, and lets any other stream error through', async () => {
    const proc = standIn();
    await runInProcess(proc, () => Promise.resolve(0));
    const epipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(() => proc.streams.stdout.emit('error', epipe)).not.toThrow();
    const other = Object.assign(new Error('write EIO'), { code: 'EIO' });
    expect(() => proc.streams.stderr.emit('error', other)).toThrow('EIO');
  });

  it('on SIGINT or SIGTERM, hands main the signal and ends the process with its code', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const proc = standIn();
      const run = runInProcess(proc, async (cli) => {
        const received = await cli.interrupt!;
        return received === 'SIGINT' ? 130 : 143;
      });
      proc.signals.emit(signal);
      await run;
      expect(proc.exits).toEqual([signal === 'SIGINT' ? 130 : 143]);
    }
  });
});
