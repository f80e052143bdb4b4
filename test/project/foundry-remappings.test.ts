/**
 * Foundry's rules of resolution, each on a fixture of its own and each held against forge: the
 * remappings the action computes are those `forge remappings` prints, and the files it sends are
 * those `forge tree` reaches from the files it audits. Where it cannot send what forge reads, a
 * warning names the import, the file and why.
 */
import { describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, realpath, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findProjects } from '../../src/project/find-contracts.ts';
import { contractSearch } from '../support/contract-search.ts';
import { compareWithForge, forge, forgeUnavailable } from '../support/forge.ts';
import { agrees, compared, FIXTURES, workspaceOf } from '../support/forge-fixtures.ts';
import { recordingLogger } from '../support/logger.ts';

describe.skipIf(forgeUnavailable !== undefined)(
  `Foundry's rules, held against forge${forgeUnavailable ? ` (skipped: ${forgeUnavailable})` : ''}`,
  () => {
    it("a remapping without its trailing slash is the project's folder remapping, and wins over a library's of the same name", async () => {
      // `@solady=lib/solady/src/` in remappings.txt; lib/helper brings `@solady/` to its own copy.
      const comparison = await compared(await workspaceOf('trailing-slash'));
      expect(comparison.printed.ours[0]).toBe('@solady/=lib/solady/src/');
      expect(comparison).toMatchObject(agrees);
    });

    it('a context remapping wins for the files it names; one covered by a remapping listed before it is left out, as forge build leaves it', async () => {
      // `src/legacy/:oz/=lib/oz-v3/`, `oz/token/=lib/oz-v5/token/`, `oz/=lib/oz-v4/`.
      const comparison = await compared(await workspaceOf('longest-context'));
      // src/legacy/ reaches oz-v3's ERC20 under the name src/ reaches oz-v5's by: an upload holds
      // one file per name, so forge's second file is not sent, and the warning says which.
      expect(comparison.build).toEqual({ extra: [], missing: ['lib/oz-v3/token/ERC20.sol'] });
      // forge tree still resolves `oz/utils/Math.sol` through `oz/`, which forge build leaves
      // out: what is compiled is the build's, and the import is named as not resolved.
      expect(comparison).toMatchObject({
        extra: [],
        missing: ['lib/oz-v3/token/ERC20.sol', 'lib/oz-v4/utils/Math.sol'],
      });
      expect(comparison.warnings).toEqual([
        'warning: .: forge build leaves out the remapping "oz/=lib/oz-v4/": "oz/token/=lib/oz-v5/token/" before it covers the same imports, so they are resolved through that one, as forge compiles them (list a remapping only once per name, or give the narrower its own name).',
        expect.stringContaining('src/Token.sol:5 imports "oz/utils/Math.sol": no file was found'),
        expect.stringContaining(
          '"oz/token/ERC20.sol": sent lib/oz-v5/token/ERC20.sol, not lib/oz-v3/token/ERC20.sol',
        ),
      ]);
    });

    it('overlapping remappings listed the shorter first: the first wins, as forge compiles it, and the one left out is named', async () => {
      // `oz/=lib/oz-v4/` then `oz/token/=lib/oz-v5/token/`: forge tree and forge build both take
      // v4's ERC20, not the longer name's v5.
      const comparison = await compared(await workspaceOf('first-or-longest'));
      expect(comparison).toMatchObject({
        extra: [],
        missing: [],
        build: { extra: [], missing: [] },
      });
      expect(comparison.warnings).toEqual([
        'warning: .: forge build leaves out the remapping "oz/token/=lib/oz-v5/token/": "oz/=lib/oz-v4/" before it covers the same imports, so they are resolved through that one, as forge compiles them (list a remapping only once per name, or give the narrower its own name).',
      ]);
    });

    it("libraries nested in libraries: their own remappings reach the project's imports, not node_modules", async () => {
      // lib/vault-kit/lib/math-kit maps @openzeppelin/ to its own copy; node_modules has another.
      const comparison = await compared(await workspaceOf('nested-libraries'));
      expect(comparison.printed.ours).toContain(
        '@openzeppelin/=lib/vault-kit/lib/math-kit/lib/openzeppelin-contracts/',
      );
      expect(comparison).toMatchObject(agrees);
    });

    it("auto_detect_remappings = false: no library's remappings, but <lib>/<name>/src/ still found; what forge leaves unresolved is said", async () => {
      const comparison = await compared(await workspaceOf('no-auto-detect'));
      expect(comparison).toMatchObject({ extra: [], missing: [] });
      expect(comparison.warnings).toEqual([
        expect.stringContaining(
          'src/Market.sol:6 imports "@oracle/IOracle.sol": no file was found at lib/@oracle/IOracle.sol, lib/@oracle/src/IOracle.sol, @oracle/IOracle.sol, src/@oracle/IOracle.sol',
        ),
      ]);
    });

    it('libs above the package, inside the repository, are followed from the package as working-directory', async () => {
      const comparison = await compared(
        await workspaceOf('libs-above'),
        'packages/core/contracts/',
      );
      expect(comparison.printed.ours).toContain('solmate/=../../../lib/solmate/src/');
      expect(comparison).toMatchObject({ ...agrees, sent: 3 });
    });

    it("forge's scan of the libs folders: source folders, flat and nested libraries, scoped packages, tests and demos skipped", async () => {
      const comparison = await compared(await workspaceOf('scan-shapes'));
      expect(comparison).toMatchObject({ extra: [], missing: [] });
      // node_modules/solmate/ is the library's folder as forge finds it, so `solmate/tokens/…`
      // reaches no file, for forge as for the action, which says so.
      expect(comparison.warnings).toEqual([
        expect.stringContaining(
          'src/App.sol:5 imports "solmate/tokens/ERC20.sol": its remapping leads to node_modules/solmate/tokens/ERC20.sol, which does not exist',
        ),
      ]);
    });

    it("forge's lookup: `contracts/` once, <lib>/<import>, an absolute import inside a library, the project's folders, a relative import through a remapping", async () => {
      // `@oz/=lib/oz/contracts/` for `@oz/contracts/…`; `src/b/Z.sol` from lib/dep/src/a/Y.sol;
      // `../vendor/a/Y.sol` with `vendor/a/=vendor/b/`: forge reads vendor/b/Y.sol. forge build
      // leaves out `src/=src/` and `@oz/token/=lib/oz/contracts/token/`, which change nothing,
      // so nothing is said of them.
      const comparison = await compared(await workspaceOf('lookup'));
      // forge tree maps lib/dep's `src/b/Z.sol` through `src/=src/`, to no file; forge build,
      // without it, reads lib/dep/src/b/Z.sol, and that is what is compiled and sent.
      expect(comparison).toMatchObject({ ...agrees, extra: ['lib/dep/src/b/Z.sol'], sent: 7 });
    });

    it("forge's scan through folder links: one to a deeper folder is followed, one back up stops its folder's scan", async () => {
      // lib/kit/lib/math leads to vendor/packages/shared/math; lib/cycle/lib/back leads to lib/,
      // so forge finds nothing more in lib/cycle/lib/ and `solmate/` stays unresolved.
      const comparison = await compared(await workspaceOf('scan-links'));
      expect(comparison.printed.ours).toContain('math/=lib/kit/lib/math/src/');
      expect(comparison).toMatchObject({ extra: [], missing: [] });
      expect(comparison.warnings).toEqual([
        expect.stringContaining('src/App.sol:7 imports "solmate/ERC20.sol": no file was found'),
      ]);
    });

    it('a folder link leading outside the workspace is never followed, but weighs in the scan as it does in forge', async () => {
      const workspace = await workspaceOf('scan-links');
      // Up to the temporary folder, above the library's folder: forge stops scanning lib/kit/lib/.
      await symlink(path.dirname(workspace), path.join(workspace, 'lib/kit/lib/out'));
      const comparison = await compared(workspace);
      expect(comparison.printed.ours).not.toContain('math/=lib/kit/lib/math/src/');
      expect(comparison).toMatchObject({ extra: [], missing: [] });
    });

    it('a remapping of one file, one of a file to a folder, and a library whose foundry.toml does not parse, as forge takes them', async () => {
      // `Token.sol=lib/token/Token.sol`; `Bad.sol=lib/bad/` (printed, never compiled with);
      // lib/broken's foundry.toml does not parse, so forge takes none of its remappings
      // (`@broken/` stays unresolved) but still finds `broken/` by its scan.
      const comparison = await compared(await workspaceOf('odd-configs'));
      expect(comparison.printed.ours).toContain('Bad.sol=lib/bad/');
      expect(comparison.built.ours).not.toContain('Bad.sol=lib/bad/');
      expect(comparison).toMatchObject({
        extra: [],
        missing: [],
        build: { extra: [], missing: [] },
      });
      expect(comparison.warnings).toEqual([
        expect.stringContaining('src/Shop.sol:6 imports "@broken/Broken.sol": no file was found'),
      ]);
    });

    it("profiles: FOUNDRY_PROFILE's remappings over the default profile's", async () => {
      const workspace = await workspaceOf('profiles');
      expect(await compared(workspace)).toMatchObject(agrees);
      const next = await compared(workspace, '', { FOUNDRY_PROFILE: 'next' });
      expect(next.printed.ours[0]).toBe('@token/=lib/token-v2/');
      expect(next).toMatchObject(agrees);
    });

    it('profiles written the old way, `[default]` and `[next]` at the top, read as forge still reads them', async () => {
      const workspace = await workspaceOf('legacy-profiles');
      const config = JSON.parse(await forge(['config', '--json'], workspace)) as { src: string };
      expect(config.src).toBe('contracts');
      // contracts/Bridge.sol and the token it imports: src/Stray.sol is no source of forge's.
      expect(await compared(workspace)).toMatchObject({ ...agrees, sent: 2 });
      const next = await compared(workspace, '', { FOUNDRY_PROFILE: 'next' });
      expect(next.printed.ours[0]).toBe('@token/=lib/token-v2/');
      expect(next).toMatchObject({ ...agrees, sent: 2 });
    });

    it('a key outside any profile: forge rejects the file, and so does the search, saying where to move it', async () => {
      const workspace = await mkdtemp(path.join(tmpdir(), 'forge-loose-key-'));
      await writeFile(path.join(workspace, 'foundry.toml'), 'src = "contracts"\n');
      await expect(forge(['config'], workspace)).rejects.toThrow('expected a map');
      await expect(findProjects(contractSearch(workspace), recordingLogger().log)).rejects.toThrow(
        'foundry.toml sets "src" outside any profile',
      );
    });

    it('a relative import whose name a remapping leads out of the workspace: named, never the file beside the importer in its place', async () => {
      const base = await mkdtemp(path.join(tmpdir(), 'forge-relative-out-'));
      const workspace = path.join(base, 'repo');
      await mkdir(path.join(workspace, 'src'), { recursive: true });
      await mkdir(path.join(workspace, 'vendor/a'), { recursive: true });
      await mkdir(path.join(base, 'outside'));
      await writeFile(path.join(workspace, 'foundry.toml'), '[profile.default]\n');
      await writeFile(path.join(workspace, 'remappings.txt'), 'vendor/a/=../outside/\n');
      await writeFile(
        path.join(workspace, 'src/A.sol'),
        'pragma solidity ^0.8.20;\nimport "../vendor/a/Y.sol";\ncontract A {}\n',
      );
      await writeFile(path.join(workspace, 'vendor/a/Y.sol'), 'contract Beside {}\n');
      await writeFile(path.join(base, 'outside/Y.sol'), 'contract Compiled {}\n');
      const [comparison, ...rest] = await compareWithForge(contractSearch(workspace));
      expect(rest).toEqual([]);
      // Forge compiles ../outside/Y.sol: vendor/a/Y.sol is not sent in its place.
      expect(comparison).toMatchObject({
        extra: [],
        missing: ['../outside/Y.sol'],
        build: { extra: [], missing: ['../outside/Y.sol'] },
      });
      expect(comparison?.warnings.join('\n')).toContain(
        `src/A.sol:2 imports "../vendor/a/Y.sol": its name vendor/a/Y.sol falls under the remapping "vendor/a/=../outside/", so forge would read ${path.join(await realpath(base), 'outside/Y.sol')} where that file exists, outside the workspace, which this action never reads`,
      );
    });

    it('libs outside the repository: refused, and each import forge would read there is named with the file and why it is not sent', async () => {
      const base = await mkdtemp(path.join(tmpdir(), 'forge-outside-'));
      const workspace = path.join(base, 'repo');
      await cp(path.join(FIXTURES, 'libs-above/packages/core/contracts'), workspace, {
        recursive: true,
      });
      await writeFile(
        path.join(workspace, 'foundry.toml'),
        '[profile.default]\nsrc = "src"\nlibs = ["../vendor", "/nonexistent/lib"]\n',
      );
      await mkdir(path.join(base, 'vendor'));
      await cp(path.join(FIXTURES, 'libs-above/lib'), path.join(base, 'vendor'), {
        recursive: true,
      });
      const [comparison, ...rest] = await compareWithForge(contractSearch(workspace));
      expect(rest).toEqual([]);
      expect(comparison).toMatchObject({
        extra: [],
        missing: ['../vendor/forge-std/src/console.sol', '../vendor/solmate/src/tokens/ERC20.sol'],
      });
      const vendor = path.join(base, 'vendor');
      expect(comparison?.warnings).toEqual([
        'warning: foundry.toml: libs "../vendor", "/nonexistent/lib" lie outside the workspace, which this action never reads: imports forge would resolve there are not sent, and the warning about unresolved imports names each. Keep the libraries inside the repository (a git submodule, or an install before this step).',
        expect.stringContaining(
          `src/Pool.sol:4 imports "solmate/tokens/ERC20.sol": no file was found at solmate/tokens/ERC20.sol, src/solmate/tokens/ERC20.sol; forge would read it from ${vendor}/solmate/tokens/ERC20.sol or ${vendor}/solmate/src/tokens/ERC20.sol or /nonexistent/lib/solmate/tokens/ERC20.sol or /nonexistent/lib/solmate/src/tokens/ERC20.sol, outside the workspace, which this action never reads`,
        ),
      ]);
    });
  },
);
