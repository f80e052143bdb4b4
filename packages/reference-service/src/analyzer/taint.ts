/** Which local names in a function carry caller-supplied data: parameters, msg.data, and what is computed from them. */
import type { ASTNode, FunctionDefinition } from '@solidity-parser/parser/dist/src/ast-types.js';
import { contains, identifierNames, isMemberOf, rootIdentifier, walk } from './ast.ts';
import type { FunctionScope } from './scope.ts';

const isMsgData = (node: ASTNode) => isMemberOf(node, 'msg', 'data');

export function callerControlled(scope: FunctionScope): Set<string> {
  const tainted = new Set(scope.parameters.keys());
  const fn = scope.fn as FunctionDefinition;
  if (!fn.body) return tainted;
  const flows: { targets: string[]; source: ASTNode }[] = [];
  walk(fn.body, (node) => {
    if (node.type === 'VariableDeclarationStatement' && node.initialValue) {
      const targets = (node.variables as (ASTNode | null)[]).flatMap((v) =>
        v?.type === 'VariableDeclaration' && v.name ? [v.name] : [],
      );
      flows.push({ targets, source: node.initialValue });
    } else if (node.type === 'BinaryOperation' && node.operator === '=') {
      const id = rootIdentifier(node.left);
      if (id && scope.locals.has(id.name)) flows.push({ targets: [id.name], source: node.right });
    }
  });
  // Propagate until stable: each round can only add names, so this ends.
  for (let changed = true; changed;) {
    changed = false;
    for (const flow of flows) {
      if (flow.targets.every((t) => tainted.has(t))) continue;
      const reads = identifierNames(flow.source);
      if (contains(flow.source, isMsgData) || [...reads].some((name) => tainted.has(name))) {
        for (const t of flow.targets) tainted.add(t);
        changed = true;
      }
    }
  }
  return tainted;
}

/** Whether `expression` names a caller-controlled value directly (not merely uses one as a lookup key). */
export function isCallerControlled(expression: ASTNode, tainted: ReadonlySet<string>): boolean {
  const root = rootIdentifier(expression);
  return (root !== undefined && tainted.has(root.name)) || contains(expression, isMsgData);
}
