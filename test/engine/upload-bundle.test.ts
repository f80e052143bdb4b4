/**
 * Upload bundles: what a run would send, written as files with a manifest, and read back as the
 * same uploads, named after the reading run's project name, never the bundle's.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBundle, writeBundle } from '../../src/engine/upload-bundle.ts';
import type { ProjectUpload } from '../../src/project/find-contracts.ts';
import { buildZip } from '../support/zip.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';

const LIMITS = { maxFiles: 100, maxFileBytes: 1 << 20, maxTotalBytes: 1 << 24 };

async function uploadsOf(workspace: string): Promise<ProjectUpload[]> {
  const file = (project: string, name: string, dependency = false) => ({
    absolutePath: path.join(workspace, project, name),
    relativePath: name,
    size: CONTRACT.length,
    repositoryPath: `${project}/${name}`,
    dependency,
  });
  return [
    {
      name: 'vaults/packages/core',
      path: 'packages/core',
      files: [file('packages/core', 'src/Vault.sol')],
    },
    {
      name: 'vaults/packages/tokens',
      path: 'packages/tokens',
      files: [
        file('packages/tokens', 'src/Token.sol'),
        file('packages/tokens', 'lib/Dep.sol', true),
      ],
    },
  ];
}

describe('upload bundles', () => {
  it("reads back what was written, per project, named after the reader's project name", async () => {
    const workspace = await workspaceWith({
      'packages/core/src/Vault.sol': CONTRACT,
      'packages/tokens/src/Token.sol': CONTRACT,
      'packages/tokens/lib/Dep.sol': CONTRACT,
    });
    const root = await mkdtemp(path.join(tmpdir(), 'bundle-'));
    const written = await writeBundle(await uploadsOf(workspace), root, LIMITS, ACTION_VOCABULARY);
    const zip = buildZip(
      await Promise.all(
        written.files.map(async (file) => ({
          name: path.relative(root, file).split(path.sep).join('/'),
          data: await readFile(file),
        })),
      ),
    );
    const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-read-'));
    await writeFile(path.join(scratch, 'a.zip'), zip);
    const opened = await openBundle(path.join(scratch, 'a.zip'), path.join(scratch, 'files'), {
      limits: LIMITS,
      projectName: 'other-name',
      what: 'The bundle',
      vocabulary: ACTION_VOCABULARY,
    });
    expect(opened.summaries).toEqual([
      { name: 'other-name/packages/core', path: 'packages/core', frameworks: [] },
      { name: 'other-name/packages/tokens', path: 'packages/tokens', frameworks: [] },
    ]);
    expect(
      opened.uploads[1]?.files.map(({ relativePath, repositoryPath, dependency, size }) => ({
        relativePath,
        repositoryPath,
        dependency,
        size,
      })),
    ).toEqual([
      {
        relativePath: 'src/Token.sol',
        repositoryPath: 'packages/tokens/src/Token.sol',
        dependency: false,
        size: CONTRACT.length,
      },
      {
        relativePath: 'lib/Dep.sol',
        repositoryPath: 'packages/tokens/lib/Dep.sol',
        dependency: true,
        size: CONTRACT.length,
      },
    ]);
    const [first] = opened.uploads[1]?.files ?? [];
    expect(first?.absolutePath.startsWith(path.join(scratch, 'files', '2'))).toBe(true);
    expect(await readFile(first!.absolutePath, 'utf8')).toBe(CONTRACT);
  });

  it('refuses to collect names that cannot travel, naming every one', async () => {
    const workspace = await workspaceWith({ 'A.sol': CONTRACT, 'B.sol': CONTRACT });
    const file = (relativePath: string, repositoryPath: string) => ({
      absolutePath: path.join(workspace, 'A.sol'),
      relativePath,
      size: CONTRACT.length,
      repositoryPath,
      dependency: false,
    });
    const root = await mkdtemp(path.join(tmpdir(), 'bundle-'));
    await expect(
      writeBundle(
        [
          {
            name: 'vaults',
            path: '.',
            files: [
              file('lib/../A.sol', 'A.sol'),
              file('src/B?.sol', 'src/B?.sol'),
              file('C.sol', 'C.sol'),
            ],
          },
        ],
        root,
        LIMITS,
        ACTION_VOCABULARY,
      ),
    ).rejects.toThrow(
      /^2 file\(s\) to audit cannot be collected under their upload names, so nothing was collected:\n {2}- A\.sol \(sent as lib\/\.\.\/A\.sol\): a `\.\.` segment\n {2}- src\/B\?\.sol: one of " : < > \| \* \? in the name\n/,
    );
  });

  it('holds the files of all projects together to max-total-size-mb: the manifest has its own bound, never lends its room', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-read-'));
    const zip = path.join(scratch, 'bundle.zip');
    const project = (index: number) => ({
      path: `p${index}`,
      folder: String(index + 1),
      files: [{ name: 'A.sol', repositoryPath: `p${index}/A.sol`, dependency: false }],
    });
    await writeFile(
      zip,
      buildZip([
        { name: '1/A.sol', data: 'a'.repeat(600) },
        { name: '2/A.sol', data: 'b'.repeat(600) },
        {
          name: 'contract-audit-manifest.json',
          data: JSON.stringify({
            format: 'contract-audit-upload/1',
            projects: [0, 1].map(project),
          }),
        },
      ]),
    );
    await expect(
      openBundle(zip, path.join(scratch, 'out'), {
        limits: { maxFiles: 100, maxFileBytes: 1000, maxTotalBytes: 1000 },
        projectName: 'p',
        what: 'The bundle',
        vocabulary: ACTION_VOCABULARY,
      }),
    ).rejects.toThrow(
      'The bundle was refused: its files add up to more than 1000 B (input `max-total-size-mb`)',
    );
  });

  it("refuses a manifest of many projects beyond one step's audits, and one with repeated paths", async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-read-'));
    const open = async (projects: object[]) => {
      const zip = path.join(scratch, `${projects.length}.zip`);
      await writeFile(
        zip,
        buildZip([
          {
            name: 'contract-audit-manifest.json',
            data: JSON.stringify({ format: 'contract-audit-upload/1', projects }),
          },
        ]),
      );
      return openBundle(zip, await mkdtemp(path.join(scratch, 'x-')), {
        limits: LIMITS,
        projectName: 'p',
        what: 'The bundle',
        vocabulary: ACTION_VOCABULARY,
      });
    };
    const project = (index: number, folderPath = `p${index}`) => ({
      path: folderPath,
      folder: String(index + 1),
      files: [{ name: 'A.sol', repositoryPath: 'A.sol', dependency: false }],
    });
    await expect(open(Array.from({ length: 51 }, (_, i) => project(i)))).rejects.toThrow(
      'must list 1 to 50 projects',
    );
    await expect(open([project(0, 'a'), project(1, 'a')])).rejects.toThrow('repeats the path "a"');
  });
});

describe('a hostile manifest', () => {
  const file = { name: 'src/A.sol', repositoryPath: 'src/A.sol', dependency: false };
  const project = { path: '.', folder: '1', files: [file] };
  const manifest = (projects: unknown, format = 'contract-audit-upload/1') =>
    JSON.stringify({ format, projects });

  it.each([
    ['not JSON', '{', 'is not JSON'],
    ['of another format', manifest([project], 'x/9'), 'is not of the format'],
    ['with no projects', manifest([]), 'must list 1 to'],
    ['with a project that is no object', manifest(['p']), 'project 1 of its'],
    ['with a path that climbs', manifest([{ ...project, path: '../up' }]), 'no valid `path`'],
    [
      'with a project in the wrong folder',
      manifest([{ ...project, folder: '2' }]),
      'not in folder 1',
    ],
    [
      'repeating a project path',
      manifest([project, { ...project, folder: '2' }]),
      'repeats the path "."',
    ],
    ['with no files', manifest([{ ...project, files: [] }]), 'lists no files'],
    ['with a file that is no object', manifest([{ ...project, files: [1] }]), 'not an object'],
    [
      'with a file without its fields',
      manifest([{ ...project, files: [{ name: 'src/A.sol' }] }]),
      'without `name`, `repositoryPath` and `dependency`',
    ],
    [
      'naming a file with a backslash',
      manifest([{ ...project, files: [{ ...file, name: 'src\\A.sol' }] }]),
      'names "src\\\\A.sol", which has',
    ],
    ['listing a file twice', manifest([{ ...project, files: [file, file] }]), 'twice'],
  ])('refuses one %s, naming what is wrong', async (_name, text, problem) => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'bundle-hostile-'));
    const zip = buildZip([
      { name: 'contract-audit-manifest.json', data: Buffer.from(text) },
      { name: '1/src/A.sol', data: Buffer.from(CONTRACT) },
    ]);
    await writeFile(path.join(scratch, 'a.zip'), zip);
    await expect(
      openBundle(path.join(scratch, 'a.zip'), path.join(scratch, 'files'), {
        limits: LIMITS,
        projectName: 'vaults',
        what: 'The bundle',
        vocabulary: ACTION_VOCABULARY,
      }),
    ).rejects.toThrow(problem);
  });
});
