import { describe, expect, it } from 'vitest';
import { endProcess } from '../../src/action/process-end.ts';

describe('endProcess', () => {
  it('ends the process only once stdout and stderr have handed over what was written', async () => {
    const events: string[] = [];
    const stream = (name: string) => ({
      write(_chunk: string, callback: () => void) {
        events.push(`${name} flushing`);
        setTimeout(() => {
          events.push(`${name} flushed`);
          callback();
        }, 5);
        return true;
      },
    });
    await endProcess({
      stdout: stream('stdout'),
      stderr: stream('stderr'),
      exit: () => void events.push('exit'),
    });
    expect(events).toEqual([
      'stdout flushing',
      'stdout flushed',
      'stderr flushing',
      'stderr flushed',
      'exit',
    ]);
  });
});
