/**
 * The command's options: the action's inputs by the same names (read by the engine's one reader
 * of settings, so a bad value gets the action's message in the command's words), and what only a command has: a dry
 * run, report files, the directory (found within its repository). The key is read from the
 * environment alone: a flag would land in the shell's history.
 */
import { parseArgs } from 'node:util';
import { ConfigurationError } from '../errors.ts';
import type { InputSource } from '../engine/settings.ts';
import { API_KEY_VARIABLE, CLI_VOCABULARY } from './vocabulary.ts';

export { API_KEY_VARIABLE };
export const BASE_URL_VARIABLE = 'CONTRACT_AUDIT_BASE_URL';

export interface OptionSpec {
  name: string;
  type: 'string' | 'boolean';
  /** Given more than once, each value is one line of the input. */
  multiple?: boolean;
  short?: string;
  /** The value's placeholder in the help. */
  value?: string;
  /** As the help says it; for an input, action.yml's default. */
  default?: string;
  help: string;
}

/** The action's inputs the command takes, by their action.yml names. */
export const INPUT_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'base-url',
    type: 'string',
    value: 'URL',
    help: `The audit service's address (or ${BASE_URL_VARIABLE}).`,
  },
  {
    name: 'project-name',
    type: 'string',
    value: 'NAME',
    default: "the repository's folder name",
    help: 'The name the audit is filed under.',
  },
  {
    name: 'working-directory',
    type: 'string',
    value: 'DIR',
    default: 'the directory',
    help: "The folder to audit, relative to the repository's root (the top of its git work tree).",
  },
  {
    name: 'contracts',
    type: 'string',
    multiple: true,
    value: 'GLOB',
    default: '**/*.sol, **/*.vy, **/*.vyi',
    help: 'Contract files to audit; repeat for more. Framework projects: their source folders.',
  },
  {
    name: 'exclude',
    type: 'string',
    multiple: true,
    value: 'GLOB',
    help: "Files to leave out; repeat for more; '!GLOB' takes one back.",
  },
  {
    name: 'default-excludes',
    type: 'string',
    value: 'true|false',
    default: 'true',
    help: 'Leave out tests, scripts, mocks and dependencies by convention.',
  },
  {
    name: 'dependencies',
    type: 'string',
    value: 'include|exclude',
    default: 'include',
    help: 'Send the files the audited ones import, so the upload compiles.',
  },
  {
    name: 'fail-on',
    type: 'string',
    value: 'LEVEL',
    default: 'low',
    help: 'critical, high, medium, low, info or none: the least severity that fails.',
  },
  {
    name: 'timeout-minutes',
    type: 'string',
    value: 'N',
    default: '30',
    help: 'How long to wait for the audit, uploads and retries included; at most 10080 (a week).',
  },
  {
    name: 'poll-interval-seconds',
    type: 'string',
    value: 'N',
    default: '5',
    help: 'How often to ask for the audit at first.',
  },
  {
    name: 'audit-id',
    type: 'string',
    value: 'ID',
    help: 'Collect an audit already started instead of uploading.',
  },
  {
    name: 'max-files',
    type: 'string',
    value: 'N',
    default: '1000',
    help: 'Most files one audit sends.',
  },
  {
    name: 'max-file-size-kb',
    type: 'string',
    value: 'N',
    default: '1024',
    help: 'Largest file sent.',
  },
  {
    name: 'max-total-size-mb',
    type: 'string',
    value: 'N',
    default: '50',
    help: 'Most bytes one audit sends.',
  },
  {
    name: 'baseline',
    type: 'string',
    value: 'FILE',
    help: 'A results file (--json) of accepted findings, inside the repository: they do not count.',
  },
];

/** What only the command has. */
export const COMMAND_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'dry-run',
    type: 'boolean',
    help: 'Show what would be sent and why; send nothing, need no key.',
  },
  { name: 'sarif', type: 'string', value: 'FILE', help: 'Write the findings as SARIF 2.1.0.' },
  {
    name: 'json',
    type: 'string',
    value: 'FILE',
    help: "Write the results file (the action's results-file).",
  },
  {
    name: 'codequality',
    type: 'string',
    value: 'FILE',
    help: 'Write a GitLab code quality report.',
  },
  {
    name: 'junit',
    type: 'string',
    value: 'FILE',
    help: 'Write JUnit XML: a test case per finding.',
  },
  { name: 'verbose', type: 'boolean', help: 'Also show debug lines.' },
  { name: 'help', type: 'boolean', short: 'h', help: 'Show this help.' },
  { name: 'version', type: 'boolean', help: "Show the command's version." },
];

export interface CommandLine {
  /** The inputs as the engine's reader takes them. */
  inputs: InputSource;
  /** The directory given; undefined: the current one. */
  directory: string | undefined;
  dryRun: boolean;
  reports: { sarif?: string; json?: string; codequality?: string; junit?: string };
  verbose: boolean;
  help: boolean;
  version: boolean;
}

/** Parses the arguments; a ConfigurationError says what is wrong and points at --help. */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(
        [...INPUT_OPTIONS, ...COMMAND_OPTIONS].map((spec) => [
          spec.name,
          {
            type: spec.type,
            multiple: spec.multiple ?? false,
            ...(spec.short ? { short: spec.short } : {}),
          },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new ConfigurationError(
      `${(error as Error).message}\nRun contract-audit --help for the options.`,
    );
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) {
    throw new ConfigurationError(
      `One directory at most; got ${positionals.length}: ${positionals.join(' ')}.\nRun contract-audit --help for the options.`,
    );
  }
  const string = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const inputs: InputSource = {
    vocabulary: CLI_VOCABULARY,
    get(name) {
      if (name === 'api-key') return env[API_KEY_VARIABLE] ?? '';
      if (name === 'base-url') return string(name) ?? env[BASE_URL_VARIABLE] ?? '';
      const value = values[name];
      // Each repetition is one line, as the action's multi-line inputs take them.
      if (Array.isArray(value)) return value.join('\n');
      return typeof value === 'string' ? value : '';
    },
  };
  return {
    inputs,
    directory: positionals[0],
    dryRun: values['dry-run'] === true,
    reports: {
      sarif: string('sarif'),
      json: string('json'),
      codequality: string('codequality'),
      junit: string('junit'),
    },
    verbose: values['verbose'] === true,
    help: values['help'] === true,
    version: values['version'] === true,
  };
}
