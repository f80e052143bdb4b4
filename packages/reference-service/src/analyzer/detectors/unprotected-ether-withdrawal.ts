/** SWC-105: anyone can make the contract send its ether to an address of their choosing. */
import type { ASTNode } from '@solidity-parser/parser/dist/src/ast-types.js';
import {
  contains,
  findAll,
  isFunctionCall,
  isMemberOf,
  isSenderExpression,
  unwrapAddressCast,
} from '../ast.ts';
import { isAccessControlled } from '../access-control.ts';
import { lowLevelCall, sendsEther } from '../calls.ts';
import { functionLabel, functionScope, isExternallyCallable } from '../scope.ts';
import { callerControlled, isCallerControlled } from '../taint.ts';
import type { Detector, DetectorHit } from '../types.ts';

/** `balances[msg.sender]`: the function pays out the caller's own recorded funds. */
const isCallerAccount = (node: ASTNode) =>
  node.type === 'IndexAccess' && isSenderExpression(node.index);

export const unprotectedEtherWithdrawal: Detector = {
  id: 'unprotected-ether-withdrawal',
  swcId: 'SWC-105',
  severity: 'high',
  title: 'Unprotected ether withdrawal to an arbitrary address',
  recommendation:
    "Restrict the function to an authorized role (onlyOwner / AccessControl), or only pay out the caller's own recorded balance (checked and reduced before sending).",
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body || fn.isConstructor || !isExternallyCallable(fn)) continue;
      const payouts = findAll(fn.body, isFunctionCall).filter((call) => {
        const lowLevel = lowLevelCall(call);
        // Forwarding msg.value only moves the caller's own ether.
        return (
          lowLevel !== undefined &&
          sendsEther(lowLevel) &&
          !isMemberOf(lowLevel.value, 'msg', 'value')
        );
      });
      if (
        payouts.length === 0 ||
        isAccessControlled(fn, contract, project) ||
        contains(fn.body, isCallerAccount)
      )
        continue;
      const tainted = callerControlled(functionScope(fn, contract, project));
      for (const call of payouts) {
        if (!isCallerControlled(unwrapAddressCast(lowLevelCall(call)!.target), tainted)) continue;
        hits.push({
          node: call,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` is callable by anyone and sends the contract's ether to an address given in its arguments, with no check on who is asking.`,
        });
      }
    }
    return hits;
  },
};
