/**
 * The runner's interface: inputs from `INPUT_*` variables, workflow commands on stdout, and the
 * `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files. It writes byte for byte what `@actions/core`
 * 3.0.1 writes for the functions the action uses (test/runner.test.ts compares the two).
 *
 * Not that package: its entry imports oidc-utils → @actions/http-client → undici at load time,
 * for OIDC tokens the action never asks for. On a run that needs no network (a fork's pull
 * request without a key, scripts/bench-coldstart.ts), importing it added 415 KiB of minified
 * code and 48 ms of CPU to a run that otherwise costs 86 ms (bare node: 26 ms).
 *
 * The escaping here is what keeps untrusted text from running a command: data escapes `%`, CR
 * and LF, so a message stays on its line; properties also escape `:` and `,`, so a value cannot
 * end the property list. An output is written between delimiters that neither its name nor its
 * value holds, so no value can end its block and set another output.
 */
import { appendFileSync, constants, existsSync } from 'node:fs';
import { access, appendFile } from 'node:fs/promises';
import { EOL } from 'node:os';
import { randomHex } from './random-id.ts';

/** Where an annotation points; the runner's `line` and `col` are `startLine` and `startColumn`. */
export interface AnnotationProperties {
  title?: string;
  file?: string;
  startLine?: number;
  endLine?: number;
  startColumn?: number;
  endColumn?: number;
}

/**
 * An input as action.yml names it, trimmed; empty when not given. The runner expands `${{ }}`
 * expressions, in defaults too; one still there was set by a tool that does not (local-action
 * passes action.yml's `${{ github.token }}` as it is), and is taken as not given: sent on, it
 * would be a credential that is a template. takeUnexpandedInputs() names them.
 */
export function getInput(name: string): string {
  const value = (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '').trim();
  if (!UNEXPANDED.test(value)) return value;
  unexpanded.add(name);
  return '';
}

const UNEXPANDED = /\$\{\{[\s\S]*\}\}/;
const unexpanded = new Set<string>();

/** The inputs read since the last call that held an unexpanded `${{ }}` expression. */
export function takeUnexpandedInputs(): string[] {
  const names = [...unexpanded];
  unexpanded.clear();
  return names;
}

/** Each non-empty line of an input, trimmed. */
export function getMultilineInput(name: string): string[] {
  return getInput(name)
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.trim());
}

/** A boolean as YAML 1.2's core schema spells it; anything else throws. */
export function getBooleanInput(name: string): boolean {
  const value = getInput(name);
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new TypeError(
    `Input does not meet YAML 1.2 "Core Schema" specification: ${name}\n` +
      'Support boolean input list: `true | True | TRUE | false | False | FALSE`',
  );
}

/** Asks the runner to mask the value in the log from here on. */
export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret);
}

/** Appends `name<<delimiter` … `delimiter` to GITHUB_OUTPUT; without it, `::set-output`. */
export function setOutput(name: string, value: string): void {
  const file = process.env['GITHUB_OUTPUT'] || '';
  if (file) {
    const delimiter = delimiterFor(name, value);
    if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
    appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, 'utf8');
    return;
  }
  process.stdout.write(EOL);
  issueCommand('set-output', { name }, value);
}

/**
 * `ghadelimiter_` and a random UUID's shape, as @actions/core writes it, drawn again while the
 * name or value holds it. Safety comes from that check, not from secrecy: a value that guessed
 * the delimiter still could not end its block, and unlike core, it is not refused either.
 * Honest text never holds a draw; text that does was made by someone who predicts Math.random,
 * so the draws after it are secret ones: one more scan of the value, not one per guessed draw.
 */
function delimiterFor(name: string, value: string): string {
  let hex = randomHex(32);
  for (;;) {
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const delimiter = `ghadelimiter_${uuid}`;
    if (!name.includes(delimiter) && !value.includes(delimiter)) return delimiter;
    hex = process.getBuiltinModule('node:crypto').randomBytes(16).toString('hex');
  }
}

/** Fails the step (exit code 1) with an error annotation. */
export function setFailed(message: string): void {
  process.exitCode = 1;
  error(message);
}

export function debug(message: string): void {
  issueCommand('debug', {}, message);
}

/** A plain log line: written as it is, so the caller neutralizes commands in it. */
export function info(message: string): void {
  process.stdout.write(message + EOL);
}

export function notice(message: string, properties: AnnotationProperties = {}): void {
  issueCommand('notice', commandProperties(properties), message);
}

export function warning(message: string, properties: AnnotationProperties = {}): void {
  issueCommand('warning', commandProperties(properties), message);
}

export function error(message: string, properties: AnnotationProperties = {}): void {
  issueCommand('error', commandProperties(properties), message);
}

export function startGroup(name: string): void {
  issueCommand('group', {}, name);
}

export function endGroup(): void {
  issueCommand('endgroup', {}, '');
}

/** Appends the text and a line break to the job summary (GITHUB_STEP_SUMMARY). */
export async function appendSummary(text: string): Promise<void> {
  const file = process.env['GITHUB_STEP_SUMMARY'];
  if (!file) {
    throw new Error(
      'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
    );
  }
  try {
    await access(file, constants.R_OK | constants.W_OK);
  } catch {
    throw new Error(
      `Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`,
    );
  }
  await appendFile(file, text + EOL, { encoding: 'utf8' });
}

type CommandProperties = Record<string, string | number | undefined>;

/** The runner's names; properties given but all unset still make `::error ::` (as core does). */
function commandProperties(properties: AnnotationProperties): CommandProperties {
  if (Object.keys(properties).length === 0) return {};
  return {
    title: properties.title,
    file: properties.file,
    line: properties.startLine,
    endLine: properties.endLine,
    col: properties.startColumn,
    endColumn: properties.endColumn,
  };
}

/** `::command key=value,key=value::message`; unset, empty and 0 properties are left out. */
function issueCommand(command: string, properties: CommandProperties, message: string): void {
  let line = `::${command}`;
  if (Object.keys(properties).length > 0) {
    const pairs = Object.entries(properties).flatMap(([key, value]) =>
      value ? [`${key}=${escapeProperty(commandValue(value))}`] : [],
    );
    line += ` ${pairs.join(',')}`;
  }
  process.stdout.write(`${line}::${escapeData(message)}${EOL}`);
}

/** As core's toCommandValue: strings as they are, numbers as JSON. */
const commandValue = (value: string | number) =>
  typeof value === 'string' ? value : JSON.stringify(value);

const escapeData = (text: string) =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
