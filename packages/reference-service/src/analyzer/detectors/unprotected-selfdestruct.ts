/** SWC-106: anyone can destroy the contract (or, since Cancun, drain its ether through selfdestruct). */
import { findAll, isFunctionCall, isIdentifier } from '../ast.ts';
import { isAccessControlled } from '../access-control.ts';
import { functionLabel, isExternallyCallable } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const unprotectedSelfdestruct: Detector = {
  id: 'unprotected-selfdestruct',
  swcId: 'SWC-106',
  severity: 'critical',
  title: 'Unprotected selfdestruct',
  recommendation:
    'Remove selfdestruct, or restrict the function to a trusted role (onlyOwner / AccessControl) and consider a timelock or multisig for it.',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body || fn.isConstructor || !isExternallyCallable(fn)) continue;
      const destructs = findAll(fn.body, isFunctionCall).filter(
        (call) =>
          isIdentifier(call.expression, 'selfdestruct') || isIdentifier(call.expression, 'suicide'),
      );
      if (destructs.length === 0 || isAccessControlled(fn, contract, project)) continue;
      for (const call of destructs)
        hits.push({
          node: call,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` reaches selfdestruct with no check on the caller: any account can call it and send the contract's ether wherever the argument says.`,
        });
    }
    return hits;
  },
};
