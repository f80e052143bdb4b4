/** Gas: a `public` function nobody calls internally copies its reference-type arguments to memory for nothing. */
import type { FunctionDefinition } from '@solidity-parser/parser/dist/src/ast-types.js';
import { isFunctionCall, isIdentifier, walk } from '../ast.ts';
import { descendantsOf, linearized, type ContractInfo, type Project } from '../project.ts';
import type { Detector, DetectorHit } from '../types.ts';

/** Whether any contract sharing code with `contract` calls `name(..)` or `super.name(..)` internally. */
function calledInternally(name: string, contract: ContractInfo, project: Project): boolean {
  let called = false;
  for (const c of [...linearized(contract, project), ...descendantsOf(contract, project)]) {
    walk(c.node, (node) => {
      if (called) return false;
      if (!isFunctionCall(node)) return;
      const callee =
        node.expression.type === 'NameValueExpression'
          ? node.expression.expression
          : node.expression;
      called =
        isIdentifier(callee, name) ||
        (callee.type === 'MemberAccess' &&
          callee.memberName === name &&
          isIdentifier(callee.expression, 'super'));
    });
    if (called) return true;
  }
  return false;
}

/** Public functions with a `memory` parameter: the ones where `external` + `calldata` saves the copy. */
function copiesArguments(fn: FunctionDefinition): boolean {
  return (
    fn.visibility === 'public' &&
    !fn.isConstructor &&
    !fn.isVirtual &&
    fn.override === null &&
    fn.name !== null &&
    fn.parameters.some((p) => p.storageLocation === 'memory')
  );
}

export const gasPublicToExternal: Detector = {
  id: 'gas-public-to-external',
  swcId: undefined,
  severity: 'gas',
  title: 'public function could be external',
  recommendation:
    'Declare the function `external` and its reference-type parameters `calldata`: arguments are then read in place instead of being copied to memory.',
  detectContract(contract, project) {
    const hits: DetectorHit[] = [];
    for (const fn of contract.functions) {
      if (!copiesArguments(fn) || calledInternally(fn.name!, contract, project)) continue;
      hits.push({
        node: fn,
        description: `\`${contract.name}.${fn.name}\` is public and takes \`memory\` parameters, but no contract in the upload calls it internally.`,
      });
    }
    return hits;
  },
};
