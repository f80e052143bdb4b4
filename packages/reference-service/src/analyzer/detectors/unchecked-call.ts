/** SWC-104: the success flag of a low-level call, send or delegatecall is thrown away. */
import type { ASTNode, FunctionCall } from '@solidity-parser/parser/dist/src/ast-types.js';
import { identifierNames, isFunctionCall, startOffset, walk } from '../ast.ts';
import { lowLevelCall } from '../calls.ts';
import { functionLabel } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

const CHECKED_KINDS = new Set(['call', 'send', 'delegatecall']);

function isUncheckedKind(node: ASTNode | null): node is FunctionCall {
  if (!isFunctionCall(node)) return false;
  const call = lowLevelCall(node);
  return call !== undefined && CHECKED_KINDS.has(call.kind);
}

export const uncheckedCall: Detector = {
  id: 'unchecked-call',
  swcId: 'SWC-104',
  severity: 'medium',
  title: 'Unchecked return value of a low-level call',
  recommendation:
    'Check the boolean a low-level call returns (require(success) or revert on failure), or use OpenZeppelin Address.sendValue / functionCall, which revert on failure.',
  detectContract(contract) {
    const hits: DetectorHit[] = [];
    for (const fn of [...contract.functions, ...contract.modifiers]) {
      if (!fn.body) continue;
      const body = fn.body;
      const where = `\`${functionLabel(fn)}\` in \`${contract.name}\``;
      walk(body, (node) => {
        // The call is a statement of its own: nothing can read its result.
        if (node.type === 'ExpressionStatement' && isUncheckedKind(node.expression)) {
          hits.push({
            node,
            description: `${where} ignores whether this low-level call succeeded; a failed call is silently treated as success.`,
          });
        }
        // `(bool ok, ) = a.call(..)` where `ok` is never read afterwards.
        if (node.type === 'VariableDeclarationStatement' && isUncheckedKind(node.initialValue)) {
          const flag = node.variables[0] as ASTNode | null | undefined;
          const name = flag?.type === 'VariableDeclaration' ? flag.name : null;
          const readLater = (n: string) =>
            statementsAfter(body, startOffset(node)).some((s) => identifierNames(s).has(n));
          if (name === null || !readLater(name))
            hits.push({
              node,
              description: `${where} stores the success flag of this low-level call but never reads it; a failed call is silently treated as success.`,
            });
        }
      });
    }
    return hits;
  },
};

/** Nodes of `root` that start after `offset` and are not inside one another (outermost first). */
function statementsAfter(root: ASTNode, offset: number): ASTNode[] {
  const after: ASTNode[] = [];
  walk(root, (node) => {
    if (startOffset(node) > offset) {
      after.push(node);
      return false;
    }
  });
  return after;
}
