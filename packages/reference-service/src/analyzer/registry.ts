/** Every rule the analyzer runs, in report order. */
import { controlledDelegatecall } from './detectors/controlled-delegatecall.ts';
import { floatingPragma } from './detectors/floating-pragma.ts';
import { gasCacheArrayLength } from './detectors/gas-cache-array-length.ts';
import { gasConstantOrImmutable } from './detectors/gas-constant-or-immutable.ts';
import { gasPrefixIncrement } from './detectors/gas-prefix-increment.ts';
import { gasPublicToExternal } from './detectors/gas-public-to-external.ts';
import { integerOverflow } from './detectors/integer-overflow.ts';
import { missingZeroCheck } from './detectors/missing-zero-check.ts';
import { outdatedCompiler } from './detectors/outdated-compiler.ts';
import { reentrancy } from './detectors/reentrancy.ts';
import { stateVariableShadowing } from './detectors/state-variable-shadowing.ts';
import { timestampDependence } from './detectors/timestamp-dependence.ts';
import { txOrigin } from './detectors/tx-origin.ts';
import { unboundedLoop } from './detectors/unbounded-loop.ts';
import { uncheckedCall } from './detectors/unchecked-call.ts';
import { unprotectedEtherWithdrawal } from './detectors/unprotected-ether-withdrawal.ts';
import { unprotectedSelfdestruct } from './detectors/unprotected-selfdestruct.ts';
import { unresolvedImport } from './detectors/unresolved-import.ts';
import { weakRandomness } from './detectors/weak-randomness.ts';
import type { Detector } from './types.ts';

export const DETECTORS: readonly Detector[] = [
  unresolvedImport,
  reentrancy,
  txOrigin,
  uncheckedCall,
  controlledDelegatecall,
  unprotectedSelfdestruct,
  floatingPragma,
  outdatedCompiler,
  timestampDependence,
  weakRandomness,
  unprotectedEtherWithdrawal,
  integerOverflow,
  unboundedLoop,
  stateVariableShadowing,
  missingZeroCheck,
  gasCacheArrayLength,
  gasConstantOrImmutable,
  gasPublicToExternal,
  gasPrefixIncrement,
];
