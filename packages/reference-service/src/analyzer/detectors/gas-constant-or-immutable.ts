/** Gas: a state variable that never changes after construction still costs a storage read on every use. */
import type {
  ASTNode,
  StateVariableDeclarationVariable,
} from '@solidity-parser/parser/dist/src/ast-types.js';
import { contains, isIdentifier } from '../ast.ts';
import { descendantsOf, type ContractInfo, type Project } from '../project.ts';
import { functionScope, stateWrites } from '../scope.ts';
import type { Detector, DetectorHit } from '../types.ts';

/** Where a variable is written, across every contract that shares its storage. */
interface WriteSites {
  inConstructor: boolean;
  elsewhere: boolean;
}

function writeSites(name: string, contract: ContractInfo, project: Project): WriteSites {
  const sites: WriteSites = { inConstructor: false, elsewhere: false };
  for (const c of [contract, ...descendantsOf(contract, project)]) {
    for (const fn of [...c.functions, ...c.modifiers]) {
      const writes = stateWrites(functionScope(fn, c, project), fn.body).filter(
        (w) => w.variable === name,
      );
      if (writes.length === 0) continue;
      // Only the declaring contract's constructor may set an immutable.
      if (c === contract && fn.type === 'FunctionDefinition' && fn.isConstructor)
        sites.inConstructor = true;
      else sites.elsewhere = true;
    }
    // Assembly can reach the slot (`x.slot`, `sstore`) without an assignment the AST shows.
    if (
      contains(
        c.node,
        (node) =>
          node.type === 'InlineAssemblyStatement' && contains(node, (n) => isIdentifier(n, name)),
      )
    )
      sites.elsewhere = true;
  }
  return sites;
}

/** Values fixed at compile time: literals and arithmetic on them, not msg/block/tx data or calls. */
function isCompileTimeConstant(expression: ASTNode): boolean {
  return !contains(
    expression,
    (node) =>
      node.type === 'Identifier' || node.type === 'FunctionCall' || node.type === 'MemberAccess',
  );
}

/** Value types only: `immutable` does not support strings, bytes, arrays, mappings or structs. */
function isValueType(variable: StateVariableDeclarationVariable): boolean {
  const type = variable.typeName;
  return type?.type === 'ElementaryTypeName' && type.name !== 'string' && type.name !== 'bytes';
}

export const gasConstantOrImmutable: Detector = {
  id: 'gas-constant-or-immutable',
  swcId: undefined,
  severity: 'gas',
  title: 'State variable could be constant or immutable',
  recommendation:
    'Declare variables that never change after deployment `constant` (value known at compile time) or `immutable` (set once in the constructor): they are embedded in the bytecode and need no storage read.',
  detectContract(contract, project) {
    if (contract.node.kind !== 'contract' && contract.node.kind !== 'abstract') return [];
    const hits: DetectorHit[] = [];
    for (const variable of contract.stateVariables) {
      if (
        !variable.name ||
        variable.isDeclaredConst ||
        variable.isImmutable ||
        variable.isTransient ||
        !isValueType(variable)
      )
        continue;
      const sites = writeSites(variable.name, contract, project);
      if (sites.elsewhere || (!sites.inConstructor && !variable.expression)) continue;
      const constant =
        !sites.inConstructor &&
        variable.expression !== null &&
        isCompileTimeConstant(variable.expression);
      hits.push({
        node: variable,
        description: `\`${contract.name}.${variable.name}\` is ${sites.inConstructor ? 'only assigned in the constructor' : 'never assigned after its declaration'}; it could be \`${constant ? 'constant' : 'immutable'}\`.`,
      });
    }
    return hits;
  },
};
