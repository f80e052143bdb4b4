/**
 * brownie-config.yaml and ape-config.yaml, read with a YAML parser: the contracts folders, and
 * Brownie's remappings and packages (installed in the user's home, so usually absent in CI).
 * workspaces.ts reads pnpm-workspace.yaml with the same reader.
 */
import { isRecord, type JsonRecord } from '../json.ts';
import { UnparsableConfig } from './config-file.ts';
import { cleanFolder } from './foundry-config.ts';
import { parseRemapping, type Remapping } from './remappings.ts';

export interface BrownieConfig {
  contracts: string;
  interfaces: string;
  tests: string;
  scripts: string;
  remappings: Remapping[];
  /** `dependencies:` packages, e.g. `OpenZeppelin/openzeppelin-contracts@4.8.0`. */
  packages: string[];
}

export async function readBrownieConfig(text: string, file: string): Promise<BrownieConfig> {
  const document = await readYaml(text, file);
  const structure = isRecord(document.project_structure) ? document.project_structure : {};
  const folder = (key: string, fallback: string): string => {
    const value = structure[key];
    return typeof value === 'string' && value.trim() !== '' ? cleanFolder(value) : fallback;
  };
  const compiler = isRecord(document.compiler) ? document.compiler : {};
  const solc = isRecord(compiler.solc) ? compiler.solc : {};
  return {
    contracts: folder('contracts', 'contracts'),
    interfaces: folder('interfaces', 'interfaces'),
    tests: folder('tests', 'tests'),
    scripts: folder('scripts', 'scripts'),
    remappings: strings(solc.remappings)
      .map(parseRemapping)
      .filter((remapping) => remapping !== undefined),
    packages: strings(document.dependencies),
  };
}

export interface ApeConfig {
  contractsFolder: string;
}

export async function readApeConfig(text: string, file: string): Promise<ApeConfig> {
  const document = await readYaml(text, file);
  const folder = document.contracts_folder;
  return {
    contractsFolder:
      typeof folder === 'string' && folder.trim() !== '' ? cleanFolder(folder) : 'contracts',
  };
}

/** The document's top-level mapping; a file that is not YAML is an UnparsableConfig naming `file`. */
export async function readYaml(text: string, file: string): Promise<JsonRecord> {
  // Loaded here, not at start: only Brownie, Ape and pnpm workspaces need a YAML parser.
  const { parse: parseYaml } = await import('yaml');
  let document: unknown;
  try {
    // Warnings would go to stderr with the file's own text, where the runner reads commands.
    document = parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    throw new UnparsableConfig(
      file,
      `is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. Fix the file`,
      { cause: error },
    );
  }
  // An empty file is a valid, empty config.
  return isRecord(document) ? document : {};
}

/** A string or a list of strings, as both configs allow. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
