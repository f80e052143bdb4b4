import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { readFoundryConfig } from '../../src/project/foundry-config.ts';

const CONFIG = `
# Comments and other tables are fine.
[profile.default]
src = './contracts/'
script = "scripts"
libs = ["node_modules", "lib"]
remappings = [
  "@openzeppelin/contracts/=lib/openzeppelin-contracts/contracts/",
  'forge-std/=lib/forge-std/src/',
]
auto_detect_remappings = false
gas_limit = 9223372036854775807

[profile.ci]
src = "src"
fuzz = { runs = 10000 }

[fmt]
line_length = 120
`;

describe('readFoundryConfig', () => {
  it('refuses a key set outside any profile, as forge rejects the file', async () => {
    // `forge config` fails: `invalid type: string "contracts", expected a map`.
    await expect(
      readFoundryConfig('src = "contracts"\n[profile.default]\n', 'default', 'pkg/foundry.toml'),
    ).rejects.toThrow(
      'pkg/foundry.toml sets "src" outside any profile, which forge rejects ("expected a map"). Move it under [profile.default].',
    );
  });

  it('reads a profile written the old way, at the top, under the one written [profile.…], as forge 1.7 does', async () => {
    // `forge config` prints src = "pd" for both profiles of the first, "cisrc" for ci of the second.
    const both = '[default]\nsrc = "contracts"\ntest = "t"\n[profile.default]\nsrc = "pd"\n';
    expect(await readFoundryConfig(both, 'ci', 'foundry.toml')).toMatchObject({
      src: 'pd',
      test: 't',
    });
    const old = '[profile.default]\nsrc = "pd"\n[ci]\nsrc = "cisrc"\n[fmt]\nline_length = 100\n';
    expect(await readFoundryConfig(old, 'ci', 'foundry.toml')).toMatchObject({ src: 'cisrc' });
    expect(await readFoundryConfig(old, 'default', 'foundry.toml')).toMatchObject({ src: 'pd' });
  });

  it("reads the default profile's folders and remappings", async () => {
    expect(await readFoundryConfig(CONFIG, 'default', 'foundry.toml')).toEqual({
      profile: 'default',
      src: 'contracts',
      test: 'test',
      script: 'scripts',
      libs: ['node_modules', 'lib'],
      remappings: [
        {
          context: '',
          prefix: '@openzeppelin/contracts/',
          target: 'lib/openzeppelin-contracts/contracts/',
        },
        { context: '', prefix: 'forge-std/', target: 'lib/forge-std/src/' },
      ],
      autoDetectRemappings: false,
    });
  });

  it('lets the active profile override the default one key by key', async () => {
    const config = await readFoundryConfig(CONFIG, 'ci', 'foundry.toml');
    expect(config.src).toBe('src');
    expect(config.script).toBe('scripts');
    expect(config.libs).toEqual(['node_modules', 'lib']);
  });

  it("uses Foundry's defaults for an empty file or an unknown profile", async () => {
    const defaults = {
      src: 'src',
      test: 'test',
      script: 'script',
      libs: ['lib'],
      remappings: [],
      autoDetectRemappings: true,
    };
    expect(await readFoundryConfig('', 'default', 'foundry.toml')).toEqual({
      profile: 'default',
      ...defaults,
    });
    expect(await readFoundryConfig('[profile.default]\nsrc = 42\n', 'missing', 'x')).toEqual({
      profile: 'missing',
      ...defaults,
    });
  });

  it('says which file is not valid TOML, and where', async () => {
    const read = () =>
      readFoundryConfig('[profile.default\nsrc = "x"', 'default', 'pkg/foundry.toml');
    await expect(read()).rejects.toThrow(ConfigurationError);
    await expect(read()).rejects.toThrow(
      /^pkg\/foundry\.toml is not valid TOML \(line 1, column \d+\): .*Fix the file/s,
    );
  });
});
