/** Gas: `for (..; i < arr.length; ..)` over a storage array reads its length slot on every iteration. */
import { rootIdentifier } from '../ast.ts';
import { loopsIn, storageArrayLengths } from '../loops.ts';
import { functionLabel, functionScope, stateWrites } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const gasCacheArrayLength: Detector = {
  id: 'gas-cache-array-length',
  swcId: undefined,
  severity: 'gas',
  title: 'Storage array length read on every loop iteration',
  recommendation:
    'Read the length once before the loop (`uint256 n = arr.length; for (uint256 i; i < n; ++i)`): each iteration otherwise pays for a storage read (SLOAD).',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body) continue;
      const scope = functionScope(fn, contract, project);
      for (const loop of loopsIn(fn.body)) {
        if (loop.type !== 'ForStatement' || !loop.conditionExpression) continue;
        // A loop that pushes or pops the array needs the live length.
        const resized = new Set(stateWrites(scope, loop.body).map((write) => write.variable));
        const cacheable = storageArrayLengths(scope, loop.conditionExpression).filter(
          (length) => !resized.has(rootIdentifier(length.expression)?.name ?? ''),
        );
        const length = cacheable[0];
        if (!length) continue;
        hits.push({
          node: loop.conditionExpression,
          description: `The loop in \`${functionLabel(fn)}\` of \`${contract.name}\` reads \`${rootIdentifier(length.expression)?.name ?? 'array'}.length\` from storage on every iteration.`,
        });
      }
    }
    return hits;
  },
};
