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
        'const config: HardhatUserConfig = {\n  solidity: "0.8.24",\n  paths: {\n    artifacts: "./build",\n    "sources": `contracts`,\n  },\n};',
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
      expect(sources(config), config).toEqual({ kind: 'not-literal' });
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
});
