/**
 * The one way a config or manifest of the checkout is read: a regular file, small, and inside
 * the workspace once links are resolved. A hostile checkout could make one huge, a FIFO that
 * blocks a read forever, a device, or a link to a file elsewhere on the runner. Whatever it is,
 * the answer is its text or why it cannot be used, and the caller names it in one warning.
 */
import { constants, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import { ConfigurationError } from '../errors.ts';
import { isInside } from '../files/inside.ts';
import { parseRemappingsFile, type Remapping } from './remappings.ts';

export const MAX_CONFIG_BYTES = 1024 * 1024;

export type UnusableKind =
  | 'directory'
  | 'fifo'
  | 'socket'
  | 'device'
  | 'unreadable'
  | 'dangling'
  | 'outside'
  | 'too-large'
  | 'unparsable';

/** What reading a config path gave: its text, nothing there, or why it cannot be used. */
export type ConfigRead =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  | { kind: 'unusable'; why: UnusableKind; reason: string };

const MISSING: ConfigRead = { kind: 'missing' };

// Never wait on a FIFO or a device, and never follow a link swapped in after realpath.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

function unusable(why: UnusableKind, reason: string): ConfigRead {
  return { kind: 'unusable', why, reason };
}

/** What `stats` is when it is not a regular file, said after the file's name: "is a directory". */
function notRegular(stats: Stats, linked: boolean): ConfigRead {
  const is = linked ? 'is a link to' : 'is';
  if (stats.isDirectory()) return unusable('directory', `${is} a directory, not a file`);
  if (stats.isFIFO()) return unusable('fifo', `${is} a FIFO (named pipe), not a file`);
  if (stats.isSocket()) return unusable('socket', `${is} a socket, not a file`);
  return unusable('device', `${is} a device or other special file, not a regular file`);
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

const tooLarge = () =>
  unusable(
    'too-large',
    `is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB, more than a config holds`,
  );

/**
 * The text of `file` (absolute), read through its links only when they stay inside `workspace`
 * (absolute, links resolved). The checks are made on the descriptor that is read, so a file
 * swapped for something else between them is not read either.
 */
export async function readConfig(file: string, workspace: string): Promise<ConfigRead> {
  let real: string;
  try {
    real = await fs.realpath(file);
  } catch (error) {
    const failure = code(error);
    if (failure === 'ELOOP') return unusable('dangling', 'is a link that leads to itself');
    if (failure !== 'ENOENT' && failure !== 'ENOTDIR')
      return unusable('unreadable', `cannot be read (${failure})`);
    // Nothing there, or a link to nothing.
    const link = await fs.lstat(file).catch(() => undefined);
    return link === undefined ? MISSING : unusable('dangling', 'is a link to nothing');
  }
  if (!isInside(workspace, real))
    return unusable('outside', `is a link that leads outside the workspace (to ${real})`);
  let handle: fs.FileHandle | undefined;
  try {
    // Only a regular file is opened: opening a device may act on it.
    const before = await fs.stat(real);
    if (!before.isFile()) return notRegular(before, real !== file);
    if (before.size > MAX_CONFIG_BYTES) return tooLarge();
    handle = await fs.open(real, OPEN_FLAGS);
    const stats = await handle.stat();
    if (!stats.isFile()) return notRegular(stats, real !== file);
    if (stats.ino !== before.ino || stats.dev !== before.dev)
      return unusable('unreadable', 'was replaced while it was read');
    // One byte past the bound tells a file that grew past it.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_CONFIG_BYTES) return tooLarge();
    }
    return { kind: 'text', text: buffer.toString('utf8', 0, length) };
  } catch (error) {
    const failure = code(error);
    return failure === 'ENOENT' || failure === 'ENOTDIR'
      ? unusable('unreadable', 'was removed while it was read')
      : unusable('unreadable', `cannot be read (${failure})`);
  } finally {
    await handle?.close();
  }
}

/** A config that is there but does not parse; `reason` is said after its name. */
export class UnparsableConfig extends ConfigurationError {
  override name = 'UnparsableConfig';
  readonly file: string;
  readonly reason: string;

  constructor(file: string, reason: string, options?: ErrorOptions) {
    super(`${file} ${reason}.`, options);
    this.file = file;
    this.reason = reason;
  }
}

/**
 * The one warning for a config that cannot be used: `file` relative to the workspace, why, and
 * what its folder uses instead.
 */
export function unusableConfigWarning(file: string, reason: string, instead: string): string {
  return `${file} ${reason}. It is not used: ${instead}.`;
}

/** A remappings.txt read and parsed: its remappings, nothing there, or why it cannot be used. */
export type RemappingsRead =
  { kind: 'remappings'; remappings: Remapping[] } | Exclude<ConfigRead, { kind: 'text' }>;

/** Reads configs and remappings files, each real file once however many links lead to it. */
export interface ConfigReader {
  read: (file: string) => Promise<ConfigRead>;
  remappings: (file: string) => Promise<RemappingsRead>;
}

/** A reader for one run: its answers are kept by real path. */
export function createConfigReader(workspace: string): ConfigReader {
  const texts = new Map<string, Promise<ConfigRead>>();
  const parsed = new Map<string, Promise<RemappingsRead>>();
  const once = async <T>(cache: Map<string, Promise<T>>, file: string, load: () => Promise<T>) => {
    const key = await fs.realpath(file).catch(() => file);
    let answer = cache.get(key);
    if (answer === undefined) cache.set(key, (answer = load()));
    return answer;
  };
  const read = (file: string) => once(texts, file, () => readConfig(file, workspace));
  return {
    read,
    remappings: (file) =>
      once(parsed, file, async () => {
        const answer = await read(file);
        return answer.kind === 'text'
          ? { kind: 'remappings', remappings: parseRemappingsFile(answer.text) }
          : answer;
      }),
  };
}
