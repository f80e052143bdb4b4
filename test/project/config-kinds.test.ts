/**
 * Every kind of config path that cannot be used, for every config name a folder's contracts
 * depend on: each is named in one warning, and the folder's contract is still in the upload.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES } from '../../src/project/config-file.ts';
import { findUploads } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

const asRoot = process.getuid?.() === 0;
/** nobody: root reads a file whatever its mode, so an unreadable one is read as another user. */
const NOBODY = 65534;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** Whether nobody can load the search from this checkout (not when it lies in root's home). */
function nobodyReadsCheckout(): boolean {
  const source = fileURLToPath(new URL('../../src/project/find-contracts.ts', import.meta.url));
  const probe = `require('node:fs').accessSync(${JSON.stringify(source)})`;
  return spawnSync(process.execPath, ['-e', probe], { uid: NOBODY, gid: NOBODY }).status === 0;
}

function mknodWorks(): boolean {
  try {
    const probe = path.join(process.env.RUNNER_TEMP ?? '/tmp', `probe-${process.pid}`);
    execFileSync('mknod', [probe, 'c', '1', '3'], { stdio: 'ignore' });
    execFileSync('rm', [probe]);
    return true;
  } catch {
    return false;
  }
}

/** Each kind: how to make it at `file`, and what the warning says of it. */
const KINDS = {
  directory: { reason: 'is a directory, not a file', make: (file: string) => mkdir(file) },
  FIFO: {
    reason: 'is a FIFO (named pipe), not a file',
    make: async (file: string) => void execFileSync('mkfifo', [file]),
  },
  socket: {
    reason: 'is a socket, not a file',
    make: (file: string) =>
      new Promise<void>((done) => servers.push(createServer().listen(file, done))),
  },
  // A device needs mknod, which only root may run.
  device: {
    reason: 'is a device or other special file, not a file',
    make: async (file: string) => void execFileSync('mknod', [file, 'c', '1', '3']),
  },
  unreadable: {
    reason: 'cannot be read (EACCES)',
    make: async (file: string) => {
      await writeFile(file, 'x');
      await chmod(file, 0o000);
    },
  },
  'link to nothing': {
    reason: 'is a link to nothing',
    make: (file: string) => symlink('gone', file),
  },
  'link outside the workspace': {
    reason: 'is a link that leads outside the workspace (to ',
    make: async (file: string) => {
      const outside = await workspaceWith({ [path.basename(file)]: 'x' });
      await symlink(path.join(outside, path.basename(file)), file);
    },
  },
  'too large': {
    reason: `is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`,
    make: (file: string) => writeFile(file, '#'.repeat(MAX_CONFIG_BYTES + 1)),
  },
  unparsable: { reason: 'is not valid', make: undefined },
} as const;

/**
 * Each config name, with the sub-project's contract its fallback must still audit, and text that
 * does not parse (none where any text is read: a config that is code is read for literals only,
 * and remappings.txt skips what is not a remapping).
 */
const NAMES: { name: string; contract: string; unparsable?: string }[] = [
  { name: 'foundry.toml', contract: 'src/X.sol', unparsable: "[profile.default]\nsrc = 'src\n" },
  { name: 'hardhat.config.ts', contract: 'contracts/X.sol' },
  { name: 'truffle-config.js', contract: 'contracts/X.sol' },
  { name: 'brownie-config.yaml', contract: 'contracts/X.sol', unparsable: 'compiler: [x' },
  { name: 'ape-config.yaml', contract: 'contracts/X.sol', unparsable: 'contracts_folder: [x' },
  // A workspace package with no framework config: its manifest makes it one.
  { name: 'package.json', contract: 'contracts/X.sol', unparsable: '{ "name": "x", ' },
  { name: 'remappings.txt', contract: 'src/X.sol' },
];

/** A workspace of packages, `packages/core` a sound Foundry project, and `packages/x`. */
async function monorepo(name: string, contract: string) {
  return workspaceWith({
    'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
    'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
    'packages/core/src/Core.sol': CONTRACT,
    [`packages/x/${contract}`]: CONTRACT,
    // remappings.txt is read for a project: a Foundry one here.
    ...(name === 'remappings.txt' ? { 'packages/x/foundry.toml': '[profile.default]\n' } : {}),
  });
}

const SEARCH = `
import { findUploads } from ${JSON.stringify(new URL('../../src/project/find-contracts.ts', import.meta.url).href)};
import { contractSearch } from ${JSON.stringify(new URL('../support/contract-search.ts', import.meta.url).href)};
import { recordingLogger } from ${JSON.stringify(new URL('../support/logger.ts', import.meta.url).href)};
const { log, lines } = recordingLogger();
const uploads = await findUploads(contractSearch(process.env.WORKSPACE), log);
console.log(JSON.stringify({ uploads, lines }));
`;

/** The audited files and the warnings; as `uid` in a process of its own when given. */
async function audit(workspace: string, uid?: number) {
  let uploads: Awaited<ReturnType<typeof findUploads>>;
  let lines: string[];
  if (uid === undefined) {
    const recorder = recordingLogger();
    uploads = await findUploads(contractSearch(workspace), recorder.log);
    lines = recorder.lines;
  } else {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', SEARCH], {
      uid,
      gid: uid,
      encoding: 'utf8',
      env: { ...process.env, WORKSPACE: workspace },
    });
    expect(child.stderr).toBe('');
    ({ uploads, lines } = JSON.parse(child.stdout) as { uploads: typeof uploads; lines: string[] });
  }
  return {
    audited: uploads.flatMap((upload) =>
      upload.files.filter((file) => !file.dependency).map((file) => file.repositoryPath),
    ),
    warnings: lines.filter((line) => line.startsWith('warning: ')),
  };
}

const cases = NAMES.flatMap(({ name, contract, unparsable }) =>
  Object.entries(KINDS).flatMap(([kind, { reason, make }]) => {
    const write = unparsable === undefined ? [] : [(file: string) => writeFile(file, unparsable)];
    return (make === undefined ? write : [make]).map((made) => ({
      name,
      contract,
      kind,
      reason,
      make: made,
    }));
  }),
);

describe('every kind of config that cannot be used', () => {
  const devices = mknodWorks();
  const asNobody = asRoot && nobodyReadsCheckout();
  it.for(cases)('$name that is $kind', async ({ name, contract, kind, reason, make }, context) => {
    if (kind === 'device' && !devices) context.skip('mknod needs root');
    // Root reads a file whatever its mode: the search then runs as nobody, who must be able to
    // load it from the checkout.
    if (kind === 'unreadable' && asRoot && !asNobody)
      context.skip('as root, and the checkout is not readable by nobody');
    const workspace = await monorepo(name, contract);
    // Readable by all, as a checkout is, for the search as another user.
    execFileSync('chmod', ['-R', 'a+rX', workspace]);
    await chmod(path.dirname(workspace), 0o755);
    await make(path.join(workspace, 'packages/x', name));
    const { audited, warnings } = await audit(
      workspace,
      kind === 'unreadable' && asNobody ? NOBODY : undefined,
    );
    expect(audited).toContain(`packages/x/${contract}`);
    expect(audited).toContain('packages/core/src/Core.sol');
    const named = warnings.filter((line) => line.startsWith(`warning: packages/x/${name} `));
    expect(named).toHaveLength(1);
    expect(named[0]).toContain(`packages/x/${name} ${reason}`);
    expect(named[0]).toContain('. It is not used: ');
  });
});

describe('the workspace-wide manifests', () => {
  it('reads package.json beside a pnpm-workspace.yaml that cannot be used, and names it', async () => {
    const workspace = await workspaceWith({
      'pnpm-workspace.yaml': 'packages: [unclosed\n',
      'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
      'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'packages/core/src/Core.sol': CONTRACT,
      'packages/shared/package.json': JSON.stringify({ name: '@acme/shared' }),
      'packages/shared/contracts/Shared.sol': CONTRACT,
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/core/src/Core.sol', 'packages/shared/contracts/Shared.sol']);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: pnpm-workspace\.yaml is not valid YAML: .* It is not used: the folder's package\.json is read instead\.$/,
      ),
    ]);
  });

  it("names a workspace's package.json that is a FIFO, and audits its projects", async () => {
    const workspace = await workspaceWith({
      'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'packages/core/src/Core.sol': CONTRACT,
    });
    execFileSync('mkfifo', [path.join(workspace, 'package.json')]);
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['packages/core/src/Core.sol']);
    expect(warnings).toEqual([
      'warning: package.json is a FIFO (named pipe), not a file. It is not used: the workspace manifest is looked for in the folders above.',
    ]);
  });

  it("searches the working directory's own folder by convention when its config is a directory", async () => {
    const workspace = await workspaceWith({
      'foundry.toml/x': '',
      'contracts/Vault.sol': CONTRACT,
      'test/Vault.t.sol': CONTRACT,
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['contracts/Vault.sol']);
    expect(warnings).toEqual([
      "warning: foundry.toml is a directory, not a file. It is not used: the folder's contracts are searched as a plain folder's (all but tests, scripts, mocks and harnesses by convention, and lib/).",
    ]);
  });

  it('names a .gitmodules that is a FIFO, without waiting on it', async () => {
    const workspace = await workspaceWith({
      'foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'src/Vault.sol': CONTRACT,
    });
    execFileSync('mkfifo', [path.join(workspace, '.gitmodules')]);
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['src/Vault.sol']);
    expect(warnings).toEqual([
      'warning: .gitmodules is a FIFO (named pipe), not a file. It is not used: submodules that are not checked out are not looked for.',
    ]);
  });
});

describe("a library's own remappings.txt", () => {
  it('names one that cannot be used, and audits the project as before', async () => {
    const workspace = await workspaceWith({
      'foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'src/Vault.sol': CONTRACT,
      'lib/dep/foundry.toml': '[profile.default]\n',
      'lib/dep/remappings.txt/x': '',
    });
    const { audited, warnings } = await audit(workspace);
    expect(audited).toEqual(['src/Vault.sol']);
    expect(warnings).toEqual([
      "warning: lib/dep/remappings.txt is a directory, not a file. It is not used: the library's files are resolved with the project's remappings.",
    ]);
  });
});
