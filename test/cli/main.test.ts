/**
 * The command's main() in process, as its entry calls it, with captured streams: a dry run, an
 * audit against the reference service with every report file, a terminal's live line and
 * colour, the exits for a bad option, a missing key and a timeout, and the engine's advice in
 * the command's words.
 */
import { mkdir, mkdtemp, readFile, readdir, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { main, type CommandEnvironment } from '../../src/cli/main.ts';
import { initRepository } from '../support/git-commit.ts';
import { demoWorkspace, layoutWorkspace } from '../support/layouts.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

const serve = useAuditService();
// Outside any repository: the demo is the whole of what is audited.
const demo = await demoWorkspace();

function capture(isTTY = false) {
  const text: string[] = [];
  return { isTTY, columns: 100, text, write: (chunk: string) => text.push(chunk) };
}

async function command(argv: string[], env: NodeJS.ProcessEnv = {}, tty = false, cwd = demo) {
  const stdout = capture(tty);
  const stderr = capture(tty);
  const cli: CommandEnvironment = { argv, env, cwd, stdout, stderr };
  const code = await main(cli);
  return { code, stdout: stdout.text.join(''), stderr: stderr.text.join('') };
}

describe('contract-audit, in process', () => {
  it('--help and --version answer and exit 0', async () => {
    const help = await command(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fail-on');
    expect(help.stdout).toContain('CONTRACT_AUDIT_API_KEY');
    expect((await command(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a dry run lists what would be sent, with no key and no network', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'cli-dry-run-'));
    const run = await command(['--dry-run', '--sarif', path.join(out, 'a.sarif'), '.']);
    expect(run.code).toBe(0);
    // A report option is not dropped unseen: the run says no file comes of it.
    expect(run.stdout).toContain('warning: --sarif: a dry run writes no report file.');
    expect(await readdir(out)).toEqual([]);
    expect(run.stdout).toContain('Dry run: nothing was sent.');
    expect(run.stdout).toContain('src/Vault.sol');
    expect(run.stdout).toContain(
      'solmate/utils/SafeTransferLib.sol (lib/solmate/src/utils/SafeTransferLib.sol)',
    );
  });

  it('names a Foundry variable of its environment that forge would follow and the search does not', async () => {
    const run = await command(['--dry-run', '.'], { FOUNDRY_LIBS: 'deps' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'warning: FOUNDRY_LIBS is set: forge would follow it over foundry.toml, but the projects are found from foundry.toml, remappings.txt and FOUNDRY_PROFILE only',
    );
  });

  it('audits, writes every report file, and exits 1 on findings', async () => {
    const service = await serve();
    const out = await mkdtemp(path.join(tmpdir(), 'cli-reports-'));
    const files = ['a.sarif', 'a.json', 'cq.json', 'junit.xml'].map((name) => path.join(out, name));
    const run = await command(
      [
        '--base-url',
        service.url,
        '--poll-interval-seconds',
        '0.02',
        '--sarif',
        files[0]!,
        '--json',
        files[1]!,
        '--codequality',
        files[2]!,
        '--junit',
        files[3]!,
        '.',
      ],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Verdict: fail\. /);
    expect(run.stdout).toMatch(
      /^CRITICAL src\/Wallet\.sol:\d+ {2}Unprotected selfdestruct \[SWC-106\]$/m,
    );
    // A pipe: plain lines, no escape code.
    expect(run.stderr).not.toContain('\u001b');
    const codeQuality = JSON.parse(await readFile(files[2]!, 'utf8')) as { fingerprint: string }[];
    expect(new Set(codeQuality.map((issue) => issue.fingerprint)).size).toBe(codeQuality.length);
    expect(await readFile(files[3]!, 'utf8')).toMatch(/^<\?xml/);
    expect(JSON.parse(await readFile(files[1]!, 'utf8'))).toMatchObject({ verdict: 'fail' });
    for (const file of files) expect(await readFile(file, 'utf8')).not.toContain(service.apiKey);
  });

  it('on a terminal, draws one live line in colour, and none with NO_COLOR', async () => {
    const service = await serve();
    const args = [
      '--base-url',
      service.url,
      '--poll-interval-seconds',
      '0.02',
      '--fail-on',
      'none',
      '.',
    ];
    const coloured = await command(args, { CONTRACT_AUDIT_API_KEY: service.apiKey }, true);
    expect(coloured.code).toBe(0);
    expect(coloured.stderr).toContain('\r\u001b[2K');
    expect(coloured.stdout).toContain('\u001b[');
    const plainRun = await command(
      args,
      { CONTRACT_AUDIT_API_KEY: service.apiKey, NO_COLOR: '1' },
      true,
    );
    expect(plainRun.stdout).not.toContain('\u001b[');
  });

  it('on a terminal that takes no escape codes (TERM=dumb), writes plain lines as in a pipe', async () => {
    const service = await serve();
    const run = await command(
      ['--base-url', service.url, '--poll-interval-seconds', '0.02', '--fail-on', 'none', '.'],
      { CONTRACT_AUDIT_API_KEY: service.apiKey, TERM: 'dumb' },
      true,
    );
    expect(run.code).toBe(0);
    expect(run.stderr.split('\n')).toContain('Audit started: audit-1');
    expect(run.stdout + run.stderr).not.toContain('\u001b');
    expect(run.stderr).not.toContain('\r');
  });

  it('reads nothing above the repository it runs in, and refuses a --working-directory there', async () => {
    const parent = await workspaceWith({
      'node_modules/@openzeppelin/contracts/token/ERC20/IERC20.sol': 'interface IERC20 {}\n',
      'vaults/packages/core/contracts/Vault.sol':
        'import "@openzeppelin/contracts/token/ERC20/IERC20.sol";\ncontract Vault {}\n',
    });
    const root = path.join(parent, 'vaults');
    initRepository(root);
    const dry = await command(['--dry-run'], {}, false, path.join(root, 'packages/core'));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      'packages/core/contracts/Vault.sol:1 imports "@openzeppelin/contracts/token/ERC20/IERC20.sol": no file was found',
    );
    expect(dry.stdout).not.toContain('Dependencies (');
    const above = await command(['--dry-run', '--working-directory', '..'], {}, false, root);
    expect(above.code).toBe(2);
    expect(above.stderr).toContain(`is outside the workspace (${await realpath(root)})`);
    const both = await command(
      ['--dry-run', '--working-directory', 'packages/core', 'packages'],
      {},
      false,
      root,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      'The directory given (packages) and --working-directory packages/core name different folders',
    );
  });

  it('exits 2 naming what is wrong: a bad value, an unknown option, no key', async () => {
    const bad = await command([
      '--base-url',
      'https://audit.example.com',
      '--fail-on',
      'bogus',
      '.',
    ]);
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.stderr).toContain('--fail-on is "bogus"');
    expect((await command(['--no-such-option'])).code).toBe(2);
    const keyless = await command(['--base-url', 'https://audit.example.com', '.']);
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('CONTRACT_AUDIT_API_KEY is not set');
    const nowhere = await command(['.'], { CONTRACT_AUDIT_API_KEY: 'a-key-of-some-length' });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain(
      'No audit service address: pass --base-url URL or export CONTRACT_AUDIT_BASE_URL (e.g. https://api.example-audit.com).',
    );
  });

  it('refuses a timeout longer than a timer can wait, which would make every wait a busy loop', async () => {
    const service = await serve({ pollsUntilDone: 1_000 });
    const run = await command(
      [
        ...['--base-url', service.url, '.'],
        ...['--timeout-minutes', '100000', '--poll-interval-seconds', '3000000'],
      ],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--timeout-minutes is "100000"; it must be at most 10080 (a week).',
    );
    expect(service.uploads).toHaveLength(0);
  });

  it('exits 3 on a timeout, printing the command that resumes the audit', async () => {
    const service = await serve({ pollsUntilDone: 1_000 });
    const run = await command(
      [
        '--base-url',
        service.url,
        '--timeout-minutes',
        '0.01',
        '--poll-interval-seconds',
        '0.05',
        '.',
      ],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(3);
    expect(run.stdout + run.stderr).toContain('--audit-id audit-1');
  });

  it('exits 3 when the time runs out while the projects are found, with the results file saying so', async () => {
    const service = await serve();
    const out = await mkdtemp(path.join(tmpdir(), 'cli-timeout-'));
    const results = path.join(out, 'results.json');
    const run = await command(
      ['--base-url', service.url, '--timeout-minutes', '0.000001', '--json', results, '.'],
      { CONTRACT_AUDIT_API_KEY: service.apiKey },
    );
    expect(run.code).toBe(3);
    expect(run.stdout).toContain(
      'Verdict: timeout. The time limit (--timeout-minutes) ran out during discovery, while looking for project configs: nothing was uploaded. ' +
        'Raise --timeout-minutes, or narrow the search (--working-directory, --contracts, --exclude, or the project config).',
    );
    expect(JSON.parse(await readFile(results, 'utf8'))).toMatchObject({ verdict: 'timeout' });
    expect(service.uploads).toHaveLength(0);
  });

  it('refuses, before anything is sent, report files it could not write: one named twice, a missing folder, a directory', async () => {
    const service = await serve();
    const out = await mkdtemp(path.join(tmpdir(), 'cli-report-paths-'));
    await mkdir(path.join(out, 'folder'));
    const cases: [string[], string][] = [
      [
        ['--json', path.join(out, 'x'), '--sarif', path.join(out, '.', 'x')],
        `--sarif and --json both name ${path.join(out, 'x')}`,
      ],
      [
        ['--junit', path.join(out, 'no', 'such', 'junit.xml')],
        `The folder of --junit, ${path.join(out, 'no', 'such')}, does not exist`,
      ],
      [['--codequality', path.join(out, 'folder')], `--codequality names a directory`],
    ];
    for (const [args, message] of cases) {
      const run = await command(['--base-url', service.url, ...args, '.'], {
        CONTRACT_AUDIT_API_KEY: service.apiKey,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
    }
    expect(service.uploads).toHaveLength(0);
  });

  it('names the key by the variable it comes from, never as an input the command does not have', async () => {
    const service = await serve();
    const badKey = await command(['--base-url', service.url, '.'], {
      CONTRACT_AUDIT_API_KEY: 'sk_live\n2c7e1b3d',
    });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain(
      'The key in `CONTRACT_AUDIT_API_KEY` contains a line break or another control character',
    );
    const refused = await command(['--base-url', service.url, '.'], {
      CONTRACT_AUDIT_API_KEY: 'not-the-service-key-1234',
    });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('check the key in `CONTRACT_AUDIT_API_KEY`');
    expect(badKey.stderr + refused.stdout + refused.stderr).not.toContain('api-key');
  });

  it('on an interrupt while it waits, exits 130 with the command that collects the audit; before any audit, without', async () => {
    const service = await serve({ pollsUntilDone: 1_000 });
    let interrupt!: (signal: NodeJS.Signals) => void;
    const stdout = capture();
    const stderr = capture();
    const run = main({
      argv: ['--base-url', service.url, '--poll-interval-seconds', '0.05', '.'],
      env: { CONTRACT_AUDIT_API_KEY: service.apiKey },
      cwd: demo,
      stdout,
      stderr,
      interrupt: new Promise((resolve) => (interrupt = resolve)),
    });
    while (!stderr.text.join('').includes('Audit started')) await sleep(20);
    interrupt('SIGINT');
    expect(await run).toBe(130);
    const said = stderr.text.join('');
    expect(said).toContain('Interrupted: no report was written.');
    expect(said).toContain('--audit-id audit-1');

    const early = capture();
    const code = await main({
      argv: ['--dry-run', '.'],
      env: {},
      cwd: demo,
      stdout: capture(),
      stderr: early,
      interrupt: Promise.resolve('SIGTERM'),
    });
    expect(code).toBe(143);
    expect(early.text.join('')).toBe('contract-audit: Interrupted: no report was written.\n');
  });

  it('exits 2 without a service address or a directory to audit, and 3 when a dry run runs out of time', async () => {
    const noAddress = await command(['.'], { CONTRACT_AUDIT_API_KEY: 'a-key-long-enough' });
    expect(noAddress.code).toBe(2);
    expect(noAddress.stderr).toContain('pass --base-url URL or export CONTRACT_AUDIT_BASE_URL');
    const notFolder = await command(['--dry-run', 'foundry.toml']);
    expect(notFolder.code).toBe(2);
    expect(notFolder.stderr).toMatch(/foundry\.toml is not a directory\./);
    const late = await command(['--dry-run', '--timeout-minutes', '0.000001', '.']);
    expect(late.code).toBe(3);
    expect(late.stderr).toContain(
      'The time limit (--timeout-minutes) ran out during discovery, while looking for project configs',
    );
  });
});

describe("the engine's advice, in the command's words", () => {
  it('names options as flags: submodules, excludes, the working directory, a limit, the base URL', async () => {
    const submodule = await layoutWorkspace('foundry-empty-submodule');
    await mkdir(path.join(submodule, 'src/oracles'));
    const empty = await command(['--dry-run', '.'], {}, false, submodule);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain(
      '  - src/oracles/\nRun `git submodule update --init --recursive`.\n',
    );

    const mocks = await workspaceWith({ 'src/A.sol': CONTRACT, 'mocks/M.sol': CONTRACT });
    const excluded = await command(['--dry-run', '.'], {}, false, mocks);
    expect(excluded.stdout).toContain(
      'To audit one of them, add `!<path>` to --exclude (e.g. `!mocks/`), or set --default-excludes to false.',
    );

    const outside = await command(['--dry-run', '--contracts', '../x.sol', '.']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain(
      'Pattern `../x.sol` in --contracts points outside --working-directory (',
    );
    const none = await command(['--dry-run', '.'], {}, false, await workspaceWith({ 'a.md': '' }));
    expect(none.code).toBe(2);
    // The command has no if-no-files-found: no advice to set it.
    expect(none.stderr).toMatch(/Check --contracts, --exclude and --working-directory\.\n$/);

    const tooMany = await command(['--dry-run', '--max-files', '1', '.']);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('at most 1 may be uploaded (--max-files).');
    expect(tooMany.stderr).toContain('or raise --max-files.');

    const key = { CONTRACT_AUDIT_API_KEY: 'a-key-long-enough' };
    const credentials = await command(['--base-url', 'https://u:p@a.example', '.'], key);
    expect(credentials.stderr).toBe(
      'contract-audit: --base-url must not contain credentials; pass the key in `CONTRACT_AUDIT_API_KEY` instead.\n',
    );
    const everyone = [empty, excluded, outside, none, tooMany, credentials]
      .map((run) => run.stdout + run.stderr)
      .join('');
    expect(everyone).not.toMatch(/\binput\b|actions\/checkout|`[a-z]+-[a-z-]+`/i);
  });
});
