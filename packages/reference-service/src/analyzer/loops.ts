/** Loops and the storage array lengths their conditions read. */
import type {
  BaseASTNode,
  DoWhileStatement,
  Expression,
  ForStatement,
  MemberAccess,
  WhileStatement,
} from '@solidity-parser/parser/dist/src/ast-types.js';
import { findAll, rootIdentifier } from './ast.ts';
import { isDynamicArray, isStateVariable, typeOf, type FunctionScope } from './scope.ts';

export type Loop = ForStatement | WhileStatement | DoWhileStatement;

export function loopsIn(root: BaseASTNode | null): Loop[] {
  return findAll(
    root,
    (node): node is Loop =>
      node.type === 'ForStatement' ||
      node.type === 'WhileStatement' ||
      node.type === 'DoWhileStatement',
  );
}

export function loopCondition(loop: Loop): Expression | undefined {
  return loop.type === 'ForStatement' ? loop.conditionExpression : loop.condition;
}

/** `arr.length` reads in `expression` where `arr` is a growable array in storage. */
export function storageArrayLengths(
  scope: FunctionScope,
  expression: Expression | undefined,
): MemberAccess[] {
  return findAll(
    expression,
    (node): node is MemberAccess =>
      node.type === 'MemberAccess' &&
      node.memberName === 'length' &&
      isDynamicArray(typeOf(scope, node.expression)) &&
      isStateVariable(scope, rootIdentifier(node.expression)?.name ?? ''),
  );
}
