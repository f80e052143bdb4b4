import { describe, expect, it } from 'vitest';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import {
  forgeBuild,
  forgeReaches,
  forgeRemappings,
  forgeUnavailable,
  parseForgeTree,
} from './forge.ts';

const TINY = realpathSync(fileURLToPath(new URL('../fixtures/forge/tiny/', import.meta.url)));
const at = (file: string) => path.join(TINY, file);

describe('reading forge tree', () => {
  it('nests each file under the one that imports it, and a (*) file keeps the imports listed where it first appeared', () => {
    const graph = parseForgeTree(
      [
        'src/A.sol ^0.8.20',
        '|-- src/a/B.sol ^0.8.20',
        '|   `-- lib/x/src/X.sol >=0.8.0',
        '|       `-- lib/x/src/Y.sol',
        '`-- lib/x/src/X.sol >=0.8.0 (*)',
        'src/a/B.sol ^0.8.20 (*)',
        'src/C.sol',
        '',
      ].join('\n'),
      TINY,
    );
    expect(Object.fromEntries([...graph].map(([file, imports]) => [file, [...imports]]))).toEqual({
      [at('src/A.sol')]: [at('src/a/B.sol'), at('lib/x/src/X.sol')],
      [at('src/a/B.sol')]: [at('lib/x/src/X.sol')],
      [at('lib/x/src/X.sol')]: [at('lib/x/src/Y.sol')],
      [at('lib/x/src/Y.sol')]: [],
      [at('src/C.sol')]: [],
    });
  });

  it('refuses a line it cannot read rather than dropping it', () => {
    expect(() => parseForgeTree('src/A.sol\n`-- Error: something\n', TINY)).toThrow(
      'forge tree printed a line this parser cannot read: `-- Error: something',
    );
  });
});

describe.skipIf(forgeUnavailable !== undefined)(
  `forge itself${forgeUnavailable ? ` (skipped: ${forgeUnavailable})` : ''}`,
  () => {
    it('reaches the files imported directly and through others, and no file nothing imports', async () => {
      expect([...(await forgeReaches(TINY, [at('src/A.sol')]))].sort()).toEqual([
        at('lib/x/src/X.sol'),
        at('lib/x/src/Y.sol'),
        at('src/A.sol'),
        at('src/a/B.sol'),
      ]);
      expect([...(await forgeReaches(TINY, [at('src/a/B.sol')]))].sort()).toEqual([
        at('lib/x/src/X.sol'),
        at('lib/x/src/Y.sol'),
        at('src/a/B.sol'),
      ]);
    });

    it('records what forge build of some files gives the compiler: those files, what they import, and the remappings', async () => {
      const copy = await mkdtemp(path.join(tmpdir(), 'forge-tiny-'));
      await cp(TINY, copy, { recursive: true });
      const build = await forgeBuild(copy, [path.join(copy, 'src/a/B.sol')]);
      expect([...build.sources].sort()).toEqual(
        ['lib/x/src/X.sol', 'lib/x/src/Y.sol', 'src/a/B.sol'].map((file) => path.join(copy, file)),
      );
      expect(build.remappings).toEqual(['x/=lib/x/src/']);
    });

    it('says so when asked from a file forge does not list', async () => {
      await expect(forgeReaches(TINY, [at('lib/x/src/Unused.sol')])).rejects.toThrow(
        `forge tree at ${TINY} does not list ${at('lib/x/src/Unused.sol')}`,
      );
    });

    it("prints the remappings forge uses, an environment's own among them only when given", async () => {
      expect(await forgeRemappings(TINY)).toEqual([
        { context: '', name: 'x/', path: 'lib/x/src/' },
      ]);
      expect(await forgeRemappings(TINY, { FOUNDRY_REMAPPINGS: 'ctx/:y/=lib/x/src/' })).toEqual([
        { context: 'ctx/', name: 'y/', path: 'lib/x/src/' },
        { context: '', name: 'x/', path: 'lib/x/src/' },
      ]);
    });
  },
);
