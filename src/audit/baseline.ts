/**
 * The baseline file (input `baseline`): findings the team has accepted, by fingerprint, each
 * with a reason. Accepted findings never count for the gate and are shown as accepted.
 *
 * Two shapes are read:
 * - the baseline's own, `{"version": 1, "accepted": [{"fingerprint", "reason", ...}]}`;
 * - this action's results file, so `cp "$RESULTS_FILE" .audit-baseline.json` accepts every
 *   current finding (reason: "accepted from audit <id>", or the reason it was accepted for).
 */
import { readFile, realpath } from 'node:fs/promises';
import { ConfigurationError, errorMessage } from '../errors.ts';
import { isInside } from '../files/inside.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import { SEVERITIES, type Finding, type Severity } from './findings.ts';
import type { Vocabulary } from '../vocabulary.ts';

export interface BaselineEntry {
  fingerprint: string;
  reason: string;
  /** The rest is for the people reading the file; only the fingerprint is matched. */
  rule?: string;
  file?: string;
  title?: string;
  severity?: string;
}

/**
 * Reads and parses the baseline; only a file really inside the workspace is read. `words`: the
 * door's, in which a failure says what to check.
 */
export async function readBaselineFile(
  file: string,
  workspace: string,
  words: Vocabulary,
): Promise<Map<string, BaselineEntry>> {
  let text: string | undefined;
  try {
    // The checkout may hold a link to anywhere.
    const real = await realpath(file);
    if (isInside(await realpath(workspace), real)) text = await readFile(real, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `Could not read the baseline file ${file} (${errorMessage(error)}). Check ${words.optionNamed('baseline')}; ` +
        `to create one, copy ${words.resultsFile} into the repository (e.g. as .audit-baseline.json).`,
    );
  }
  if (text === undefined) {
    throw new ConfigurationError(
      `The baseline file ${file} is a link that leads outside the workspace, so it was not read. ` +
        `Check ${words.optionNamed('baseline')}.`,
    );
  }
  return parseBaseline(text, file);
}

const SHAPE_HELP =
  'Expected {"version": 1, "accepted": [{"fingerprint": "…", "reason": "…"}]} or the results file ' +
  'of an audit.';
const ENTRY_HELP =
  'Each entry needs the finding\'s "fingerprint" (shown in the job summary details and the ' +
  'results file) and a "reason" saying why it is accepted.';

/** Entries by fingerprint; throws a ConfigurationError naming `source` and what to fix. */
export function parseBaseline(text: string, source: string): Map<string, BaselineEntry> {
  let document: unknown;
  try {
    document = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const why = error instanceof Error ? ` (${error.message})` : '';
    throw new ConfigurationError(`Baseline file ${source} is not valid JSON${why}. ${SHAPE_HELP}`);
  }
  if (!isRecord(document)) {
    throw new ConfigurationError(`Baseline file ${source} is not a JSON object. ${SHAPE_HELP}`);
  }
  if (Array.isArray(document['accepted'])) return fromBaseline(document, source);
  if (Array.isArray(document['findings'])) return fromResultsFile(document, source);
  throw new ConfigurationError(
    `Baseline file ${source} has neither an "accepted" nor a "findings" list. ${SHAPE_HELP}`,
  );
}

function fromBaseline(document: JsonRecord, source: string): Map<string, BaselineEntry> {
  const version = document['version'];
  if (version !== undefined && version !== 1) {
    throw new ConfigurationError(
      `Baseline file ${source} has version ${JSON.stringify(version)}; only version 1 is read.`,
    );
  }
  const entries = new Map<string, BaselineEntry>();
  (document['accepted'] as unknown[]).forEach((item, index) => {
    const where = `Baseline file ${source}, accepted[${index}]`;
    const record = entryRecord(item, where);
    const reason = record['reason'];
    if (typeof reason !== 'string' || reason.trim() === '') {
      throw new ConfigurationError(`${where} has no "reason". ${ENTRY_HELP}`);
    }
    add(entries, {
      fingerprint: fingerprintOf(record, where),
      reason: reason.trim(),
      ...described(record, 'rule', 'file', 'title', 'severity'),
    });
  });
  return entries;
}

function fromResultsFile(document: JsonRecord, source: string): Map<string, BaselineEntry> {
  const auditId = typeof document['auditId'] === 'string' ? document['auditId'] : undefined;
  const defaultReason =
    auditId === undefined ? 'accepted from an earlier audit' : `accepted from audit ${auditId}`;
  const entries = new Map<string, BaselineEntry>();
  (document['findings'] as unknown[]).forEach((item, index) => {
    const where = `Baseline file ${source}, findings[${index}]`;
    const record = entryRecord(item, where);
    // A finding accepted before keeps the reason it was accepted for.
    const note = record['note'];
    const reason =
      record['status'] === 'accepted' && typeof note === 'string' && note.trim() !== ''
        ? note.trim()
        : defaultReason;
    const rule = typeof record['ruleId'] === 'string' ? record['ruleId'] : record['swcId'];
    add(entries, {
      fingerprint: fingerprintOf(record, where),
      reason,
      ...described({ ...record, rule }, 'rule', 'file', 'title', 'severity'),
    });
  });
  return entries;
}

function entryRecord(item: unknown, where: string): JsonRecord {
  if (!isRecord(item)) throw new ConfigurationError(`${where} is not an object. ${ENTRY_HELP}`);
  return item;
}

function fingerprintOf(record: JsonRecord, where: string): string {
  const fingerprint = record['fingerprint'];
  if (typeof fingerprint !== 'string' || fingerprint.trim() === '') {
    throw new ConfigurationError(`${where} has no "fingerprint". ${ENTRY_HELP}`);
  }
  return fingerprint.trim();
}

/** The descriptive fields that are strings; anything else (null in a results file) is left out. */
function described(
  record: JsonRecord,
  ...keys: ('rule' | 'file' | 'title' | 'severity')[]
): Partial<BaselineEntry> {
  const entry: Partial<BaselineEntry> = {};
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string') entry[key] = value;
  }
  return entry;
}

/** The first entry for a fingerprint wins, as in a file read top to bottom. */
function add(entries: Map<string, BaselineEntry>, entry: BaselineEntry): void {
  if (!entries.has(entry.fingerprint)) entries.set(entry.fingerprint, entry);
}

/**
 * The entry that accepts a finding: by its fingerprint, else by the one it had before
 * fingerprints named repository paths, where that one is unambiguous: the run audits one
 * project, or the entry names the finding's file (two projects' `src/Vault.sol` shared it).
 */
export function baselineEntryFor(
  baseline: ReadonlyMap<string, BaselineEntry>,
  finding: Finding,
  several: boolean,
): BaselineEntry | undefined {
  const entry = baseline.get(finding.fingerprint);
  if (entry !== undefined || finding.formerFingerprint === undefined) return entry;
  const former = baseline.get(finding.formerFingerprint);
  return former !== undefined && (!several || former.file === finding.file) ? former : undefined;
}

/** The severity an entry was accepted at, when it names one of ours (`low`, `High`). */
export function acceptedSeverity(entry: BaselineEntry): Severity | undefined {
  const word = entry.severity?.trim().toLowerCase();
  return SEVERITIES.find((severity) => severity === word);
}

/** Entries no current finding matches (fixed, or moved to another file): worth removing. */
export function unusedBaselineEntries(
  baseline: ReadonlyMap<string, BaselineEntry>,
  findings: readonly Finding[],
): BaselineEntry[] {
  const present = new Set(
    findings.flatMap(({ fingerprint, formerFingerprint }) =>
      formerFingerprint === undefined ? [fingerprint] : [fingerprint, formerFingerprint],
    ),
  );
  return [...baseline.values()].filter((entry) => !present.has(entry.fingerprint));
}
