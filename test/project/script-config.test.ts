import { describe, expect, it } from 'vitest';
import { readLiteralSetting } from '../../src/project/script-config.ts';

const sources = (config: string) => readLiteralSetting(config, 'sources', 'paths');

describe('readLiteralSetting', () => {
  it('reads a literal paths.sources in any quoting, in JS or TS configs', () => {
    expect(sources('module.exports = { paths: { sources: "./src" } };')).toEqual({
      kind: 'literal',
      values: ['./src'],
    });
    expect(
      sources(
        'const config: HardhatUserConfig = {\n  solidity: "0.8.24",\n  paths: {\n    artifacts: "./build",\n    "sources": `contracts`,\n  },\n};\nexport default config;',
      ),
    ).toEqual({ kind: 'literal', values: ['contracts'] });
  });

  it("reads Hardhat 3's lists and `{ solidity: … }`", () => {
    expect(sources('export default { paths: { sources: ["contracts", "vendor",] } }')).toEqual({
      kind: 'literal',
      values: ['contracts', 'vendor'],
    });
    expect(sources('export default { paths: { sources: { solidity: ["./src"] } } }')).toEqual({
      kind: 'literal',
      values: ['./src'],
    });
  });

  it('says when the value is code, which is never run', () => {
    for (const config of [
      'module.exports = { paths: { sources: path.join(__dirname, "src") } };',
      'module.exports = { paths: { sources: `${root}/src` } };',
      'module.exports = { paths: { sources: dir + "/src" } };',
      'module.exports = { paths: { sources: ["a", other] } };',
    ]) {
      expect(sources(config), config).toEqual({ kind: 'not-literal', candidates: [] });
    }
  });

  it('looks only inside `paths`, and ignores comments', () => {
    expect(sources('module.exports = { sources: "wrong", paths: { tests: "t" } };')).toEqual({
      kind: 'absent',
    });
    expect(sources('// paths: { sources: "commented" }\nmodule.exports = {};')).toEqual({
      kind: 'absent',
    });
    expect(
      sources(
        'module.exports = { paths: { nested: { sources: "deep" } }, other: { sources: "x" } };',
      ),
    ).toEqual({ kind: 'absent' });
  });

  it("finds a top-level key such as Truffle's contracts_directory", () => {
    expect(
      readLiteralSetting(
        "module.exports = {\n  contracts_directory: './solidity',\n};",
        'contracts_directory',
        undefined,
      ),
    ).toEqual({ kind: 'literal', values: ['./solidity'] });
  });

  it('reads only the exported configuration: an object before module.exports decides nothing', () => {
    const decoy = 'const legacy = { paths: { sources: "legacy" } };\n';
    expect(sources(`${decoy}module.exports = { paths: { sources: "contracts" } };`)).toEqual({
      kind: 'literal',
      values: ['contracts'],
    });
    expect(sources(`${decoy}module.exports = { solidity: "0.8.24" };`)).toEqual({
      kind: 'absent',
    });
    // Nor one nested in the configuration somewhere else than its own `paths`.
    expect(
      sources('module.exports = { networks: { x: { paths: { sources: "legacy" } } } };'),
    ).toEqual({ kind: 'absent' });
    // The last assignment is the one Node keeps.
    expect(
      sources(
        'module.exports = { paths: { sources: "legacy" } };\nmodule.exports = { paths: { sources: "src" } };',
      ),
    ).toEqual({ kind: 'literal', values: ['src'] });
  });

  it('follows export default, defineConfig(…), an exported const and a shorthand property', () => {
    const decoy = 'const old = { paths: { sources: "legacy" } };\n';
    for (const config of [
      'export default { paths: { sources: "src" } };',
      'export default defineConfig({ paths: { sources: "src" } });',
      'const config: HardhatUserConfig = { paths: { sources: "src" } };\nexport default config;',
      'const config = defineConfig({ paths: { sources: "src" } });\nmodule.exports = config;',
      'const paths = { sources: "src" };\nexport default { solidity: "0.8.24", paths };',
      'module.exports = { ...shared, paths: { sources: "src" } };',
      'export default { paths: { tests: "t", "sources": ["src"], cache: "c" }, networks: {} } satisfies C;',
    ]) {
      expect(sources(decoy + config), config).toEqual({ kind: 'literal', values: ['src'] });
    }
  });

  it('gives every literal value in the file when the exported configuration is not literal', () => {
    const decoy = 'const old = { paths: { sources: "legacy" } };\n';
    for (const config of [
      'module.exports = makeConfig();',
      'module.exports = { paths: { sources: path.join(__dirname, "src") } };',
      // A spread after `paths` could replace it; a member assignment could change it.
      'module.exports = { paths: { sources: "src" }, ...overrides };',
      'const config = { paths: { sources: "src" } };\nconfig.paths.sources = dir;\nmodule.exports = config;',
      '// no export at all\nconst config = { paths: { sources: "src" } };',
      'let config = { paths: { sources: "src" } };\nconfig = other;\nexport default config;',
      'const config = { paths: { sources: "src" } };\nObject.assign(config, o);\nexport default config;',
      'const config = { paths: { sources: "src" } };\nconfig["paths"] = p;\nexport default config;',
      'export = { paths: { sources: "src" } };',
      'export default { get paths() { return { sources: "src" } } };',
      'export default { paths() { return { sources: "src" } } };',
      'export default { [key]: { sources: "src" } };',
      'module.exports = { paths: { sources: "src" } };\nmodule.exports.paths = p;',
      'exports.paths = { sources: "src" };',
    ]) {
      const setting = sources(decoy + config);
      expect(setting.kind, config).toBe('not-literal');
      expect(setting, config).toMatchObject({
        candidates: expect.arrayContaining(['legacy']) as unknown,
      });
    }
  });
});
