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
import { MAX_REMAPPINGS, NAMES_SHOWN } from './config-bounds.ts';
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

/** Why a config that is there cannot be used; `reason` is said after its name. */
export interface Unusable {
  kind: 'unusable';
  why: UnusableKind;
  reason: string;
}

/** What reading a config path gave: its text, nothing there, or why it cannot be used. */
export type ConfigRead = { kind: 'text'; text: string } | { kind: 'missing' } | Unusable;

const MISSING = { kind: 'missing' } as const;

// Never wait on a FIFO or a device, and never follow a link swapped in after realpath.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

export function unusable(why: UnusableKind, reason: string): Unusable {
  return { kind: 'unusable', why, reason };
}

/** A real path's text, or why not; `what` names a path that is not a regular file. */
type RealRead = ConfigRead | Special;

interface Special {
  kind: 'special';
  why: UnusableKind;
  what: string;
}

function notRegular(stats: Stats): RealRead {
  if (stats.isDirectory()) return { kind: 'special', why: 'directory', what: 'a directory' };
  if (stats.isFIFO()) return { kind: 'special', why: 'fifo', what: 'a FIFO (named pipe)' };
  if (stats.isSocket()) return { kind: 'special', why: 'socket', what: 'a socket' };
  return { kind: 'special', why: 'device', what: 'a device or other special file' };
}

/** Said after the name of the path read: "is a directory", "is a link to a directory". */
function phrased<T extends ConfigRead | Parsed>(read: T | Special, linked: boolean): T | Unusable {
  if (read.kind !== 'special') return read;
  return unusable(read.why, `${linked ? 'is a link to' : 'is'} ${read.what}, not a file`);
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

const tooLarge = () =>
  unusable(
    'too-large',
    `is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB, more than a config holds`,
  );

/** Where `file` leads: its real path when that is inside `workspace`, else why it is not read. */
async function resolved(
  file: string,
  workspace: string,
): Promise<{ kind: 'real'; real: string } | Exclude<ConfigRead, { kind: 'text' }>> {
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
  return isInside(workspace, real)
    ? { kind: 'real', real }
    : unusable('outside', `is a link that leads outside the workspace (to ${real})`);
}

/**
 * The text of the regular file at `real` (links resolved). What is read is checked on the
 * descriptor it is read from: a FIFO, device or link swapped in after the first look is not read.
 */
async function readReal(real: string): Promise<RealRead> {
  let handle: fs.FileHandle | undefined;
  try {
    // Only a regular file is opened: opening a device may act on it.
    const seen = await fs.stat(real);
    if (!seen.isFile()) return notRegular(seen);
    handle = await fs.open(real, OPEN_FLAGS);
    const stats = await handle.stat();
    if (!stats.isFile()) return notRegular(stats);
    if (stats.size > MAX_CONFIG_BYTES) return tooLarge();
    // One byte past its size tells a file that grew while it was read, up to the bound.
    const buffer = Buffer.allocUnsafe(stats.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > stats.size) return unusable('unreadable', 'grew while it was read');
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

/**
 * The text of `file` (absolute), read through its links only when they stay inside `workspace`
 * (absolute, links resolved), or why it cannot be used.
 */
export async function readConfig(file: string, workspace: string): Promise<ConfigRead> {
  const where = await resolved(file, workspace);
  return where.kind === 'real' ? phrased(await readReal(where.real), where.real !== file) : where;
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

/**
 * A remappings.txt read and parsed: its remappings (at most KEPT_REMAPPINGS, the first) and how
 * many it lists, nothing there, or why it cannot be used.
 */
export type RemappingsRead = Parsed | Exclude<ConfigRead, { kind: 'text' }>;

interface Parsed {
  kind: 'remappings';
  remappings: Remapping[];
  listed: number;
}

/**
 * Remappings kept of one file: all a project uses, and the few past them a warning names. A
 * checkout can hold hundreds of libraries, each with a remappings.txt of 100,000 lines.
 */
export const KEPT_REMAPPINGS = MAX_REMAPPINGS + NAMES_SHOWN;

/** Reads configs and remappings files, each real file once however many links lead to it. */
export interface ConfigReader {
  read: (file: string) => Promise<ConfigRead>;
  remappings: (file: string) => Promise<RemappingsRead>;
}

function parsedHead(read: RealRead): RemappingsRead | Special {
  if (read.kind !== 'text') return read;
  return { kind: 'remappings', ...parseRemappingsFile(read.text, KEPT_REMAPPINGS) };
}

/** A reader for one run: what each real file holds is read once, and kept. */
export function createConfigReader(workspace: string): ConfigReader {
  const texts = new Map<string, Promise<RealRead>>();
  // Only what is used of a remappings file is kept, not its text.
  const parsed = new Map<string, Promise<RemappingsRead | Special>>();
  /** The answer for `file`, and the real path it was read from. */
  const readAt = async (file: string): Promise<{ answer: ConfigRead; real?: string }> => {
    const where = await resolved(file, workspace);
    if (where.kind !== 'real') return { answer: where };
    const { real } = where;
    let text = texts.get(real);
    if (text === undefined) texts.set(real, (text = readReal(real)));
    return { answer: phrased(await text, real !== file), real };
  };
  return {
    read: async (file) => (await readAt(file)).answer,
    remappings: async (file) => {
      const where = await resolved(file, workspace);
      if (where.kind !== 'real') return where;
      const { real } = where;
      let read = parsed.get(real);
      if (read === undefined) parsed.set(real, (read = readReal(real).then(parsedHead)));
      const answer = await read;
      return answer.kind === 'remappings' ? answer : phrased(answer, real !== file);
    },
  };
}
