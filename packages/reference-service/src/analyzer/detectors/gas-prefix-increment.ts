/** Gas: `i++` as a for-loop step keeps a copy of the old value nobody reads; `++i` does not. */
import { loopsIn } from '../loops.ts';
import { functionLabel } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const gasPrefixIncrement: Detector = {
  id: 'gas-prefix-increment',
  swcId: undefined,
  severity: 'gas',
  title: 'Postfix increment in loop step',
  recommendation:
    'Use `++i` (or `--i`) in the loop step: the postfix form computes a result that is thrown away.',
  detectContract(contract) {
    const hits: DetectorHit[] = [];
    for (const fn of [...contract.functions, ...contract.modifiers]) {
      for (const loop of loopsIn(fn.body)) {
        if (loop.type !== 'ForStatement') continue;
        const step = loop.loopExpression?.expression;
        if (
          step?.type !== 'UnaryOperation' ||
          step.isPrefix ||
          (step.operator !== '++' && step.operator !== '--')
        )
          continue;
        hits.push({
          node: step,
          description: `A loop in \`${functionLabel(fn)}\` of \`${contract.name}\` steps with postfix \`${step.operator}\`.`,
        });
      }
    }
    return hits;
  },
};
