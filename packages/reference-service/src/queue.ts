/**
 * The audits waiting for analysis, worked off one at a time after the request that started them
 * has been answered, one per turn of the event loop so that requests are served in between.
 */

/** Runs `work` later; by default on the next turn of the event loop. Tests may hold it back. */
export type Schedule = (work: () => void) => void;

export interface WorkQueue {
  add(job: () => void): void;
  /** Drops the jobs not yet started. */
  close(): void;
}

export function createWorkQueue(schedule?: Schedule): WorkQueue {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  let closed = false;
  let immediate: NodeJS.Immediate | undefined;
  const later: Schedule =
    schedule ??
    ((work) => {
      immediate = setImmediate(work);
    });

  function next(): void {
    if (scheduled || closed || waiting.length === 0) return;
    scheduled = true;
    later(() => {
      scheduled = false;
      if (closed) return;
      waiting.shift()?.();
      next();
    });
  }

  return {
    add(job) {
      waiting.push(job);
      next();
    },
    close() {
      closed = true;
      waiting.length = 0;
      if (immediate) clearImmediate(immediate);
    },
  };
}
