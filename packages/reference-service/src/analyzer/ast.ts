/** Generic traversal and small shape tests over @solidity-parser/parser ASTs. */
import type {
  ASTNode,
  BaseASTNode,
  Expression,
  FunctionCall,
  Identifier,
  MemberAccess,
} from '@solidity-parser/parser/dist/src/ast-types.js';

/**
 * Keys that hold positions, trivia or names being declared (not read): walking them would make a
 * declaration look like a use.
 */
const NON_CHILD_KEYS = new Set([
  'loc',
  'range',
  'comments',
  'identifier',
  'identifiers',
  'keyName',
  'valueName',
  'unitAliasIdentifier',
  'symbolAliasesIdentifiers',
  'pathLiteral',
]);

function isNode(value: unknown): value is ASTNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

/** Child nodes in source order, whatever the node type: the AST has no uniform `children` field. */
export function childNodes(node: BaseASTNode): ASTNode[] {
  const children: ASTNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (NON_CHILD_KEYS.has(key)) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) children.push(item);
    } else if (isNode(value)) {
      children.push(value);
    }
  }
  // Key order is not source order (a function's modifiers come after its body).
  return children.sort((a, b) => (a.range?.[0] ?? 0) - (b.range?.[0] ?? 0));
}

/**
 * Depth-first, pre-order walk. `visit` gets the ancestors (nearest last) and returns `false` to skip
 * the node's children.
 */
export function walk(
  root: BaseASTNode,
  visit: (node: ASTNode, ancestors: readonly ASTNode[]) => unknown,
): void {
  const ancestors: ASTNode[] = [];
  const step = (node: ASTNode): void => {
    if (visit(node, ancestors) === false) return;
    ancestors.push(node);
    for (const child of childNodes(node)) step(child);
    ancestors.pop();
  };
  step(root as ASTNode);
}

/** Every node under `root` (itself included) that satisfies `test`. */
export function findAll<T extends ASTNode>(
  root: BaseASTNode | null | undefined,
  test: (node: ASTNode) => node is T,
): T[] {
  const found: T[] = [];
  if (root) walk(root, (node) => void (test(node) && found.push(node)));
  return found;
}

export function contains(
  root: BaseASTNode | null | undefined,
  test: (node: ASTNode) => boolean,
): boolean {
  let hit = false;
  if (root)
    walk(root, (node) => {
      if (hit) return false;
      hit = test(node);
      return !hit;
    });
  return hit;
}

export function startLine(node: BaseASTNode): number {
  return node.loc?.start.line ?? 0;
}

export function endLine(node: BaseASTNode): number {
  return node.loc?.end.line ?? startLine(node);
}

/** Offset of the node's first character, for "happens after" comparisons inside one function. */
export function startOffset(node: BaseASTNode): number {
  return node.range?.[0] ?? 0;
}

export function endOffset(node: BaseASTNode): number {
  return node.range?.[1] ?? startOffset(node);
}

export function isIdentifier(node: ASTNode | null | undefined, name?: string): node is Identifier {
  return node?.type === 'Identifier' && (name === undefined || node.name === name);
}

/** `object.member`, e.g. `isMemberOf(node, 'tx', 'origin')`. */
export function isMemberOf(
  node: ASTNode | null | undefined,
  object: string,
  member: string,
): node is MemberAccess {
  return (
    node?.type === 'MemberAccess' &&
    node.memberName === member &&
    isIdentifier(node.expression, object)
  );
}

export function isFunctionCall(node: ASTNode | null | undefined): node is FunctionCall {
  return node?.type === 'FunctionCall';
}

/** The plain name a call is made through: `f(..)` → `f`, `x.f(..)` → `f`, `f{value: 1}(..)` → `f`. */
export function calleeName(call: FunctionCall): string | undefined {
  let callee: Expression = call.expression;
  if (callee.type === 'NameValueExpression') callee = callee.expression;
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberAccess') return callee.memberName;
  return undefined;
}

/** `require(x)` / `assert(x)`: the condition argument, if `call` is one. */
export function requiredCondition(call: FunctionCall): Expression | undefined {
  const name = call.expression.type === 'Identifier' ? call.expression.name : undefined;
  return name === 'require' || name === 'assert' ? call.arguments[0] : undefined;
}

/**
 * Every expression the code branches on: if/while/do/for conditions, ternary conditions and the
 * first argument of require/assert.
 */
export function conditionsIn(root: BaseASTNode | null | undefined): Expression[] {
  const conditions: Expression[] = [];
  if (!root) return conditions;
  walk(root, (node) => {
    switch (node.type) {
      case 'IfStatement':
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'Conditional':
        conditions.push(node.condition);
        break;
      case 'ForStatement':
        if (node.conditionExpression) conditions.push(node.conditionExpression);
        break;
      case 'FunctionCall': {
        const condition = requiredCondition(node);
        if (condition) conditions.push(condition);
        break;
      }
    }
  });
  return conditions;
}

/** `msg.sender` or the `_msgSender()` helper used by Context-based contracts. */
export function isSenderExpression(node: ASTNode): boolean {
  return (
    isMemberOf(node, 'msg', 'sender') ||
    (isFunctionCall(node) && isIdentifier(node.expression, '_msgSender'))
  );
}

/** Strips conversions that do not change which address is meant: `address(x)`, `payable(x)`, `address payable(x)`. */
export function unwrapAddressCast(expression: Expression): Expression {
  let current = expression;
  for (;;) {
    if (current.type !== 'FunctionCall' || current.arguments.length !== 1) return current;
    const callee = current.expression;
    const isCast =
      isIdentifier(callee, 'address') ||
      isIdentifier(callee, 'payable') ||
      (callee.type === 'ElementaryTypeName' &&
        (callee.name === 'address' || /^u?int\d*$/.test(callee.name)));
    if (!isCast) return current;
    current = current.arguments[0]!;
  }
}

/** The variable an lvalue or access path starts from: `a[i].b` → `a`. */
export function rootIdentifier(
  expression: Expression | BaseASTNode | null,
): Identifier | undefined {
  let current = expression as ASTNode | null;
  while (current) {
    switch (current.type) {
      case 'Identifier':
        return current;
      case 'IndexAccess':
      case 'MemberAccess':
        current = current.type === 'IndexAccess' ? current.base : current.expression;
        break;
      case 'IndexRangeAccess':
        current = current.base;
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Identifiers read anywhere inside `root`. */
export function identifierNames(root: BaseASTNode | null | undefined): Set<string> {
  return new Set(
    findAll(root, (node): node is Identifier => node.type === 'Identifier').map((id) => id.name),
  );
}

/** Drops nodes that lie inside another node of the list, so nested matches are reported once. */
export function outermost<T extends BaseASTNode>(nodes: readonly T[]): T[] {
  return nodes.filter(
    (node) =>
      !nodes.some(
        (other) =>
          other !== node &&
          startOffset(other) <= startOffset(node) &&
          endOffset(node) <= endOffset(other) &&
          (startOffset(other) !== startOffset(node) || endOffset(other) !== endOffset(node)),
      ),
  );
}
