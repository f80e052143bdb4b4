/**
 * As Foundry's automatic remappings do: a library's own remappings.txt applies to the files of
 * that library (`lib/oz-upgradeable/:@openzeppelin/contracts/=lib/oz-upgradeable/lib/oz/contracts/`).
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { checkDeadline, type Deadline } from '../files/deadline.ts';
import type { ConfigReader } from './config-file.ts';
import { someNames } from './config-bounds.ts';
import type { Remapping } from './remappings.ts';

/**
 * The libraries' own remappings, at most `room` of them; when they hold more, a warning names
 * `project` and the libraries whose remappings were left out.
 */
export async function librariesOwnRemappings(
  root: string,
  libs: readonly string[],
  room: number,
  reader: ConfigReader,
  deadline: Deadline | undefined,
): Promise<{ remappings: Remapping[]; warning: string | undefined }> {
  const remappings: Remapping[] = [];
  const cutFrom: string[] = [];
  let cut = 0;
  for (const lib of libs.filter((folder) => folder !== 'node_modules')) {
    for (const entry of await listDirectory(path.join(root, lib))) {
      checkDeadline(deadline, "reading the libraries' remappings");
      if (!entry.isDirectory()) continue;
      const base = `${lib}/${entry.name}/`;
      const own = await reader.remappings(path.join(root, base, 'remappings.txt'));
      const kept = own.slice(0, Math.max(0, room - remappings.length));
      for (const remapping of kept) {
        remappings.push({
          context: base + remapping.context,
          prefix: remapping.prefix,
          target: base + remapping.target,
        });
      }
      if (kept.length < own.length) {
        cut += own.length - kept.length;
        cutFrom.push(base);
      }
    }
  }
  return {
    remappings,
    warning:
      cut === 0
        ? undefined
        : `The libraries' own remappings.txt files hold more remappings than the ${room} still allowed: ${cut} are not used, ` +
          `from ${cutFrom.length} librar${cutFrom.length === 1 ? 'y' : 'ies'} (${someNames(cutFrom)}).`,
  };
}

async function listDirectory(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return []; // no such library folder: its imports say so if it matters
  }
}
