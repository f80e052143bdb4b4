/**
 * The end of the action's process once its report is published. Work the toolkit goes on with
 * unwatched once the deadline has passed (a download or a cache save, which take no abort signal)
 * must not keep the step running: the process ends once what it wrote to the log is handed over.
 */
interface Flushable {
  write(chunk: string, callback: () => void): unknown;
}

export async function endProcess(proc: {
  stdout: Flushable;
  stderr: Flushable;
  exit(): void;
}): Promise<void> {
  for (const stream of [proc.stdout, proc.stderr]) {
    await new Promise<void>((resolve) => stream.write('', resolve));
  }
  proc.exit();
}
