/**
 * foundry.toml, read with a TOML parser (never by running forge, which the runner may not have):
 * the active profile's folders and remappings, over `[profile.default]` as Foundry merges them.
 */
import { isRecord, type JsonRecord } from '../json.ts';
import { someNames } from './config-bounds.ts';
import { UnparsableConfig } from './config-file.ts';
import { parseRemapping, type Remapping } from './remappings.ts';

export interface FoundryConfig {
  profile: string;
  src: string;
  test: string;
  script: string;
  libs: string[];
  remappings: Remapping[];
  autoDetectRemappings: boolean;
}

/** Foundry's own defaults. */
const DEFAULTS = { src: 'src', test: 'test', script: 'script', libs: ['lib'] };

/** The config forge uses where foundry.toml sets nothing. */
export const FOUNDRY_DEFAULTS: Omit<FoundryConfig, 'profile'> = {
  ...DEFAULTS,
  remappings: [],
  autoDetectRemappings: true,
};

/** `file` names foundry.toml in messages. `profile` is FOUNDRY_PROFILE, else `default`. */
export async function readFoundryConfig(
  text: string,
  profile: string,
  file: string,
): Promise<FoundryConfig> {
  // Loaded here, not at start: a run that never reads a project config never pays for the parser.
  const { parse: parseToml, TomlError } = await import('smol-toml');
  let document: JsonRecord;
  try {
    // Foundry configs hold u64 values (`gas_limit = 9223372036854775807`): read them as BigInt.
    document = parseToml(text, { integersAsBigInt: 'asNeeded' }) as JsonRecord;
  } catch (error) {
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : '';
    throw new UnparsableConfig(
      file,
      `is not valid TOML${where}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. ` +
        'Fix the file (forge would reject it too)',
      { cause: error },
    );
  }
  // Forge takes each key at the top for a profile (`[ci]`), and rejects the file where one is not
  // a table: `src = "contracts"` there is never the default profile's.
  const loose = Object.keys(document).filter((key) => !isRecord(document[key]));
  if (loose.length > 0)
    throw new UnparsableConfig(
      file,
      `sets ${someNames(loose)} outside any profile, which forge rejects ("expected a map"). ` +
        `Move ${loose.length === 1 ? 'it' : 'them'} under [profile.default]`,
    );
  const profiles = isRecord(document.profile) ? document.profile : {};
  // Forge still reads a profile written the old way, `[default]` or `[ci]` at the top, under
  // the same profile written `[profile.…]`, which wins where both set a key.
  const table = (name: string): JsonRecord => ({
    ...(name !== 'profile' && isRecord(document[name]) ? document[name] : {}),
    ...(isRecord(profiles[name]) ? profiles[name] : {}),
  });
  const base = table('default');
  const active = profile !== 'default' ? table(profile) : {};
  const setting = (key: string): unknown => (key in active ? active[key] : base[key]);
  const folder = (key: 'src' | 'test' | 'script'): string => {
    const value = setting(key);
    return typeof value === 'string' && value.trim() !== '' ? cleanFolder(value) : DEFAULTS[key];
  };
  const libs = setting('libs');
  const remappings = setting('remappings');
  return {
    profile,
    src: folder('src'),
    test: folder('test'),
    script: folder('script'),
    libs: Array.isArray(libs)
      ? libs.filter((lib): lib is string => typeof lib === 'string').map(cleanFolder)
      : DEFAULTS.libs,
    remappings: Array.isArray(remappings)
      ? remappings
          .filter((line): line is string => typeof line === 'string')
          .map(parseRemapping)
          .filter((remapping) => remapping !== undefined)
      : [],
    autoDetectRemappings: setting('auto_detect_remappings') !== false,
  };
}

/** `./contracts/` and `contracts` are the same folder; `/` stays itself, to be refused later. */
export function cleanFolder(folder: string): string {
  return folder
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/(.)\/+$/, '$1');
}
