/** SWC-102: a pragma that only admits compilers older than 0.8, without checked arithmetic and recent bug fixes. */
import { allowsVersionAtOrAbove, encodeVersion } from '../pragma.ts';
import type { Detector } from '../types.ts';

const MODERN = encodeVersion(0, 8, 0);

export const outdatedCompiler: Detector = {
  id: 'outdated-compiler',
  swcId: 'SWC-102',
  severity: 'low',
  title: 'Outdated compiler version',
  recommendation:
    'Move to a recent 0.8.x compiler (checked arithmetic by default, many bug fixes) and pin it; review the breaking changes listed in the Solidity docs for each major version crossed.',
  detectFile(file) {
    // Judged on the file's combined range: one old pragma among several still forces an old compiler.
    const range = file.versionRange;
    if (!range || range.length === 0 || allowsVersionAtOrAbove(range, MODERN)) return [];
    return file.solidityPragmas.map((pragma) => ({
      node: pragma,
      description: `\`pragma solidity ${pragma.value};\` only allows compilers older than 0.8.0, which lack overflow checks and fixes for many known compiler bugs.`,
    }));
  },
};
