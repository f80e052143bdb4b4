/**
 * Name resolution inside one function: which identifiers are parameters, locals or state variables,
 * their declared types, and the places the function writes storage.
 */
import type {
  ASTNode,
  BaseASTNode,
  Expression,
  FunctionDefinition,
  ModifierDefinition,
  TypeName,
  VariableDeclaration,
} from '@solidity-parser/parser/dist/src/ast-types.js';
import { calleeName, rootIdentifier, walk } from './ast.ts';
import { linearized, type ContractInfo, type Project } from './project.ts';

export interface FunctionScope {
  contract: ContractInfo;
  fn: FunctionDefinition | ModifierDefinition;
  parameters: Map<string, VariableDeclaration>;
  /** Parameters, named returns and every variable declared in the body. */
  locals: Map<string, VariableDeclaration>;
  /** State variables of the contract and its ancestors (the nearest declaration wins). */
  stateVariables: Map<string, VariableDeclaration>;
}

const stateCache = new WeakMap<ContractInfo, Map<string, VariableDeclaration>>();

export function visibleStateVariables(
  contract: ContractInfo,
  project: Project,
): Map<string, VariableDeclaration> {
  const cached = stateCache.get(contract);
  if (cached) return cached;
  const variables = new Map<string, VariableDeclaration>();
  for (const c of linearized(contract, project))
    for (const variable of c.stateVariables)
      if (variable.name !== null && !variables.has(variable.name))
        variables.set(variable.name, variable);
  stateCache.set(contract, variables);
  return variables;
}

export function functionScope(
  fn: FunctionDefinition | ModifierDefinition,
  contract: ContractInfo,
  project: Project,
): FunctionScope {
  const parameters = new Map<string, VariableDeclaration>();
  for (const parameter of fn.parameters ?? [])
    if (parameter.name) parameters.set(parameter.name, parameter);
  const locals = new Map(parameters);
  if (fn.type === 'FunctionDefinition')
    for (const ret of fn.returnParameters ?? []) if (ret.name) locals.set(ret.name, ret);
  if (fn.body)
    walk(fn.body, (node) => {
      if (node.type === 'VariableDeclaration' && node.name && !node.isStateVar)
        locals.set(node.name, node);
    });
  return {
    contract,
    fn,
    parameters,
    locals,
    stateVariables: visibleStateVariables(contract, project),
  };
}

export function isStateVariable(scope: FunctionScope, name: string): boolean {
  return !scope.locals.has(name) && scope.stateVariables.has(name);
}

function declaredType(scope: FunctionScope, name: string): TypeName | undefined {
  return (scope.locals.get(name) ?? scope.stateVariables.get(name))?.typeName ?? undefined;
}

/** The declared type of a variable access path (`x`, `m[k]`, `a[i]`), as far as declarations tell. */
export function typeOf(
  scope: FunctionScope,
  expression: Expression | BaseASTNode,
): TypeName | undefined {
  const node = expression as ASTNode;
  switch (node.type) {
    case 'Identifier':
      return declaredType(scope, node.name);
    case 'IndexAccess': {
      const base = typeOf(scope, node.base);
      if (base?.type === 'Mapping') return base.valueType;
      if (base?.type === 'ArrayTypeName') return base.baseTypeName;
      return undefined;
    }
    case 'TupleExpression':
      return node.components.length === 1 && node.components[0]
        ? typeOf(scope, node.components[0])
        : undefined;
    default:
      return undefined;
  }
}

export function isIntegerType(type: TypeName | undefined): boolean {
  return type?.type === 'ElementaryTypeName' && /^u?int\d*$/.test(type.name);
}

export function isAddressType(type: TypeName | undefined): boolean {
  return type?.type === 'ElementaryTypeName' && type.name === 'address';
}

/** An array whose length grows at run time (`T[]`, not `T[3]`). */
export function isDynamicArray(type: TypeName | undefined): boolean {
  return type?.type === 'ArrayTypeName' && type.length === null;
}

/** Assignment operators; `x op= y` writes `x` as much as `x = y`. */
const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '|=', '&=', '^=', '<<=', '>>=']);

export interface StateWrite {
  node: ASTNode;
  variable: string;
}

/** Storage writes inside `root`: assignments, `++`/`--`/`delete`, and `push`/`pop` on state arrays. */
export function stateWrites(
  scope: FunctionScope,
  root: BaseASTNode | null | undefined,
): StateWrite[] {
  const writes: StateWrite[] = [];
  if (!root) return writes;
  const record = (node: ASTNode, target: BaseASTNode | null): void => {
    const tuple = target as ASTNode | null;
    const targets = tuple?.type === 'TupleExpression' ? tuple.components : [target];
    for (const t of targets) {
      const id = rootIdentifier(t);
      if (id && isStateVariable(scope, id.name)) writes.push({ node, variable: id.name });
    }
  };
  walk(root, (node) => {
    if (node.type === 'BinaryOperation' && ASSIGNMENTS.has(node.operator)) record(node, node.left);
    else if (node.type === 'UnaryOperation' && ['++', '--', 'delete'].includes(node.operator))
      record(node, node.subExpression);
    else if (node.type === 'FunctionCall' && node.expression.type === 'MemberAccess') {
      const name = calleeName(node);
      if (name === 'push' || name === 'pop') record(node, node.expression.expression);
    }
  });
  return writes;
}

/** Public or external: callable by anyone (pre-0.5 functions without visibility are public). */
export function isExternallyCallable(fn: FunctionDefinition): boolean {
  return fn.visibility === 'public' || fn.visibility === 'external' || fn.visibility === 'default';
}

/** How a function is named in messages: constructors, fallback and receive have no name of their own. */
export function functionLabel(fn: FunctionDefinition | ModifierDefinition): string {
  if (fn.type === 'ModifierDefinition') return `modifier ${fn.name}`;
  if (fn.isConstructor) return 'constructor';
  if (fn.isReceiveEther) return 'receive';
  if (fn.isFallback || !fn.name) return 'fallback';
  return fn.name;
}
