/** The text of `contract-audit --help`: every option with its default, and the environment. */
import {
  API_KEY_VARIABLE,
  BASE_URL_VARIABLE,
  COMMAND_OPTIONS,
  INPUT_OPTIONS,
  type OptionSpec,
} from './options.ts';

export function helpText(version: string): string {
  return [
    `contract-audit ${version}: audit Solidity and Vyper contracts on the audit service,`,
    'the same engine as the GitHub Action, so a laptop and CI agree on every file and finding.',
    '',
    'Usage: contract-audit [options] [directory]   (directory: default the current one)',
    '',
    "The directory is audited within its repository, as the action's working-directory is within",
    "the checkout: the repository's root is the top of the git work tree holding it (else the",
    'directory itself), and imports may reach anything inside that root, nothing outside it. With',
    '--working-directory (relative to that root), the directory only says where the repository is:',
    'give its root, or the same folder.',
    '',
    "Options (the action's inputs, by the same names):",
    ...INPUT_OPTIONS.map(optionLine),
    '',
    'Options of the command:',
    ...COMMAND_OPTIONS.map(optionLine),
    '',
    'Environment:',
    `  ${API_KEY_VARIABLE.padEnd(28)} The service key (never on the command line). Not needed by --dry-run.`,
    `  ${BASE_URL_VARIABLE.padEnd(28)} The service's address, when --base-url is not given.`,
    `  ${'FOUNDRY_PROFILE'.padEnd(28)} The Foundry profile whose folders apply (default: default).`,
    `  ${'NO_COLOR'.padEnd(28)} Set and not empty: no colour, even on a terminal.`,
    `  ${'TERM'.padEnd(28)} dumb: no colour and no live status line, as in a pipe.`,
    '',
    'Exit codes: 0 pass or skipped, 1 fail, 2 error (options, service, a refused upload), 3 timeout,',
    '130 or 143 interrupted (Ctrl-C or SIGTERM; the command that collects a started audit is printed).',
    '',
  ].join('\n');
}

function optionLine(spec: OptionSpec): string {
  const flag = `${spec.short ? `-${spec.short}, ` : ''}--${spec.name}${spec.value ? ` ${spec.value}` : ''}`;
  const more = spec.default === undefined ? '' : ` (default: ${spec.default})`;
  return `  ${flag.padEnd(38)} ${spec.help}${more}`;
}
