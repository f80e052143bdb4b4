/**
 * The parsed upload as one project: files, their contracts, and inheritance resolved by contract
 * name across all files (imports are not followed; whatever was uploaded is the whole world).
 */
import type {
  ContractDefinition,
  FunctionDefinition,
  ModifierDefinition,
  PragmaDirective,
  SourceUnit,
  StateVariableDeclaration,
  StateVariableDeclarationVariable,
  UsingForDeclaration,
} from '@solidity-parser/parser/dist/src/ast-types.js';
import { parseVersionRange, type VersionInterval } from './pragma.ts';

export interface SolidityFile {
  path: string;
  ast: SourceUnit;
  solidityPragmas: PragmaDirective[];
  /** Versions every `pragma solidity` of the file allows; undefined without a readable pragma. */
  versionRange: VersionInterval[] | undefined;
  contracts: ContractInfo[];
}

export interface ContractInfo {
  node: ContractDefinition;
  name: string;
  file: SolidityFile;
  stateVariables: StateVariableDeclarationVariable[];
  functions: FunctionDefinition[];
  modifiers: ModifierDefinition[];
  usingFor: UsingForDeclaration[];
}

export interface Project {
  files: SolidityFile[];
  /** The name of every uploaded file, parsed or not: the source units an import can reach. */
  sourceUnitNames: ReadonlySet<string>;
  /** The first contract declared under each name, in upload order. */
  contractsByName: Map<string, ContractInfo>;
}

function intersect(
  a: readonly VersionInterval[],
  b: readonly VersionInterval[],
): VersionInterval[] {
  const result: VersionInterval[] = [];
  for (const x of a)
    for (const y of b) {
      const interval = { from: Math.max(x.from, y.from), to: Math.min(x.to, y.to) };
      if (interval.from < interval.to) result.push(interval);
    }
  return result;
}

function fileVersionRange(pragmas: readonly PragmaDirective[]): VersionInterval[] | undefined {
  let range: VersionInterval[] | undefined;
  for (const pragma of pragmas) {
    const parsed = parseVersionRange(pragma.value);
    if (!parsed) return undefined;
    range = range ? intersect(range, parsed) : parsed;
  }
  return range;
}

function contractInfo(node: ContractDefinition, file: SolidityFile): ContractInfo {
  const info: ContractInfo = {
    node,
    name: node.name,
    file,
    stateVariables: [],
    functions: [],
    modifiers: [],
    usingFor: [],
  };
  for (const sub of node.subNodes) {
    if (sub.type === 'StateVariableDeclaration')
      info.stateVariables.push(...(sub as StateVariableDeclaration).variables);
    else if (sub.type === 'FunctionDefinition') info.functions.push(sub as FunctionDefinition);
    else if (sub.type === 'ModifierDefinition') info.modifiers.push(sub as ModifierDefinition);
    else if (sub.type === 'UsingForDeclaration') info.usingFor.push(sub as UsingForDeclaration);
  }
  return info;
}

export function solidityFile(path: string, ast: SourceUnit): SolidityFile {
  const solidityPragmas = ast.children.filter(
    (child): child is PragmaDirective =>
      child.type === 'PragmaDirective' && child.name === 'solidity',
  );
  const file: SolidityFile = {
    path,
    ast,
    solidityPragmas,
    versionRange: fileVersionRange(solidityPragmas),
    contracts: [],
  };
  for (const child of ast.children)
    if (child.type === 'ContractDefinition') file.contracts.push(contractInfo(child, file));
  return file;
}

export function buildProject(files: SolidityFile[], sourceUnitNames: Iterable<string>): Project {
  const contractsByName = new Map<string, ContractInfo>();
  for (const file of files)
    for (const contract of file.contracts)
      if (!contractsByName.has(contract.name)) contractsByName.set(contract.name, contract);
  return { files, sourceUnitNames: new Set(sourceUnitNames), contractsByName };
}

const basesCache = new WeakMap<ContractInfo, ContractInfo[]>();

/** Every ancestor found in the project, nearest first, each once (cycles in broken code are cut). */
export function ancestorsOf(contract: ContractInfo, project: Project): ContractInfo[] {
  const cached = basesCache.get(contract);
  if (cached) return cached;
  const seen = new Set<ContractInfo>([contract]);
  const ancestors: ContractInfo[] = [];
  let frontier = [contract];
  while (frontier.length > 0) {
    const next: ContractInfo[] = [];
    for (const current of frontier)
      for (const spec of current.node.baseContracts) {
        // `Base` or `lib.Base`: the contract's own name is the last segment.
        const name = spec.baseName.namePath.split('.').pop() ?? '';
        const base = project.contractsByName.get(name);
        if (base && !seen.has(base)) {
          seen.add(base);
          ancestors.push(base);
          next.push(base);
        }
      }
    frontier = next;
  }
  basesCache.set(contract, ancestors);
  return ancestors;
}

const descendantsCache = new WeakMap<ContractInfo, ContractInfo[]>();

/** Contracts in the project that inherit from `contract`, directly or not. */
export function descendantsOf(contract: ContractInfo, project: Project): ContractInfo[] {
  const cached = descendantsCache.get(contract);
  if (cached) return cached;
  const descendants = project.files
    .flatMap((file) => file.contracts)
    .filter((other) => ancestorsOf(other, project).includes(contract));
  descendantsCache.set(contract, descendants);
  return descendants;
}

/** The contract and its ancestors, own first: the code that shares its storage. */
export function linearized(contract: ContractInfo, project: Project): ContractInfo[] {
  return [contract, ...ancestorsOf(contract, project)];
}

/** Whether the contract or an ancestor says `using SafeMath for ...`. */
export function usesSafeMath(contract: ContractInfo, project: Project): boolean {
  return linearized(contract, project).some((c) =>
    c.usingFor.some((using) => /SafeMath/i.test(using.libraryName ?? '')),
  );
}
