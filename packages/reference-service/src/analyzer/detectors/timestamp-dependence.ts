/** SWC-116: control flow that depends on the block timestamp, which block producers can nudge. */
import type { ASTNode } from '@solidity-parser/parser/dist/src/ast-types.js';
import { conditionsIn, contains, isIdentifier, isMemberOf, outermost } from '../ast.ts';
import { functionLabel, functionScope, type FunctionScope } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

/** `block.timestamp`, or the pre-0.7 alias `now` when no variable of that name is in scope. */
function readsTimestamp(node: ASTNode, scope: FunctionScope): boolean {
  return (
    isMemberOf(node, 'block', 'timestamp') ||
    (isIdentifier(node, 'now') && !scope.locals.has('now') && !scope.stateVariables.has('now'))
  );
}

export const timestampDependence: Detector = {
  id: 'timestamp-dependence',
  swcId: 'SWC-116',
  severity: 'low',
  title: 'Block timestamp used in a condition',
  recommendation:
    'Do not let a decision hinge on the exact block timestamp: validators can shift it by several seconds. Allow for that drift (coarse time windows) or use block numbers / an external time source where precision matters.',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of [...contract.functions, ...contract.modifiers]) {
      if (!fn.body) continue;
      const scope = functionScope(fn, contract, project);
      const conditions = conditionsIn(fn.body).filter((c) =>
        contains(c, (node) => readsTimestamp(node, scope)),
      );
      for (const condition of outermost(conditions))
        hits.push({
          node: condition,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` branches on the block timestamp; the block producer chooses it within a tolerance and can tip this condition.`,
        });
    }
    return hits;
  },
};
