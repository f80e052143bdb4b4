import { escapeTerminal } from '../report/escape.ts';

/** What to tell of audits started but not reported: their id(s) and the command that collects them. */
export function resumeLines(
  argv: readonly string[],
  auditIds: string,
  timedOut: boolean,
): string[] {
  return [
    `The audit goes on at the service (id ${escapeTerminal(auditIds)}). To collect its results without uploading again` +
      (timedOut ? ' (and a larger --timeout-minutes if needed)' : '') +
      ':',
    `  ${escapeTerminal(resumeCommand(argv, auditIds))}`,
  ];
}

/**
 * The command that collects an audit that was started but not reported: the same arguments,
 * with `--audit-id` the id(s) of this run, quoted for a POSIX shell.
 */
export function resumeCommand(argv: readonly string[], auditIds: string): string {
  const kept: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--') {
      kept.push(...argv.slice(index));
      break;
    }
    // A previous id is replaced; the value of `--audit-id ID` is the next argument.
    if (arg === '--audit-id') index += 1;
    else if (!arg.startsWith('--audit-id=')) kept.push(arg);
  }
  return ['contract-audit', '--audit-id', auditIds, ...kept].map(shellQuote).join(' ');
}

/** As it is when a shell would read it so, else in single quotes. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
