/** An address parameter stored in state without ruling out the zero address (no SWC entry). */
import type { ASTNode, Expression } from '@solidity-parser/parser/dist/src/ast-types.js';
import {
  calleeName,
  contains,
  identifierNames,
  isFunctionCall,
  isIdentifier,
  rootIdentifier,
  unwrapAddressCast,
  walk,
} from '../ast.ts';
import {
  functionLabel,
  functionScope,
  isAddressType,
  isExternallyCallable,
  isStateVariable,
} from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

/** `address(0)`, `address(0x0)`, or a bare `0` compared against an address. */
function isZeroAddress(expression: Expression): boolean {
  const inner = unwrapAddressCast(expression);
  return inner.type === 'NumberLiteral' && /^(0x)?0+$/i.test(inner.number);
}

/** `p == address(0)`, `p != address(0)` (either order) anywhere, or a zero-check helper/modifier given `p`. */
function checksZero(root: ASTNode, parameter: string): boolean {
  return contains(root, (node) => {
    if (node.type === 'BinaryOperation' && (node.operator === '==' || node.operator === '!=')) {
      const [left, right] = [unwrapAddressCast(node.left), unwrapAddressCast(node.right)];
      return (
        (isIdentifier(left, parameter) && isZeroAddress(right)) ||
        (isIdentifier(right, parameter) && isZeroAddress(left))
      );
    }
    const helper =
      (isFunctionCall(node) && /zero|valid/i.test(calleeName(node) ?? '') && node.arguments) ||
      (node.type === 'ModifierInvocation' && /zero|valid/i.test(node.name) && node.arguments);
    return (
      Array.isArray(helper) && helper.some((argument) => identifierNames(argument).has(parameter))
    );
  });
}

export const missingZeroCheck: Detector = {
  id: 'missing-zero-check',
  swcId: undefined,
  severity: 'low',
  title: 'Missing zero-address check',
  recommendation:
    'Reject the zero address before storing it (e.g. `if (account == address(0)) revert ZeroAddress();`); a zero owner, recipient or dependency usually cannot be changed back.',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!fn.body || !(fn.isConstructor || isExternallyCallable(fn))) continue;
      const addresses = fn.parameters.filter(
        (p) => p.name && isAddressType(p.typeName ?? undefined),
      );
      if (addresses.length === 0) continue;
      const scope = functionScope(fn, contract, project);
      walk(fn.body, (node) => {
        if (node.type !== 'BinaryOperation' || node.operator !== '=') return;
        const stored = unwrapAddressCast(node.right);
        const target = rootIdentifier(node.left);
        if (!target || !isStateVariable(scope, target.name) || stored.type !== 'Identifier') return;
        const parameter = addresses.find((p) => p.name === stored.name);
        if (!parameter?.name || checksZero(fn, parameter.name)) return;
        hits.push({
          node,
          description: `\`${functionLabel(fn)}\` in \`${contract.name}\` stores address parameter \`${parameter.name}\` in state variable \`${target.name}\` without checking it against address(0).`,
        });
      });
    }
    return hits;
  },
};
