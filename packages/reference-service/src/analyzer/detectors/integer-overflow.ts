/** SWC-101: unchecked `+ - *` on integers in code that may be built by a pre-0.8 compiler without SafeMath. */
import type { ASTNode, BinaryOperation } from '@solidity-parser/parser/dist/src/ast-types.js';
import { identifierNames, outermost, walk } from '../ast.ts';
import { allowsVersionBelow, encodeVersion } from '../pragma.ts';
import { usesSafeMath } from '../project.ts';
import {
  functionLabel,
  functionScope,
  isIntegerType,
  typeOf,
  type FunctionScope,
} from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

const CHECKED_ARITHMETIC = encodeVersion(0, 8, 0);
const OPERATORS = new Set(['+', '-', '*']);
const COMPOUND = new Set(['+=', '-=', '*=']);
const COMPARISONS = new Set(['<', '>', '<=', '>=', '==', '!=']);

function isIntegerVariable(scope: FunctionScope, node: ASTNode): boolean {
  return isIntegerType(typeOf(scope, node));
}

/** `a + b >= a`: the arithmetic is itself the overflow check. */
function isOverflowGuard(operation: BinaryOperation, parent: ASTNode | undefined): boolean {
  if (parent?.type !== 'BinaryOperation' || !COMPARISONS.has(parent.operator)) return false;
  const other = parent.left === operation ? parent.right : parent.left;
  const operands = identifierNames(operation);
  return [...identifierNames(other)].some((name) => operands.has(name));
}

export const integerOverflow: Detector = {
  id: 'integer-overflow',
  swcId: 'SWC-101',
  severity: 'high',
  title: 'Integer overflow/underflow without checks',
  recommendation:
    'Compile with Solidity 0.8 or later (checked arithmetic by default) and pin that version, or route the arithmetic through a SafeMath library (`using SafeMath for uint256`).',
  detectContract(contract, project) {
    const range = contract.file.versionRange;
    if (
      !range ||
      !allowsVersionBelow(range, CHECKED_ARITHMETIC) ||
      contract.node.kind === 'interface'
    )
      return [];
    // SafeMath itself is where the raw operators legitimately live.
    if (usesSafeMath(contract, project) || /SafeMath/i.test(contract.name)) return [];
    const hits: DetectorHit[] = [];
    for (const fn of [...contract.functions, ...contract.modifiers]) {
      if (!fn.body) continue;
      const scope = functionScope(fn, contract, project);
      const risky: BinaryOperation[] = [];
      walk(fn.body, (node, ancestors) => {
        if (node.type !== 'BinaryOperation') return;
        const flagged = COMPOUND.has(node.operator)
          ? isIntegerVariable(scope, node.left)
          : OPERATORS.has(node.operator) &&
            (isIntegerVariable(scope, node.left) || isIntegerVariable(scope, node.right)) &&
            !isOverflowGuard(node, ancestors[ancestors.length - 1]);
        if (flagged) risky.push(node);
      });
      for (const operation of outermost(risky))
        hits.push({
          node: operation,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` uses \`${operation.operator}\` on integers while the pragma allows a compiler older than 0.8.0 and the contract does not use SafeMath: the result can wrap around silently.`,
        });
    }
    return hits;
  },
};
