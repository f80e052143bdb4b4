/**
 * The files the search reads, by name: the configs and manifests it reads as data, and the
 * sources the import closure reads. Another file source (a commit read through an API) supplies
 * exactly these for the same search, so the names live here once and the readers use them.
 */
import { CONTRACT_EXTENSIONS } from '../files/patterns.ts';

// Buidler is Hardhat's former name, with the same `paths`.
export const HARDHAT_CONFIGS = [
  'hardhat.config.ts',
  'hardhat.config.js',
  'hardhat.config.cjs',
  'hardhat.config.mjs',
  'hardhat.config.cts',
  'hardhat.config.mts',
  'buidler.config.js',
  'buidler.config.ts',
] as const;
export const TRUFFLE_CONFIGS = ['truffle-config.js', 'truffle-config.cjs', 'truffle.js'] as const;
export const BROWNIE_CONFIGS = ['brownie-config.yaml', 'brownie-config.yml'] as const;
export const APE_CONFIGS = ['ape-config.yaml', 'ape-config.yml'] as const;
export const FOUNDRY_CONFIG = 'foundry.toml';
export const REMAPPINGS_FILE = 'remappings.txt';
export const PACKAGE_MANIFEST = 'package.json';
export const PNPM_WORKSPACE = 'pnpm-workspace.yaml';
export const GIT_SUBMODULES = '.gitmodules';

const CONFIG_NAMES: ReadonlySet<string> = new Set([
  FOUNDRY_CONFIG,
  REMAPPINGS_FILE,
  PACKAGE_MANIFEST,
  PNPM_WORKSPACE,
  GIT_SUBMODULES,
  ...HARDHAT_CONFIGS,
  ...TRUFFLE_CONFIGS,
  ...BROWNIE_CONFIGS,
  ...APE_CONFIGS,
]);

/** The compiler's order for a Vyper import: a module, then an interface file, then a JSON ABI. */
export const VYPER_MODULE_EXTENSIONS = ['.vy', '.vyi', '.json'] as const;

const SOURCE_EXTENSIONS: readonly string[] = [
  ...new Set([
    ...CONTRACT_EXTENSIONS.map((extension) => `.${extension}`),
    ...VYPER_MODULE_EXTENSIONS,
  ]),
];

/**
 * How the search reads a file of this name (its last path segment): `config` for a config or
 * manifest read as data, `source` for a contract or Vyper ABI it may upload, else undefined.
 */
export function searchFileKind(name: string): 'config' | 'source' | undefined {
  if (CONFIG_NAMES.has(name)) return 'config';
  return SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)) ? 'source' : undefined;
}
