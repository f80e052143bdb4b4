/**
 * src/runner.ts against @actions/core 3.0.1 (a devDependency for this comparison only): the same
 * bytes on stdout and in GITHUB_OUTPUT and the job summary, the same inputs and errors. And what
 * that escaping is for: hostile text read back as the runner reads it stays one command, one
 * annotation, one output, with the text it had.
 */
import * as core from '@actions/core';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as runner from '../src/runner.ts';
import { parseAnnotation, parseOutputFile } from './support/run-action.ts';

/** Text a hostile service or repository could put in a message, a title, a path or an output. */
const HOSTILE = [
  'plain',
  '',
  'line one\n::error::injected',
  'cr\r::warning::x\r\nlf\n',
  '%0A::add-mask::y %25 %3A %2C 100%',
  'a,title=forged,line=1:: b',
  'file.sol::error file=x,line=2::pwned',
  '::endgroup::',
  '##[error]legacy',
  'ghadelimiter_00000000-0000-0000-0000-000000000000\nverdict<<EOF\npass\nEOF',
  'ünïcödé 🔥 \u200b\u2028',
];

let written: string[];
let directory: string;
beforeEach(async () => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  directory = await mkdtemp(path.join(tmpdir(), 'runner-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  process.exitCode = undefined;
});

/** What `write` put on stdout. */
function stdoutOf(write: () => void): string {
  const from = written.length;
  write();
  return written.splice(from).join('');
}

/** A GITHUB_OUTPUT file with what `write` appended, each delimiter's UUID made the same. */
async function outputFileOf(write: () => void): Promise<string> {
  const file = path.join(directory, `output-${randomUUID()}`);
  await writeFile(file, '');
  vi.stubEnv('GITHUB_OUTPUT', file);
  write();
  const text = await readFile(file, 'utf8');
  return text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_UUID');
}

describe('workflow commands on stdout', () => {
  it.each(HOSTILE)('writes what @actions/core writes for %j', (text) => {
    for (const name of ['debug', 'info', 'notice', 'warning', 'error', 'startGroup'] as const)
      expect(stdoutOf(() => runner[name](text))).toBe(stdoutOf(() => core[name](text)));
    expect(stdoutOf(() => runner.setSecret(text))).toBe(stdoutOf(() => core.setSecret(text)));
    expect(stdoutOf(() => runner.endGroup())).toBe(stdoutOf(() => core.endGroup()));
  });

  it.each(HOSTILE)('writes the annotation properties as @actions/core does, for %j', (text) => {
    const all = {
      title: text,
      file: `contracts/${text}.sol`,
      startLine: 3,
      endLine: 7,
      startColumn: 2,
      endColumn: 9,
    };
    const cases: runner.AnnotationProperties[] = [
      all,
      { title: text },
      { file: text, startLine: 0, endLine: 1 },
      // Given but unset: core still writes a space after the command, and so do we.
      { title: undefined, file: undefined },
      {},
    ];
    for (const level of ['notice', 'warning', 'error'] as const)
      for (const properties of cases)
        expect(stdoutOf(() => runner[level](text, properties))).toBe(
          stdoutOf(() => core[level](text, properties)),
        );
  });

  it('escapes data and properties as the runner expects them', () => {
    expect(stdoutOf(() => runner.error('50% a\r\nb', { title: 'x:y,z%', startLine: 4 }))).toBe(
      '::error title=x%3Ay%2Cz%25,line=4::50%25 a%0D%0Ab\n',
    );
    expect(stdoutOf(() => runner.debug('%0A::x'))).toBe('::debug::%250A::x\n');
    expect(stdoutOf(() => runner.info('%0A'))).toBe('%0A\n');
  });

  it.each(HOSTILE)(
    'keeps %j one annotation, with its text and properties, as the runner reads it',
    (text) => {
      const properties = { title: text, file: `${text}.sol`, startLine: 1, endLine: 2 };
      const out = stdoutOf(() => runner.warning(text, properties));
      expect(out.split('\n')).toEqual([expect.any(String), '']);
      expect(parseAnnotation(out.slice(0, -1))).toEqual({
        level: 'warning',
        message: text,
        properties: {
          ...(text && { title: text }),
          file: `${text}.sol`,
          line: '1',
          endLine: '2',
        },
      });
    },
  );

  it('fails the step: exit code 1 and an error annotation', () => {
    const ours = stdoutOf(() => runner.setFailed('Verdict: fail.\n::notice::no'));
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    expect(ours).toBe(stdoutOf(() => core.setFailed('Verdict: fail.\n::notice::no')));
    expect(process.exitCode).toBe(1);
  });
});

describe('outputs', () => {
  it.each(HOSTILE)('appends to GITHUB_OUTPUT what @actions/core appends, for %j', async (text) => {
    expect(await outputFileOf(() => runner.setOutput('verdict', text))).toBe(
      await outputFileOf(() => core.setOutput('verdict', text)),
    );
  });

  it('writes each value between delimiters of its own', async () => {
    const file = path.join(directory, 'output');
    await writeFile(file, '');
    vi.stubEnv('GITHUB_OUTPUT', file);
    runner.setOutput('a', '1');
    runner.setOutput('b', '2');
    const delimiters = [...(await readFile(file, 'utf8')).matchAll(/<<(.+)\n/g)].map((m) => m[1]);
    expect(delimiters).toEqual([
      expect.stringMatching(/^ghadelimiter_[0-9a-f-]{36}$/),
      expect.stringMatching(/^ghadelimiter_[0-9a-f-]{36}$/),
    ]);
    expect(delimiters[0]).not.toBe(delimiters[1]);
  });

  it('keeps a value with line breaks and delimiter-like lines one output, as the runner reads it', async () => {
    const file = path.join(directory, 'output');
    await writeFile(file, '');
    vi.stubEnv('GITHUB_OUTPUT', file);
    for (const text of HOSTILE) {
      runner.setOutput('results-file', text);
      expect(parseOutputFile(await readFile(file, 'utf8'))).toEqual({ 'results-file': text });
    }
  });

  it('draws another delimiter when the name or value holds the first, and keeps the output whole', async () => {
    // Math.random pinned to 0.5 for the first draw (four 32-bit draws), so it is known; a value
    // made to hold it gets a delimiter from the secret draws that follow, not from Math.random.
    const first = 'ghadelimiter_80000000-8000-0000-8000-000080000000';
    const file = path.join(directory, 'output');
    for (const [name, value] of [
      ['verdict', `pass\n${first}\nverdict<<X\nfail`],
      [`out-${first}`, 'pass'],
    ] as const) {
      await writeFile(file, '');
      vi.stubEnv('GITHUB_OUTPUT', file);
      const random = vi.spyOn(Math, 'random').mockImplementation(() => {
        throw new Error('Math.random drawn again after a collision');
      });
      for (let draw = 0; draw < 4; draw += 1) random.mockReturnValueOnce(0.5);
      runner.setOutput(name, value);
      random.mockRestore();
      const text = await readFile(file, 'utf8');
      const delimiter = text.slice(name.length + 2, text.indexOf('\n'));
      expect(delimiter).toMatch(
        /^ghadelimiter_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(delimiter).not.toBe(first);
      expect(parseOutputFile(text)).toEqual({ [name]: value });
    }
  });

  it('refuses a GITHUB_OUTPUT that does not exist, as @actions/core does', () => {
    const missing = path.join(directory, 'missing');
    vi.stubEnv('GITHUB_OUTPUT', missing);
    expect(() => runner.setOutput('a', 'b')).toThrow(`Missing file at path: ${missing}`);
    expect(() => core.setOutput('a', 'b')).toThrow(`Missing file at path: ${missing}`);
  });

  it('falls back to ::set-output without GITHUB_OUTPUT, as @actions/core does', () => {
    vi.stubEnv('GITHUB_OUTPUT', '');
    for (const text of HOSTILE)
      expect(stdoutOf(() => runner.setOutput('na:me,x', text))).toBe(
        stdoutOf(() => core.setOutput('na:me,x', text)),
      );
  });
});

describe('inputs', () => {
  const values = [
    '',
    '  spaced  ',
    'true',
    'True',
    'TRUE',
    'false',
    'yes',
    ' a\n\n b \n#c\n',
    'tRue',
  ];

  it.each(values)('reads %j as @actions/core does, by the INPUT_ variable', (value) => {
    vi.stubEnv('INPUT_WORKING_DIRECTORY', value);
    vi.stubEnv('INPUT_FAIL-ON', value);
    for (const name of ['working directory', 'fail-on']) {
      expect(runner.getInput(name)).toBe(core.getInput(name));
      expect(runner.getMultilineInput(name)).toEqual(core.getMultilineInput(name));
      const boolean = (read: () => boolean) => {
        try {
          return read();
        } catch (error) {
          return error;
        }
      };
      expect(boolean(() => runner.getBooleanInput(name))).toEqual(
        boolean(() => core.getBooleanInput(name)),
      );
    }
  });

  it('says which spellings a boolean input takes', () => {
    vi.stubEnv('INPUT_PR-COMMENT', 'yes');
    expect(() => runner.getBooleanInput('pr-comment')).toThrow(
      new TypeError(
        'Input does not meet YAML 1.2 "Core Schema" specification: pr-comment\n' +
          'Support boolean input list: `true | True | TRUE | false | False | FALSE`',
      ),
    );
  });
});

describe('the job summary', () => {
  it('appends the text and a line break, as @actions/core does', async () => {
    const [ours, theirs] = [path.join(directory, 'ours.md'), path.join(directory, 'theirs.md')];
    await Promise.all([writeFile(ours, 'before\n'), writeFile(theirs, 'before\n')]);
    vi.stubEnv('GITHUB_STEP_SUMMARY', ours);
    await runner.appendSummary('## Audit\n\n| a | b |');
    await runner.appendSummary('again');
    vi.stubEnv('GITHUB_STEP_SUMMARY', theirs);
    await core.summary.addRaw('## Audit\n\n| a | b |', true).write();
    await core.summary.addRaw('again', true).write();
    expect(await readFile(ours, 'utf8')).toBe(await readFile(theirs, 'utf8'));
    expect(await readFile(ours, 'utf8')).toBe('before\n## Audit\n\n| a | b |\nagain\n');
  });

  it("fails with @actions/core's messages when there is no summary file", async () => {
    vi.stubEnv('GITHUB_STEP_SUMMARY', '');
    await expect(runner.appendSummary('x')).rejects.toThrow(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
    );
    const missing = path.join(directory, 'missing', 'summary.md');
    vi.stubEnv('GITHUB_STEP_SUMMARY', missing);
    await expect(runner.appendSummary('x')).rejects.toThrow(
      `Unable to access summary file: '${missing}'. Check if the file has correct read/write permissions.`,
    );
  });
});
