import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/errors.ts';
import { getInputs as getActionInputs } from '../../src/action/inputs.ts';
import { createActionLogger } from '../../src/action/logger.ts';
import { ACTION_VOCABULARY } from '../../src/action/vocabulary.ts';
import { parseBaseUrl } from '../../src/engine/settings.ts';
import { Redactor } from '../../src/redaction.ts';

const getInputs = () => {
  const redactor = new Redactor();
  return getActionInputs(createActionLogger(redactor), redactor);
};

const workspace = mkdtempSync(path.join(tmpdir(), 'inputs-'));
const saved = { ...process.env };

function setInputs(inputs: Record<string, string>): void {
  process.env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('INPUT_')),
  );
  for (const [name, value] of Object.entries(inputs))
    process.env[`INPUT_${name.toUpperCase()}`] = value;
}

beforeEach(() => {
  process.env['GITHUB_WORKSPACE'] = workspace;
  process.env['GITHUB_REPOSITORY'] = 'acme/vaults';
  process.env['RUNNER_TEMP'] = path.join(workspace, '.tmp');
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});

afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

describe('getInputs', () => {
  it('applies the documented defaults', () => {
    setInputs({ 'api-key': 'k-123', 'base-url': 'https://audit.example.com' });
    const settings = getInputs();
    expect(settings).toMatchObject({
      apiKey: 'k-123',
      projectName: 'vaults',
      contractPatterns: ['**/*.sol', '**/*.vy', '**/*.vyi'],
      defaultContractPatterns: true,
      excludePatterns: [],
      useDefaultExcludes: true,
      workingDirectory: workspace,
      pathPrefix: '',
      failOn: 'low',
      timeoutMs: 30 * 60_000,
      pollIntervalMs: 5_000,
      ifNoFilesFound: 'error',
      auditId: undefined,
      wait: true,
      finishPending: false,
      outputDirectory: path.join(workspace, '.tmp'),
      limits: { maxFiles: 1000, maxFileBytes: 1024 * 1024, maxTotalBytes: 50 * 1024 * 1024 },
    });
    expect(settings.baseUrl.href).toBe('https://audit.example.com/');
  });

  it('takes an input holding an unexpanded ${{ }} expression as not given, with one notice', () => {
    const write = vi.mocked(process.stdout.write);
    setInputs({
      'api-key': 'k-123',
      'base-url': 'https://audit.example.com',
      'github-token': '${{ github.token }}',
      'project-name': 'vaults-${{ github.ref_name }}',
    });
    const settings = getInputs();
    expect(settings.githubToken).toBe('');
    expect(settings.projectName).toBe('vaults');
    const notices = write.mock.calls
      .map(([text]) => String(text))
      .filter((text) => text.startsWith('::notice'));
    expect(notices).toEqual([
      expect.stringMatching(
        /^::notice::`github-token`, `project-name` held an unexpanded `\$\{\{ … \}\}` expression, so they were taken as not given\./,
      ),
    ]);
    // A token that is a template is never sent or masked.
    expect(write.mock.calls.map(([text]) => String(text))).not.toContain(
      '::add-mask::${{ github.token }}\n',
    );
    getInputs();
    expect(write.mock.calls.filter(([text]) => String(text).startsWith('::notice'))).toHaveLength(
      2,
    );
  });

  it('masks the API key before anything else', () => {
    const write = vi.mocked(process.stdout.write);
    setInputs({ 'api-key': 'k-secret', 'base-url': 'https://audit.example.com' });
    getInputs();
    expect(String(write.mock.calls[0]?.[0])).toBe('::add-mask::k-secret\n');
  });

  it('reads every input', () => {
    setInputs({
      'api-key': 'k',
      'base-url': 'http://127.0.0.1:8080/api',
      'project-name': 'core',
      contracts: 'src/**/*.sol\n# comment\n\n!src/mocks/**',
      exclude: 'legacy/',
      'default-excludes': 'false',
      'working-directory': 'packages/core',
      'fail-on': 'HIGH',
      'timeout-minutes': '0.5',
      'poll-interval-seconds': '2.5',
      'if-no-files-found': 'warn',
      'audit-id': ' a-42 ',
      'max-files': '10',
      'max-file-size-kb': '64',
      'max-total-size-mb': '1.5',
      wait: 'false',
      'finish-pending': 'true',
    });
    expect(getInputs()).toMatchObject({
      projectName: 'core',
      contractPatterns: ['src/**/*.sol', '!src/mocks/**'],
      defaultContractPatterns: false,
      excludePatterns: ['legacy/'],
      useDefaultExcludes: false,
      workingDirectory: path.join(workspace, 'packages/core'),
      pathPrefix: 'packages/core/',
      failOn: 'high',
      timeoutMs: 30_000,
      pollIntervalMs: 2_500,
      ifNoFilesFound: 'warn',
      auditId: 'a-42',
      wait: false,
      finishPending: true,
      limits: { maxFiles: 10, maxFileBytes: 64 * 1024, maxTotalBytes: 1.5 * 1024 * 1024 },
    });
  });

  it.each([
    [
      { 'fail-on': 'severe' },
      'Input `fail-on` is "severe"; it must be one of: critical, high, medium, low, info, none.',
    ],
    [{ 'timeout-minutes': '-1' }, 'Input `timeout-minutes` is "-1"; it must be a positive number'],
    [{ 'poll-interval-seconds': 'soon' }, 'Input `poll-interval-seconds` is "soon"'],
    [
      { 'if-no-files-found': 'fail' },
      'Input `if-no-files-found` is "fail"; it must be one of: error, warn, ignore.',
    ],
    [{ 'default-excludes': 'yes' }, 'Input `default-excludes` must be true or false.'],
    [{ wait: 'later' }, 'Input `wait` must be true or false.'],
    [
      { 'fork-pull-requests': 'audit' },
      'Input `fork-pull-requests` is "audit"; it must be one of: skip, collect.',
    ],
    [{ 'max-files': '2.5' }, 'Input `max-files` is "2.5"; it must be a whole number.'],
    [{ 'working-directory': '../elsewhere' }, 'is outside the workspace'],
    [
      { baseline: '../accepted.json' },
      'Input `baseline` (../accepted.json) is outside the workspace',
    ],
    [{ 'sarif-file': '/etc/audit.sarif' }, 'is outside the workspace and RUNNER_TEMP'],
    [{ 'sarif-file': '../audit.sarif' }, 'is outside the workspace and RUNNER_TEMP'],
    [{ 'audit-id': 'x-k-key-0123456789' }, 'Input `audit-id` contains the API key'],
    // JSON's escapes decode to the key only once parsed: checked after decoding too.
    [{ 'audit-id': '{"packages/a":"k-key-0123456789"}' }, 'Input `audit-id` contains the API key'],
    [{ 'audit-id': '{"packages/a":"k-k\\u0001ey-0123456789"}' }, 'holds a control character'],
    [{ 'api-key': 'sk_live_0123\n4567' }, 'contains a line break or another control character'],
    [{ 'api-key': 'sk_live_0123\u20134567' }, 'contains characters an HTTP header cannot carry'],
  ])('rejects %o with an actionable message', (inputs, message) => {
    setInputs({
      'api-key': 'k-key-0123456789',
      'base-url': 'https://audit.example.com',
      ...inputs,
    });
    expect(() => getInputs()).toThrow(ConfigurationError);
    expect(() => getInputs()).toThrow(message);
  });
});

describe('getInputs: the project name a pending run keeps', () => {
  const given = (inputs: Record<string, string>) =>
    setInputs({
      'api-key': 'k-key-0123456789',
      'base-url': 'https://audit.example.com',
      ...inputs,
    });

  it.each([
    [
      '301 characters',
      'v'.repeat(301),
      'Input `project-name` is 301 characters long',
      'Shorten `project-name`',
    ],
    [
      'a zero-width joiner',
      'Vaults 👩\u200d💻',
      'holds the invisible character U+200D',
      'Remove it from `project-name`',
    ],
    [
      'a soft hyphen',
      'core\u00adv2',
      'holds the invisible character U+00AD',
      'Remove it from `project-name`',
    ],
    ['a tab', 'core\tv2', 'holds the invisible character U+0009', 'Remove it from `project-name`'],
  ])(
    'refuses a project-name of %s with `wait: false`, saying why and how to fix it, before anything is uploaded',
    (_label, name, why, fix) => {
      given({ 'project-name': name, wait: 'false' });
      expect(() => getInputs()).toThrow(ConfigurationError);
      expect(() => getInputs()).toThrow(why);
      expect(() => getInputs()).toThrow(fix);
      expect(() => getInputs()).toThrow(/, or run with `wait: true`\. Nothing was uploaded\.$/);
    },
  );

  it('takes 300 characters with `wait: false`, and any name from a waiting or finishing run', () => {
    const longest = 'v'.repeat(300);
    given({ 'project-name': longest, wait: 'false' });
    expect(getInputs().projectName).toBe(longest);
    for (const name of ['v'.repeat(301), 'Vaults 👩\u200d💻']) {
      given({ 'project-name': name });
      expect(getInputs().projectName).toBe(name);
      given({ 'project-name': name, wait: 'false', 'finish-pending': 'true' });
      expect(getInputs().projectName).toBe(name);
    }
  });
});

describe('getInputs: a working directory that leads outside', () => {
  it('refuses a link out of the workspace before anything is walked, and takes one that stays in', () => {
    symlinkSync('/', path.join(workspace, 'root-link'));
    mkdirSync(path.join(workspace, 'packages/vault'), { recursive: true });
    symlinkSync('packages/vault', path.join(workspace, 'vault-link'));
    setInputs({
      'api-key': 'k-key-0123456789',
      'base-url': 'https://audit.example.com',
      'working-directory': 'root-link',
    });
    expect(() => getInputs()).toThrow(
      'Input `working-directory` (' +
        path.join(workspace, 'root-link') +
        ') leads outside the workspace through a symbolic link (to /)',
    );
    setInputs({
      'api-key': 'k-key-0123456789',
      'base-url': 'https://audit.example.com',
      'working-directory': 'vault-link',
    });
    expect(getInputs().pathPrefix).toBe('vault-link/');
  });
});

describe('getInputs: keys and output files', () => {
  it('never quotes a key it refuses', () => {
    setInputs({ 'api-key': 'sk_live_0123\u20134567', 'base-url': 'https://audit.example.com' });
    expect(() => getInputs()).toThrow(
      expect.not.objectContaining({ message: expect.stringContaining('0123') }),
    );
  });

  it('warns about a key shorter than 8 characters, and takes it', () => {
    const write = vi.mocked(process.stdout.write);
    setInputs({ 'api-key': 'k-12345', 'base-url': 'https://audit.example.com' });
    expect(getInputs().apiKey).toBe('k-12345');
    const warnings = write.mock.calls
      .map(([line]) => String(line))
      .filter((l) => l.startsWith('::warning::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('only 7 characters long');
    expect(warnings[0]).not.toContain('k-12345');
  });

  it('does not warn about a key of 8 characters or more', () => {
    const write = vi.mocked(process.stdout.write);
    setInputs({ 'api-key': 'k-123456', 'base-url': 'https://audit.example.com' });
    getInputs();
    expect(write.mock.calls.map(([line]) => String(line))).not.toContainEqual(
      expect.stringMatching(/^::warning::/),
    );
  });

  it('writes `sarif-file` inside the workspace or RUNNER_TEMP, and leaves the default name to the run', () => {
    setInputs({ 'api-key': 'k-123456', 'base-url': 'https://audit.example.com' });
    expect(getInputs().sarifFile).toBeUndefined();
    setInputs({
      'api-key': 'k-123456',
      'base-url': 'https://audit.example.com',
      'sarif-file': 'reports/a.sarif',
    });
    expect(getInputs().sarifFile).toBe(path.join(workspace, 'reports/a.sarif'));
    const runnerTemp = mkdtempSync(path.join(tmpdir(), 'runner-temp-'));
    process.env['RUNNER_TEMP'] = runnerTemp;
    const inTemp = path.join(runnerTemp, 'a.sarif');
    setInputs({
      'api-key': 'k-123456',
      'base-url': 'https://audit.example.com',
      'sarif-file': inTemp,
    });
    expect(getInputs().sarifFile).toBe(inTemp);
  });
});

describe('parseBaseUrl', () => {
  it.each([
    'https://audit.example.com',
    'http://127.0.0.1:3000',
    'http://127.8.9.10',
    'http://localhost:1',
    'http://[::1]:8080/x',
  ])('accepts %s', (url) => {
    expect(parseBaseUrl(url, ACTION_VOCABULARY).href.startsWith(url.replace(/\/x$/, ''))).toBe(
      true,
    );
  });

  it.each([
    ['', 'Input `base-url` is required'],
    ['audit.example.com', 'is not a valid URL'],
    ['http://audit.example.com', 'plain http:// for audit.example.com'],
    ['http://10.0.0.1', 'plain http:// for 10.0.0.1'],
    ['http://127.0.0.1.evil.com', 'plain http:// for 127.0.0.1.evil.com'],
    ['ftp://audit.example.com', 'must start with https://'],
    ['https://user:pw@audit.example.com', 'must not contain credentials'],
    ['https://audit.example.com/?token=1', 'must not have a query string'],
  ])('refuses %j before any request', (url, message) => {
    expect(() => parseBaseUrl(url, ACTION_VOCABULARY)).toThrow(message);
  });
});

describe('getInputs: Foundry variables the search does not follow', () => {
  it('names those set, which forge would follow over foundry.toml', () => {
    const write = vi.mocked(process.stdout.write);
    setInputs({ 'api-key': 'k-12345678', 'base-url': 'https://audit.example.com' });
    process.env['FOUNDRY_REMAPPINGS'] = '@oz/=lib/oz/';
    process.env['DAPP_SRC'] = 'contracts';
    process.env['FOUNDRY_PROFILE'] = 'ci';
    expect(getInputs().foundryProfile).toBe('ci');
    const warnings = write.mock.calls
      .map(([line]) => String(line))
      .filter((l) => l.startsWith('::warning::'));
    expect(warnings).toEqual([
      '::warning::FOUNDRY_REMAPPINGS, DAPP_SRC are set: forge would follow them over foundry.toml, but the projects are found from foundry.toml, remappings.txt and FOUNDRY_PROFILE only, so the files sent may differ from those forge compiles. Put the setting in foundry.toml, under a profile FOUNDRY_PROFILE names.\n',
    ]);
  });

  it('says nothing when none is set', () => {
    const write = vi.mocked(process.stdout.write);
    setInputs({ 'api-key': 'k-12345678', 'base-url': 'https://audit.example.com' });
    process.env['FOUNDRY_PROFILE'] = 'ci';
    getInputs();
    expect(write.mock.calls.map(([line]) => String(line))).not.toContainEqual(
      expect.stringMatching(/^::warning::/),
    );
  });
});
