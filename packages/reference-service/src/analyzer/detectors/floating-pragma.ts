/** SWC-103: a pragma that accepts a range of compilers, so the audited build is not the deployed one. */
import { isFloatingPragma } from '../pragma.ts';
import type { Detector } from '../types.ts';

export const floatingPragma: Detector = {
  id: 'floating-pragma',
  swcId: 'SWC-103',
  severity: 'low',
  title: 'Floating pragma',
  recommendation:
    'Pin the compiler version the contract was tested and audited with (e.g. `pragma solidity 0.8.24;`); keep ranges only in libraries meant for other projects.',
  detectFile(file) {
    return file.solidityPragmas
      .filter((pragma) => isFloatingPragma(pragma.value))
      .map((pragma) => ({
        node: pragma,
        description: `\`pragma solidity ${pragma.value};\` lets the contract be compiled with any compiler in that range, including versions with known bugs or different behaviour from the one tested.`,
      }));
  },
};
