/**
 * Where an import leads, as the project's compiler would find it: relative imports by solc's
 * rules, direct ones through the remappings, then the project's root, its dependency folders
 * (with Foundry's automatic `<name>/ → <lib>/<name>/src/`), and `node_modules` from the importer up
 * to the workspace (Hardhat, Truffle and npm workspaces). Nothing outside the workspace is read.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../files/inside.ts';
import type { Project } from './detect.ts';
import { applyRemappings } from './remappings.ts';
import { isRelativeImport, resolveRelativeImport } from './unit-names.ts';

export interface SourceNode {
  /** The name it is uploaded under: importers' import strings resolve to it without remappings. */
  name: string;
  /** The name the project's compiler gives it: what remapping contexts are matched against. */
  unitName: string;
  /** Absolute, links resolved, inside the workspace. */
  absolutePath: string;
  size: number;
}

export type Resolution = { node: SourceNode } | { problem: string };

export type ImportResolver = (importPath: string, importer: SourceNode) => Promise<Resolution>;

/** `workspace` is absolute with links resolved. */
export function createImportResolver(project: Project, workspace: string): ImportResolver {
  return async (importPath, importer) => {
    if (isRelativeImport(importPath)) {
      const name = resolveRelativeImport(importer.name, importPath);
      const onDisk = path.resolve(path.dirname(importer.absolutePath), importPath);
      const found = await existingFile(onDisk, workspace);
      if (typeof found === 'string') return { problem: `${shown(workspace, onDisk)} ${found}` };
      return {
        node: {
          name,
          unitName: resolveRelativeImport(importer.unitName, importPath),
          ...found,
        },
      };
    }
    const remapped = applyRemappings(project.remappings, importPath, importer.unitName);
    const candidates =
      remapped !== undefined
        ? [{ file: path.resolve(project.root, remapped), unitName: remapped }]
        : directCandidates(project, workspace, importPath, importer);
    const problems: string[] = [];
    for (const candidate of candidates) {
      const found = await existingFile(candidate.file, workspace);
      if (typeof found !== 'string') {
        return { node: { name: importPath, unitName: candidate.unitName, ...found } };
      }
      problems.push(found);
    }
    const where = candidates.map((c) => shown(workspace, c.file));
    return {
      problem:
        remapped !== undefined
          ? `its remapping leads to ${where[0] ?? remapped}, which ${problems[0] ?? 'does not exist'}`
          : `no file was found at ${where.join(', ')}`,
    };
  };
}

interface Candidate {
  file: string;
  unitName: string;
}

function directCandidates(
  project: Project,
  workspace: string,
  importPath: string,
  importer: SourceNode,
): Candidate[] {
  const candidates: Candidate[] = [
    { file: path.resolve(project.root, importPath), unitName: importPath },
  ];
  const [first, ...rest] = importPath.split('/');
  for (const lib of project.libs) {
    if (lib === 'node_modules') continue; // looked up from the importer below, as Node does
    if (project.autoDetectRemappings && first !== undefined && rest.length > 0) {
      for (const inner of ['src', 'contracts', '']) {
        const unitName = path.posix.join(lib, first, inner, ...rest);
        candidates.push({ file: path.resolve(project.root, unitName), unitName });
      }
    }
    const unitName = path.posix.join(lib, importPath);
    candidates.push({ file: path.resolve(project.root, unitName), unitName });
  }
  for (const dir of ancestors(path.dirname(importer.absolutePath), workspace, project.root)) {
    candidates.push({ file: path.join(dir, 'node_modules', importPath), unitName: importPath });
  }
  const seen = new Set<string>();
  return candidates.filter((c) => !seen.has(c.file) && seen.add(c.file));
}

/** The importer's folder and its parents up to the workspace, then the project root's. */
function ancestors(from: string, workspace: string, projectRoot: string): string[] {
  const dirs: string[] = [];
  for (const start of [from, projectRoot]) {
    for (let dir = start; isInside(workspace, dir); dir = path.dirname(dir)) {
      if (!dirs.includes(dir)) dirs.push(dir);
      if (dir === workspace) break;
    }
  }
  return dirs;
}

/** The file's real path and size, or why it cannot be used. */
async function existingFile(
  file: string,
  workspace: string,
): Promise<{ absolutePath: string; size: number } | string> {
  if (!isInside(workspace, file)) return 'is outside the workspace';
  try {
    const real = await fs.realpath(file);
    if (!isInside(workspace, real)) return 'links outside the workspace';
    const stats = await fs.stat(real);
    return stats.isFile() ? { absolutePath: real, size: stats.size } : 'is not a file';
  } catch {
    return 'does not exist';
  }
}

function shown(workspace: string, file: string): string {
  return isInside(workspace, file)
    ? path.relative(workspace, file).split(path.sep).join('/')
    : file;
}
