/** SWC-107: ether sent with a low-level call before the function finishes updating its state. */
import type { FunctionCall } from '@solidity-parser/parser/dist/src/ast-types.js';
import { endOffset, findAll, isFunctionCall, startLine, startOffset } from '../ast.ts';
import { lowLevelCall } from '../calls.ts';
import { functionLabel, functionScope, stateWrites } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

/** Modifiers that serialise entry (OpenZeppelin's `nonReentrant`, common mutex names). */
const GUARD = /reentran|mutex|lock/i;

export const reentrancy: Detector = {
  id: 'reentrancy',
  swcId: 'SWC-107',
  severity: 'high',
  title: 'Reentrancy: state written after an ether-sending call',
  recommendation:
    'Follow checks-effects-interactions: update all state before the external call, or guard the function with a reentrancy lock such as OpenZeppelin ReentrancyGuard (nonReentrant).',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body || fn.modifiers.some((m) => GUARD.test(m.name))) continue;
      const scope = functionScope(fn, contract, project);
      const writes = stateWrites(scope, fn.body);
      const valueCalls = findAll(fn.body, isFunctionCall).filter((call: FunctionCall) => {
        const lowLevel = lowLevelCall(call);
        return lowLevel?.kind === 'call' && lowLevel.value !== undefined;
      });
      for (const call of valueCalls) {
        const write = writes.find((w) => startOffset(w.node) > endOffset(call));
        if (!write) continue;
        hits.push({
          node: call,
          until: write.node,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` sends ether with a low-level call and only then writes state variable \`${write.variable}\` (line ${startLine(write.node)}). The callee can re-enter the contract while that state is stale.`,
        });
      }
    }
    return hits;
  },
};
