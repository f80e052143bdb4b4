/** SWC-112: delegatecall into an address the caller chooses runs foreign code on this contract's storage. */
import { findAll, isFunctionCall, unwrapAddressCast } from '../ast.ts';
import { isAccessControlled } from '../access-control.ts';
import { lowLevelCall } from '../calls.ts';
import { functionLabel, functionScope, isExternallyCallable } from '../scope.ts';
import { callerControlled, isCallerControlled } from '../taint.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const controlledDelegatecall: Detector = {
  id: 'controlled-delegatecall',
  swcId: 'SWC-112',
  severity: 'critical',
  title: 'delegatecall to a caller-supplied address',
  recommendation:
    'Only delegatecall into trusted, fixed or access-controlled implementation addresses (e.g. a whitelisted implementation set by an owner); never to an address taken from call data.',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body || fn.isConstructor || !isExternallyCallable(fn)) continue;
      const delegatecalls = findAll(fn.body, isFunctionCall).filter(
        (call) => lowLevelCall(call)?.kind === 'delegatecall',
      );
      if (delegatecalls.length === 0 || isAccessControlled(fn, contract, project)) continue;
      const tainted = callerControlled(functionScope(fn, contract, project));
      for (const call of delegatecalls) {
        const target = unwrapAddressCast(lowLevelCall(call)!.target);
        if (!isCallerControlled(target, tainted)) continue;
        hits.push({
          node: call,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` can be called by anyone and delegatecalls an address taken from its input. The callee's code runs with this contract's storage and balance, so a caller can take it over or destroy it.`,
        });
      }
    }
    return hits;
  },
};
