/**
 * Zips as an attacker would shape them: any name, Unix file type, compression and declared size,
 * written byte by byte (local headers, data, central directory, end record) as the ZIP format
 * (APPNOTE 6.3) lays them out. Honest by default: each field is what its data says, and the end
 * record what the directory is.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  /** Unix mode with its type bits; default a regular file, 0o100644. */
  mode?: number;
  /** 0 stored, 8 deflated (default). */
  method?: number;
  /** Declared uncompressed size; default the data's. */
  declaredSize?: number;
  /** Declared CRC; default the data's. */
  crc?: number;
  /** Set the general-purpose "encrypted" flag. */
  encrypted?: boolean;
  /** The name's raw bytes, when they are not to be UTF-8. */
  rawName?: Buffer;
  /** Declared compressed size; default the data's once compressed. */
  declaredCompressedSize?: number;
  /** Where the central entry says its local header is; default where it is. */
  localOffset?: number;
  /** The central entry's declared extra-field length, no bytes of it written; default 0. */
  declaredExtraLength?: number;
  /** The system that made it, as the central entry says; default 3 (Unix, whose mode it holds). */
  madeBy?: number;
  /** The entry's comment, in its central entry. */
  comment?: string;
  /** An extra field in its local header. */
  localExtra?: Buffer;
}

/** What the end record claims (each default what is there), and what follows it. */
export interface ZipShape {
  /** Entries it counts. */
  count?: number;
  directorySize?: number;
  directoryOffset?: number;
  /** Bytes after the central entries, counted in the directory's size: a truncated entry. */
  directoryTail?: Buffer;
  /** The archive comment, after the end record. */
  comment?: Buffer;
}

export function buildZip(entries: readonly ZipEntrySpec[], shape: ZipShape = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const method = entry.method ?? 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const name = entry.rawName ?? Buffer.from(entry.name, 'utf8');
    const crc = entry.crc ?? crc32(data);
    const size = entry.declaredSize ?? data.length;
    const flags = (entry.rawName ? 0 : 0x800) | (entry.encrypted ? 1 : 0);
    const localExtra = entry.localExtra ?? Buffer.alloc(0);
    const comment = Buffer.from(entry.comment ?? '', 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    locals.push(local, name, localExtra, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(((entry.madeBy ?? 3) << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.declaredCompressedSize ?? body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(entry.declaredExtraLength ?? 0, 30);
    central.writeUInt16LE(comment.length, 32);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(entry.localOffset ?? offset, 42);
    centrals.push(central, name, comment);
    offset += local.length + name.length + localExtra.length + body.length;
  }
  const directory = Buffer.concat([...centrals, shape.directoryTail ?? Buffer.alloc(0)]);
  const archiveComment = shape.comment ?? Buffer.alloc(0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(shape.count ?? entries.length, 8);
  end.writeUInt16LE(shape.count ?? entries.length, 10);
  end.writeUInt32LE(shape.directorySize ?? directory.length, 12);
  end.writeUInt32LE(shape.directoryOffset ?? offset, 16);
  end.writeUInt16LE(archiveComment.length, 20);
  return Buffer.concat([...locals, directory, end, archiveComment]);
}
