import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { INPUT_OPTIONS } from '../../src/cli/options.ts';
import { CLI_VOCABULARY } from '../../src/cli/vocabulary.ts';
import { parseBaseUrl } from '../../src/engine/settings.ts';
import { ACTION_OPTION_NAMES, OPTION_NAMES } from '../../src/vocabulary.ts';

describe("the command's vocabulary", () => {
  it('names as options exactly the inputs the command takes, and every input is one kind or the other', async () => {
    expect(INPUT_OPTIONS.map((spec) => spec.name).sort()).toEqual([...OPTION_NAMES].sort());
    const action = parse(
      await readFile(path.resolve(import.meta.dirname, '../../action.yml'), 'utf8'),
    ) as { inputs: Record<string, unknown> };
    expect([...OPTION_NAMES, ...ACTION_OPTION_NAMES].sort()).toEqual(
      Object.keys(action.inputs).sort(),
    );
    expect(OPTION_NAMES.every((name) => CLI_VOCABULARY.takes(name))).toBe(true);
    expect(ACTION_OPTION_NAMES.some((name) => CLI_VOCABULARY.takes(name))).toBe(false);
  });

  it('says each word as a command line takes it, and the Action as a workflow does', () => {
    expect(CLI_VOCABULARY.optionNamed('max-files')).toBe('--max-files');
    expect(ACTION_VOCABULARY.optionNamed('max-files')).toBe('input `max-files`');
    expect(CLI_VOCABULARY.setting('dependencies', 'exclude')).toBe('--dependencies exclude');
    expect(ACTION_VOCABULARY.setting('dependencies', 'exclude')).toBe('`dependencies: exclude`');
    expect(CLI_VOCABULARY.setting('exclude', '!mocks/')).toBe("--exclude '!mocks/'");
    // The ids of several audits are JSON: quoted for a POSIX shell, and for YAML.
    expect(CLI_VOCABULARY.resume(`{"a":"it's"}`)).toBe(`--audit-id '{"a":"it'\\''s"}'`);
    expect(ACTION_VOCABULARY.resume(`{"a":"it's"}`)).toBe(`\`audit-id: '{"a":"it''s"}'\``);
    expect(CLI_VOCABULARY.resume('a1')).toBe('--audit-id a1');
  });

  it("gives the engine's reader the command's words: a missing base URL names the flag", () => {
    expect(() => parseBaseUrl('', CLI_VOCABULARY)).toThrow(
      '--base-url is required: set it to the audit service address, e.g. https://api.example-audit.com',
    );
    expect(() => parseBaseUrl('', ACTION_VOCABULARY)).toThrow('Input `base-url` is required');
  });
});
