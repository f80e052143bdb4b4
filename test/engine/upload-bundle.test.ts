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
    const written = await writeBundle(await uploadsOf(workspace), root, LIMITS);
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
