/**
 * What reaches the terminal: no escape sequence from the service, colour and one live status
 * line only on a terminal (a pseudo-terminal through `script`), no colour with NO_COLOR, and a
 * help that lists every option with action.yml's default.
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS, INPUT_OPTIONS } from '../../src/cli/options.ts';
import { actionDefaults } from '../support/run-action.ts';
import { demoWorkspace } from '../support/layouts.ts';
import { runCli } from '../support/run-cli.ts';
import { answerEveryPoll } from '../support/scenarios.ts';
import { useAuditService } from '../support/service.ts';
import { CONTRACT, workspaceWith } from '../support/workspace.ts';

// Outside any repository: the demo is the whole of what is audited.
const demo = await demoWorkspace();
const serve = useAuditService();

/** ESC, CSI (C1), BEL and the other controls a terminal acts on, but line feeds. */
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/;

describe('contract-audit on a terminal', () => {
  it('shows the text of a hostile service, never its escape sequences', async () => {
    const svc = await serve({ pollsUntilDone: 0 });
    const hostile = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\r\u202eevil';
    answerEveryPoll(svc, {
      audit_id: 'audit-1',
      status: 'completed',
      report_url: `https://report.example/${hostile}`,
      findings: [
        {
          title: `Reentrancy${hostile}`,
          severity: 'high',
          check: `reentrancy-eth${hostile}`,
          file: `src/Vault.sol${hostile}`,
          line: 3,
          description: hostile,
        },
      ],
    });
    const workspace = await workspaceWith({ 'src/Vault.sol': CONTRACT });
    const run = await runCli({
      args: ['--poll-interval-seconds', '0.02', '--timeout-minutes', '0.2', workspace],
      env: { CONTRACT_AUDIT_API_KEY: svc.apiKey, CONTRACT_AUDIT_BASE_URL: svc.url },
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /^HIGH {5}src\/Vault\.sol.*:3 {2}Reentrancy.*pwned.*evil \[reentrancy-eth/m,
    );
    expect(run.stdout).not.toMatch(TERMINAL_CONTROL);
    expect(run.stderr).not.toMatch(TERMINAL_CONTROL);
  });

  it('draws one live status line and colour on a terminal; plain lines in a pipe', async () => {
    const svc = await serve({ minDurationMs: 1500 });
    const env = {
      CONTRACT_AUDIT_API_KEY: svc.apiKey,
      CONTRACT_AUDIT_BASE_URL: svc.url,
      TERM: 'xterm',
    };
    const args = ['--poll-interval-seconds', '0.1', demo];
    const tty = await runCli({ args, env, tty: true });
    expect(tty.exitCode).toBe(1);
    // The status line: cleared and redrawn in place, with the time since the start.
    expect(tty.stdout).toContain('\r\u001b[2K\u001b[2m[0:0');
    expect(tty.stdout).toContain(']\u001b[22m Audit audit-1: pending');
    expect(tty.stdout).toContain('\u001b[1m\u001b[31mVerdict: fail\u001b[39m\u001b[22m.');
    expect(tty.stdout).toContain('\u001b[31mCRITICAL\u001b[39m src/Wallet.sol:25');

    const noColour = await runCli({ args, env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(noColour.exitCode).toBe(1);
    expect(noColour.stdout).toContain('\nCRITICAL src/Wallet.sol:25  Unprotected selfdestruct');
    for (const colour of ['\u001b[1m', '\u001b[2m', '\u001b[31m', '\u001b[32m', '\u001b[33m'])
      expect(noColour.stdout).not.toContain(colour);
  });
});

describe('contract-audit --help', () => {
  it("lists every option, each input's default as action.yml has it, and the environment", async () => {
    const run = await runCli({ args: ['--help'] });
    expect(run.exitCode).toBe(0);
    for (const spec of [...INPUT_OPTIONS, ...COMMAND_OPTIONS]) {
      expect(run.stdout).toContain(`--${spec.name}`);
    }
    const defaults = await actionDefaults();
    for (const spec of INPUT_OPTIONS) {
      const given = defaults[spec.name]!.trim().split('\n').join(', ');
      // The action has no folder of its own: its names come from the repository, its working
      // directory is the workspace's root; the command's are the directory's.
      if (spec.name === 'project-name') expect(given).toBe('');
      else if (spec.name === 'working-directory') expect(given).toBe('.');
      else expect(spec.default ?? '').toBe(given);
    }
    expect(run.stdout).toContain('(default: low)');
    expect(run.stdout).toContain('CONTRACT_AUDIT_API_KEY');
    expect(run.stdout).toContain('CONTRACT_AUDIT_BASE_URL');
    expect(run.stdout).toContain('NO_COLOR');
    expect(run.stdout).toContain('0 pass or skipped, 1 fail, 2 error');
  });
});
