import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { readApeConfig, readBrownieConfig } from '../../src/project/yaml-config.ts';

describe('Brownie and Ape configs', () => {
  it("reads Brownie's folders, remappings and packages", async () => {
    const config = await readBrownieConfig(
      [
        'project_structure:',
        '  contracts: src',
        'dependencies:',
        '  - OpenZeppelin/openzeppelin-contracts@4.8.0',
        'compiler:',
        '  solc:',
        '    remappings:',
        '      - "@openzeppelin=OpenZeppelin/openzeppelin-contracts@4.8.0"',
      ].join('\n'),
      'brownie-config.yaml',
    );
    expect(config).toEqual({
      contracts: 'src',
      interfaces: 'interfaces',
      tests: 'tests',
      scripts: 'scripts',
      remappings: [
        {
          context: '',
          prefix: '@openzeppelin',
          target: 'OpenZeppelin/openzeppelin-contracts@4.8.0',
        },
      ],
      packages: ['OpenZeppelin/openzeppelin-contracts@4.8.0'],
    });
    expect((await readBrownieConfig('', 'brownie-config.yaml')).contracts).toBe('contracts');
  });

  it("reads Ape's contracts_folder", async () => {
    expect(
      await readApeConfig('contracts_folder: ./vyper/\nname: pool\n', 'ape-config.yaml'),
    ).toEqual({
      contractsFolder: 'vyper',
    });
    expect(await readApeConfig('name: pool\n', 'ape-config.yaml')).toEqual({
      contractsFolder: 'contracts',
    });
  });

  it('says which file is not valid YAML', async () => {
    await expect(readApeConfig('a: [unclosed', 'pkg/ape-config.yaml')).rejects.toThrow(
      ConfigurationError,
    );
    await expect(readApeConfig('a: [unclosed', 'pkg/ape-config.yaml')).rejects.toThrow(
      /^pkg\/ape-config\.yaml is not valid YAML/,
    );
  });
});
