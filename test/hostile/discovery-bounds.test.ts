/**
 * A checkout's configs ask only so much of the search: thousands of `libs` or source folders, or
 * one huge remappings.txt reached through hundreds of library folders, are cut to named bounds
 * with a short warning, read once, and never take the run's memory or its time.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_CONFIG_FOLDERS,
  MAX_IMPORT_CANDIDATES,
  MAX_REMAPPINGS,
} from '../../src/project/config-bounds.ts';
import { findProjects, findUploads } from '../../src/project/find-contracts.ts';
import { MAX_LIBRARIES } from '../../src/project/foundry-remappings.ts';
import { MAX_SCANNED_FOLDERS } from '../../src/project/remapping-scan.ts';
import { contractSearch } from '../support/contract-search.ts';
import { recordingLogger } from '../support/logger.ts';
import { workspaceWith } from '../support/workspace.ts';

/** Longer than any warning a person could read. */
const LONGEST_LINE = 2_000;

const warningsOf = (lines: readonly string[]) =>
  lines.filter((line) => line.startsWith('warning: '));
const longestLine = (lines: readonly string[]) =>
  Math.max(0, ...lines.flatMap((line) => line.split('\n')).map((line) => line.length));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('bounds on what a config asks of the search', () => {
  it('uses the first libs of a foundry.toml listing 12,000, saying so briefly, and keeps missing imports short', async () => {
    const libs = Array.from({ length: 12_000 }, (_, i) => `"deps/library-${i}"`);
    const imports = Array.from({ length: 30 }, (_, i) => `import "missing${i}/pkg/T${i}.sol";`);
    const workspace = await workspaceWith({
      'foundry.toml': `[profile.default]\nlibs = [${libs.join(', ')}]\n`,
      'src/Vault.sol': `pragma solidity ^0.8.0;\n${imports.join('\n')}\ncontract Vault {}\n`,
    });
    const { log, lines } = recordingLogger();
    const [project] = await findProjects(contractSearch(workspace), log);
    expect(project?.libs.filter((lib) => lib !== 'node_modules')).toHaveLength(MAX_CONFIG_FOLDERS);
    const uploads = await findUploads(contractSearch(workspace), log, project && [project]);
    expect(uploads.flatMap((upload) => upload.files.map((file) => file.repositoryPath))).toEqual([
      'src/Vault.sol',
    ]);
    const warnings = warningsOf(lines);
    expect(warnings.join('\n')).toContain(
      `foundry.toml: libs lists 12000 entries, more than the ${MAX_CONFIG_FOLDERS} this action reads`,
    );
    expect(warnings.join('\n')).toMatch(/"deps\/library-100", .* and 11897 more/);
    expect(warnings.join('\n')).toContain('30 import(s) could not be resolved');
    expect(longestLine(lines)).toBeLessThan(LONGEST_LINE);
  }, 60_000);

  it('uses the first folders of a Hardhat paths.sources list of thousands', async () => {
    const folders = Array.from({ length: 6_000 }, (_, i) => `"src${i}"`);
    const workspace = await workspaceWith({
      'hardhat.config.js': `module.exports = { paths: { sources: [${folders.join(', ')}] } };\n`,
      'src0/Vault.sol': 'pragma solidity ^0.8.0;\ncontract Vault {}\n',
    });
    const { log, lines } = recordingLogger();
    const [project] = await findProjects(contractSearch(workspace), log);
    expect(project?.sources).toHaveLength(MAX_CONFIG_FOLDERS);
    expect(warningsOf(lines).join('\n')).toContain(
      `hardhat.config.js: paths.sources lists 6000 entries, more than the ${MAX_CONFIG_FOLDERS}`,
    );
    expect(longestLine(lines)).toBeLessThan(LONGEST_LINE);
  }, 60_000);

  it('reads a large remappings.txt linked from 800 library folders once, keeping a bounded number of libraries and remappings', async () => {
    // Just under the 1 MiB a config may hold.
    const remappings = Array.from({ length: 45_000 }, (_, i) => `r${i}/=lib/x/r${i}/`);
    const workspace = await workspaceWith({
      'foundry.toml': '[profile.default]\n',
      'remappings.txt': `${remappings.join('\n')}\n`,
      'src/Vault.sol': 'pragma solidity ^0.8.0;\nimport "r1/A.sol";\ncontract Vault {}\n',
    });
    for (let i = 0; i < 800; i++) {
      await fs.mkdir(path.join(workspace, `lib/l${i}`), { recursive: true });
      // Forge reads a library's remappings only where it has a foundry.toml.
      await fs.writeFile(path.join(workspace, `lib/l${i}/foundry.toml`), '');
      await fs.symlink('../../remappings.txt', path.join(workspace, `lib/l${i}/remappings.txt`));
    }
    const real = await fs.realpath(path.join(workspace, 'remappings.txt'));
    const open = vi.spyOn(fs, 'open');
    const { log, lines } = recordingLogger();
    const [project] = await findProjects(contractSearch(workspace), log);
    expect(open.mock.calls.filter(([file]) => file === real)).toHaveLength(1);
    expect(project?.remappings).toHaveLength(MAX_REMAPPINGS);
    const warnings = warningsOf(lines).join('\n');
    expect(warnings).toContain(
      `.: the remappings of foundry.toml and remappings.txt together lists 45000 entries`,
    );
    expect(warnings).toContain(
      `More than ${MAX_LIBRARIES} libraries with a foundry.toml of their own: the remappings of 300 are not used`,
    );
    expect(warnings).toMatch(
      /The libraries hold more remappings than the 2000 this action reads of each: those past it are not used \(from "lib\/l\d+", .* and 497 more\)/,
    );
    expect(longestLine(lines)).toBeLessThan(LONGEST_LINE);
  }, 60_000);

  it("scans a bounded number of folders for Foundry's automatic remappings, saying so", async () => {
    const workspace = await workspaceWith({
      'foundry.toml': '[profile.default]\n',
      'src/Vault.sol': 'pragma solidity ^0.8.0;\ncontract Vault {}\n',
    });
    // One library of more folders than are scanned.
    for (let i = 0; i <= MAX_SCANNED_FOLDERS; i++)
      await fs.mkdir(path.join(workspace, `lib/wide/d${i}`), { recursive: true });
    const { log, lines } = recordingLogger();
    await findProjects(contractSearch(workspace), log);
    expect(warningsOf(lines)).toEqual([
      `warning: The dependency folders hold more than ${MAX_SCANNED_FOLDERS} folders: the libraries Foundry finds by itself were looked for in the first ones only (not in all of "lib"), so imports of the others may not resolve. Set remappings for them in remappings.txt.`,
    ]);
  }, 60_000);

  it("counts each library's look into its libs folders against the same bound, however many share one folder", async () => {
    const workspace = await workspaceWith({
      'foundry.toml': '[profile.default]\n',
      'src/Vault.sol': 'pragma solidity ^0.8.0;\ncontract Vault {}\n',
    });
    for (let i = 0; i < 1_000; i++)
      await fs.mkdir(path.join(workspace, `shared/d${i}`), { recursive: true });
    // Forty libraries whose libs are all the same folder of a thousand.
    for (let i = 0; i < 40; i++) {
      await fs.mkdir(path.join(workspace, `lib/l${i}`), { recursive: true });
      await fs.writeFile(
        path.join(workspace, `lib/l${i}/foundry.toml`),
        "[profile.default]\nlibs = ['deps']\n",
      );
      await fs.symlink('../../shared', path.join(workspace, `lib/l${i}/deps`));
    }
    const realpath = vi.spyOn(fs, 'realpath');
    const { log, lines } = recordingLogger();
    await findProjects(contractSearch(workspace), log);
    expect(realpath.mock.calls.length).toBeLessThan(MAX_SCANNED_FOLDERS + 1_000);
    expect(warningsOf(lines)).toEqual([
      expect.stringContaining(
        `warning: The dependency folders hold more than ${MAX_SCANNED_FOLDERS} folders: the libraries Foundry finds by itself were looked for in the first ones only (not in all of "lib/l`,
      ),
    ]);
  }, 60_000);

  it('names each library past the bound once, however many folders of libs lead to it', async () => {
    const workspace = await workspaceWith({
      'foundry.toml': '[profile.default]\nlibs = ["lib", "./lib"]\n',
      'src/Vault.sol': 'pragma solidity ^0.8.0;\ncontract Vault {}\n',
    });
    for (let i = 0; i <= MAX_LIBRARIES; i++) {
      const library = path.join(workspace, `lib/l${String(i).padStart(3, '0')}`);
      await fs.mkdir(library, { recursive: true });
      await fs.writeFile(path.join(library, 'foundry.toml'), '[profile.default]\nlibs = []\n');
    }
    const { log, lines } = recordingLogger();
    await findProjects(contractSearch(workspace), log);
    // Which one is past the bound is the file system's order, as forge walks it.
    expect(warningsOf(lines).filter((line) => line.includes(`More than ${MAX_LIBRARIES}`))).toEqual(
      [
        expect.stringMatching(
          /^warning: More than 500 libraries with a foundry\.toml of their own: the remappings of 1 are not used \("lib\/l\d{3}"\), so imports/,
        ),
      ],
    );
  }, 60_000);

  it("stops at the deadline between one library's configs and the next", async () => {
    const workspace = await workspaceWith({
      'foundry.toml': '[profile.default]\n',
      'src/Vault.sol': 'pragma solidity ^0.8.0;\ncontract Vault {}\n',
    });
    // Libraries with no libs of their own: nothing is scanned between them.
    for (let i = 0; i < 50; i++)
      await fs
        .mkdir(path.join(workspace, `lib/l${i}`), { recursive: true })
        .then(() =>
          fs.writeFile(
            path.join(workspace, `lib/l${i}/foundry.toml`),
            '[profile.default]\nlibs = []\n',
          ),
        );
    const open = vi.spyOn(fs, 'open');
    // A clock that moves on each look at it: the deadline passes at the third.
    let ticks = 0;
    const search = contractSearch(workspace, { deadline: { at: 3, now: () => ticks++ } });
    await expect(findProjects(search, recordingLogger().log)).rejects.toThrow(
      'while looking for the libraries Foundry remaps automatically',
    );
    const read = open.mock.calls.filter(([file]) =>
      String(file).includes(`${path.sep}lib${path.sep}`),
    );
    expect(read.length).toBeLessThan(5);
  });

  it('looks for a missing import in a bounded number of places, naming a few', async () => {
    const libs = Array.from({ length: MAX_CONFIG_FOLDERS }, (_, i) => `"deps/l${i}"`);
    const workspace = await workspaceWith({
      'foundry.toml': `[profile.default]\nlibs = [${libs.join(', ')}]\n`,
      'src/Vault.sol': 'pragma solidity ^0.8.0;\nimport "gone/pkg/X.sol";\ncontract Vault {}\n',
    });
    const stat = vi.spyOn(fs, 'realpath');
    const { log, lines } = recordingLogger();
    await findUploads(contractSearch(workspace), log);
    const lookups = stat.mock.calls.filter(([file]) => String(file).endsWith('X.sol'));
    expect(lookups.length).toBeLessThanOrEqual(MAX_IMPORT_CANDIDATES);
    expect(warningsOf(lines).join('\n')).toMatch(
      /no file was found at deps\/l0\/gone\/pkg\/X\.sol, deps\/l0\/gone\/src\/pkg\/X\.sol, .* and \d+ more/,
    );
  }, 60_000);
});
