/**
 * As Foundry's automatic remappings do: a library's own remappings.txt applies to the files of
 * that library (`lib/oz-upgradeable/:@openzeppelin/contracts/=lib/oz-upgradeable/lib/oz/contracts/`),
 * and joins the project's own for every file where the project has none of that prefix (forge
 * builds a hook that imports `@uniswap/v4-core/…`, mapped only by `lib/v4-periphery`).
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, type Deadline } from '../files/deadline.ts';
import type { ConfigReader } from './config-file.ts';
import { someNames } from './config-bounds.ts';
import type { Remapping } from './remappings.ts';
import { REMAPPINGS_FILE } from './search-files.ts';

export interface LibrariesRemappings {
  remappings: Remapping[];
  joined: Remapping[];
  /** When some were left out for want of room. */
  warning: string | undefined;
  /** Libraries' remappings.txt that are there but cannot be used (absolute), with why. */
  unusable: { file: string; reason: string }[];
}

/**
 * The libraries' own remappings, at most `room` of them, each for its library's files
 * (`remappings`) and, for prefixes not in `taken` (the project's own), for every file
 * (`joined`: the first library to map a prefix wins). When they hold more, a warning names the
 * libraries whose remappings were left out.
 */
export async function librariesOwnRemappings(
  root: string,
  libs: readonly string[],
  taken: ReadonlySet<string>,
  room: number,
  reader: ConfigReader,
  deadline: Deadline | undefined,
): Promise<LibrariesRemappings> {
  const remappings: Remapping[] = [];
  /** Each library's remappings for every importer, as they join the project's. */
  const joined: Remapping[] = [];
  const cutFrom: string[] = [];
  const unusable: LibrariesRemappings['unusable'] = [];
  let cut = 0;
  for (const lib of libs.filter((folder) => folder !== 'node_modules')) {
    for (const entry of await listDirectory(path.join(root, lib))) {
      checkDeadline(deadline, "reading the libraries' remappings");
      if (!entry.isDirectory()) continue;
      const base = `${lib}/${entry.name}/`;
      const file = path.join(root, base, REMAPPINGS_FILE);
      const read = await reader.remappings(file);
      if (read.kind === 'unusable') unusable.push({ file, reason: read.reason });
      const own = read.kind === 'remappings' ? read.remappings : [];
      const kept = own.slice(0, Math.max(0, room - remappings.length));
      for (const remapping of kept) {
        remappings.push({
          context: base + remapping.context,
          prefix: remapping.prefix,
          target: base + remapping.target,
        });
      }
      for (const remapping of kept.filter((each) => each.context === ''))
        joined.push({ context: '', prefix: remapping.prefix, target: base + remapping.target });
      if (kept.length < own.length) {
        cut += own.length - kept.length;
        cutFrom.push(base);
      }
    }
  }
  return {
    remappings,
    joined: firstOfEachPrefix(joined, taken).slice(0, Math.max(0, room - remappings.length)),
    unusable,
    warning:
      cut === 0
        ? undefined
        : `The libraries' own remappings.txt files hold more remappings than the ${room} still allowed: ${cut} are not used, ` +
          `from ${cutFrom.length} librar${cutFrom.length === 1 ? 'y' : 'ies'} (${someNames(cutFrom)}).`,
  };
}

/** A remapping per prefix, the first given, none of those `taken`. */
function firstOfEachPrefix(remappings: readonly Remapping[], taken: ReadonlySet<string>) {
  const seen = new Set(taken);
  return remappings.filter(
    (remapping) => !seen.has(remapping.prefix) && seen.add(remapping.prefix),
  );
}

async function listDirectory(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return []; // no such library folder: its imports say so if it matters
  }
}
