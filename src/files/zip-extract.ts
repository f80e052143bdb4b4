/**
 * Extracts a zip that anyone may have shaped (a fork's artifact) into a fresh folder, or refuses
 * it whole, naming what was wrong. The central directory is the one list read: every entry is
 * checked before a byte is written (its name by the upload-name rule, its type, its sizes against
 * the bounds), then each is inflated with its output capped at its declared size and checked
 * against its CRC. Only regular files are written; a link entry is refused, never created or
 * followed, and nothing is written outside `destination`.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../errors.ts';
import { formatBytes } from './limits.ts';
import { uploadNameProblem } from './upload-name.ts';
import type { Vocabulary } from '../vocabulary.ts';

export interface ZipBounds {
  /** Files at most (directory entries are not counted, nor the file named `uncounted`). */
  maxFiles: number;
  /** A file the bounds on files and on all together leave out (a manifest, bounded by `maxFileBytes`). */
  uncounted?: string;
  /** The largest file, by name: a manifest may have a bound of its own. */
  maxFileBytes: (name: string) => number;
  /** All files together, inflated (but `uncounted`). */
  maxTotalBytes: number;
}

export interface ExtractedFile {
  /** The entry's name: a relative POSIX path below `destination`. */
  name: string;
  absolutePath: string;
  size: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_LENGTH = 22;
const MAX_COMMENT = 0xffff;
const UNIX = 3;
const FILE_TYPE = 0o170000;
const REGULAR = 0o100000;
const DIRECTORY = 0o040000;
const LINK = 0o120000;
const STORED = 0;
const DEFLATED = 8;

interface CentralEntry {
  name: string;
  directory: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * `what` names the zip in messages ("The artifact contract-audit-upload"); `words`: the door's,
 * in which the bounds' settings are named.
 */
export async function extractZip(
  zipFile: string,
  destination: string,
  bounds: ZipBounds,
  what: string,
  words: Vocabulary,
): Promise<ExtractedFile[]> {
  const refuse = (problem: string) =>
    new ConfigurationError(`${what} was refused: ${problem}. Nothing of it was used.`);
  const zip = await readFile(zipFile);
  const entries = readCentralDirectory(zip, bounds, refuse, words);
  const extracted: ExtractedFile[] = [];
  for (const entry of entries) {
    if (entry.directory) continue;
    const data = inflate(zip, entry, refuse);
    const absolutePath = path.join(destination, ...entry.name.split('/'));
    try {
      await mkdir(path.dirname(absolutePath), { recursive: true });
      // `wx`: a name that is already there (a folder of the same name) is refused, not replaced.
      await writeFile(absolutePath, data, { flag: 'wx' });
    } catch (error) {
      throw refuse(
        `its entry ${JSON.stringify(entry.name)} cannot be written as a file (${(error as NodeJS.ErrnoException).code ?? 'error'}): another entry takes its place, as a file or a folder, on this file system`,
      );
    }
    extracted.push({ name: entry.name, absolutePath, size: data.length });
  }
  return extracted;
}

function readCentralDirectory(
  zip: Buffer,
  bounds: ZipBounds,
  refuse: (problem: string) => Error,
  words: Vocabulary,
): CentralEntry[] {
  const end = findEndRecord(zip);
  if (end < 0) throw refuse('it is not a zip file (no end of central directory record)');
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff)
    throw refuse('it is a ZIP64 archive, which no upload within the limits needs');
  if (directoryOffset + directorySize > end) throw refuse('its central directory is out of bounds');
  // Directory entries are counted too: a bound on entries bounds the work.
  if (count > bounds.maxFiles * 2 + 2)
    throw refuse(
      `it has ${count} entries, more than ${words.option('max-files')} (${bounds.maxFiles}) allows`,
    );
  const entries: CentralEntry[] = [];
  const names = new Set<string>();
  let files = 0;
  let total = 0;
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE)
      throw refuse('its central directory is damaged');
    const madeBy = zip.readUInt16LE(at + 4) >> 8;
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const localOffset = zip.readUInt32LE(at + 42);
    const rawName = zip.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (at > end) throw refuse('its central directory is damaged');

    const name = decodeName(rawName);
    if (name === undefined)
      throw refuse(`an entry's name is not UTF-8 (${JSON.stringify(rawName.toString('latin1'))})`);
    const shown = JSON.stringify(name);
    const type = madeBy === UNIX ? mode & FILE_TYPE : 0;
    const directory = name.endsWith('/') || type === DIRECTORY;
    const problem = uploadNameProblem(directory ? name.replace(/\/$/, '') : name);
    if (problem !== undefined) throw refuse(`its entry ${shown} has ${problem}`);
    if (type === LINK) throw refuse(`its entry ${shown} is a symbolic link`);
    if (type !== 0 && type !== REGULAR && type !== DIRECTORY)
      throw refuse(`its entry ${shown} is not a regular file`);
    if (directory) {
      if (size !== 0) throw refuse(`its folder entry ${shown} holds data`);
      entries.push({ name, directory, method, crc, compressedSize, size, localOffset });
      continue;
    }
    if (names.has(name)) throw refuse(`its entry ${shown} is there twice`);
    names.add(name);
    if ((flags & 1) !== 0) throw refuse(`its entry ${shown} is encrypted`);
    if (method !== STORED && method !== DEFLATED)
      throw refuse(
        `its entry ${shown} uses compression method ${method} (only stored and deflated are read)`,
      );
    const counted = name !== bounds.uncounted;
    if (counted) files += 1;
    if (files > bounds.maxFiles)
      throw refuse(
        `it holds more than ${bounds.maxFiles} file(s) (${words.optionNamed('max-files')})`,
      );
    const maxFileBytes = bounds.maxFileBytes(name);
    if (size > maxFileBytes)
      throw refuse(
        `its entry ${shown} is ${formatBytes(size)}, larger than ${formatBytes(maxFileBytes)} (${words.optionNamed('max-file-size-kb')})`,
      );
    if (counted) total += size;
    if (total > bounds.maxTotalBytes)
      throw refuse(
        `its files add up to more than ${formatBytes(bounds.maxTotalBytes)} (${words.optionNamed('max-total-size-mb')})`,
      );
    entries.push({ name, directory, method, crc, compressedSize, size, localOffset });
  }
  return entries;
}

/** The end of central directory record, searched back from the end past any comment. */
function findEndRecord(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - EOCD_LENGTH - MAX_COMMENT);
  for (let at = zip.length - EOCD_LENGTH; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function decodeName(raw: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return undefined;
  }
}

/** The entry's bytes, never more than it declares, and only when they match its CRC. */
function inflate(zip: Buffer, entry: CentralEntry, refuse: (problem: string) => Error): Buffer {
  const shown = JSON.stringify(entry.name);
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE)
    throw refuse(`its entry ${shown} points at no local header`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const compressed = zip.subarray(start, start + entry.compressedSize);
  if (start + entry.compressedSize > zip.length)
    throw refuse(`its entry ${shown} runs past the end of the zip`);
  let data: Buffer;
  if (entry.method === STORED) {
    data = compressed;
  } else {
    try {
      // One byte over the declared size is enough to tell a lie: inflating stops there.
      data = inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.size + 1) });
    } catch {
      throw refuse(`its entry ${shown} inflates to more than it declares, or is damaged`);
    }
  }
  if (data.length !== entry.size)
    throw refuse(
      `its entry ${shown} holds ${data.length} bytes, not the ${entry.size} it declares`,
    );
  if (crc32(data) !== entry.crc) throw refuse(`its entry ${shown} does not match its CRC`);
  return data;
}
