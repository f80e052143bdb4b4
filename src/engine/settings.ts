/**
 * A run's settings, read by action.yml's names through either door: the Action reads them with
 * `@actions/core`, the command line from its options. One reader, so a bad value gets the same
 * message through either door, in that door's words (its vocabulary).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { parseAuditIds, type AuditIds } from '../audit/audit-ids.ts';
import { FAIL_ON_LEVELS, type FailOn } from '../audit/gate.ts';
import { SCOPES, type Scope } from '../audit/scope.ts';
import { ConfigurationError } from '../errors.ts';
import { isInside, posixRelative } from '../files/inside.ts';
import type { UploadLimits } from '../files/limits.ts';
import { contractGlobs } from '../files/patterns.ts';
import type { Log } from '../log.ts';
import { isLoopbackHost } from '../net/dispatcher.ts';
import { MIN_SECRET_LENGTH, Redactor } from '../redaction.ts';
import { sentenceStart, type SettingName, type Vocabulary } from '../vocabulary.ts';

/** `timeout-minutes` at most: a week. */
export const MAX_TIMEOUT_MINUTES = 10_080;

/** action.yml's default for `contracts`, also used when the input is empty. */
export const DEFAULT_CONTRACT_PATTERNS: readonly string[] = contractGlobs();

export const IF_NO_FILES_FOUND = ['error', 'warn', 'ignore'] as const;
export type IfNoFilesFound = (typeof IF_NO_FILES_FOUND)[number];
export const DEPENDENCIES = ['include', 'exclude'] as const;
export type Dependencies = (typeof DEPENDENCIES)[number];

/** Settings by action.yml's names: each value trimmed, empty when not given. */
export interface InputSource {
  get(name: string): string;
  /** The door's words, in which messages name the settings. */
  vocabulary: Vocabulary;
}

/** Everything a run was asked to do. */
export interface Settings {
  apiKey: string;
  /** The door's words, in which the engine's messages name settings and give advice. */
  vocabulary: Vocabulary;
  baseUrl: URL;
  projectName: string;
  /** `contracts`, or the default Solidity and Vyper globs. */
  contractPatterns: string[];
  /** True when `contracts` is the default: one of its globs matching nothing is no mistake. */
  defaultContractPatterns: boolean;
  excludePatterns: string[];
  useDefaultExcludes: boolean;
  /** `include`: upload what the audited files import, so the upload compiles on its own. */
  dependencies: Dependencies;
  /** The Foundry profile whose folders and remappings apply: FOUNDRY_PROFILE, else `default`. */
  foundryProfile: string;
  /** Stop once the projects are found and set as the `projects` output: no key, no upload. */
  detectOnly: boolean;
  workspace: string;
  /** Absolute path of `working-directory`. */
  workingDirectory: string;
  /** `working-directory` relative to the workspace, POSIX, '' or ending in '/'. */
  pathPrefix: string;
  failOn: FailOn;
  timeoutMs: number;
  pollIntervalMs: number;
  ifNoFilesFound: IfNoFilesFound;
  /** `audit-id`: resume instead of uploading; one id, or one per project folder. */
  auditId: AuditIds | undefined;
  limits: UploadLimits;
  scope: Scope;
  /** Absolute path of the `baseline` file, when one is set. */
  baselineFile: string | undefined;
  /** Absolute path of `sarif-file`; unset, a name unique to the project and audit is chosen. */
  sarifFile: string | undefined;
  /** `reuse`: collect the recorded audit of a byte-identical upload instead of uploading. */
  reuse: boolean;
  /** `reuse-max-age-days`: an older record is not used. */
  reuseMaxAgeDays: number;
  /** Where the results file, and by default the SARIF file, are written (RUNNER_TEMP). */
  outputDirectory: string;
}

/**
 * Variables forge reads over foundry.toml that change which files it compiles; only
 * FOUNDRY_PROFILE is followed here, so a job setting another is told.
 */
export const FOUNDRY_ENV_NOT_READ = [
  'FOUNDRY_CONFIG',
  'FOUNDRY_SRC',
  'FOUNDRY_TEST',
  'FOUNDRY_SCRIPT',
  'FOUNDRY_LIBS',
  'FOUNDRY_REMAPPINGS',
  'FOUNDRY_AUTO_DETECT_REMAPPINGS',
  'DAPP_SRC',
  'DAPP_TEST',
  'DAPP_LIBS',
  'DAPP_REMAPPINGS',
];

function foundryProfile(env: NodeJS.ProcessEnv, log: Pick<Log, 'warning'>): string {
  const set = FOUNDRY_ENV_NOT_READ.filter((name) => env[name]?.trim());
  if (set.length > 0) {
    log.warning(
      `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: forge would follow ${set.length === 1 ? 'it' : 'them'} over foundry.toml, ` +
        'but the projects are found from foundry.toml, remappings.txt and FOUNDRY_PROFILE only, so the files sent may differ from those forge compiles. ' +
        'Put the setting in foundry.toml, under a profile FOUNDRY_PROFILE names.',
    );
  }
  return env['FOUNDRY_PROFILE']?.trim() || 'default';
}

/**
 * The settings the inputs ask for, or a ConfigurationError naming the input and how to fix it.
 * `env`: the workspace (GITHUB_WORKSPACE, else the current folder), RUNNER_TEMP, FOUNDRY_PROFILE
 * (and FOUNDRY_ENV_NOT_READ, to warn).
 */
export function readSettings(
  inputs: InputSource,
  env: NodeJS.ProcessEnv,
  log: Pick<Log, 'warning'>,
): Settings {
  const read = inputReader(inputs);
  const apiKey = read.text('api-key');
  const { vocabulary } = inputs;
  checkApiKey(apiKey, vocabulary, log);
  const workspace = path.resolve(env['GITHUB_WORKSPACE'] || process.cwd());
  const workingDirectory = path.resolve(workspace, read.text('working-directory') || '.');
  const relativeRoot = posixRelative(workspace, workingDirectory);
  if (!isInside(workspace, workingDirectory)) {
    throw new ConfigurationError(
      `${sentenceStart(vocabulary.optionNamed('working-directory'))} (${workingDirectory}) is outside the workspace (${workspace}); ` +
        'give a path inside the repository checkout.',
    );
  }
  // A link inside the checkout may lead anywhere: where it leads is what would be walked.
  const realWorkingDirectory = realPath(workingDirectory);
  const realWorkspace = realPath(workspace);
  if (realWorkingDirectory && realWorkspace && !isInside(realWorkspace, realWorkingDirectory)) {
    throw new ConfigurationError(
      `${sentenceStart(vocabulary.optionNamed('working-directory'))} (${workingDirectory}) leads outside the workspace through a symbolic link (to ${realWorkingDirectory}); ` +
        'nothing outside the repository checkout is read. Give the folder the link stands for, inside the checkout.',
    );
  }
  const outputDirectory = path.resolve(env['RUNNER_TEMP'] || workspace);
  const baseline = read.text('baseline');
  const sarifFile = read.text('sarif-file');
  const contracts = read.lines('contracts');
  return {
    apiKey,
    vocabulary,
    baseUrl: parseBaseUrl(read.text('base-url'), vocabulary),
    projectName: read.text('project-name') || defaultProjectName(env, workspace),
    contractPatterns: contracts.length > 0 ? contracts : [...DEFAULT_CONTRACT_PATTERNS],
    defaultContractPatterns:
      contracts.length === 0 || contracts.join('\n') === DEFAULT_CONTRACT_PATTERNS.join('\n'),
    excludePatterns: read.lines('exclude'),
    useDefaultExcludes: read.boolean('default-excludes', true),
    dependencies: read.choice('dependencies', DEPENDENCIES, 'include'),
    foundryProfile: foundryProfile(env, log),
    detectOnly: read.boolean('detect-only', false),
    workspace,
    workingDirectory,
    pathPrefix: relativeRoot ? `${relativeRoot}/` : '',
    failOn: read.choice('fail-on', FAIL_ON_LEVELS, 'low'),
    // Every wait is cut at the deadline; past a timer's longest (about 24.8 days) Node fires it
    // at once, and waits would become a loop of requests.
    timeoutMs:
      read.positiveNumber('timeout-minutes', 30, { value: MAX_TIMEOUT_MINUTES, said: 'a week' }) *
      60_000,
    pollIntervalMs: read.positiveNumber('poll-interval-seconds', 5) * 1000,
    ifNoFilesFound: read.choice('if-no-files-found', IF_NO_FILES_FOUND, 'error'),
    auditId: auditIdInput(read.text('audit-id'), apiKey, vocabulary),
    limits: {
      maxFiles: read.positiveInteger('max-files', 1000),
      maxFileBytes: read.positiveNumber('max-file-size-kb', 1024) * 1024,
      maxTotalBytes: read.positiveNumber('max-total-size-mb', 50) * 1024 * 1024,
    },
    scope: read.choice('scope', SCOPES, 'all'),
    baselineFile: baseline ? insideWorkspace(workspace, baseline, vocabulary) : undefined,
    sarifFile: sarifFile
      ? outputFile(workspace, outputDirectory, sarifFile, vocabulary)
      : undefined,
    reuse: read.boolean('reuse', true),
    reuseMaxAgeDays: read.positiveNumber('reuse-max-age-days', 7),
    outputDirectory,
  };
}

/** `https://` everywhere; plain `http://` only to this machine, so the key never crosses a network in clear. */
export function parseBaseUrl(raw: string, vocabulary: Vocabulary): URL {
  const text = raw.trim();
  const baseUrl = sentenceStart(vocabulary.optionNamed('base-url'));
  if (!text) {
    throw new ConfigurationError(
      `${baseUrl} is required: set it to the audit service address, e.g. https://api.example-audit.com`,
    );
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(
      `${baseUrl} is not a valid URL: "${text}". Use the full address, e.g. https://api.example-audit.com`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError(
      `${baseUrl} must not contain credentials; pass the key in ${vocabulary.keyName} instead.`,
    );
  }
  if (url.search || url.hash) {
    throw new ConfigurationError(
      `${baseUrl} must not have a query string or fragment; give only the service address.`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      `${baseUrl} uses plain http:// for ${url.hostname}; the API key would travel unencrypted. ` +
        'Use https:// (plain http:// is accepted only for 127.0.0.0/8, ::1 and localhost).',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`${baseUrl} must start with https:// (got ${url.protocol}//).`);
  }
  return url;
}

/**
 * A key an HTTP header cannot carry would fail before any byte is sent; say so now, in words
 * that point at the secret, never quoting it.
 */
function checkApiKey(apiKey: string, vocabulary: Vocabulary, log: Pick<Log, 'warning'>): void {
  const { keyName, keyHolder } = vocabulary;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(apiKey)) {
    throw new ConfigurationError(
      `The key in ${keyName} contains a line break or another control character, which an HTTP header ` +
        `cannot carry. Check ${keyHolder}: it must be the key alone, on one line.`,
    );
  }
  if (/[^\u0020-\u00ff]/u.test(apiKey)) {
    throw new ConfigurationError(
      `The key in ${keyName} contains characters an HTTP header cannot carry (only ASCII and Latin-1 ` +
        `can be sent). Check ${keyHolder}: a key copied from a document may hold typographic quotes or dashes.`,
    );
  }
  if (apiKey && apiKey.length < MIN_SECRET_LENGTH) {
    log.warning(
      `The key in ${keyName} is only ${apiKey.length} characters long. It is still masked everywhere, ` +
        'which may blank out ordinary words that contain it in the reports; service keys are ' +
        `normally much longer, so check ${keyHolder} (a key of ${MIN_SECRET_LENGTH} or more characters avoids this).`,
    );
  }
}

/** The audit ids to resume, which are sent in a URL path: never one that holds the key. */
function auditIdInput(text: string, apiKey: string, vocabulary: Vocabulary): AuditIds | undefined {
  if (text === '') return undefined;
  const key = new Redactor();
  key.add(apiKey);
  const ids = key.appearsIn(text) ? undefined : parseAuditIds(text, vocabulary);
  // Decoded, JSON's escapes may spell the key where the text did not.
  const decoded = typeof ids === 'object' ? [...ids].flat() : [];
  if (ids === undefined || decoded.some((entry) => key.appearsIn(entry))) {
    throw new ConfigurationError(
      `${sentenceStart(vocabulary.optionNamed('audit-id'))} contains the API key, so it was not sent. ` +
        `Give ${vocabulary.idsOf('the run that started the audit')}.`,
    );
  }
  return ids;
}

/** Where a path leads once links are followed; undefined when it does not exist (yet). */
function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/** An output file the user named: only in the workspace or RUNNER_TEMP, never elsewhere on the runner. */
function outputFile(
  workspace: string,
  outputDirectory: string,
  file: string,
  vocabulary: Vocabulary,
): string {
  const resolved = path.resolve(workspace, file);
  if (!isInside(workspace, resolved) && !isInside(outputDirectory, resolved)) {
    throw new ConfigurationError(
      `${sentenceStart(vocabulary.optionNamed('sarif-file'))} (${file}) is outside the workspace and RUNNER_TEMP; the action writes ` +
        'files only there. Give a path inside the repository checkout, e.g. `reports/audit.sarif`.',
    );
  }
  return resolved;
}

/** A repository file the action reads: it must stay inside the checkout. */
function insideWorkspace(workspace: string, file: string, vocabulary: Vocabulary): string {
  const resolved = path.resolve(workspace, file);
  if (!isInside(workspace, resolved)) {
    throw new ConfigurationError(
      `${sentenceStart(vocabulary.optionNamed('baseline'))} (${file}) is outside the workspace; give a path inside the repository.`,
    );
  }
  return resolved;
}

function defaultProjectName(env: NodeJS.ProcessEnv, workspace: string): string {
  const repository = env['GITHUB_REPOSITORY'];
  return repository?.split('/')[1] || path.basename(workspace);
}

/** Typed readers of the settings; each error names the setting, in the door's words, and what it takes. */
export function inputReader(inputs: InputSource) {
  const text = (name: SettingName) => inputs.get(name).trim();
  const named = (name: SettingName) => sentenceStart(inputs.vocabulary.optionNamed(name));
  const positiveNumber = (
    name: SettingName,
    fallback: number,
    most?: { value: number; said: string },
  ): number => {
    const raw = text(name);
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) {
      throw new ConfigurationError(
        `${named(name)} is "${raw}"; it must be a positive number (default ${fallback}).`,
      );
    }
    if (most !== undefined && value > most.value) {
      throw new ConfigurationError(
        `${named(name)} is "${raw}"; it must be at most ${most.value} (${most.said}).`,
      );
    }
    return value;
  };
  return {
    text,
    /** Each non-empty line that is not a `#` comment, trimmed. */
    lines: (name: SettingName) =>
      text(name)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    choice<T extends string>(name: SettingName, allowed: readonly T[], fallback: T): T {
      const raw = text(name);
      if (!raw) return fallback;
      const value = raw.toLowerCase();
      if ((allowed as readonly string[]).includes(value)) return value as T;
      // Quoted as given: a secret passed by mistake is then masked like any other spelling of it.
      throw new ConfigurationError(
        `${named(name)} is "${raw}"; it must be one of: ${allowed.join(', ')}.`,
      );
    },
    /** As YAML 1.2's core schema spells a boolean (what `core.getBooleanInput` takes). */
    boolean(name: SettingName, fallback: boolean): boolean {
      const raw = text(name);
      if (!raw) return fallback;
      if (['true', 'True', 'TRUE'].includes(raw)) return true;
      if (['false', 'False', 'FALSE'].includes(raw)) return false;
      throw new ConfigurationError(`${named(name)} must be true or false.`);
    },
    positiveNumber,
    positiveInteger(name: SettingName, fallback: number): number {
      const value = positiveNumber(name, fallback);
      if (!Number.isInteger(value)) {
        throw new ConfigurationError(`${named(name)} is "${value}"; it must be a whole number.`);
      }
      return value;
    },
  };
}
