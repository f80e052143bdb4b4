/** SWC-128: a loop whose trip count is the length of a storage array that keeps growing. */
import { rootIdentifier } from '../ast.ts';
import { loopCondition, loopsIn, storageArrayLengths } from '../loops.ts';
import { functionLabel, functionScope } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const unboundedLoop: Detector = {
  id: 'unbounded-loop',
  swcId: 'SWC-128',
  severity: 'medium',
  title: 'Loop over an unbounded storage array',
  recommendation:
    'Bound the work done per transaction: cap the array size, process it in batches with a start index, or let each user pull their own entry instead of looping over everyone.',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body) continue;
      const scope = functionScope(fn, contract, project);
      for (const loop of loopsIn(fn.body)) {
        const length = storageArrayLengths(scope, loopCondition(loop))[0];
        if (!length) continue;
        const array = rootIdentifier(length.expression)?.name ?? 'array';
        hits.push({
          node: loop,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` loops once per element of storage array \`${array}\`. As the array grows the loop can exceed the block gas limit and the function becomes uncallable.`,
        });
      }
    }
    return hits;
  },
};
