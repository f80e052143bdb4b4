/**
 * The SARIF 2.1.0 log for GitHub code scanning: one run, one rule per rule id, one result per
 * finding, within GitHub's limits (25,000 results per run, 10 MB per gzipped file).
 *
 * What GitHub does that shapes this file:
 * - it refuses the whole file when one result has no location, so findings without a file are
 *   placed at the start of an audited file (`anchorFile`) and say so;
 * - it matches alerts across runs by `partialFingerprints.primaryLocationLineHash` only, and
 *   `upload-sarif` computes one from the source line when it is missing. Ours is the finding's
 *   fingerprint, which leaves lines out, so an alert survives edits that move or touch its lines;
 * - an `automationDetails.id` with a trailing slash is the run's category, so several projects
 *   of one repository can be uploaded side by side.
 */
import { Buffer } from 'node:buffer';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Gzip } from 'node:zlib';
import type { Finding } from '../audit/findings.ts';
import { inReportOrder, type TriagedFinding } from '../audit/triage.ts';
import { truncateText } from '../text.ts';
import { jsonChunks } from './json-chunks.ts';
import type { Report } from './model.ts';
import {
  buildRules,
  plainText,
  ruleIdOf,
  sarifLevel,
  type ReportingDescriptor,
  type RuleTextCaps,
  type SarifLevel,
} from './sarif-rules.ts';

/**
 * What SARIF reads of the report (every finding, in the model's order with repository paths;
 * accepted and suppressed ones carry SARIF `suppressions`), and of the tool.
 */
export type SarifInput = Pick<Report, 'findings' | 'projectName' | 'auditId' | 'reportUrl'> & {
  /** The action's version. */
  toolVersion: string;
  /**
   * An audited file (relative to the repository, like `Finding.file`) where findings
   * without a file are shown. Defaults to the first file a finding names; when there is none,
   * such findings are left out and counted in `unlocated`.
   */
  anchorFile?: string | undefined;
  /** Absolute https URL of the action, shown by SARIF viewers; left out when not one. */
  informationUri?: string | undefined;
};

export interface SarifOutput {
  resultCount: number;
  /** Findings left out to stay within GitHub's limits (the least severe go first). */
  truncated: number;
  /** Findings left out because neither they nor any other finding had a file. */
  unlocated: number;
}

export const TOOL_NAME = 'Smart contract audit';
/** GitHub's maximum of results in one run. */
export const MAX_RESULTS_PER_RUN = 25_000;
/** Under GitHub's 10 MB per gzipped SARIF file, with a margin. */
export const MAX_GZIPPED_BYTES = 9_500_000;
/** Our own key, for other SARIF consumers; GitHub reads only `primaryLocationLineHash`. */
export const FINGERPRINT_KEY = 'auditFingerprint/v1';

/** Characters kept of each text when the file is small enough. */
const FULL_CAPS: TextCaps = { message: 8_000, description: 1_024, help: 4_000, note: 1_000 };
/** Texts are not shortened below this when the file is too large: findings are dropped instead. */
const MIN_TEXT_CHARS = 200;
/** A file this small cannot exceed the gzipped limit (deflate adds well under 1%). */
const SURELY_SMALL_BYTES = 9_000_000;
/**
 * zlib's fastest level, for a first measure: far cheaper than the default level, for output a
 * little larger (docs/development.md, "Performance"). Under the limit at this level is under it at the default
 * level, which GitHub's upload uses; a little above it, the file is measured again at the
 * default level before anything is cut.
 */
const QUICK_GZIP_LEVEL = 1;
const GITHUB_GZIP_LEVEL = -1;
/**
 * How much larger the quick level's output may be than the default level's, with room over the
 * most seen on any text (docs/development.md, "Performance"). Further over, the default level could not bring
 * the file under the limit either, and measuring again would only cost a pass.
 */
const QUICK_LEVEL_SLACK = 1.5;

interface TextCaps extends RuleTextCaps {
  message: number;
  note: number;
}

/**
 * Where the log goes, a piece at a time. It is called again with a smaller log when the one
 * before came out above GitHub's limit: the last one written is the one that fits.
 */
export type SarifWriter = (chunks: AsyncIterable<string>) => Promise<void>;

export async function writeSarif(input: SarifInput, write: SarifWriter): Promise<SarifOutput> {
  // Code scanning alerts are for the repository's own code: dependency findings are left out.
  const ordered = inReportOrder(input.findings.filter((entry) => entry.status !== 'dependency'));
  const anchor = input.anchorFile || ordered.find((entry) => entry.finding.file)?.finding.file;
  const placeable = anchor === undefined ? ordered.filter((entry) => entry.finding.file) : ordered;
  const unlocated = ordered.length - placeable.length;

  // Shorten texts first, then drop the least severe findings, until the file fits.
  let kept = Math.min(placeable.length, MAX_RESULTS_PER_RUN);
  const base = longestTexts(placeable.slice(0, kept));
  let scale = 1;
  let level = QUICK_GZIP_LEVEL;
  for (;;) {
    const size: UploadSize = {};
    const chunks = logChunks(input, {
      entries: placeable.slice(0, kept),
      leftOut: placeable.length - kept,
      unlocated,
      anchor,
      caps: scaledCaps(base, scale),
      shortened: scale < 1,
    });
    await write(measured(chunks, size, level));
    if (size.bytes === undefined) throw new Error('the SARIF log was not written to its end');
    if (kept === 0 || size.bytes <= MAX_GZIPPED_BYTES)
      return { resultCount: kept, truncated: placeable.length - kept, unlocated };
    if (
      size.gzipLevel === QUICK_GZIP_LEVEL &&
      size.bytes <= MAX_GZIPPED_BYTES * QUICK_LEVEL_SLACK
    ) {
      level = GITHUB_GZIP_LEVEL;
      continue;
    }
    if (Math.max(...Object.values(base)) * scale > MIN_TEXT_CHARS) {
      // Texts make up most of a large file: shrink them about as much as the file is over.
      scale /= 2 ** Math.ceil(Math.log2(size.bytes / MAX_GZIPPED_BYTES));
    } else {
      kept = Math.floor(kept / 2);
    }
  }
}

/** The full caps, lowered to the longest text of each kind, so scaling them cuts at once. */
function longestTexts(entries: readonly TriagedFinding[]): TextCaps {
  const longest = { message: 0, description: 0, help: 0, note: 0 };
  for (const { finding, note } of entries) {
    const title = finding.title.length;
    longest.message = Math.max(longest.message, title + finding.description.length + 2);
    longest.description = Math.max(longest.description, title, finding.description.length);
    longest.help = Math.max(longest.help, finding.recommendation?.length ?? 0);
    longest.note = Math.max(longest.note, note?.length ?? 0);
  }
  return {
    message: Math.min(FULL_CAPS.message, longest.message),
    description: Math.min(FULL_CAPS.description, longest.description),
    help: Math.min(FULL_CAPS.help, longest.help),
    note: Math.min(FULL_CAPS.note, longest.note),
  };
}

function scaledCaps(base: TextCaps, scale: number): TextCaps {
  if (scale === 1) return FULL_CAPS;
  const scaled = (max: number): number =>
    Math.max(Math.min(max, MIN_TEXT_CHARS), Math.floor(max * scale));
  return {
    message: scaled(base.message),
    description: scaled(base.description),
    help: scaled(base.help),
    note: scaled(base.note),
  };
}

/** The size GitHub counts, once the chunks have all gone by. */
interface UploadSize {
  bytes?: number;
  /** Undefined when the plain size was enough. */
  gzipLevel?: number;
}

/**
 * The chunks, passed on, and their size: the plain size while it is surely small enough, else
 * the size gzipped at `level` (gzip is costly: it starts only past that, with the chunks held
 * till then).
 */
async function* measured(
  chunks: Iterable<string>,
  size: UploadSize,
  level: number,
): AsyncGenerator<string> {
  let plain = 0;
  let held: string[] = [];
  let gzip: Gzip | undefined;
  let gzipped = 0;
  try {
    for (const chunk of chunks) {
      plain += Buffer.byteLength(chunk);
      if (gzip) {
        if (!gzip.write(chunk)) await once(gzip, 'drain');
      } else {
        held.push(chunk);
        if (plain > SURELY_SMALL_BYTES) {
          // Loaded only here: a run without a large log (a skipped one) never needs zlib.
          const { createGzip } = await import('node:zlib');
          gzip = createGzip({ level }).on('data', (data: Buffer) => {
            gzipped += data.length;
          });
          for (const text of held) gzip.write(text);
          held = [];
        }
      }
      yield chunk;
    }
    if (gzip) await finished(gzip.end());
    size.bytes = gzip ? gzipped : plain;
    if (gzip) size.gzipLevel = level;
  } finally {
    gzip?.destroy();
  }
}

interface LogPlan {
  entries: readonly TriagedFinding[];
  leftOut: number;
  unlocated: number;
  anchor: string | undefined;
  caps: TextCaps;
  shortened: boolean;
}

function logChunks(input: SarifInput, plan: LogPlan): Generator<string> {
  const { rules, indexOf } = buildRules(
    plan.entries.map((entry) => entry.finding),
    plan.caps,
  );
  const notes = [
    plan.leftOut > 0 &&
      `${plan.leftOut} of ${plan.leftOut + plan.entries.length} findings were left out to stay ` +
        `within GitHub's limits (${MAX_RESULTS_PER_RUN} results per run, 10 MB gzipped); ` +
        'the most severe were kept.',
    plan.shortened && 'Messages and rule help were shortened to stay under 10 MB gzipped.',
    plan.unlocated > 0 &&
      `${plan.unlocated} findings without a file were left out: GitHub refuses results ` +
        'without a location.',
  ].filter((note): note is string => typeof note === 'string');
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: toolDriver(input, rules) },
        automationDetails: { id: automationId(input.projectName) },
        results: [],
        properties: {
          projectName: input.projectName,
          auditId: input.auditId,
          reportUrl: input.reportUrl,
          ...(plan.leftOut > 0 ? { resultsLeftOut: plan.leftOut } : {}),
          ...(plan.unlocated > 0 ? { findingsWithoutLocation: plan.unlocated } : {}),
          ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
        },
      },
    ],
  };
  // Findings repeat their files: each one's URI is made once.
  const uris = new Map<string, string>();
  const uriOf = (path: string): string => {
    let uri = uris.get(path);
    if (uri === undefined) uris.set(path, (uri = fileUri(path)));
    return uri;
  };
  // Each result is made as its turn to be written comes.
  return jsonChunks(JSON.stringify(log, null, 2), 'results', plan.entries, (entry) => {
    const ruleId = ruleIdOf(entry.finding);
    return toResult(entry, ruleId, indexOf.get(ruleId) ?? -1, plan, uriOf);
  });
}

function toolDriver(input: SarifInput, rules: ReportingDescriptor[]): object {
  const url = URL.parse(input.informationUri ?? '');
  const informationUri = url?.protocol === 'https:' ? url.href : undefined;
  return {
    name: TOOL_NAME,
    ...(informationUri ? { informationUri } : {}),
    ...(input.toolVersion.trim() ? { semanticVersion: input.toolVersion.trim() } : {}),
    rules,
  };
}

/** `smart-contract-audit/<project>/`: the part before the last slash is GitHub's category. */
export function automationId(projectName: string): string {
  const name = truncateText(
    plainText(projectName)
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, ''),
    100,
  );
  return `smart-contract-audit/${name || 'default'}/`;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: object[];
  partialFingerprints: Record<string, string>;
  suppressions?: { kind: 'inSource' | 'external'; status: 'accepted'; justification?: string }[];
  properties: Record<string, string | boolean | undefined>;
}

function toResult(
  entry: TriagedFinding,
  ruleId: string,
  ruleIndex: number,
  plan: LogPlan,
  uriOf: (path: string) => string,
): SarifResult {
  const { finding } = entry;
  // `placeable` guarantees a file or an anchor.
  const path = finding.file || plan.anchor || '';
  const unplaced = !finding.file;
  const result: SarifResult = {
    ruleId,
    ruleIndex,
    level: sarifLevel(finding.severity),
    message: { text: resultMessage(finding, plan.caps.message, unplaced ? path : undefined) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: {
            uri: uriOf(path),
            uriBaseId: '%SRCROOT%',
          },
          ...(unplaced ? {} : region(finding)),
        },
      },
    ],
    partialFingerprints: {
      [FINGERPRINT_KEY]: finding.fingerprint,
      primaryLocationLineHash: finding.fingerprint,
    },
    properties: {
      severity: finding.severity,
      swc: finding.swcId,
      cwe: finding.cweId,
      status: entry.status,
      ...(entry.status === 'outside-change' ? { outsideChange: true } : {}),
      ...(unplaced ? { fileUnknown: true } : {}),
    },
  };
  if (entry.status === 'accepted' || entry.status === 'suppressed') {
    const justification = plainText(entry.note ?? '');
    result.suppressions = [
      {
        // Accepted in the baseline file; suppressed by a comment in the contract.
        kind: entry.status === 'accepted' ? 'external' : 'inSource',
        status: 'accepted',
        ...(justification ? { justification: truncateText(justification, plan.caps.note) } : {}),
      },
    ];
  }
  return result;
}

function resultMessage(finding: Finding, max: number, anchoredAt: string | undefined): string {
  const title = plainText(finding.title).replace(/\s+/g, ' ') || 'Untitled finding';
  const description = plainText(finding.description);
  const placement =
    anchoredAt === undefined
      ? ''
      : `\n\nThe audit service gave no file for this finding; it is shown at the top of ${anchoredAt}.`;
  // GitHub shows the first sentence as the alert's title: keep the title first.
  const body = description && description !== title ? `${title}\n\n${description}` : title;
  return truncateText(body, Math.max(max - placement.length, 1)) + placement;
}

function region(finding: Finding): { region?: { startLine: number; endLine?: number } } {
  const start = finding.startLine;
  if (start === undefined || !Number.isInteger(start) || start < 1) return {};
  const end = finding.endLine;
  return {
    region: {
      startLine: start,
      ...(end !== undefined && Number.isInteger(end) && end >= start ? { endLine: end } : {}),
    },
  };
}

/**
 * A repository-relative path as a relative URI reference: each segment percent-encoded, so
 * spaces, `#`, `?`, `%` and non-ASCII names stay part of the path (and a `:` cannot read as a
 * scheme).
 */
export function fileUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
