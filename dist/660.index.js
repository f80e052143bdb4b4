export const id = 660;
export const ids = [660];
export const modules = {

/***/ 45660:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
;// CONCATENATED MODULE: ./.build/errors.js
/**
 * Typed errors, so main.ts can tell the user what to fix (configuration), what the
 * service did wrong (service), and what is our own bug (any other Error).
 */
/** Something the user must change: an input, a secret, the workflow's permissions. */
class ConfigurationError extends Error {
    name = 'ConfigurationError';
}
/** The service answered in a way that ends the operation (after any retries). */
class ServiceError extends Error {
    name = 'ServiceError';
    /** HTTP status of the final answer, when there was one. */
    status;
    constructor(message, status, options) {
        super(message, options);
        this.status = status;
    }
}
/** The service answered 2xx, but with a body we could not read. */
class ResponseFormatError extends ServiceError {
    name = 'ResponseFormatError';
}
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}
/**
 * The run's time limit passed before the contracts to audit were found: the run ends with verdict
 * `timeout`, nothing uploaded. A configuration error too, for its remedy.
 */
class DeadlineError extends ConfigurationError {
    name = 'DeadlineError';
    /** The step of the search that was cut short, which the engine words in the door's words. */
    doing;
    constructor(message, doing) {
        super(message);
        this.doing = doing;
    }
}

;// CONCATENATED MODULE: ./.build/audit/findings.js
/**
 * The normalized findings model: the one shape every module past the parser sees.
 * Raw service JSON never travels beyond src/api/parse*.
 */
/**
 * Most severe first; this order drives sorting, gating and annotation levels. `unknown` is a
 * severity word the parser could not place: it fails the gate at every `fail-on` but `none`, so
 * it ranks with the findings that fail a `high` gate and is never silently below one.
 */
const SEVERITIES = ['critical', 'high', 'unknown', 'medium', 'low', 'info', 'gas'];
function severityRank(severity) {
    return SEVERITIES.length - SEVERITIES.indexOf(severity);
}
/** The severities worth a row or column: `unknown` only when some finding has it. */
function shownSeverities(counts) {
    return SEVERITIES.filter((severity) => severity !== 'unknown' || counts.unknown > 0);
}
/** Most severe first, then by file and line, so every report lists findings the same way. */
function compareFindings(a, b) {
    return (severityRank(b.severity) - severityRank(a.severity) ||
        (a.file ?? '\uffff').localeCompare(b.file ?? '\uffff') ||
        (a.startLine ?? 0) - (b.startLine ?? 0) ||
        a.title.localeCompare(b.title));
}
function countBySeverity(findings) {
    const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0]));
    for (const finding of findings)
        counts[finding.severity] += 1;
    return counts;
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
;// CONCATENATED MODULE: ./.build/files/inside.js

/** Whether `child` is `parent` or below it (a name like `..config` is below, `../x` is not). */
function isInside(parent, child) {
    const relative = external_node_path_.relative(parent, child);
    return (relative === '' ||
        (relative !== '..' && !relative.startsWith(`..${external_node_path_.sep}`) && !external_node_path_.isAbsolute(relative)));
}
/** `child` relative to `parent`, with `/` whatever the platform: how paths are named in reports. */
function posixRelative(parent, child) {
    return external_node_path_.relative(parent, child).split(external_node_path_.sep).join('/');
}

;// CONCATENATED MODULE: ./.build/json.js
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./.build/audit/baseline.js
/**
 * The baseline file (input `baseline`): findings the team has accepted, by fingerprint, each
 * with a reason. Accepted findings never count for the gate and are shown as accepted.
 *
 * Two shapes are read:
 * - the baseline's own, `{"version": 1, "accepted": [{"fingerprint", "reason", ...}]}`;
 * - this action's results file, so `cp "$RESULTS_FILE" .audit-baseline.json` accepts every
 *   current finding (reason: "accepted from audit <id>", or the reason it was accepted for).
 */





/**
 * Reads and parses the baseline; only a file really inside the workspace is read. `words`: the
 * door's, in which a failure says what to check.
 */
async function readBaselineFile(file, workspace, words) {
    let text;
    try {
        // The checkout may hold a link to anywhere.
        const real = await (0,promises_.realpath)(file);
        if (isInside(await (0,promises_.realpath)(workspace), real))
            text = await (0,promises_.readFile)(real, 'utf8');
    }
    catch (error) {
        throw new ConfigurationError(`Could not read the baseline file ${file} (${errorMessage(error)}). Check ${words.optionNamed('baseline')}; ` +
            `to create one, copy ${words.resultsFile} into the repository (e.g. as .audit-baseline.json).`);
    }
    if (text === undefined) {
        throw new ConfigurationError(`The baseline file ${file} is a link that leads outside the workspace, so it was not read. ` +
            `Check ${words.optionNamed('baseline')}.`);
    }
    return parseBaseline(text, file);
}
const SHAPE_HELP = 'Expected {"version": 1, "accepted": [{"fingerprint": "…", "reason": "…"}]} or the results file ' +
    'of an audit.';
const ENTRY_HELP = 'Each entry needs the finding\'s "fingerprint" (shown in the job summary details and the ' +
    'results file) and a "reason" saying why it is accepted.';
/** Entries by fingerprint; throws a ConfigurationError naming `source` and what to fix. */
function parseBaseline(text, source) {
    let document;
    try {
        document = JSON.parse(text.replace(/^\uFEFF/, ''));
    }
    catch (error) {
        const why = error instanceof Error ? ` (${error.message})` : '';
        throw new ConfigurationError(`Baseline file ${source} is not valid JSON${why}. ${SHAPE_HELP}`);
    }
    if (!isRecord(document)) {
        throw new ConfigurationError(`Baseline file ${source} is not a JSON object. ${SHAPE_HELP}`);
    }
    if (Array.isArray(document['accepted']))
        return fromBaseline(document, source);
    if (Array.isArray(document['findings']))
        return fromResultsFile(document, source);
    throw new ConfigurationError(`Baseline file ${source} has neither an "accepted" nor a "findings" list. ${SHAPE_HELP}`);
}
function fromBaseline(document, source) {
    const version = document['version'];
    if (version !== undefined && version !== 1) {
        throw new ConfigurationError(`Baseline file ${source} has version ${JSON.stringify(version)}; only version 1 is read.`);
    }
    const entries = new Map();
    document['accepted'].forEach((item, index) => {
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
function fromResultsFile(document, source) {
    const auditId = typeof document['auditId'] === 'string' ? document['auditId'] : undefined;
    const defaultReason = auditId === undefined ? 'accepted from an earlier audit' : `accepted from audit ${auditId}`;
    const entries = new Map();
    document['findings'].forEach((item, index) => {
        const where = `Baseline file ${source}, findings[${index}]`;
        const record = entryRecord(item, where);
        // A finding accepted before keeps the reason it was accepted for.
        const note = record['note'];
        const reason = record['status'] === 'accepted' && typeof note === 'string' && note.trim() !== ''
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
function entryRecord(item, where) {
    if (!isRecord(item))
        throw new ConfigurationError(`${where} is not an object. ${ENTRY_HELP}`);
    return item;
}
function fingerprintOf(record, where) {
    const fingerprint = record['fingerprint'];
    if (typeof fingerprint !== 'string' || fingerprint.trim() === '') {
        throw new ConfigurationError(`${where} has no "fingerprint". ${ENTRY_HELP}`);
    }
    return fingerprint.trim();
}
/** The descriptive fields that are strings; anything else (null in a results file) is left out. */
function described(record, ...keys) {
    const entry = {};
    for (const key of keys) {
        const value = record[key];
        if (typeof value === 'string')
            entry[key] = value;
    }
    return entry;
}
/** The first entry for a fingerprint wins, as in a file read top to bottom. */
function add(entries, entry) {
    if (!entries.has(entry.fingerprint))
        entries.set(entry.fingerprint, entry);
}
/**
 * The entry that accepts a finding: by its fingerprint, else by the one it had before
 * fingerprints named repository paths, where that one is unambiguous: the run audits one
 * project, or the entry names the finding's file (two projects' `src/Vault.sol` shared it).
 */
function baselineEntryFor(baseline, finding, several) {
    const entry = baseline.get(finding.fingerprint);
    if (entry !== undefined || finding.formerFingerprint === undefined)
        return entry;
    const former = baseline.get(finding.formerFingerprint);
    return former !== undefined && (!several || former.file === finding.file) ? former : undefined;
}
/** The severity an entry was accepted at, when it names one of ours (`low`, `High`). */
function acceptedSeverity(entry) {
    const word = entry.severity?.trim().toLowerCase();
    return SEVERITIES.find((severity) => severity === word);
}
/** Entries no current finding matches (fixed, or moved to another file): worth removing. */
function unusedBaselineEntries(baseline, findings) {
    const present = new Set(findings.flatMap(({ fingerprint, formerFingerprint }) => formerFingerprint === undefined ? [fingerprint] : [fingerprint, formerFingerprint]));
    return [...baseline.values()].filter((entry) => !present.has(entry.fingerprint));
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./.build/digest.js
/** SHA-256 digests of text. */

/** One-shot `hash`: half the cost of a `createHash` object, and a list may hash every finding. */
function sha256(text, encoding) {
    return (0,external_node_crypto_.hash)('sha256', text, encoding);
}

;// CONCATENATED MODULE: ./.build/audit/fingerprint.js
/**
 * Fingerprints identify "the same finding" across runs (sticky comments, SARIF
 * partialFingerprints, baselines). They hash what a finding is (rule, file, title), never where
 * it is, so they survive unrelated lines moving.
 */


/**
 * Findings with identical keys (the same rule twice in one file) are told apart by their order
 * of `startLine`: the first keeps the bare hash, the next get `:2`, `:3`…. Input order is kept.
 */
function assignFingerprints(findings) {
    const keyOf = fingerprintKeys();
    const keyed = findings.map((finding, index) => ({ finding, index, key: keyOf(finding) }));
    const groups = new Map();
    for (const entry of keyed) {
        const group = groups.get(entry.key);
        if (group)
            group.push(entry);
        else
            groups.set(entry.key, [entry]);
    }
    const suffixes = [];
    for (const group of groups.values()) {
        if (group.length === 1)
            continue;
        group
            .sort((a, b) => compareForOrder(a.finding, b.finding) || a.index - b.index)
            .forEach((entry, rank) => {
            if (rank > 0)
                suffixes[entry.index] = `:${rank + 1}`;
        });
    }
    return keyed.map(({ finding, index, key }) => ({
        ...finding,
        fingerprint: key + (suffixes[index] ?? ''),
    }));
}
/**
 * Keys for one list: its titles and (rule, file, title) triples repeat, so each is worked once.
 * The triple is looked up part by part: findings share each part's string, so no key is built.
 */
function fingerprintKeys() {
    const titles = new Map();
    const hashes = new Map();
    return (finding) => {
        let title = titles.get(finding.title);
        if (title === undefined) {
            title = normalizeTitle(finding.title);
            titles.set(finding.title, title);
        }
        const rule = finding.ruleId ?? finding.swcId ?? title;
        const file = finding.file ?? '';
        let byFile = hashes.get(rule);
        if (byFile === undefined)
            hashes.set(rule, (byFile = new Map()));
        let byTitle = byFile.get(file);
        if (byTitle === undefined)
            byFile.set(file, (byTitle = new Map()));
        let hash = byTitle.get(title);
        if (hash === undefined) {
            const material = [rule, file, title].join('\u0000');
            hash = sha256(material, 'hex').slice(0, 16);
            byTitle.set(title, hash);
        }
        return hash;
    };
}
/** Case and spacing ignored; line references (`#12-20`, `#L12`, `line 12`) dropped, as they move. */
function normalizeTitle(title) {
    return title
        .toLowerCase()
        .replace(/#l?\d+(?:\s*-\s*l?\d+)?/g, ' ')
        .replace(/\blines?\s*\d+(?:\s*(?:-|to)\s*\d+)?/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
}
/**
 * A total order on everything the service says of a finding, so that the suffixes never depend
 * on the order it lists them in: two findings that differ only in severity keep their own.
 */
function compareForOrder(a, b) {
    const unknown = Number.MAX_SAFE_INTEGER;
    return ((a.startLine ?? unknown) - (b.startLine ?? unknown) ||
        (a.endLine ?? unknown) - (b.endLine ?? unknown) ||
        compareText(a.description, b.description) ||
        severityRank(b.severity) - severityRank(a.severity) ||
        compareText(a.severityLabel, b.severityLabel) ||
        compareText(a.title, b.title) ||
        compareText(a.swcId, b.swcId) ||
        compareText(a.cweId, b.cweId) ||
        compareText(a.recommendation, b.recommendation) ||
        compareText(a.serviceId, b.serviceId));
}
/** Plain code-unit order, not localeCompare: the same on every runner; absent sorts last. */
function compareText(a, b) {
    if (a === b)
        return 0;
    if (a === undefined || b === undefined)
        return a === undefined ? 1 : -1;
    return a < b ? -1 : 1;
}

;// CONCATENATED MODULE: ./.build/audit/patch.js
/**
 * Reads the unified diff GitHub gives for one file of a pull request (the `patch` field of
 * "list pull request files") and says which lines of the new file the pull request added or
 * changed.
 */
/** `@@ -12,7 +12,9 @@ optional section heading`; a count left out means 1. */
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/**
 * The new-file lines of every `+` line, merged into ascending, non-overlapping ranges.
 * Context and `-` lines add nothing (a pure deletion changes no line that is left); the
 * `\ No newline at end of file` marker is not a line. Each hunk is read for the number of
 * lines its header announces, so text after it (another file's `--- a/…` header) is never
 * taken for a deleted or added line.
 * Throws when a line starting with `@@` is not a hunk header: the patch is not one this
 * function understands, and guessing could hide a change.
 */
function addedLineRanges(patch) {
    const ranges = [];
    let oldLeft = 0;
    let newLeft = 0;
    let newLine = 0;
    for (const line of patch.split(/\r?\n/)) {
        // Content lines start with ' ', '+', '-' or '\\', so '@@' always opens a hunk.
        if (line.startsWith('@@')) {
            const header = HUNK_HEADER.exec(line);
            if (header === null)
                throw new Error(`Unrecognized hunk header: ${line.slice(0, 80)}`);
            oldLeft = header[2] === undefined ? 1 : Number(header[2]);
            newLeft = header[4] === undefined ? 1 : Number(header[4]);
            newLine = Number(header[3]);
            continue;
        }
        if (oldLeft === 0 && newLeft === 0)
            continue; // between hunks: file headers, trailing newline
        if (line.startsWith('+')) {
            addLine(ranges, newLine);
            newLine += 1;
            newLeft -= 1;
        }
        else if (line.startsWith('-')) {
            oldLeft -= 1;
        }
        else if (line === '' || line.startsWith(' ')) {
            // A context line; some tools strip the space of an empty one, so '' counts too.
            newLine += 1;
            newLeft -= 1;
            oldLeft -= 1;
        }
        else if (!line.startsWith('\\')) {
            // Not hunk content (the counts were wrong): the hunk is over.
            oldLeft = 0;
            newLeft = 0;
        }
        // A wrong count must not leave one side waiting for lines that never come.
        oldLeft = Math.max(oldLeft, 0);
        newLeft = Math.max(newLeft, 0);
    }
    return ranges;
}
/** Hunks come in file order, so a line either extends the last range or starts a new one. */
function addLine(ranges, line) {
    const last = ranges.at(-1);
    if (last !== undefined && line <= last.end + 1)
        last.end = Math.max(last.end, line);
    else
        ranges.push({ start: line, end: line });
}

;// CONCATENATED MODULE: ./.build/audit/scope.js
/**
 * Diff-aware scope: whether a finding lies in what a pull request changed, so that only those
 * count for the gate (input `scope`). Paths here are relative to the repository root.
 */


const SCOPES = ['all', 'changed-files', 'changed-lines'];
function buildChangeSet(files) {
    const map = new Map();
    for (const file of files) {
        // A removed file is not in the checkout, so no finding can be in it.
        if (file.status === 'removed')
            continue;
        map.set(repositoryPath('', file.path), changedLines(file));
    }
    return { files: map };
}
/**
 * When the diff is not there (too large, binary) or not readable, the whole file counts as
 * changed: hiding a finding the change may have caused is worse than counting one it did not.
 * Only when GitHub says no line was added (a pure rename, a mode change) is that trusted.
 */
function changedLines(file) {
    if (file.patch === undefined)
        return file.additions === 0 ? [] : 'whole-file';
    try {
        return addedLineRanges(file.patch);
    }
    catch {
        return 'whole-file';
    }
}
/**
 * Whether the finding counts under `scope`.
 * - `all`, or a finding with no file: in scope (what cannot be placed is never hidden).
 * - `changed-files`: its file (relative to the repository root, as triage made it) is one the
 *   pull request added or modified, renamed files by their new path.
 * - `changed-lines`: also its lines (`startLine`..`endLine`) overlap an added line; a finding
 *   with a file but no line is in scope when any line of that file was added.
 */
function isInScope(finding, scope, changes) {
    if (scope === 'all' || finding.file === undefined)
        return true;
    const lines = changes.files.get(finding.file);
    if (lines === undefined)
        return false;
    if (scope === 'changed-files' || lines === 'whole-file')
        return true;
    const { startLine, endLine } = finding;
    if (startLine === undefined)
        return lines.length > 0;
    const end = endLine !== undefined && endLine >= startLine ? endLine : startLine;
    return lines.some((range) => range.start <= end && startLine <= range.end);
}
/**
 * The one spelling of a repository path, so the service's and GitHub's meet: `packages/core/`
 * with `./a//b/../c.sol` is `packages/core/a/c.sol`. A path that climbs out of the repository
 * keeps its `..`, so it is never mistaken for a file inside it.
 */
function repositoryPath(pathPrefix, file) {
    const prefix = external_node_path_.posix.normalize(`${pathPrefix}/`).replace(/^(\.\/)+|^\/+/, '');
    return external_node_path_.posix.normalize(prefix + file).replace(/^(\.\/)+|^\/+/, '');
}

;// CONCATENATED MODULE: ./.build/audit/suppressions.js
const DIRECTIVE = /(?:\/\/+|\/\*+|#)[^\S\r\n]*(audit-ignore-(next-line|line)(?=\s|\*\/|$).*?)[^\S\r\n]*(?:\*\/.*)?$/;
function findSuppressions(source) {
    const suppressions = [];
    let pending = [];
    source.split(/\r?\n/).forEach((text, index) => {
        const line = index + 1;
        const match = DIRECTIVE.exec(text);
        const directive = match?.[1];
        const nextLine = match?.[2] === 'next-line';
        const standalone = match !== null && text.slice(0, match.index).trim() === '';
        // Blank lines and stacked next-line directives pass pending directives on to the line below.
        if (text.trim() !== '' && !(nextLine && standalone)) {
            suppressions.push(...pending.map((p) => ({ ...p, line })));
            pending = [];
        }
        if (directive === undefined)
            return;
        const parsed = { rules: parseRules(directive), text: directive };
        if (nextLine)
            pending.push(parsed);
        else
            suppressions.push({ ...parsed, line });
    });
    return suppressions;
}
/**
 * The suppression a directive as findSuppressions keeps it (`text`) makes of `line`, or
 * undefined when it is no directive: how a suppression written down elsewhere is read back.
 */
function suppressionAt(line, text) {
    if (!/^audit-ignore-(?:next-line|line)(?=\s|$)/.test(text))
        return undefined;
    return { line, rules: parseRules(text), text };
}
/** The ids between the directive word and ` -- reason`. */
function parseRules(directive) {
    const list = directive.replace(/^audit-ignore-(next-line|line)/, '').split(/\s--(?:\s|$)/)[0];
    const ids = (list ?? '').split(/[\s,]+/).filter((id) => id !== '');
    return ids.includes('*') ? 'all' : ids.map(normalizeRuleId);
}
/** Case folded, and every spelling of an SWC id (`SWC-107`, `swc107`, `107`) as `swc-107`. */
function normalizeRuleId(id) {
    const folded = id.trim().toLowerCase();
    const swc = /^(?:swc[-_]?)?(\d+)$/.exec(folded);
    return swc === null ? folded : `swc-${Number(swc[1])}`;
}
/** The suppression on the finding's first line that names its rule, if any. */
function isSuppressed(finding, suppressions) {
    const onLine = suppressions.filter((s) => s.line === finding.startLine);
    // Most findings have none on their line: their ids need not be read.
    if (onLine.length === 0)
        return undefined;
    const ids = [finding.ruleId, finding.swcId]
        .filter((id) => id !== undefined)
        .map(normalizeRuleId);
    return onLine.find((s) => s.rules === 'all' || s.rules.some((rule) => ids.includes(rule)));
}

;// CONCATENATED MODULE: ./.build/audit/triage.js
/**
 * Triage: which findings count for the gate, and why the others do not. From here on findings
 * carry repository-relative paths, in one order, with their counts: nothing downstream rebuilds
 * a path, re-sorts or re-counts.
 */





/** Findings that count come first in every report, so they are the last cut for size. */
const STATUS_ORDER = [
    'active',
    'outside-change',
    'accepted',
    'suppressed',
    'dependency',
];
/** The status as a report's cell or mark says it. */
const STATUS_WORDS = {
    active: 'counts',
    'outside-change': 'outside the change',
    accepted: 'accepted',
    suppressed: 'suppressed',
    dependency: 'in a dependency',
};
/** Why a finding that does not count does not, in a sentence. */
const STATUS_REASONS = {
    'outside-change': 'outside the change',
    accepted: 'accepted in the baseline',
    suppressed: 'suppressed by a comment in the code',
    dependency: 'in dependencies (imported by the audited files, not audited themselves)',
};
/** "3 outside the change, 1 accepted": the findings that do not count, by status, in `words`. */
function describeNotCounted(byStatus, words) {
    return STATUS_ORDER.flatMap((status) => status === 'active' || byStatus[status] === 0 ? [] : [`${byStatus[status]} ${words[status]}`]);
}
/**
 * Most specific reason first: in a dependency (not ours to fix), suppressed (the code says so,
 * right there), then accepted (the baseline says so), then outside the change.
 */
function triageFindings(findings, options) {
    const files = findings.map((uploaded) => uploaded.file === undefined ? undefined : options.uploaded?.get(uploaded.file));
    const inRepo = findings.map((uploaded, index) => inRepository(uploaded, files[index], options.pathPrefix));
    // Names as uploaded that are already repository paths (one project at the root) keep the
    // parser's fingerprints: hashing them again would give the same.
    const moved = inRepo.some((finding, index) => finding !== findings[index]);
    const located = (moved ? assignFingerprints(inRepo) : inRepo).map((finding, index) => {
        const uploaded = findings[index];
        const former = uploaded.fingerprint;
        return {
            uploaded,
            finding: finding.fingerprint === former ? finding : { ...finding, formerFingerprint: former },
            file: files[index],
        };
    });
    located.sort((a, b) => compareFindings(a.finding, b.finding));
    const triaged = located.map(({ uploaded, finding, file }) => {
        if (file?.dependency === true)
            return { finding, status: 'dependency', note: undefined };
        const suppression = uploaded.file === undefined
            ? undefined
            : isSuppressed(uploaded, options.suppressions(uploaded.file));
        if (suppression !== undefined)
            return { finding, status: 'suppressed', note: suppression.text };
        const accepted = options.baseline && baselineEntryFor(options.baseline, finding, options.several);
        const note = accepted && escalation(accepted, finding);
        if (accepted !== undefined && note === undefined)
            return { finding, status: 'accepted', note: accepted.reason };
        if (options.changes !== undefined && !isInScope(finding, options.scope, options.changes))
            return { finding, status: 'outside-change', note };
        return { finding, status: 'active', note };
    });
    const counts = countFindings(triaged);
    return {
        findings: triaged,
        counts,
        scope: options.scope,
        scopeNote: scopeNote(options.scope, counts),
    };
}
/**
 * A finding the service now reports as more severe than the baseline accepted it is not
 * accepted: the team accepted a lesser risk. The note says so; undefined when it did not rise.
 */
function escalation(accepted, finding) {
    const acceptedAt = acceptedSeverity(accepted);
    if (acceptedAt === undefined || severityRank(finding.severity) <= severityRank(acceptedAt))
        return undefined;
    return `the baseline accepted it at ${acceptedAt} severity (${accepted.reason}); it is now ${finding.severity}`;
}
/** What `scope` did, e.g. "changed-lines: 5 of 12 findings are in the change". */
function scopeNote(scope, counts) {
    return scope === 'all'
        ? undefined
        : `${scope}: ${counts.inScope} of ${counts.total} findings are in the change`;
}
/**
 * The service names files as uploaded: made repository paths here, once, from the upload when it
 * is known (names there are the compiler's, not paths), else under the working directory (the
 * parser has already dropped paths that climb out, unless they were uploaded).
 */
function inRepository(finding, uploaded, pathPrefix) {
    if (finding.file === undefined)
        return finding;
    const file = uploaded?.repositoryPath ?? repositoryPath(pathPrefix, finding.file);
    return file === finding.file ? finding : { ...finding, file };
}
function countFindings(triaged) {
    const byStatus = {
        active: 0,
        'outside-change': 0,
        accepted: 0,
        suppressed: 0,
        dependency: 0,
    };
    for (const entry of triaged)
        byStatus[entry.status] += 1;
    const active = activeFindings(triaged);
    return {
        total: triaged.length,
        bySeverity: countBySeverity(triaged.map((entry) => entry.finding)),
        counted: countBySeverity(active),
        byStatus,
        inScope: triaged.length - byStatus['outside-change'],
    };
}
function activeFindings(triaged) {
    return triaged.filter((entry) => entry.status === 'active').map((entry) => entry.finding);
}
/**
 * The findings as reports list them: grouped by STATUS_ORDER, each group in the model's order.
 * A stable partition of the triaged order, not another sort.
 */
function inReportOrder(triaged) {
    // One pass: every report asks, and the list may be long.
    const groups = new Map(STATUS_ORDER.map((status) => [status, []]));
    for (const entry of triaged)
        groups.get(entry.status)?.push(entry);
    return [...groups.values()].flat();
}

;// CONCATENATED MODULE: ./.build/audit/gate.js
/**
 * The severity gate: whether the findings that count (triage status `active`) fail the job at
 * the chosen `fail-on` level.
 */


const FAIL_ON_LEVELS = ['critical', 'high', 'medium', 'low', 'info', 'none'];
/** Whether the run has the audit's results: only pass and fail come from them. */
function hasResults(verdict) {
    return verdict === 'pass' || verdict === 'fail';
}
/**
 * Whether a finding of this severity fails the job. `info` is the most inclusive level there
 * is, so it means "any finding": gas findings, which rank below info, fail it too. `none`
 * never fails. A severity the action could not read fails every level but `none`.
 */
function isBlocking(severity, failOn) {
    if (failOn === 'none')
        return false;
    if (failOn === 'info' || severity === 'unknown')
        return true;
    return severityRank(severity) >= severityRank(failOn);
}
/** Only active findings count; the reason says how many others there were and why. */
/** `vocabulary`: the door's, in whose words a gate that never fails says so. */
function evaluateGate(counts, failOn, vocabulary) {
    const blocking = Object.fromEntries(SEVERITIES.map((s) => [s, isBlocking(s, failOn) ? counts.counted[s] : 0]));
    const blockingCount = SEVERITIES.reduce((sum, s) => sum + blocking[s], 0);
    const all = describeCounts(counts.counted);
    const excluded = describeExcluded(counts);
    const notCounted = excluded === '' ? '' : `; not counted: ${excluded}`;
    const none = excluded === '' ? 'no findings' : 'no findings that count';
    if (failOn === 'none') {
        return {
            verdict: 'pass',
            reason: `${vocabulary.option('fail-on')} is none, so findings never ${vocabulary.failing} (${all || none})${notCounted}`,
        };
    }
    if (blockingCount > 0) {
        const noun = blockingCount === 1 ? 'finding' : 'findings';
        return {
            verdict: 'fail',
            reason: `${blockingCount} ${noun} at or above ${failOn} (${describeCounts(blocking)})${notCounted}`,
        };
    }
    return {
        verdict: 'pass',
        reason: (counts.byStatus.active > 0
            ? `no findings at or above ${failOn} (${all})`
            : `${none} (failing at ${failOn} or above)`) + notCounted,
    };
}
/** "3 outside the change, 1 accepted, 1 suppressed": the findings that did not count. */
function describeExcluded({ byStatus }) {
    return describeNotCounted(byStatus, STATUS_WORDS).join(', ');
}
/** "1 critical, 3 info": the non-zero counts, most severe first. */
function describeCounts(counts) {
    return SEVERITIES.filter((s) => counts[s] > 0)
        .map((s) => `${counts[s]} ${s}`)
        .join(', ');
}

;// CONCATENATED MODULE: ./.build/audit/result.js



/** A run that ended before any project's audit, with what was known of it. */
function stoppedRun(stopped, facts = {}) {
    return { projects: [], several: false, stopped, ...facts };
}
function base(facts) {
    return {
        verdict: 'error',
        reason: '',
        auditId: facts.auditId,
        rawStatus: undefined,
        reportUrl: undefined,
        findings: undefined,
        counts: countFindings([]),
        scope: 'all',
        scopeNote: undefined,
        fileCount: facts.fileCount,
    };
}
function skippedResult(reason, facts) {
    return { ...base(facts), verdict: 'skipped', reason };
}
/**
 * `lastProblem`: the last error the wait went on through, when no answer came after it, such as
 * the 404s of an audit the service did not show yet.
 */
function timeoutResult(facts, timeoutMs, last, lastProblem) {
    const status = lastProblem !== undefined
        ? `the last poll got no status: ${lastProblem}`
        : `last status: ${last?.rawStatus ?? 'unknown'}`;
    return {
        ...base(facts),
        verdict: 'timeout',
        reason: `The audit did not finish within ${formatDuration(timeoutMs)} ` +
            `(${status}). No results were obtained.`,
        rawStatus: last?.rawStatus,
        reportUrl: last?.reportUrl,
        resumable: 'timeout',
    };
}
/**
 * An audit not finished when its one poll came, left to go on at the service: collected later.
 * `last` is what that poll read, `lastProblem` why it read nothing.
 */
function pendingResult(facts, last, lastProblem) {
    const status = lastProblem !== undefined
        ? `its one poll got no status: ${lastProblem}`
        : `status: ${last?.rawStatus ?? 'unknown'}`;
    return {
        ...base(facts),
        verdict: 'pending',
        reason: `The audit is still running at the service (${status}); this run did not wait for it. ` +
            'No results yet.',
        rawStatus: last?.rawStatus,
        reportUrl: last?.reportUrl,
        resumable: 'pending',
    };
}
/** The service finished the audit without results: its message is the reason. */
function serviceFailureResult(facts, snapshot) {
    // The sentence goes on after the service's words: their own full stop would double it.
    const message = snapshot.message?.replace(/[\s.]+$/, '');
    return {
        ...base(facts),
        verdict: 'error',
        reason: (snapshot.state === 'failed'
            ? `The service reports the audit as ${snapshot.rawStatus}` +
                (message ? `: ${message}` : ' (no message given)')
            : `The audit ended (${snapshot.rawStatus}) but the service reports an error` +
                (message ? `: ${message}` : '')) + '. No results were obtained.',
        rawStatus: snapshot.rawStatus,
        reportUrl: snapshot.reportUrl,
    };
}
function completedResult(facts, snapshot, triage, settings) {
    const gate = evaluateGate(triage.counts, settings.failOn, settings.vocabulary);
    // Findings the service itself says are not all there cannot pass a gate, nor prove a fail.
    const incomplete = snapshot.incomplete?.replace(/[\s.]+$/, '');
    return {
        ...base(facts),
        verdict: incomplete === undefined ? gate.verdict : 'error',
        reason: incomplete === undefined
            ? gate.reason
            : `The audit ended (${snapshot.rawStatus}), but the service's answer says its findings are ` +
                `incomplete: ${incomplete}. The ${triage.findings.length} finding(s) it sent are shown; ` +
                `on them alone the gate says: ${gate.reason}.`,
        rawStatus: snapshot.rawStatus,
        reportUrl: snapshot.reportUrl,
        findings: triage.findings,
        counts: triage.counts,
        scope: triage.scope,
        scopeNote: triage.scopeNote,
    };
}
/**
 * An error ends the audit with verdict `error`; the reason says what to fix, or that it is a bug
 * (of the tool, as the door's `vocabulary` names it), whose stack then goes to `log`'s debug lines.
 */
function errorResult(error, facts, { vocabulary, log }) {
    let reason;
    if (error instanceof ConfigurationError)
        reason = error.message;
    else if (error instanceof ServiceError)
        reason = `The audit service: ${error.message}`;
    else {
        reason = `Unexpected error (a bug in ${vocabulary.tool}; please report it): ${errorMessage(error)}`;
        if (error instanceof Error)
            log?.debug(error.stack ?? error.message);
    }
    return {
        ...base(facts),
        // The time limit, run out before anything was audited, is the run's timeout, not a mistake.
        verdict: error instanceof DeadlineError ? 'timeout' : 'error',
        reason,
        ...(facts.auditId && !facts.resumed && { resumable: 'error' }),
    };
}
function formatDuration(ms) {
    if (ms < 60_000)
        return `${Math.round(ms / 100) / 10} s`;
    return `${Math.round(ms / 600) / 100} min`;
}

;// CONCATENATED MODULE: ./.build/action/vocabulary.js
const ACTION_VOCABULARY = {
    option: (name) => `\`${name}\``,
    optionNamed: (name) => `input \`${name}\``,
    setting: (name, value) => `\`${name}: ${value}\``,
    takes: () => true,
    keyName: '`api-key`',
    keyHolder: 'the secret',
    tool: 'this action',
    beforeAudit: 'before this step',
    failing: 'fail the job',
    idsOf: (run) => `the \`audit-id\` output of ${run}`,
    noKey: 'Input `api-key` is empty. Add the service key as a repository secret (e.g. AUDIT_API_KEY) and pass it: ' +
        '`api-key: ${{ secrets.AUDIT_API_KEY }}`.',
    resume: (auditIds) => `\`${resumeInput(auditIds)}\``,
    pendingCompletion: 'The check run stays in progress on the head commit until a run with `finish-pending: true` collects the audit and completes it.',
    fetchSubmodules: 'check out with `submodules: recursive` in actions/checkout (or run ' +
        '`git submodule update --init --recursive` before this step)',
    resultsFile: 'the `results-file` of a run',
    projectList: 'the `projects` output',
    splitProjects: 'give each project a job of its own, a matrix over the `projects` output (see `detect-only`)',
};
/**
 * A finishing run's words: its audits come from the check runs' records, so it has no `audit-id`
 * to check.
 */
const FINISHING_VOCABULARY = {
    ...ACTION_VOCABULARY,
    takes: (name) => name !== 'audit-id',
};
/** The YAML for resuming: a JSON object must be quoted, or YAML reads it as a mapping. */
function resumeInput(value) {
    return value.startsWith('{')
        ? `audit-id: '${value.replaceAll("'", "''")}'`
        : `audit-id: ${value}`;
}

;// CONCATENATED MODULE: ./.build/action/no-key.js
/** What a run of the Action without a key ends in: GitHub gives some runs no secrets. */



/**
 * A run without a key: skipped on a fork's or Dependabot's pull request (GitHub gives such runs
 * no secrets), a configuration error anywhere else.
 */
function noApiKeyResult(untrustedPullRequest, facts) {
    if (!untrustedPullRequest) {
        return errorResult(new ConfigurationError(ACTION_VOCABULARY.noKey), facts, {
            vocabulary: ACTION_VOCABULARY,
        });
    }
    const origin = untrustedPullRequest === 'fork'
        ? 'this pull request comes from a fork'
        : 'this run was triggered by Dependabot';
    return skippedResult(`No API key: ${origin}, and GitHub does not give repository secrets to such runs. ` +
        'The audit was skipped; nothing was sent. It runs on pushes and on pull requests from branches of this repository.', facts);
}

;// CONCATENATED MODULE: ./.build/redaction.js
/**
 * The last step before anything leaves the action: every output, file, summary, log line and
 * GitHub request passes through `redact`. It runs on the finished text, after every decoding,
 * cleaning and escaping the action does, so no later transform can rebuild a secret from what
 * the service sent. It finds a secret spelled literally, percent-encoded (either case), as
 * HTML entities, JSON or Markdown escapes, or split by invisible characters; and, separated (see
 * SEPARATORS) or not, its letters and digits, its bytes in hex, decimal or octal escapes, and its
 * base64.
 */
/** Secrets shorter than this would mask ordinary words wherever they occur. */
const MIN_SECRET_LENGTH = 8;
const REDACTED = '***';
const NAMED_ENTITIES = {
    '&': 'amp',
    '<': 'lt',
    '>': 'gt',
    '"': 'quot',
    "'": 'apos',
    '/': 'sol',
    '=': 'equals',
    '+': 'plus',
    _: '(?:lowbar|UnderBar)',
    '-': '(?:dash|hyphen)',
    '.': 'period',
    ':': 'colon',
};
/**
 * Characters a reader does not see, in the forms our renderers and the service may write them:
 * literal (any invisible code point), as an HTML entity, percent-encoded UTF-8 or a JSON escape
 * of the common ones; and a backslash, which Markdown escaping puts before punctuation.
 */
const INVISIBLE_CODE_POINTS = [
    0x7f, 0xad, 0x34f, 0x61c, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c,
    0x202d, 0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff,
];
const NOISE = `${alternation([
    { lead: undefined, rest: '[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\\\]' },
    {
        lead: '&',
        rest: '(?:shy|zwsp|zwj|zwnj|lrm|rlm|ZeroWidthSpace|NoBreak|InvisibleTimes|InvisibleComma|ApplyFunction);',
    },
    ...INVISIBLE_CODE_POINTS.flatMap((code) => spellings(String.fromCodePoint(code)).slice(1)),
])}*`;
/**
 * Characters no form of a secret is written with unless the secret holds them: not invisible,
 * in no encoding's alphabet or syntax (`%`, `&#;`, a backslash, hex, base64), and no separator.
 * No match can span one, so text can be redacted in pieces cut after one. JSON has them on every
 * line; a list of bytes has them only around it.
 */
const BARRIERS = '{}[]';
/**
 * What a service may put between the units of a separated form (bytes, base64 characters, the
 * secret's characters): white space, punctuation, invisible characters; never a letter, digit,
 * barrier, or `%`, `&`, `#` or backslash, which begin units and escapes. So a text reads one way
 * only: a failed match costs at most MAX_GAP tries per gap, the same in a text of any length.
 */
const SEPARATORS = ' \t\n\r\f\v!"$\'()*+,-./:;<=>?@^_`|~\u00a0\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff';
/** At most this many separators between two units: `", "`, a line break and an indent. */
const MAX_GAP = 12;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]+$/u;
/** Units of a separated form found before its whole pattern is made. */
const HEAD_UNITS = 3;
/** Texts are redacted this many characters at a time, or about: a regex call costs little more. */
const BATCH_CHARS = 64 * 1024;
/**
 * What every encoded spelling of a character, and of the noise between them, starts with:
 * `%` with two hex digits, `&` or a backslash.
 */
const ENCODING_START = /%[\da-f]{2}|[&\\]/i;
/** NOISE's class less the backslash: the noise a text without ENCODING_START can hold. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, 'gu');
/**
 * From this length a text is searched for every form with one pattern, made once, rather than
 * with its invisible characters taken out: the pattern takes milliseconds to make, which short
 * texts never pay back (a skipped run redacts only short ones).
 */
const LONG_TEXT = 16 * 1024;
class Redactor {
    #matchers = [];
    /** BARRIERS less the characters of the secrets. */
    #barriers = new Set(Array.from(BARRIERS, (c) => c.charCodeAt(0)));
    /** The secrets without their invisible characters. */
    // Stryker disable next-line ArrayDeclaration: only the pre-check reads these, and it may say yes too often, never no
    #visible = [];
    /** Separated forms of all secrets: each one's first units and whole, and its pattern once made. */
    #separatedForms = [];
    /** Made when first needed, for all secrets: see #mayHold and #separated. */
    #anyForm;
    #anyHead;
    /** Adds a secret; empty ones are ignored. */
    add(secret) {
        if (secret === '')
            return;
        this.#matchers.push(spelledOut(secret));
        this.#visible.push(withoutInvisible(secret));
        this.#anyForm = this.#anyHead = undefined;
        for (const c of secret)
            this.#barriers.delete(c.charCodeAt(0));
        // Encoded forms of a short secret are short enough to turn up by chance.
        if (secret.length < MIN_SECRET_LENGTH)
            return;
        // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding as UTF-8
        for (const { prefix, units, gap } of separatedForms(Buffer.from(secret, 'utf8'), secret)) {
            // A head without its prefix: the search for it starts at a digit or letter.
            const head = units.slice(0, HEAD_UNITS).map((unit, i) => (i > 0 ? prefix : '') + unit);
            this.#separatedForms.push({ head: head.join(gap), whole: prefix + units.join(gap + prefix) });
        }
    }
    /** The text with every form of every secret replaced by `***`. */
    redact(text) {
        // Separated forms first: a secret's characters among them are read as they came.
        let out = text;
        for (const pattern of this.#separated(text))
            out = out.replace(pattern, REDACTED);
        if (!this.#mayHold(out))
            return out;
        for (const matcher of this.#matchers) {
            const pattern = matcher(out);
            if (pattern)
                out = out.replace(pattern, REDACTED);
        }
        return out;
    }
    /**
     * The chunks redacted as if joined, without ever joining them: each is passed on up to its
     * last barrier and the rest held for the next, so a secret split between chunks, in any form,
     * is found as in the whole text (no match spans a barrier), and what comes out is the same.
     */
    async *redactChunks(chunks) {
        let held = '';
        for await (const chunk of chunks) {
            // Held text has no barrier, so the chunk's last one is the last of both.
            const cut = this.#lastBarrier(chunk) + 1;
            if (cut === 0) {
                held += chunk;
                continue;
            }
            yield this.redact(held + chunk.slice(0, cut));
            held = chunk.slice(cut);
        }
        if (held !== '')
            yield this.redact(held);
    }
    /** Whether any form of a secret appears in the text. */
    appearsIn(text) {
        const found = (pattern) => {
            if (!pattern)
                return false;
            pattern.lastIndex = 0;
            const result = pattern.test(text);
            pattern.lastIndex = 0;
            return result;
        };
        return (this.#separated(text).some(found) ||
            (this.#mayHold(text) && this.#matchers.some((matcher) => found(matcher(text)))));
    }
    /**
     * Whether any form of a secret appears in one of the texts. They are looked at in batches
     * joined by a barrier, so many short texts cost about what one long one does.
     */
    appearsInAny(texts) {
        const [barrier] = this.#barriers;
        if (barrier === undefined)
            return [...texts].some((text) => this.appearsIn(text));
        const join = String.fromCharCode(barrier);
        let batch = '';
        for (const text of texts) {
            batch += text + join;
            // Stryker disable next-line ConditionalExpression,EqualityOperator: batches bound only what is joined at once; any cut of the texts gives the same answer
            if (batch.length < BATCH_CHARS)
                continue;
            if (this.appearsIn(batch))
                return true;
            batch = '';
        }
        return this.appearsIn(batch);
    }
    /**
     * False when no matcher can match, found in one pass over the text for all secrets, which
     * spares most texts a pass per pattern. Without ENCODING_START a matcher matches only the
     * secret with invisible characters in it (see spelledOut).
     */
    #mayHold(text) {
        // Stryker disable next-line BooleanLiteral: with no secret there is no matcher to run
        if (this.#matchers.length === 0)
            return false;
        if (ENCODING_START.test(text))
            return true;
        // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: both checks are exact; the length chooses the faster
        if (text.length >= LONG_TEXT) {
            // Each secret's visible characters with only invisible ones between.
            this.#anyForm ??= new RegExp(this.#visible
                .map(
            // Stryker disable next-line ArrowFunction: a pattern of empty alternatives lets every text through to the matchers, which check it again
            (secret) => Array.from(secret, escapeRegExp).join(`${INVISIBLE.source}*`))
                .join('|'), 'u');
            return this.#anyForm.test(text);
        }
        const visible = withoutInvisible(text);
        return this.#visible.some((secret) => visible.includes(secret));
    }
    /**
     * The patterns of the separated forms whose first units the text holds. Almost no text holds
     * any, which one search of all heads tells. Each form has a pattern of its own: V8 runs one
     * pattern of all of them many times slower.
     */
    #separated(text) {
        if (this.#separatedForms.length === 0)
            return [];
        // Stryker disable next-line ArrowFunction: a pattern of empty alternatives lets every text through to each form's own head
        this.#anyHead ??= new RegExp(this.#separatedForms.map(({ head }) => head).join('|'));
        if (!this.#anyHead.test(text))
            return [];
        return this.#separatedForms.flatMap((form) => {
            // Searched apart: in one search, a head's match could hide another's start.
            if (!(form.heads ??= new RegExp(form.head)).test(text))
                return [];
            return [(form.pattern ??= new RegExp(form.whole, 'g'))];
        });
    }
    #lastBarrier(text) {
        // Stryker disable next-line ArithmeticOperator: past the end there is no barrier (charCodeAt is NaN), and the loop walks back
        let at = text.length - 1;
        while (at >= 0 && !this.#barriers.has(text.charCodeAt(at)))
            at -= 1;
        return at;
    }
}
/**
 * Every spelling of the secret, with invisible noise between its characters: a regex of tens of
 * thousands of characters for a token's length, whose compiling costs more than the rest of a
 * skipped run. So it is made only for a text that may hold the secret: one
 * with ENCODING_START, or that has the secret's visible characters once invisible ones are taken
 * out. Without ENCODING_START a character is spelled only as itself and the noise is only
 * invisible characters, so the check never misses a match.
 */
function spelledOut(secret) {
    const visible = withoutInvisible(secret);
    let pattern;
    return (text) => ENCODING_START.test(text) || withoutInvisible(text).includes(visible)
        ? (pattern ??= new RegExp(spelledPattern(Array.from(secret)), 'gu'))
        : undefined;
}
/**
 * Each character's forms, noise between them. A literal character is followed by noise or by
 * the next character's form, so it is checked for that at once: in prose most letters of a
 * secret turn up at every few words, and without the check each would start a search through
 * the noise's forms (the same matches, faster on long text).
 */
function spelledPattern(characters) {
    return characters
        .map((c, index) => {
        const next = characters[index + 1];
        const [literal, ...encoded] = spellings(c);
        if (next === undefined || literal === undefined)
            return alternation(spellings(c));
        // Stryker disable next-line StringLiteral: without the lookahead the literal is one more form of the character: the same matches, slower
        const follows = `(?=[${classCharacter(next)}%&\\\\${INVISIBLE.source.slice(1, -1)}])`;
        return alternation([{ lead: literal.lead, rest: follows }, ...encoded]);
    })
        .join(NOISE);
}
/** A character as a member of a regex class. */
function classCharacter(c) {
    return c.replace(/[\\\]^-]/g, '\\$&');
}
function withoutInvisible(text) {
    return INVISIBLE.test(text) ? text.replace(EVERY_INVISIBLE, '') : text;
}
/**
 * The forms as one alternation, those with the same first character grouped behind it, so the
 * engine tries one group per position rather than every form (on long text, a secret is found
 * in about half the time). Forms with different first characters never both match at one
 * position, so the grouping, in the order of each group's first form, changes no match. Within a
 * group the bare character comes last: at the end of a pattern the engine stops at the first
 * alternative that matches, and a longer spelling that starts with it (`%25`, `&amp;`) must be
 * replaced whole, not leave a tail that tells the secret's last character.
 */
function alternation(forms) {
    const groups = [];
    for (const { lead, rest } of forms) {
        // A class is a group of its own, in its place: it may hold a character a form starts with.
        const group = lead === undefined ? undefined : groups.find((g) => g.lead === lead);
        if (group)
            group.rests.push(rest);
        else
            groups.push({ lead, rests: [rest] });
    }
    const alternatives = groups.map(({ lead, rests }) => {
        if (lead === undefined)
            return rests.join('|');
        const first = escapeRegExp(lead);
        const longest = [
            ...rests.filter((rest) => rest !== ''),
            ...rests.filter((rest) => rest === ''),
        ];
        return rests.length === 1 && rests[0] === '' ? first : `${first}(?:${longest.join('|')})`;
    });
    return `(?:${alternatives.join('|')})`;
}
/**
 * One character's forms: literally, percent-encoded UTF-8 (either case), an HTML numeric or
 * named entity, behind a backslash (JSON and Markdown escapes), or a JSON `\uXXXX` escape.
 */
function spellings(char) {
    const code = char.codePointAt(0) ?? 0;
    const percent = [...Buffer.from(char, 'utf8')]
        .map((byte) => caseless(byte.toString(16).padStart(2, '0')))
        .join('%');
    const forms = [
        { lead: char, rest: '' },
        { lead: '%', rest: percent },
        { lead: '&', rest: `#0*${code};?` },
        { lead: '&', rest: `#[xX]0*${caseless(code.toString(16))};?` },
        { lead: '\\', rest: `[\\\\]?${escapeRegExp(char)}` },
    ];
    if (code <= 0xffff)
        forms.push({ lead: '\\', rest: `u${caseless(code.toString(16).padStart(4, '0'))}` });
    const named = NAMED_ENTITIES[char];
    if (named !== undefined)
        forms.push({ lead: '&', rest: `${named};` });
    return forms;
}
/**
 * The base64 text of the secret wherever it sits in a longer encoded string: for each of the
 * three byte alignments, the standard base64 characters that depend on the secret's bytes alone.
 */
function base64Inner(bytes) {
    return [0, 1, 2].map((offset) => {
        const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
        return encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    });
}
/**
 * A secret's separated forms: its bytes in hex (`73 6b`, `0x73, 0x6B`, `\\x73\\x6b`, `%73 %6b`),
 * in decimal (`115, 107`), as octal escapes (`\\163\\153`), its base64 at each alignment in
 * either alphabet (split across lines), and its letters and digits. A backslash may be doubled,
 * as JSON writes it. A gap may be empty, so each form is found written without separators too.
 */
function separatedForms(bytes, secret) {
    const letters = Array.from(secret).filter((c) => LETTER_OR_DIGIT.test(c));
    const gap = gapPattern(SEPARATORS);
    const hex = [...bytes].map((b) => caseless(b.toString(16).padStart(2, '0')));
    return [
        { prefix: '(?:0[xX]|\\\\{1,2}[xX]|%)?', units: hex, gap },
        { prefix: '', units: [...bytes].map(String), gap },
        { prefix: '\\\\{1,2}0{0,2}', units: [...bytes].map((b) => b.toString(8)), gap },
        ...base64Inner(bytes).map((inner) => ({
            prefix: '',
            units: Array.from(inner, (c) => (c === '+' ? '[+-]' : c === '/' ? '[/_]' : c)),
            gap: gapPattern(SEPARATORS.replace(/[+/_-]/g, '')),
        })),
        // Its own punctuation may be changed or left out (`sk-live-…`, `sklive…`).
        { prefix: '', units: letters.map(escapeRegExp), gap: gapPattern(SEPARATORS + secret) },
    ].filter(({ units }) => units.length >= MIN_SECRET_LENGTH);
}
/** Up to MAX_GAP of the characters given (but letters and digits) or escaped white space. */
function gapPattern(characters) {
    const single = [...new Set(characters)]
        .filter((c) => !LETTER_OR_DIGIT.test(c))
        .map(classCharacter)
        .join('');
    return `(?:[${single}]|\\\\[nrt]|&(?:nbsp|Tab|NewLine|#(?:9|1[03]|32));){0,${MAX_GAP}}`;
}
/** Hex digits matched in either case. */
function caseless(hex) {
    return hex.replace(/[a-f]/gi, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}
function escapeRegExp(text) {
    return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

;// CONCATENATED MODULE: ./.build/api/json-fields.js
/**
 * Small readers for JSON of unknown shape: type guards, "first present field among aliases",
 * and envelope unwrapping. Everything the service sends stays `unknown` until checked here.
 */

function readJson(text) {
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch {
        return { ok: false };
    }
}
/** The value at a dotted path (`links.report`), own properties only; `null` reads as absent. */
function field(record, path) {
    // Called a few hundred times per finding, most often for an absent key: no split, so a path
    // costs nothing past its first absent segment.
    let current = record;
    let from = 0;
    for (let dot = path.indexOf('.'); dot !== -1; dot = path.indexOf('.', from)) {
        const inner = ownValue(current, path.slice(from, dot));
        if (!isRecord(inner))
            return undefined;
        current = inner;
        from = dot + 1;
    }
    return ownValue(current, from === 0 ? path : path.slice(from));
}
function ownValue(record, key) {
    return Object.hasOwn(record, key) ? (record[key] ?? undefined) : undefined;
}
/** The first of `aliases` whose value `read` accepts; absent ones are not read. */
function firstOf(record, aliases, read) {
    for (const alias of aliases) {
        const raw = field(record, alias);
        const value = raw === undefined ? undefined : read(raw);
        if (value !== undefined)
            return value;
    }
    return undefined;
}
/** Searches level by level (innermost first), each level through all aliases. */
function firstInLevels(levels, aliases, read) {
    for (const level of levels) {
        const value = firstOf(level, aliases, read);
        if (value !== undefined)
            return value;
    }
    return undefined;
}
/** Searches alias by alias, each through all levels: a specific name anywhere beats a generic one. */
function firstByAlias(levels, aliases, read) {
    for (const alias of aliases) {
        for (const level of levels) {
            const value = read(field(level, alias));
            if (value !== undefined)
                return value;
        }
    }
    return undefined;
}
/** Keys under which comparable services wrap the object that matters. */
const ENVELOPE_KEYS = [
    'data',
    'result',
    'results',
    'audit',
    'report',
    'scan_report',
    'attributes',
];
const MAX_ENVELOPE_DEPTH = 4;
/**
 * The root and every object reachable from it through envelope keys (arrays are never
 * envelopes: `results: [...]` is a findings list), innermost first and the root last, so
 * an inner `status` wins over an outer transport-level one.
 */
function envelopeLevels(root) {
    if (!isRecord(root))
        return [];
    const byDepth = [[root]];
    for (let depth = 0; depth < MAX_ENVELOPE_DEPTH; depth += 1) {
        const next = [];
        for (const level of byDepth[depth] ?? []) {
            for (const key of ENVELOPE_KEYS) {
                const inner = field(level, key);
                if (isRecord(inner))
                    next.push(inner);
            }
        }
        if (next.length === 0)
            break;
        byDepth.push(next);
    }
    return byDepth.reverse().flat();
}
/** A non-empty string, trimmed. */
function json_fields_text(value) {
    if (typeof value !== 'string')
        return undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
}
/**
 * Control, format and other invisible characters (escape sequences, DEL, bidi overrides,
 * zero-width joiners, the BOM, Hangul fillers) and lone surrogates: removed, never turned into
 * spaces, so text split by them reads as what it is (and a secret split by them is found).
 */
const json_fields_INVISIBLE = /(?![\t\n\v\f\r\u0085])[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** Runs of white space and line breaks, folded to one space. */
const BLANK_RUNS = /[\s\u0085]+/g;
/** What the two above and trim() leave as it is: no invisible character, no blank run or edge. */
const PLAIN_LINE = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;
const MAX_NAME = 200;
/**
 * A name-like string (file, rule or service id, severity word) on one line: invisible characters
 * dropped, white space folded, cut to `max` code points with '…'. A line break in a name once
 * ended an HTML block in the job summary. Undefined when nothing visible is left.
 */
function cleanName(value, max = MAX_NAME) {
    // Printable ASCII with single inner spaces is already one clean line: most names are.
    const line = PLAIN_LINE.test(value)
        ? value
        : value.replace(json_fields_INVISIBLE, '').replace(BLANK_RUNS, ' ').trim();
    if (line === '')
        return undefined;
    // UTF-16 units bound the code points: most names are short enough without counting them.
    if (line.length <= max)
        return line;
    const chars = Array.from(line); // by code point, so a cut never splits a surrogate pair
    if (chars.length <= max)
        return line;
    return `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
/** A non-empty string or a finite number, as a string (ids and status words arrive as either). */
function scalarText(value) {
    if (typeof value === 'number')
        return Number.isFinite(value) ? String(value) : undefined;
    return json_fields_text(value);
}
/** A positive integer, from a number or a string of digits. */
function positiveInteger(value) {
    const number = typeof value === 'number'
        ? value
        : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
            ? Number(value)
            : NaN;
    return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}
/** `read` remembering its answers, for values an answer repeats (file names, severity words). */
function memoized(read) {
    const answers = new Map();
    return (value) => {
        let answer = answers.get(value);
        if (answer === undefined && !answers.has(value)) {
            answer = read(value);
            answers.set(value, answer);
        }
        return answer;
    };
}

;// CONCATENATED MODULE: ./.build/api/excerpt.js
/** Short, single-line quotes of untrusted service text, for error messages and logs. */

/**
 * Whitespace collapsed to single spaces, invisible and control characters (escape sequences,
 * which would let a body rewrite a log line) removed, cut to `max` characters with '…'.
 */
function bodyExcerpt(text, max = 200) {
    return cleanName(text, max) ?? '';
}
/**
 * How an error message shows the body it could not use: `empty body`, `body: …`,
 * `body is not JSON: …`, or for a web page its words and the likely cause.
 */
function describeBody(bodyText, isJson) {
    if (bodyText.trim() === '')
        return 'empty body';
    if (!isJson && looksLikeHtml(bodyText)) {
        return `body is an HTML page, not JSON — is the base URL the API's address?: ${bodyExcerpt(htmlText(bodyText))}`;
    }
    return `${isJson ? 'body' : 'body is not JSON'}: ${bodyExcerpt(bodyText)}`;
}
function looksLikeHtml(body) {
    return /^\s*</.test(body);
}
/** Tags, scripts and styles removed, so a gateway's error page reads as its words. */
function htmlText(body) {
    return body
        .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ');
}

;// CONCATENATED MODULE: ./.build/api/answer-body.js
/** Answers are JSON of findings; anything beyond this is not a plausible answer. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
class AnswerTooLarge extends Error {
}
/**
 * Reads the whole body, bounded, into one buffer and decodes it once: a large answer is held as
 * bytes and as text, never also as chunks and their copy. undici's body must always be consumed
 * or destroyed.
 */
async function readText(body, headers) {
    const tooLarge = () => {
        // undici reports a body destroyed unread as aborted: the abort is ours, not news.
        body.on('error', () => undefined);
        body.destroy();
        return new AnswerTooLarge(`the answer exceeded ${MAX_BODY_BYTES / 1024 / 1024} MiB`);
    };
    const declared = Number(headerValue(headers['content-length']));
    // Refused before reading: the bytes may be slow to come, or never come.
    if (declared > MAX_BODY_BYTES)
        throw tooLarge();
    // undici holds the body to its Content-Length: then the buffer is made to measure; without
    // one it doubles as needed. Pages of it that are never written are never taken from the system.
    let buffer = Buffer.allocUnsafe(Number.isSafeInteger(declared) && declared > 0 ? declared : 0);
    let size = 0;
    for await (const chunk of body) {
        const end = size + chunk.length;
        if (end > MAX_BODY_BYTES)
            throw tooLarge();
        if (end > buffer.length) {
            const grown = Buffer.allocUnsafe(Math.min(MAX_BODY_BYTES, Math.max(end, 2 * buffer.length)));
            buffer.copy(grown, 0, 0, size);
            buffer = grown;
        }
        chunk.copy(buffer, size);
        size = end;
    }
    return buffer.toString('utf8', 0, size);
}
/**
 * A 2xx answer lost on the way: an empty 200 (201/202/204 may be empty), or JSON that stops
 * inside a string, object or array, as one cut off does. A body that is not JSON at all (a web
 * page) is complete: repeating it changes nothing, so it goes to the parser, which says what it
 * is; so does JSON closed but malformed, or lacking fields. Scanned, not parsed: the parser
 * reads a large answer once.
 */
function isCutShort(answer) {
    const text = answer.text.trim();
    if (text === '')
        return answer.status === 200;
    return /^[[{"]/.test(text) && endsOpen(text);
}
/** Whether JSON text ends inside a string, or with an object or array still open. */
function endsOpen(text) {
    let depth = 0;
    for (let at = 0; at < text.length; at += 1) {
        switch (text.charCodeAt(at)) {
            case 0x22: // " : on to the closing quote, the first not escaped by an odd run of backslashes
                do {
                    at = text.indexOf('"', at + 1);
                    if (at < 0)
                        return true;
                } while (escaped(text, at));
                break;
            case 0x5b: // [
            case 0x7b: // {
                depth += 1;
                break;
            case 0x5d: // ]
            case 0x7d: // }
                depth -= 1;
        }
    }
    return depth > 0;
}
function escaped(text, at) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c)
        backslashes += 1;
    return backslashes % 2 === 1;
}
/** A header's value; the first when it came more than once. */
function headerValue(value) {
    return Array.isArray(value) ? value[0] : value;
}

// EXTERNAL MODULE: ./node_modules/undici/index.js
var undici = __webpack_require__(46752);
;// CONCATENATED MODULE: ./.build/net/dispatcher.js
/**
 * Which connection pool a request goes through. A proxy is for reaching the internet: loopback
 * is never proxied, so a plain-http request to this machine (the only plain http the action
 * allows) cannot leave it through `HTTP_PROXY`, whatever `NO_PROXY` says.
 */

/** 127.0.0.0/8, ::1 and localhost, as `URL.hostname` spells them. */
function isLoopbackHost(hostname) {
    if (hostname === 'localhost' || hostname === '[::1]' || hostname === '::1')
        return true;
    const octets = hostname.split('.');
    return (octets.length === 4 &&
        octets[0] === '127' &&
        octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255));
}
/** True for https, and for plain http to loopback: the only ways the action sends a credential. */
function isSafeTransport(url) {
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
/** A direct pool for loopback; for anything else one that honours HTTP(S)_PROXY and NO_PROXY. */
function createDispatcher(url, options = {}) {
    let made;
    return {
        // Self-hosted runners often reach the internet only through HTTP(S)_PROXY / NO_PROXY.
        get: () => (made ??= isLoopbackHost(url.hostname) ? new undici.Agent(options) : new undici.EnvHttpProxyAgent(options)),
        close: async () => {
            await made?.close();
        },
    };
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
;// CONCATENATED MODULE: ./.build/api/multipart.js
/**
 * A multipart/form-data body (RFC 7578) whose file parts are streamed from disk, so memory
 * stays flat however large the upload. Its length is known up front from the file sizes, so
 * the request carries Content-Length instead of chunked encoding.
 */



/** A file part could not be read as planned; nothing complete reached the service. */
class UploadReadError extends Error {
    name = 'UploadReadError';
}
const CRLF = '\r\n';
/**
 * Small parts (a part's head, a short contract, a line break) go out together, up to this many
 * bytes: each chunk is a write to the socket, and a thousand contracts were three thousand.
 * A file's own chunks are at most this large already.
 */
const BATCH_BYTES = 64 * 1024;
const PERCENT_ENCODED = { '"': '%22', '\r': '%0D', '\n': '%0A' };
/** Percent-encodes `"`, CR and LF, as RFC 7578 §4.2 and the HTML form encoder do. */
function quoteParameter(value) {
    return `"${value.replace(/["\r\n]/g, (c) => PERCENT_ENCODED[c] ?? c)}"`;
}
function randomBoundary() {
    return `----audit-action-${(0,external_node_crypto_.randomBytes)(16).toString('hex')}`;
}
function createMultipartBody(fields, files, boundary = randomBoundary()) {
    const fieldParts = fields.map((field) => Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name=${quoteParameter(field.name)}` +
        `${CRLF}${CRLF}${field.value}${CRLF}`));
    const fileParts = files.map((file) => ({
        file,
        head: Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name=${quoteParameter(file.field)}; ` +
            `filename=${quoteParameter(file.filename)}${CRLF}` +
            `Content-Type: application/octet-stream${CRLF}${CRLF}`),
    }));
    const crlf = Buffer.from(CRLF);
    const closing = Buffer.from(`--${boundary}--${CRLF}`);
    const length = fieldParts.reduce((sum, part) => sum + part.length, 0) +
        fileParts.reduce((sum, { file, head }) => sum + head.length + file.size + crlf.length, 0) +
        closing.length;
    async function* parts() {
        yield* fieldParts;
        for (const { file, head } of fileParts) {
            yield head;
            yield* fileChunks(file);
            yield crlf;
        }
        yield closing;
    }
    async function* chunks(onProgress) {
        let batch = [];
        let batched = 0;
        for await (const chunk of parts()) {
            onProgress();
            if (batched > 0 && batched + chunk.length > BATCH_BYTES) {
                yield Buffer.concat(batch, batched);
                batch = [];
                batched = 0;
            }
            if (chunk.length >= BATCH_BYTES) {
                yield chunk;
            }
            else {
                batch.push(chunk);
                batched += chunk.length;
            }
        }
        if (batched > 0)
            yield Buffer.concat(batch, batched);
    }
    return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        length,
        open: (onProgress = () => undefined) => external_node_stream_.Readable.from(chunks(onProgress), { objectMode: false }),
    };
}
async function* fileChunks(file) {
    let sent = 0;
    if (file.size > 0) {
        // `end` bounds the read, so a file that grew since stat cannot overrun Content-Length.
        const stream = (0,external_node_fs_.createReadStream)(file.absolutePath, { start: 0, end: file.size - 1 });
        try {
            for await (const chunk of stream) {
                sent += chunk.length;
                yield chunk;
            }
        }
        catch (error) {
            throw new UploadReadError(`could not read ${file.filename}: ${error.message}`, {
                cause: error,
            });
        }
    }
    if (sent !== file.size) {
        throw new UploadReadError(`${file.filename} changed while it was uploaded (expected ${file.size} bytes, read ${sent})`);
    }
}

;// CONCATENATED MODULE: ./.build/api/retry-after.js
/**
 * The `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Services send it
 * on 202, 429 and 503; the value is untrusted, so it is bounded before anyone waits on it.
 */
/** Longest wait a service may ask for; a larger value is cut to this. */
const RETRY_AFTER_CAP_MS = 5 * 60_000;
/**
 * Milliseconds to wait, between 0 and `capMs`, or undefined when the header is absent or
 * unreadable (then the caller's own backoff applies).
 */
function parseRetryAfter(value, now = Date.now, capMs = RETRY_AFTER_CAP_MS) {
    const text = value?.trim();
    if (!text)
        return undefined;
    let ms;
    if (/^\d+$/.test(text)) {
        ms = Number(text) * 1000;
    }
    else {
        // Only date-looking values: Date.parse also accepts bare numbers like "1.5" as years.
        if (!/[A-Za-z]/.test(text))
            return undefined;
        const at = Date.parse(text);
        if (Number.isNaN(at))
            return undefined;
        ms = at - now();
    }
    return Math.min(Math.max(ms, 0), capMs);
}

;// CONCATENATED MODULE: ./.build/api/transport-errors.js
/**
 * What a connection-level error means for a request to the service: whether any byte of it was
 * sent, whether the service may have acted on it, and whether a repeat may cure it.
 */
/** Connection failures a repeat may cure, where no byte of the request reached the service. */
const NOT_SENT_TRANSIENT_CODES = new Set([
    'ECONNREFUSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'EAI_AGAIN',
    'ENETUNREACH',
    'EHOSTUNREACH',
]);
/**
 * Failures before any byte was sent that a repeat will not cure: an unknown host, a refused
 * TLS handshake, a header undici will not send (a key with a line break or beyond Latin-1).
 */
const NOT_SENT_LASTING_CODES = new Set(['ENOTFOUND', 'UND_ERR_INVALID_ARG']);
/** Failures mid-exchange that a repeat may cure. */
const TRANSIENT_CODES = new Set([
    ...NOT_SENT_TRANSIENT_CODES,
    'ECONNRESET',
    'EPIPE',
    'ETIMEDOUT',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
    'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    'ERR_STREAM_PREMATURE_CLOSE',
]);
/** What a connection-level error means: whether anything was sent, and whether to try again. */
function judgeTransportError(error, idempotent) {
    const code = errorCode(error);
    const reason = `${describeCode(code)}${error instanceof Error ? `: ${error.message}` : ''}`;
    const neverSent = code !== undefined &&
        (NOT_SENT_TRANSIENT_CODES.has(code) || NOT_SENT_LASTING_CODES.has(code) || isTlsCode(code));
    const transient = code !== undefined && TRANSIENT_CODES.has(code);
    return {
        reason,
        retryable: transient && (idempotent || neverSent),
        mayHaveActed: !idempotent && !neverSent,
        neverSent,
    };
}
/** The error's code, looking through undici's and Node's wrappers. */
function errorCode(error) {
    for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
        const { code, cause, errors } = e;
        if (typeof code === 'string')
            return code;
        // Happy-eyeballs connects fail with an AggregateError of per-address errors.
        e = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
    }
    return undefined;
}
function isTlsCode(code) {
    return /CERT|SELF_SIGNED|TLS|SSL/.test(code);
}
function describeCode(code) {
    switch (code) {
        case 'ECONNREFUSED':
            return 'connection refused';
        case 'ECONNRESET':
        case 'UND_ERR_SOCKET':
        case 'ERR_STREAM_PREMATURE_CLOSE':
            return 'connection closed unexpectedly';
        case 'ENOTFOUND':
        case 'EAI_AGAIN':
            return 'host name not resolved';
        case 'UND_ERR_INVALID_ARG':
            return 'the request was never sent';
        case undefined:
            return 'request failed';
        default:
            return isTlsCode(code) ? `TLS handshake failed (${code})` : code;
    }
}

;// CONCATENATED MODULE: ./.build/api/http.js





const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 60_000;
const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Statuses that say the service turned the request away before processing it. */
const RETRY_STATUS_UNSAFE = new Set([429, 503]);
class AttemptTimeout extends Error {
    byDeadline;
    constructor(byDeadline) {
        super('attempt timed out');
        this.byDeadline = byDeadline;
    }
}
class HttpSession {
    #options;
    #agent;
    /** Uploads never reuse a pooled socket: a stale one failing mid-POST could leave an audit we can't retry. */
    #uploadAgent;
    #basePath;
    constructor(options) {
        this.#options = options;
        this.#basePath = options.baseUrl.pathname.replace(/\/+$/, '');
        const agentOptions = {
            connect: { timeout: Math.min(options.requestTimeoutMs, 30_000) },
            headersTimeout: options.requestTimeoutMs,
            bodyTimeout: options.requestTimeoutMs,
        };
        this.#agent = createDispatcher(options.baseUrl, agentOptions);
        this.#uploadAgent = createDispatcher(options.baseUrl, agentOptions);
    }
    async send(request) {
        const { log, now } = this.#options;
        const { retryUntil } = request;
        const maxAttempts = Math.min(this.#options.maxAttempts, request.maxAttempts ?? Infinity);
        const label = `${request.method} ${this.#basePath}${request.path}`;
        const timeLeft = () => (retryUntil === undefined ? Infinity : retryUntil - now());
        let last;
        for (let attempt = 1;; attempt += 1) {
            // A wait can overrun by a little, so this is checked before every attempt, not only the first.
            if (timeLeft() <= 0) {
                const { failure, deadline } = last ?? { failure: DEADLINE_PASSED, deadline: PASSED };
                return failed(failure, attempt - 1, deadline);
            }
            log.debug(`${label} (attempt ${attempt}/${maxAttempts})`);
            const result = await this.#attempt(request);
            if (!('reason' in result))
                return { ok: true, answer: result, attempts: attempt };
            if (result.byDeadline)
                return failed(result, attempt, { kind: 'attempt' });
            if (!result.retryable || attempt >= maxAttempts)
                return failed(result, attempt, undefined);
            // A Retry-After of 0 or a date already past (clock skew) must not become a burst of retries.
            const asked = result.retryAfter?.waitMs ? result.retryAfter : undefined;
            const waitMs = asked?.waitMs ?? this.#backoff(attempt);
            const deadline = { kind: 'wait', askedMs: asked?.askedMs };
            // Nobody waits for the answer past `retryUntil`: an attempt there would be cut off unheard.
            if (waitMs >= timeLeft())
                return failed(result, attempt, deadline);
            last = { failure: result, deadline };
            log.info(`${label} failed (attempt ${attempt}/${maxAttempts}): ${result.reason}; ` +
                `retrying in ${(waitMs / 1000).toFixed(1)}s`);
            await this.#options.sleep(waitMs);
        }
    }
    async close() {
        await Promise.all([this.#agent.close(), this.#uploadAgent.close()]);
    }
    /** Full jitter: a uniform wait up to an exponentially growing ceiling. */
    #backoff(attempt) {
        const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
        return Math.floor(this.#options.random() * ceiling);
    }
    async #attempt(request) {
        const { baseUrl, apiKey, userAgent, requestTimeoutMs, now } = this.#options;
        const { retryUntil } = request;
        const agent = (request.body ? this.#uploadAgent : this.#agent).get();
        const controller = new AbortController();
        let timer;
        let ended = false;
        // The time limit runs from the last chunk of the upload taken: a large upload on a slow
        // link must not read as "no answer" (and so as an audit that may or may not exist).
        // Never past `retryUntil`, and never once the attempt has ended: the body stream may still
        // take a chunk then, and a timer armed by it would keep the process alive.
        const restartTimer = () => {
            if (ended)
                return;
            clearTimeout(timer);
            const left = retryUntil === undefined ? Infinity : retryUntil - now();
            const byDeadline = left < requestTimeoutMs;
            timer = setTimeout(() => controller.abort(new AttemptTimeout(byDeadline)), Math.max(0, Math.min(requestTimeoutMs, left)));
        };
        restartTimer();
        const body = request.body?.open(restartTimer);
        // Until the whole body has been taken, the service cannot have acted on a POST.
        let bodyTaken = body === undefined;
        body?.once('end', () => (bodyTaken = true));
        try {
            const response = await agent.request({
                origin: baseUrl.origin,
                reset: Boolean(request.body),
                path: `${this.#basePath}${request.path}`,
                method: request.method,
                headers: {
                    authorization: `Bearer ${apiKey}`,
                    accept: 'application/json',
                    'user-agent': userAgent,
                    ...(request.body && {
                        'content-type': request.body.contentType,
                        'content-length': String(request.body.length),
                    }),
                    ...request.headers,
                },
                body: body ?? null,
                signal: controller.signal,
            });
            const answer = {
                status: response.statusCode,
                headers: response.headers,
                text: await readText(response.body, response.headers),
            };
            return this.#judge(request, answer) ?? answer;
        }
        catch (error) {
            return this.#failureOf(request, error, controller.signal, bodyTaken);
        }
        finally {
            ended = true;
            clearTimeout(timer);
            body?.destroy();
        }
    }
    /** A failure when the answer should not be handed on as it is, else undefined. */
    #judge(request, answer) {
        const { status } = answer;
        // Uncapped here: a message names the wait the service asked for, not the one we allow.
        const askedMs = parseRetryAfter(headerValue(answer.headers['retry-after']), this.#options.now, Infinity);
        if (RETRY_STATUS.has(status)) {
            const retryable = request.idempotent || RETRY_STATUS_UNSAFE.has(status);
            // A POST answered 429/503 was turned away; a 500/502/504 may come after the audit began.
            if (!retryable && status < 500)
                return undefined;
            return {
                reason: `HTTP ${status}`,
                retryable,
                mayHaveActed: !retryable,
                neverSent: false,
                answer,
                ...(askedMs !== undefined && {
                    retryAfter: { waitMs: Math.min(askedMs, RETRY_AFTER_CAP_MS), askedMs },
                }),
            };
        }
        if (request.idempotent && status >= 200 && status < 300 && isCutShort(answer)) {
            return {
                reason: `HTTP ${status} with an incomplete body (${Buffer.byteLength(answer.text)} bytes)`,
                retryable: true,
                mayHaveActed: false,
                neverSent: false,
                answer,
            };
        }
        return undefined;
    }
    #failureOf(request, error, signal, bodyTaken) {
        if (error instanceof UploadReadError) {
            return { reason: error.message, retryable: false, mayHaveActed: false, neverSent: false };
        }
        if (error instanceof AnswerTooLarge) {
            return {
                reason: error.message,
                retryable: false,
                mayHaveActed: !request.idempotent,
                neverSent: false,
                unreadable: true,
            };
        }
        if (signal.aborted && signal.reason instanceof AttemptTimeout) {
            const { byDeadline } = signal.reason;
            const reason = byDeadline
                ? 'no complete answer before the deadline'
                : `no complete answer within ${this.#options.requestTimeoutMs / 1000}s`;
            return {
                reason,
                retryable: request.idempotent,
                mayHaveActed: !request.idempotent && bodyTaken,
                neverSent: false,
                byDeadline,
            };
        }
        return judgeTransportError(error, request.idempotent);
    }
}
const DEADLINE_PASSED = {
    reason: 'not sent: the deadline had passed',
    retryable: false,
    mayHaveActed: false,
    neverSent: true,
};
const PASSED = { kind: 'passed' };
function failed(failure, attempts, deadline) {
    return {
        ok: false,
        reason: failure.reason,
        attempts,
        answer: failure.answer,
        mayHaveActed: failure.mayHaveActed,
        neverSent: failure.neverSent,
        unreadable: failure.unreadable ?? false,
        deadline,
    };
}

;// CONCATENATED MODULE: ./.build/api/parse-error.js
/**
 * The human message inside a service answer: error bodies (no shape is documented) and the
 * `message` of a failed audit. The text is untrusted: it comes back as one bounded line.
 */



const MAX_MESSAGE = 500;
/** `error` as a string or `{message}`, `message`, `detail`, `errors[].message`, `reason`. */
function messageIn(levels) {
    for (const level of levels) {
        const found = messageText(field(level, 'error')) ??
            json_fields_text(field(level, 'message')) ??
            messageText(field(level, 'detail')) ??
            messageText(field(level, 'errors')) ??
            json_fields_text(field(level, 'reason')) ??
            json_fields_text(field(level, 'error_description'));
        if (found !== undefined)
            return bodyExcerpt(found, MAX_MESSAGE);
    }
    return undefined;
}
/** Fields a service names an error: any text in them is bad news, unless it says there is none. */
const ERROR_FIELDS = [
    'error',
    'errors',
    'error_message',
    'errorMessage',
    'failure',
    'failure_reason',
    'failureReason',
    'exception',
];
/** Fields that carry good news as often as bad: only words of failure in them count. */
const NOTE_FIELDS = [
    'message',
    'msg',
    'detail',
    'details',
    'status_message',
    'statusMessage',
    'status_detail',
    'statusDetail',
    'status_reason',
    'reason',
    'error_description',
];
/** Lists where compilers also put harmless diagnostics: only a failed analysis counts. */
const WARNING_FIELDS = ['warnings', 'warning'];
const SAYS_NO_ERROR = /^(?:none|null|nil|n\/a|ok|okay|false|success(?:ful)?|no errors?(?: found)?|0 errors?)\.?$/i;
const FAILURE = /\b(?:fail(?:s|ed|ing|ures?)?|errors?|crash(?:es|ed)?|abort(?:s|ed)?|exceptions?|fatal|panic(?:s|ked)?|timed? ?out|unable|cannot|can't|could ?not|couldn't|unsupported|incomplete)\b/gi;
/** `0 files analyzed`, `no Solidity files found`, `compiled 0 contracts`, `nothing to analyze`. */
const NOTHING_ANALYZED = new RegExp([
    String.raw `\b(?:0|no|zero|none of the)\s+(?:(?:solidity|vyper|source|smart|input|uploaded)\s+)?(?:files?|contracts?|sources?)\s+(?:(?:were|was|could be|have been)\s+)?(?:analy[sz]ed|compiled|scanned|processed|found|detected)\b(?!\s+(?:with|that|having|containing)\b)`,
    String.raw `\b(?:analy[sz]ed|compiled|scanned|processed)\s+(?:0|no|zero)\s+(?:\w+\s+)?(?:files?|contracts?|sources?)\b`,
    String.raw `\bnothing\s+(?:was\s+|to\s+)?(?:analy[sz]e[ds]?|compiled?|scan(?:ned)?)\b`,
].join('|'), 'i');
/** The subject a warning must name to say the analysis (not the code) went wrong. */
const ANALYSIS = /\b(?:analy[sz]\w*|compil\w*|scan\w*|audit\w*|solc|detectors?|slither|mythril|pars(?:er|ing)|build|job|worker|engine|tool)\b/i;
const NEGATION = /\b(?:no|not|without|zero|0|never|none)\b/i;
const ZERO_AFTER = /^(?:-free\b|\s*(?:count|total)?\s*[:=]\s*(?:0|none)\b)/i;
/**
 * In a completed answer: the service's own words that the analysis failed or analysed nothing,
 * as one bounded line; undefined when it says nothing of the kind (`No issues found`, `0 errors`,
 * `completed without errors`). Text in an error field counts unless it says there is no error.
 */
function failureIn(levels) {
    const said = (fields, counts) => levels.flatMap((level) => fields.flatMap((key) => {
        const parts = messageParts(field(level, key)).filter(counts);
        return parts.length > 0 ? [parts.join('; ')] : [];
    }))[0];
    const found = said(ERROR_FIELDS, (text) => !SAYS_NO_ERROR.test(text)) ??
        said(NOTE_FIELDS, (text) => saysFailure(text) || NOTHING_ANALYZED.test(text)) ??
        said(WARNING_FIELDS, (text) => (saysFailure(text) && ANALYSIS.test(text)) || NOTHING_ANALYZED.test(text));
    return found === undefined ? undefined : bodyExcerpt(found, MAX_MESSAGE);
}
/** A word of failure that no `no`/`without`/`0` before it, nor `: 0` after it, takes back. */
function saysFailure(text) {
    for (const match of text.matchAll(FAILURE)) {
        const clause = text
            .slice(0, match.index)
            .split(/[.;:!?,\n]/)
            .at(-1) ?? '';
        const before = clause.trim().split(/\s+/).slice(-3).join(' ');
        const after = text.slice(match.index + match[0].length);
        if (!NEGATION.test(before) && !ZERO_AFTER.test(after))
            return true;
    }
    return false;
}
/** A string, `{message}` (or `msg`/`detail`), or a list of those joined with '; '. */
function messageText(value) {
    const parts = messageParts(value);
    return parts.length > 0 ? parts.join('; ') : undefined;
}
function messageParts(value) {
    const items = Array.isArray(value) ? value : [value];
    return items.flatMap((item) => {
        const part = isRecord(item)
            ? (json_fields_text(item.message) ?? json_fields_text(item.msg) ?? json_fields_text(item.detail))
            : json_fields_text(item);
        return part === undefined ? [] : [part];
    });
}
/**
 * The service's explanation in an error answer, or undefined when a JSON body holds none.
 * A non-JSON body (a proxy's HTML page, plain text) is quoted as a short excerpt.
 */
function serviceErrorText(bodyText) {
    if (bodyText.trim() === '')
        return undefined;
    const json = readJson(bodyText);
    if (!json.ok) {
        const excerpt = bodyExcerpt(looksLikeHtml(bodyText) ? htmlText(bodyText) : bodyText);
        return excerpt === '' ? undefined : excerpt;
    }
    const { value } = json;
    if (typeof value === 'string')
        return json_fields_text(value) === undefined ? undefined : bodyExcerpt(value);
    if (Array.isArray(value)) {
        const list = messageText(value);
        return list === undefined ? undefined : bodyExcerpt(list, MAX_MESSAGE);
    }
    return messageIn(envelopeLevels(value));
}

;// CONCATENATED MODULE: ./.build/api/parse-location.js
/**
 * Where a finding is: a file path relative to the workspace and a line range, found among the
 * many places comparable scanners put them (flat fields, `location{}`, `locations[]`, Slither's
 * `elements[].source_mapping`, SARIF regions, MythX source maps, `"file.sol:12"` strings).
 */


const FILE_FIELDS = [
    'file',
    'file.path',
    'file_path',
    'filePath',
    'filename_relative',
    'filename',
    'fileName',
    'path',
    'contract_path',
    'contractPath',
    'source_file',
    'sourceFile',
    'filename_short',
    'filename_used',
    'filename_absolute',
    'artifactLocation.uri',
    'uri',
];
const START_FIELDS = [
    'line',
    'lineno',
    'line_no',
    'lineNumber',
    'line_number',
    'start_line',
    'startLine',
    'line_start',
    'lineStart',
    'start.line',
];
const END_FIELDS = ['end_line', 'endLine', 'line_end', 'lineEnd', 'end.line'];
const START_LIST_FIELDS = ['lines', 'line_nos_start', 'line_nos'];
const END_LIST_FIELDS = ['lines', 'line_nos_end', 'line_nos'];
/** Records that may hold the location of the record around them; arrays give their first entry. */
const NESTED_FIELDS = [
    'location',
    'locations',
    'source_mapping',
    'sourceMapping',
    'elements',
    'physicalLocation',
    'region',
];
const MAX_NESTING = 3;
/**
 * The location from the first of `records` (most specific first: an instance, its finding, the
 * finding's group) that has one; the file and the lines may come from different nested records.
 */
function locate(records, readPath) {
    const candidates = [];
    for (const record of records)
        withNested(record, 0, candidates);
    const sourceList = first(candidates, (c) => {
        const list = field(c, 'sourceList');
        return Array.isArray(list) ? list : undefined;
    });
    const rawFile = first(candidates, (c) => fileIn(c, sourceList));
    const file = rawFile === undefined ? undefined : readPath(rawFile);
    // Lines of a file we will not name (outside the repository) belong to no file of ours.
    const lines = rawFile !== undefined && file === undefined ? undefined : first(candidates, linesIn);
    return { file, startLine: lines?.start, endLine: lines?.end };
}
/** The first value `read` gives, reading no further. */
function first(records, read) {
    for (const record of records) {
        const value = read(record);
        if (value !== undefined)
            return value;
    }
    return undefined;
}
/** `record`, then the records nested in it, depth first, appended to `into`. */
function withNested(record, depth, into) {
    into.push(record);
    if (depth >= MAX_NESTING)
        return;
    for (const key of NESTED_FIELDS) {
        const value = field(record, key);
        const first = Array.isArray(value) ? value[0] : value;
        const inner = typeof first === 'string' ? fromLocationString(first) : first;
        if (isRecord(inner))
            withNested(inner, depth + 1, into);
    }
}
/** `contracts/A.sol:12`, `contracts/A.sol:12:5`, `contracts/A.sol#L12-L20`, `contracts/A.sol`. */
function fromLocationString(location) {
    const match = /^(.*?)(?::(\d+)(?::\d+)?|#L?(\d+)(?:-L?(\d+))?)?$/.exec(location.trim());
    return { file: match?.[1], line: match?.[2] ?? match?.[3], end_line: match?.[4] };
}
function fileIn(record, sourceList) {
    const named = firstOf(record, FILE_FIELDS, json_fields_text);
    if (named !== undefined)
        return named;
    // MythX: `sourceMap` is `offset:length:fileIndex` into the `sourceList` beside it or above it.
    const sourceMap = json_fields_text(field(record, 'sourceMap'));
    const index = sourceMap?.split(';')[0]?.split(':')[2];
    if (index === undefined || !/^\d+$/.test(index) || sourceList === undefined)
        return undefined;
    return json_fields_text(sourceList[Number(index)]);
}
function linesIn(record) {
    const decoded = decodedLines(record);
    const start = firstOf(record, START_FIELDS, positiveInteger) ??
        firstOf(record, START_LIST_FIELDS, (v) => lineList(v, Math.min)) ??
        decoded?.start;
    const end = firstOf(record, END_FIELDS, positiveInteger) ??
        firstOf(record, END_LIST_FIELDS, (v) => lineList(v, Math.max)) ??
        decoded?.end;
    const first = start ?? end;
    const last = end ?? start;
    if (first === undefined || last === undefined)
        return undefined;
    return { start: Math.min(first, last), end: Math.max(first, last) };
}
/** `[12, 13, 14]`, `"12-14"` or a single line, reduced with `pick` (min or max). */
function lineList(value, pick) {
    const parts = Array.isArray(value)
        ? value
        : typeof value === 'string'
            ? value.split(/\s*[-–,]\s*/)
            : [value];
    const lines = parts.map(positiveInteger).filter((n) => n !== undefined);
    return lines.length === 0 ? undefined : pick(...lines);
}
/** MythX `decodedLocations: [[{line, column}, {line, column}], ...]`. */
function decodedLines(record) {
    const decoded = field(record, 'decodedLocations');
    if (!Array.isArray(decoded))
        return undefined;
    const pair = decoded[0];
    if (!Array.isArray(pair))
        return undefined;
    const [from, to] = pair;
    const start = isRecord(from) ? positiveInteger(from.line) : undefined;
    const end = isRecord(to) ? positiveInteger(to.line) : undefined;
    return start === undefined && end === undefined ? undefined : { start, end };
}
/** The uploads indexed once, and each distinct name read once: findings repeat them. */
function pathReader(knownFiles) {
    const known = knownFiles && indexKnownFiles(knownFiles);
    return memoized((raw) => normalizePath(raw, known));
}
/**
 * A POSIX path inside the repository, `.` and `..` resolved, or undefined. With `known` (the
 * uploaded paths, indexed), a path with an extra prefix (`/tmp/upload/contracts/A.sol`) maps to
 * the longest known file it ends with, and a relative shortened one (`A.sol`) to the only known
 * file ending with it. A path that is absolute, climbs out (`../x.sol`) or is a URL is used only when it maps to a
 * known file: the reports link it and SARIF uploads it as a repository path. Known files are
 * matched whatever the Unicode normal form or percent-encoding the service used, and are
 * returned as uploaded.
 */
function normalizePath(raw, known) {
    const path = readPath(raw);
    if (path === undefined)
        return undefined;
    const file = (known && knownFile(path, known)) ?? (path.inside ? path.clean : undefined);
    // UTF-16 units bound the code points: only a long name needs counting.
    const fits = file !== undefined && (file.length <= MAX_PATH || Array.from(file).length <= MAX_PATH);
    return fits ? file : undefined;
}
const MAX_PATH = 1024;
/** A URL scheme: two characters or more, as one is a drive letter. */
const SCHEME = /^([a-z][a-z0-9+.-]+):(.*)$/is;
function readPath(raw) {
    const line = cleanName(raw, Number.POSITIVE_INFINITY);
    if (line === undefined)
        return undefined;
    const reading = resolve(line);
    const decoded = percentDecoded(line);
    // A link or a SARIF URI would decode `%2e%2e/` back into `../`.
    const inside = reading.inside && (decoded === line || resolve(decoded).inside);
    return reading.clean === '' ? undefined : { clean: reading.clean, inside };
}
function resolve(line) {
    const { path, rooted } = unrooted(line);
    const segments = [];
    let climbs = false;
    for (const segment of path.replace(/\\/g, '/').split('/')) {
        if (segment === '..') {
            if (segments.pop() === undefined)
                climbs = true;
        }
        else if (segment !== '' && segment !== '.') {
            segments.push(segment);
        }
    }
    const absolute = rooted || /^[/\\]/.test(path);
    return { clean: segments.join('/'), inside: !absolute && !climbs };
}
/**
 * A drive path's or a URL's path part (no authority, query or fragment), else the line itself.
 * A dotted "scheme" without `//` is a file name with a line (`A.sol:12`), not a URL.
 */
function unrooted(line) {
    const drive = /^[a-z]:(.*)$/is.exec(line);
    if (drive)
        return { path: drive[1] ?? '', rooted: true };
    const [, scheme = '', rest = ''] = SCHEME.exec(line) ?? [];
    if (scheme === '' || (scheme.includes('.') && !rest.startsWith('//')))
        return { path: line, rooted: false };
    const path = rest.startsWith('//') ? rest.replace(/^\/\/[^/\\]*/, '') : rest;
    return { path: path.replace(/[?#].*$/s, ''), rooted: true };
}
function indexKnownFiles(files) {
    const byKey = new Map();
    const bySuffix = new Map();
    let longestKey = 0;
    for (const uploaded of files) {
        const file = readPath(uploaded)?.clean;
        if (file === undefined)
            continue;
        const key = comparable(file);
        if (!byKey.has(key))
            byKey.set(key, file);
        longestKey = Math.max(longestKey, key.length);
        for (let slash = key.indexOf('/'); slash !== -1; slash = key.indexOf('/', slash + 1)) {
            const suffix = key.slice(slash + 1);
            const entry = bySuffix.get(suffix);
            if (entry === undefined)
                bySuffix.set(suffix, { file, count: 1 });
            else
                entry.count += 1;
        }
    }
    return { byKey, bySuffix, longestKey };
}
function knownFile(path, known) {
    const key = comparable(path.clean);
    const same = known.byKey.get(key);
    if (same !== undefined)
        return same;
    // The longest known key the path ends with after a `/`: its suffixes, longest first.
    const from = Math.max(0, key.length - known.longestKey - 1);
    for (let slash = key.indexOf('/', from); slash !== -1; slash = key.indexOf('/', slash + 1)) {
        const longer = known.byKey.get(key.slice(slash + 1));
        if (longer !== undefined)
            return longer;
    }
    if (!path.inside)
        return undefined;
    const shorter = known.bySuffix.get(key);
    return shorter?.count === 1 ? shorter.file : undefined;
}
/** NFC (macOS checkouts are often NFD) and percent-decoded, for comparing paths only. */
function comparable(path) {
    return percentDecoded(path).normalize('NFC');
}
function percentDecoded(path) {
    if (!/%[0-9a-f]{2}/i.test(path))
        return path;
    try {
        return decodeURIComponent(path);
    }
    catch {
        return path; // Not valid percent-encoding: read as written.
    }
}

;// CONCATENATED MODULE: ./.build/api/severity.js
/**
 * Severity as comparable scanners send it (Slither impacts, MythX/Mythril, SolidityScan,
 * SARIF/Semgrep levels, CVSS scores, phrases such as `High Risk`) mapped onto our scale.
 * What cannot be placed is `unknown`, which fails the gate: guessing a level could let a
 * critical finding pass under a word we do not know.
 */



/** Single words, after a phrase is split into words (`HIGH_RISK`, `highRisk` -> high, risk). */
const WORDS = {
    critical: 'critical',
    crit: 'critical',
    blocker: 'critical',
    high: 'high',
    h: 'high',
    error: 'high',
    medium: 'medium',
    med: 'medium',
    m: 'medium',
    moderate: 'medium',
    warning: 'medium',
    low: 'low',
    l: 'low',
    informational: 'info',
    information: 'info',
    info: 'info',
    note: 'info',
    none: 'info',
    // Code4rena's "Non-Critical": read as one word, never as "critical".
    noncritical: 'info',
    gas: 'gas',
    optimization: 'gas',
    optimizations: 'gas',
    optimisation: 'gas',
    optimisations: 'gas',
};
/** Keys under which an object carries its level (`{"level": "high"}`, CVSS `baseScore`). */
const LEVEL_KEYS = [
    'severity',
    'level',
    'value',
    'name',
    'label',
    'baseSeverity',
    'baseScore',
    'score',
];
const MAX_DEPTH = 3;
const MAX_LABEL = 100;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/**
 * Words case-insensitively, phrases by the most severe word they name (`Low to High` is high,
 * so a phrase never lands below the gate by accident), CVSS scores as numbers or numeric
 * strings, and objects by their level keys. Anything else, a missing severity included, is
 * `unknown`.
 */
function normalizeSeverity(raw) {
    return read(raw, 0) ?? { severity: 'unknown', label: rendering(raw) };
}
function read(raw, depth) {
    if (typeof raw === 'number') {
        const severity = cvss(raw);
        return severity === undefined ? undefined : { severity, label: String(raw) };
    }
    if (typeof raw === 'string') {
        const label = cleanName(raw, MAX_LABEL);
        if (label === undefined)
            return undefined;
        const severity = NUMBER.test(label) ? cvss(Number(label)) : phrase(label);
        return severity === undefined ? undefined : { severity, label };
    }
    if (!isRecord(raw) || depth >= MAX_DEPTH)
        return undefined;
    const readings = LEVEL_KEYS.flatMap((key) => Object.hasOwn(raw, key) ? (read(raw[key], depth + 1) ?? []) : []);
    return mostSevere(readings);
}
/** CVSS v3 ranges: 0 none, 0.1–3.9 low, 4.0–6.9 medium, 7.0–8.9 high, 9.0–10.0 critical. */
function cvss(score) {
    if (!(score >= 0 && score <= 10))
        return undefined;
    if (score === 0)
        return 'info';
    if (score < 4)
        return 'low';
    if (score < 7)
        return 'medium';
    return score < 9 ? 'high' : 'critical';
}
function phrase(label) {
    const words = label
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
    const named = words.flatMap((word, index) => {
        if (words[index - 1] === 'non')
            return []; // read with the "non" before it
        const key = word === 'non' ? `non${words[index + 1] ?? ''}` : word;
        // Own keys only: `constructor` or `toString` must not read as a severity.
        const severity = Object.hasOwn(WORDS, key) ? WORDS[key] : undefined;
        return severity === undefined ? [] : [{ severity }];
    });
    return mostSevere(named)?.severity;
}
function mostSevere(items) {
    return items.reduce((best, item) => best === undefined || severityRank(item.severity) > severityRank(best.severity) ? item : best, undefined);
}
/** The unreadable value as one short line: the word as sent, or an object as compact JSON. */
function rendering(raw) {
    const text = typeof raw === 'string'
        ? raw
        : typeof raw === 'number' || typeof raw === 'boolean'
            ? String(raw)
            : raw === undefined || raw === null
                ? ''
                : JSON.stringify(raw);
    return cleanName(text, MAX_LABEL) ?? 'unknown';
}

;// CONCATENATED MODULE: ./.build/api/parse-finding.js
/**
 * One raw finding (or a group of them) to the normalized `Finding` model, whatever names the
 * service used. Fingerprints are added afterwards, over the whole list.
 */






const SEVERITY_FIELDS = ['severity', 'impact', 'level', 'risk', 'issue_severity', 'extra.severity'];
const RULE_FIELDS = [
    'check',
    'check_id',
    'rule_id',
    'ruleId',
    'rule',
    'rule.id',
    'detector',
    'detector.id',
    'detector_id',
    'detector_name',
];
const TITLE_FIELDS = ['title', 'name', 'issue_name', ...RULE_FIELDS, 'swcTitle', 'swc_title'];
const SWC_FIELDS = ['swcID', 'swcId', 'swc_id', 'swc-id', 'swc'];
const CWE_FIELDS = ['cwe', 'cwe_id', 'cweId', 'cweID', 'extra.metadata.cwe'];
const DESCRIPTION_FIELDS = [
    'description',
    'issue_description',
    'message',
    'extra.message',
    'markdown',
    'details',
];
const RECOMMENDATION_FIELDS = [
    'recommendation',
    'remediation',
    'issue_remediation',
    'mitigation',
    'solution',
];
const SERVICE_ID_FIELDS = ['id', 'finding_id', 'uuid'];
/** Arrays under a finding that hold either its instances (locations) or, in a group, findings. */
const CHILD_FIELDS = ['issues', 'findings', 'vulnerabilities', 'instances', 'detectors'];
const IDENTITY_FIELDS = [...SEVERITY_FIELDS, ...TITLE_FIELDS, ...SWC_FIELDS, ...DESCRIPTION_FIELDS];
const MAX_GROUP_DEPTH = 3;
/**
 * Characters kept of a description or a recommendation, cut with '…': far above what the
 * reports show (10,000), and small enough that a finding repeated per instance stays small.
 */
const MAX_PROSE = 20_000;
/**
 * Findings an answer may hold once groups and instances are expanded. A few hundred bytes of
 * instances can expand one finding thousands of times; more than this is refused, never cut.
 */
const MAX_FINDINGS = 100_000;
/**
 * Characters of description and recommendation all findings may carry together: the results
 * file holds every one, and must stay under V8's string limit (about 512 million characters).
 */
const MAX_FINDINGS_TEXT = 50_000_000;
/**
 * Every entry of a findings list, flattened: a group (`{sourceList, issues: [...]}` as MythX
 * reports, or per-file groups) yields its findings, and a finding with several instances (Aderyn,
 * SolidityScan) yields one finding per instance, so no location is silently lost. An answer that
 * expands beyond MAX_FINDINGS or MAX_FINDINGS_TEXT is a ResponseFormatError, found without
 * expanding more than the limit.
 */
function readFindings(items, options = {}) {
    const findings = [];
    let textLength = 0;
    const add = (finding) => {
        if (findings.length === MAX_FINDINGS) {
            const count = items.reduce((sum, item) => sum + expandedCount(item, 0), 0);
            throw new ResponseFormatError(`The audit answer holds ${count.toLocaleString('en-US')} findings once its groups and ` +
                `instances are expanded; the action reads at most ${MAX_FINDINGS.toLocaleString('en-US')}`);
        }
        textLength += finding.description.length + (finding.recommendation?.length ?? 0);
        if (textLength > MAX_FINDINGS_TEXT) {
            throw new ResponseFormatError("The audit answer's findings carry more than " +
                `${MAX_FINDINGS_TEXT.toLocaleString('en-US')} characters of description and ` +
                'recommendation once its groups and instances are expanded; the action reads at most that');
        }
        findings.push(finding);
    };
    const reader = {
        path: pathReader(options.knownFiles),
        severity: memoized((word) => normalizeSeverity(word)),
        shared: memoized((text) => text),
        description: lastOfRule(),
        recommendation: lastOfRule(),
    };
    items.forEach((item, index) => readItem(item, [], 0, () => `finding ${index + 1}`, reader, add));
    return findings;
}
/**
 * The text, or the equal one the rule's previous finding gave, so that findings of one rule
 * repeating a text share one copy. Only the last is kept: remembering every long text (each
 * hashed to be looked up) cost more than the copies it saved.
 */
function lastOfRule() {
    const last = new Map();
    return (rule, text) => {
        const before = last.get(rule);
        if (before === text)
            return before;
        last.set(rule, text);
        return text;
    };
}
function readItem(item, parents, depth, 
/** Where the item is, for an error: made only then. */
where, reader, add) {
    const record = asRecord(item);
    if (record === undefined) {
        throw new ResponseFormatError(`The audit answer's ${where()} is not an object: ${bodyExcerpt(JSON.stringify(item))}`);
    }
    const { children, group } = expansion(record, depth);
    const around = [record, ...parents];
    if (group) {
        children.forEach((child, index) => readItem(child, around, depth + 1, () => `${where()}.${index + 1}`, reader, add));
        return;
    }
    // Read once for all instances: only the place and the id differ between them.
    const finding = readFinding(record, parents, reader);
    for (const instance of children.length > 0 ? children : [undefined]) {
        const location = locate(instance === undefined ? around : [instance, ...around], reader.path);
        add({
            ...finding,
            serviceId: (instance === undefined ? undefined : firstOf(instance, SERVICE_ID_FIELDS, scalarName)) ??
                finding.serviceId,
            file: location.file,
            startLine: location.startLine,
            endLine: location.endLine,
        });
    }
}
/** A bare string is a finding that is only a description. */
function asRecord(item) {
    const record = typeof item === 'string' ? { description: item } : item;
    return isRecord(record) ? record : undefined;
}
/** The findings of a group, or the instances of one finding (none when it has one place). */
function expansion(record, depth) {
    const children = childRecords(record);
    return { children, group: depth < MAX_GROUP_DEPTH && children.some(looksLikeFinding) };
}
/** How many findings `item` expands to, counted without reading them. */
function expandedCount(item, depth) {
    const record = asRecord(item);
    if (record === undefined)
        return 1;
    const { children, group } = expansion(record, depth);
    return group
        ? children.reduce((sum, child) => sum + expandedCount(child, depth + 1), 0)
        : Math.max(children.length, 1);
}
function childRecords(record) {
    for (const key of CHILD_FIELDS) {
        const value = field(record, key);
        if (Array.isArray(value) && value.length > 0 && value.every(isRecord))
            return value;
    }
    return [];
}
function looksLikeFinding(record) {
    return IDENTITY_FIELDS.some((alias) => field(record, alias) !== undefined);
}
/** Everything but the place, which each instance gives (see readItem). */
function readFinding(record, parents, reader) {
    const rule = firstOf(record, RULE_FIELDS, parse_finding_name);
    const swcId = firstOf(record, SWC_FIELDS, swcIdOf);
    const ruleId = rule ?? swcId;
    const description = firstOf(record, DESCRIPTION_FIELDS, prose) ?? '';
    let given = firstOf(record, SEVERITY_FIELDS, anyValue);
    for (const parent of parents) {
        if (given !== undefined)
            break;
        given = firstOf(parent, SEVERITY_FIELDS, anyValue);
    }
    const { severity, label } = typeof given === 'string' ? reader.severity(given) : normalizeSeverity(given);
    const shared = (text) => text === undefined ? undefined : reader.shared(text);
    const title = reader.shared(firstOf(record, TITLE_FIELDS, parse_finding_name) ?? ruleId ?? firstLine(description) ?? 'Untitled finding');
    const recommendation = firstOf(record, RECOMMENDATION_FIELDS, prose);
    return {
        serviceId: firstOf(record, SERVICE_ID_FIELDS, scalarName),
        severity,
        severityLabel: label,
        title,
        ruleId: shared(ruleId),
        swcId: shared(swcId),
        cweId: shared(firstOf(record, CWE_FIELDS, cweIdOf)),
        description: reader.description(ruleId ?? title, description),
        recommendation: recommendation === undefined
            ? undefined
            : reader.recommendation(ruleId ?? title, recommendation),
    };
}
/** Severity is taken whatever its type: normalizeSeverity reads numbers and objects too. */
function anyValue(value) {
    return value;
}
/** Titles and ids stay on one line: they are shown in tables, headings and HTML blocks. */
function parse_finding_name(value) {
    const raw = json_fields_text(value);
    return raw === undefined ? undefined : cleanName(raw);
}
function scalarName(value) {
    const raw = scalarText(value);
    return raw === undefined ? undefined : cleanName(raw);
}
/**
 * A string, or MythX's `{head, tail}` (joined as paragraphs), or SARIF's `{text}`/`{markdown}`,
 * cut to MAX_PROSE.
 */
function prose(value) {
    if (!isRecord(value))
        return bounded(json_fields_text(value));
    const parts = [json_fields_text(value.head), json_fields_text(value.tail)].filter((p) => p !== undefined);
    return bounded(parts.length > 0 ? parts.join('\n\n') : (json_fields_text(value.text) ?? json_fields_text(value.markdown)));
}
/** Cut to MAX_PROSE UTF-16 units with '…', never between the halves of a surrogate pair. */
function bounded(value) {
    if (value === undefined || value.length <= MAX_PROSE)
        return value;
    const last = value.charCodeAt(MAX_PROSE - 2);
    const end = last >= 0xd800 && last <= 0xdbff ? MAX_PROSE - 2 : MAX_PROSE - 1;
    return `${value.slice(0, end).trimEnd()}…`;
}
function firstLine(description) {
    return description
        .split('\n')
        .map(parse_finding_name)
        .find((line) => line !== undefined);
}
const swcIdOf = (value) => weaknessId(value, 'SWC');
const cweIdOf = (value) => weaknessId(value, 'CWE');
/** Compiled once: every finding is read for both. */
const WEAKNESS_IDS = {
    SWC: /^(?:SWC[\s_-]*)?0*(\d{1,6})\b/i,
    CWE: /^(?:CWE[\s_-]*)?0*(\d{1,6})\b/i,
};
/**
 * `SWC-107`, `swc_107`, `"107"`, `107`, `"CWE-841: Improper Enforcement…"` or a list of
 * those (the first readable one) -> `SWC-107` / `CWE-841`.
 */
function weaknessId(value, prefix) {
    if (Array.isArray(value)) {
        for (const entry of value) {
            const id = weaknessId(entry, prefix);
            if (id !== undefined)
                return id;
        }
        return undefined;
    }
    const raw = scalarText(value);
    // Real SWC and CWE numbers are short; a long one would print as `1e+21`.
    const digits = raw === undefined ? undefined : WEAKNESS_IDS[prefix].exec(raw)?.[1];
    const number = digits === undefined ? 0 : Number(digits);
    return number > 0 ? `${prefix}-${number}` : undefined;
}

;// CONCATENATED MODULE: ./.build/api/parse-start.js
/**
 * The answer to `POST /v1/audits`. Documented: `{"audit_id": "abc123", "status": "pending"}`;
 * tolerated: envelopes, other id names, and an id only in the `Location` header.
 */



const AUDIT_ID_FIELDS = ['audit_id', 'auditId', 'id', 'uuid', 'scan_id', 'job_id'];
const STATUS_FIELDS = ['status', 'state', 'scan_status'];
function parseStartAnswer(bodyText, locationHeader) {
    const json = bodyText.trim() === '' ? undefined : readJson(bodyText);
    const levels = json?.ok ? envelopeLevels(json.value) : [];
    const rawStatus = firstInLevels(levels, STATUS_FIELDS, scalarText);
    const auditId = firstByAlias(levels, AUDIT_ID_FIELDS, scalarText) ?? lastPathSegment(locationHeader);
    if (auditId !== undefined)
        return { auditId, rawStatus };
    // The header's value is never quoted: messages may name a header, never show its contents.
    throw new ResponseFormatError(`The start-audit answer has no audit id: looked for ${AUDIT_ID_FIELDS.join(', ')} and a Location header (${describeBody(bodyText, json?.ok ?? false)})`);
}
/** `https://host/v1/audits/abc123?x=1` or `/v1/audits/abc123/` -> `abc123`. */
function lastPathSegment(location) {
    if (location === undefined || location.trim() === '')
        return undefined;
    let path;
    try {
        path = new URL(location.trim(), 'http://relative.invalid').pathname;
    }
    catch {
        return undefined;
    }
    const segment = path.split('/').filter(Boolean).at(-1);
    if (segment === undefined)
        return undefined;
    try {
        return json_fields_text(decodeURIComponent(segment));
    }
    catch {
        return segment;
    }
}

;// CONCATENATED MODULE: ./.build/api/status.js
/**
 * The service's status words mapped to our lifecycle. Only `pending`, `in_progress` and
 * `completed` are documented; the rest are what comparable services say (PRODUCT §2).
 */
const status_WORDS = {
    pending: 'pending',
    queued: 'pending',
    submitted: 'pending',
    notstarted: 'pending',
    inprogress: 'running',
    running: 'running',
    processing: 'running',
    scanning: 'running',
    analyzing: 'running',
    completed: 'completed',
    complete: 'completed',
    finished: 'completed',
    succeeded: 'completed',
    success: 'completed',
    done: 'completed',
    failed: 'failed',
    error: 'failed',
    cancelled: 'failed',
    canceled: 'failed',
    expired: 'failed',
};
/**
 * Words naming the audit as a whole (`audit_completed`, `static_analysis_done`). Only after one
 * does a done word mean the audit is done: `upload_completed` or `compilation_done` is one stage.
 */
const SUBJECTS = new Set(['scan', 'job', 'audit', 'analysis', 'task', 'review', 'check', 'run']);
/** Words that undo or narrow the state after them: `not_completed`, `partial_scan_done`. */
const DOUBTS = new Set(['not', 'no', 'non', 'never', 'un', 'partial', 'partially', 'pre', 'sub']);
/**
 * Case-, space-, hyphen- and underscore-insensitive. A state word may end longer words: any
 * words may come before a failed, pending or running one (`compilation_failed`), a subject before
 * a done one; none that doubts it. Anything unrecognized is 'unknown', which the poller treats as
 * "keep waiting until the deadline".
 */
function classifyStatus(raw) {
    const words = raw
        .toLowerCase()
        .split(/[\s_-]+/)
        .filter(Boolean);
    const whole = lookUp(words.join(''));
    if (whole)
        return whole;
    // The state in the last word or two (`scan_in_progress`), the longer first.
    for (const size of [2, 1]) {
        const head = words.slice(0, -size);
        const state = head.length > 0 ? lookUp(words.slice(-size).join('')) : undefined;
        if (state === undefined)
            continue;
        if (head.some((word) => DOUBTS.has(word)))
            return 'unknown';
        // `failed_to_complete`: a failure before the end is still one.
        if (head.some((word) => lookUp(word) === 'failed'))
            return 'failed';
        if (head.some((word) => lookUp(word) !== undefined))
            return 'unknown';
        if (state !== 'completed' || SUBJECTS.has(head.at(-1) ?? ''))
            return state;
        return 'unknown';
    }
    return 'unknown';
}
/** Own keys only: every object has a `constructor`, which is no status. */
function lookUp(word) {
    return Object.hasOwn(status_WORDS, word) ? status_WORDS[word] : undefined;
}

;// CONCATENATED MODULE: ./.build/api/parse-audit.js
/**
 * The answer to `GET /v1/audits/{id}`, whose body is undocumented: status, message, report link
 * and (once completed) the findings, read tolerantly from the shapes comparable services use.
 * Whatever cannot be read is a ResponseFormatError, never an empty result; a completed answer
 * whose own words or counts contradict an empty list has no findings and says why, and one whose
 * words, counts or page links say a non-empty list is not all there keeps it, marked incomplete.
 */












/** In search order; `results` only counts as a list (as an object it is an envelope). */
const FINDINGS_FIELDS = ['findings', 'issues', 'vulnerabilities', 'results', 'detectors'];
/** Totals some answers carry beside the list; a total above zero with an empty list is not "none". */
const COUNT_FIELDS = [
    'findings_count',
    'findingsCount',
    'total_findings',
    'totalFindings',
    'issues_count',
    'issuesCount',
    'total_issues',
    'totalIssues',
    'vulnerabilities_count',
    'vulnerabilitiesCount',
    'vulnerability_count',
    'vulnerabilityCount',
];
/** Where answers keep their numbers, at any envelope level and one object further in. */
const STATS_FIELDS = [
    'summary',
    'stats',
    'statistics',
    'counts',
    'metrics',
    'meta',
    'severity_counts',
    'severityCounts',
    'by_severity',
    'bySeverity',
];
/** Totals named only by their place (`summary.total`). */
const STATS_COUNT_FIELDS = ['total', 'count', 'findings', 'issues', 'vulnerabilities'];
/** Severity words a count is named by (`high`, `high_count`, `numHigh`, `critical_issues`). */
const COUNTED_SEVERITIES = new Set([
    'critical',
    'blocker',
    'high',
    'medium',
    'moderate',
    'low',
    'info',
    'informational',
    'optimization',
    'optimizations',
]);
/**
 * Where an answer says there is a next page of findings (a link, a page number, `has_more`), at
 * any envelope level.
 */
const NEXT_PAGE_FIELDS = [
    'next',
    'next_page',
    'nextPage',
    'next_page_url',
    'links.next',
    'links.next.href',
    '_links.next.href',
    'has_more',
    'hasMore',
];
/** Words around the severity in a count's name. */
const COUNT_WORDS = new Set([
    'count',
    'counts',
    'num',
    'number',
    'total',
    'of',
    'severity',
    'risk',
    'issue',
    'issues',
    'finding',
    'findings',
    'vulnerabilities',
]);
/**
 * What one finding's own record holds beside its texts: the object, its fingerprints and
 * location, and what triage adds to it.
 */
const FINDING_RECORD_BYTES = 1024;
/** As failureIn bounds the service's own words. */
const MAX_QUOTE = 500;
const REPORT_URL_FIELDS = [
    'report_url',
    'reportUrl',
    'report_link',
    'reportLink',
    'report',
    'links.report',
    'links.report.href',
    '_links.report.href',
    'links.html',
    'links.html.href',
    'html_url',
    'web_url',
    'dashboard_url',
    'url',
];
function parseAuditAnswer(bodyText, requestedId, options = {}) {
    const json = bodyText.trim() === '' ? undefined : readJson(bodyText);
    const levels = json?.ok ? envelopeLevels(json.value) : [];
    const fail = (what) => {
        throw new ResponseFormatError(`The audit answer for ${requestedId} ${what} (${describeBody(bodyText, json?.ok ?? false)})`);
    };
    if (levels.length === 0)
        fail('is not a JSON object');
    const rawStatus = readStatus(levels) ?? fail(`has no status: looked for ${STATUS_FIELDS.join(', ')}`);
    // Slither-style `"success": false` is a failed run, whatever the status word says.
    const unsuccessful = levels.some((level) => field(level, 'success') === false);
    const state = unsuccessful ? 'failed' : classifyStatus(rawStatus);
    let findings;
    let message = messageIn(levels);
    let incomplete;
    if (state === 'completed') {
        const list = findingsList(levels) ??
            fail(`says "${rawStatus}" but has no findings list: looked for ${FINDINGS_FIELDS.join(', ')} and results.detectors`);
        if (list.length === 0) {
            // "Completed" with nothing found, yet an error, a failure or a count beside it: the analysis
            // did not run through, which the report must never show as a clean audit.
            const contradiction = contradictionIn(levels);
            if (contradiction === undefined)
                findings = [];
            else
                message = contradiction;
        }
        else {
            // What was found is shown either way; a list the answer says is partial must not pass.
            findings = assignFingerprints(readFindings(list, options));
            incomplete = incompletenessIn(levels, findings);
        }
    }
    return {
        auditId: requestedId,
        state,
        rawStatus,
        message,
        reportUrl: firstInLevels(levels, REPORT_URL_FIELDS, webUrl),
        findings,
        incomplete,
        ...(findings !== undefined &&
            findings.length > 0 && {
            heldBytes: 2 * bodyText.length + findings.length * FINDING_RECORD_BYTES,
        }),
    };
}
/**
 * The innermost non-empty list, else the innermost empty one: an empty list beside a full one
 * must not hide it.
 */
function findingsList(levels) {
    const lists = levels.flatMap((level) => FINDINGS_FIELDS.flatMap((alias) => {
        const value = field(level, alias);
        return Array.isArray(value) ? [value] : [];
    }));
    return lists.find((list) => list.length > 0) ?? lists[0];
}
function contradictionIn(levels) {
    const [counted] = countsIn(levels);
    return (failureIn(levels) ??
        (counted && quoted(`${counted.name} is ${counted.count}, but the findings list is empty`)));
}
/**
 * In a completed answer with findings: the first of its words that the analysis failed, a count
 * above what the list holds, or a link to a next page, as one bounded line.
 */
function incompletenessIn(levels, findings) {
    return failureIn(levels) ?? shortfallIn(levels, findings) ?? nextPageIn(levels);
}
/**
 * A total above the list's length, or counts by severity above what the list holds of it. Both
 * are compared with the list after instances are expanded, so a service counting each finding
 * once, whatever its instances, is never short.
 */
function shortfallIn(levels, findings) {
    const counts = countsIn(levels);
    const total = counts.find((c) => c.severity === undefined && c.count > findings.length);
    if (total !== undefined)
        return quoted(`${total.name} is ${total.count}, but the findings list holds ${findings.length}`);
    const held = countBySeverity(findings);
    const over = counts.flatMap(({ name, count, severity }) => severity !== undefined && count > held[severity] ? [{ name, count, severity }] : []);
    // The same severity may be counted in two places: what is missing of it is the largest gap.
    const missing = new Map();
    for (const { count, severity } of over)
        missing.set(severity, Math.max(missing.get(severity) ?? 0, count - held[severity]));
    const [first] = over;
    // Findings whose severity word we could not place may be the ones counted.
    const gap = [...missing.values()].reduce((total, count) => total + count, 0);
    if (first === undefined || gap <= held.unknown)
        return undefined;
    const unplaced = held.unknown > 0 ? ` and ${held.unknown} of unknown severity` : '';
    return quoted(`${first.name} is ${first.count}, but the findings list holds ${held[first.severity]} ${first.severity}${unplaced}`);
}
/** Every count above zero, in the order the answer gives them. */
function countsIn(levels) {
    return levels.flatMap((level) => statsRecords(level, '', 0).flatMap(({ path, record }) => Object.entries(record).flatMap(([key, value]) => {
        const count = positiveInteger(value);
        if (count === undefined)
            return [];
        const name = `${path}${key}`;
        if (COUNT_FIELDS.includes(key) || (path !== '' && STATS_COUNT_FIELDS.includes(key)))
            return [{ name, count, severity: undefined }];
        const severity = countedSeverity(key);
        return severity === undefined ? [] : [{ name, count, severity }];
    })));
}
function statsRecords(record, path, depth) {
    const inner = depth >= 2
        ? []
        : STATS_FIELDS.flatMap((key) => {
            const value = field(record, key);
            return isRecord(value) ? statsRecords(value, `${path}${key}.`, depth + 1) : [];
        });
    return [{ path, record }, ...inner];
}
/**
 * The severity a count is named by (`high`, `High`, `high_count`, `numHigh`, `critical_issues`,
 * `gas_findings`, `informational`), on our scale; undefined for other numbers (`files`).
 */
function countedSeverity(key) {
    const words = key
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean);
    const named = words.filter((word) => !COUNT_WORDS.has(word));
    const [word = ''] = named;
    // `gas` alone may be the gas a call used; `gas_issues` is a count of findings.
    const counted = named.length === 1 && (COUNTED_SEVERITIES.has(word) || (word === 'gas' && words.length > 1));
    return counted ? normalizeSeverity(word).severity : undefined;
}
/** A link or page number to a next page, or `has_more: true`, innermost level first. */
function nextPageIn(levels) {
    for (const level of levels) {
        for (const path of NEXT_PAGE_FIELDS) {
            const next = pageLink(field(level, path));
            if (next !== undefined)
                return quoted(`the answer holds one page of findings (${path}: ${next})`);
        }
    }
    return undefined;
}
/** `null`, `false`, 0 and empty text are no next page. */
function pageLink(value) {
    if (value === true)
        return 'true';
    const page = positiveInteger(value);
    return page === undefined ? json_fields_text(value) : String(page);
}
/** Service text inside our sentences stays one bounded line. */
function quoted(sentence) {
    return bodyExcerpt(sentence, MAX_QUOTE);
}
/**
 * The innermost status word we recognize (an outer `"status": "success"` may only describe the
 * HTTP call), else the innermost one at all, which the poller treats as unknown.
 */
function readStatus(levels) {
    const words = levels.flatMap((level) => STATUS_FIELDS.flatMap((alias) => scalarText(field(level, alias)) ?? []));
    return words.find((word) => classifyStatus(word) !== 'unknown') ?? words[0];
}
/**
 * Only absolute https URLs, or plain http to this machine: the link is shown as "the full report"
 * and must not be a script, a file, or a page anyone on the network path can replace.
 */
function webUrl(value) {
    const candidate = json_fields_text(value);
    if (candidate === undefined)
        return undefined;
    try {
        const url = new URL(candidate);
        return isSafeTransport(url) ? url.href : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./.build/api/parse-projects.js
/**
 * The answer to `GET /v1/projects`, whose body is undocumented: a list of projects, bare or
 * wrapped, each named by `project_name` (documented) or `name`.
 */





const LIST_FIELDS = ['projects', 'items', 'data', 'results'];
const NAME_FIELDS = ['project_name', 'projectName', 'name', 'title'];
const parse_projects_COUNT_FIELDS = [
    'audit_count',
    'auditCount',
    'audits_count',
    'auditsCount',
    'num_audits',
    'audits',
];
const LAST_AUDIT_FIELDS = ['last_audit', 'lastAudit', 'latest_audit', 'latestAudit'];
const LAST_AUDIT_ID_FIELDS = ['last_audit_id', 'lastAuditId', 'latest_audit_id', 'latestAuditId'];
const LAST_STATUS_FIELDS = [
    'last_audit_status',
    'lastAuditStatus',
    'latest_audit_status',
    'latestAuditStatus',
];
/** Entries without any name are left out: there is nothing to show for them. */
function parseProjectsAnswer(bodyText) {
    const json = readJson(bodyText);
    const list = json.ok
        ? Array.isArray(json.value)
            ? json.value
            : firstInLevels(envelopeLevels(json.value), LIST_FIELDS, (v) => Array.isArray(v) ? v : undefined)
        : undefined;
    if (list === undefined) {
        throw new ResponseFormatError(`The projects answer has no project list: looked for a JSON array and ${LIST_FIELDS.join(', ')} (${describeBody(bodyText, json.ok)})`);
    }
    return list.flatMap((entry) => {
        const summary = typeof entry === 'string'
            ? namedOnly(entry)
            : isRecord(entry)
                ? readProject(entry)
                : undefined;
        return summary === undefined ? [] : [summary];
    });
}
function namedOnly(name) {
    const trimmed = json_fields_text(name);
    return trimmed === undefined
        ? undefined
        : { name: trimmed, auditCount: undefined, lastAuditId: undefined, lastAuditStatus: undefined };
}
function readProject(project) {
    const name = firstOf(project, NAME_FIELDS, scalarText);
    if (name === undefined)
        return undefined;
    const lastAudit = LAST_AUDIT_FIELDS.map((key) => field(project, key)).find(isRecord);
    return {
        name,
        auditCount: firstOf(project, parse_projects_COUNT_FIELDS, count),
        lastAuditId: firstOf(project, LAST_AUDIT_ID_FIELDS, scalarText) ??
            (lastAudit === undefined ? undefined : firstOf(lastAudit, AUDIT_ID_FIELDS, scalarText)),
        lastAuditStatus: firstOf(project, LAST_STATUS_FIELDS, scalarText) ??
            (lastAudit === undefined ? undefined : firstOf(lastAudit, STATUS_FIELDS, scalarText)),
    };
}
/** A non-negative integer, or the length of an embedded list of audits. */
function count(value) {
    if (Array.isArray(value))
        return value.length;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

;// CONCATENATED MODULE: ./.build/api/client.js
/**
 * The audit service's three operations, and what each failure tells the user to fix.
 * Transport and retries live in http.ts; reading bodies lives in the parse-* modules.
 */












const NO_LOG = { debug() { }, info() { }, warning() { } };
class AuditClient {
    #http;
    #now;
    #deadline;
    /** Finds the API key in what the service sends, in any spelling. */
    #apiKey = new Redactor();
    /** What in the key no HTTP header can carry, if anything: then no request can be sent. */
    #keyFlaw;
    /** Said with every "check the base URL": the most common mistake is to include the version. */
    #baseUrlHint;
    #words;
    constructor(options) {
        this.#words = options.vocabulary;
        this.#now = options.deadline?.now ?? Date.now;
        this.#deadline = options.deadline;
        this.#apiKey.add(options.apiKey);
        this.#keyFlaw = headerFlaw(options.apiKey);
        this.#baseUrlHint = /\/v\d+\/*$/.test(options.baseUrl.pathname)
            ? ` (/v1 is added to ${options.vocabulary.option('base-url')} on every request: leave it out)`
            : '';
        this.#http = new HttpSession({
            baseUrl: options.baseUrl,
            apiKey: options.apiKey,
            userAgent: options.userAgent,
            sleep: options.sleep,
            random: options.random ?? Math.random,
            now: this.#now,
            maxAttempts: options.maxAttempts ?? 5,
            requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
            log: options.log ?? NO_LOG,
        });
    }
    async listProjects() {
        const operation = {
            name: 'list projects',
            permission: 'listing projects needs a key with read permission',
            notFound: `the service has no /v1/projects (HTTP 404) — check ${this.#words.option('base-url')}${this.#baseUrlHint}`,
        };
        const answer = this.#expectSuccess(operation, await this.#http.send({
            method: 'GET',
            path: '/v1/projects',
            idempotent: true,
            retryUntil: this.#deadline?.at,
        }));
        return parseProjectsAnswer(answer.text);
    }
    async startAudit(projectName, files) {
        const operation = {
            name: 'start the audit',
            permission: 'starting an audit needs a key with write permission',
            notFound: `the service has no /v1/audits (HTTP 404) — check ${this.#words.option('base-url')}${this.#baseUrlHint}`,
        };
        const body = createMultipartBody([{ name: 'project_name', value: projectName }], files.map((file) => ({
            field: 'contracts',
            filename: file.relativePath,
            absolutePath: file.absolutePath,
            size: file.size,
        })));
        const outcome = await this.#http.send({
            method: 'POST',
            path: '/v1/audits',
            // One key for all attempts: a service that honours it will not start the audit twice.
            headers: { 'idempotency-key': (0,external_node_crypto_.randomUUID)() },
            body,
            idempotent: false,
            retryUntil: this.#deadline?.at,
        });
        if (!outcome.ok && outcome.mayHaveActed) {
            const ErrorClass = outcome.unreadable ? ResponseFormatError : ServiceError;
            throw new ErrorClass(`could not start the audit: ${this.#failureText(outcome)}. ` +
                'The request reached the service, so it may have created the audit anyway — check the ' +
                "project's audits on the service before rerunning; a rerun starts another audit.", outcome.answer?.status);
        }
        const answer = this.#expectSuccess(operation, outcome, { accept303: true });
        let started;
        try {
            started = parseStartAnswer(answer.text, headerValue(answer.headers.location));
        }
        catch (error) {
            if (!(error instanceof ResponseFormatError))
                throw error;
            throw new ResponseFormatError(`${error.message}. The service accepted the upload (HTTP ${answer.status}), so an audit ` +
                'may have been created — check the service before rerunning.', answer.status, { cause: error });
        }
        // Reports, outputs and URLs carry the id: one holding the key would spread it everywhere.
        if (this.#apiKey.appearsIn(started.auditId)) {
            throw new ServiceError('the service answered the start of the audit with an audit id that contains the API key; ' +
                'the id is neither used nor shown. An audit may have been created — check the service ' +
                'before rerunning.', answer.status);
        }
        return { ...started, retryAfterMs: this.#retryAfter(answer) };
    }
    /**
     * `retryUntil` (on the deadline's clock; default the deadline): the request ends there, e.g. at
     * the poll's deadline. `once`: one attempt, no retry and no `Retry-After` waited out.
     */
    async getAudit(auditId, knownFiles, { retryUntil, once = false } = {}) {
        // The id may come from the service: shown as one bounded line.
        const shownId = bodyExcerpt(auditId, 100);
        const operation = {
            name: `read audit ${shownId}`,
            permission: 'reading an audit needs a key with read permission',
            notFound: `audit ${shownId} not found (HTTP 404) — check ${this.#words.option('base-url')}${this.#words.takes('audit-id') ? ` and ${this.#words.option('audit-id')}` : ''}${this.#baseUrlHint}`,
        };
        const answer = this.#expectSuccess(operation, await this.#http.send({
            method: 'GET',
            path: `/v1/audits/${pathSegment(auditId)}`,
            idempotent: true,
            retryUntil: earliest(retryUntil, this.#deadline?.at),
            maxAttempts: once ? 1 : undefined,
        }));
        const retryAfterMs = this.#retryAfter(answer);
        // 202 with no body: accepted, not finished; the poller decides how long to wait.
        if (answer.text.trim() === '' && (answer.status === 202 || answer.status === 204)) {
            return { snapshot: pendingSnapshot(auditId), retryAfterMs };
        }
        try {
            const snapshot = parseAuditAnswer(answer.text, auditId, knownFiles ? { knownFiles } : undefined);
            return { snapshot: this.#withoutKey(snapshot), retryAfterMs };
        }
        catch (error) {
            // Reading findings recurses: JSON nested deep enough overflows the stack. Asking again
            // would bring the same answer.
            if (!(error instanceof RangeError))
                throw error;
            throw new ResponseFormatError(`the answer for audit ${shownId} is nested too deeply to read`, answer.status, { cause: error });
        }
    }
    /** Releases pooled connections, so the process can exit at once. */
    async close() {
        await this.#http.close();
    }
    /**
     * The snapshot with the key taken out of every text the service sent, once parsing has
     * decoded and cleaned it. Outputs are redacted again where they leave the action; this also
     * covers what reports encode on the way (the pull-request comment's hidden data is base64).
     * The texts are looked through at once first: a snapshot without the key is not copied.
     */
    #withoutKey(snapshot) {
        if (!this.#apiKey.appearsInAny(serviceTexts(snapshot)))
            return snapshot;
        const redact = (text) => this.#apiKey.redact(text);
        return {
            ...mapTexts(snapshot, SNAPSHOT_TEXTS, redact),
            findings: snapshot.findings?.map((finding) => mapTexts(finding, FINDING_TEXTS, redact)),
        };
    }
    /** The 2xx answer, or the error that says what went wrong and what to fix. */
    #expectSuccess(operation, outcome, { accept303 = false } = {}) {
        if (!outcome.ok) {
            const { answer } = outcome;
            const status = answer && answer.status < 300 ? undefined : answer?.status;
            const what = outcome.attempts <= 1 ? ':' : ` after ${outcome.attempts} attempts; last:`;
            const ErrorClass = outcome.unreadable ? ResponseFormatError : ServiceError;
            throw new ErrorClass(`could not ${operation.name}${what} ${this.#failureText(outcome)}`, status);
        }
        const { answer } = outcome;
        const { status } = answer;
        if ((status >= 200 && status < 300) || (accept303 && status === 303))
            return answer;
        throw new ServiceError(this.#failureMessage(operation, answer), status);
    }
    #failureMessage(operation, answer) {
        const { status } = answer;
        const text = this.#serviceText(answer);
        switch (status) {
            case 400:
                return `the service rejected the request to ${operation.name} (HTTP 400)${text || ': no reason given'}`;
            case 401:
                return `the service rejected the API key (HTTP 401) — check the key in ${this.#words.keyName}`;
            case 403:
                return `the API key lacks the permission for this operation (HTTP 403): ${operation.permission}`;
            case 404:
                return operation.notFound;
            case 413:
                return `the upload is too large for the service (HTTP 413)${text} — audit fewer or smaller files`;
        }
        if (status >= 300 && status < 400) {
            return (`the service answered the request to ${operation.name} with a redirect (HTTP ${status}); ` +
                `redirects are not followed, so the API key goes nowhere else — set ${this.#words.option('base-url')} to the ` +
                "service's final address");
        }
        return `could not ${operation.name}: the service answered HTTP ${status}${text}`;
    }
    /** The failure, the service's explanation, and how `timeout-minutes` ended it. */
    #failureText(outcome) {
        const keyText = outcome.neverSent && this.#keyFlaw
            ? ` (the API key holds ${this.#keyFlaw}, which no HTTP header can carry — check the key ` +
                `in ${this.#words.keyName})`
            : '';
        return `${outcome.reason}${keyText}${this.#serviceText(outcome.answer)}${deadlineText(outcome.deadline, this.#words.option('timeout-minutes'))}`;
    }
    /** The service's own explanation as `: <text>`; masked where it leaves the action. */
    #serviceText(answer) {
        if (!answer)
            return '';
        const text = serviceErrorText(answer.text);
        return text === undefined ? '' : `: ${text}`;
    }
    #retryAfter(answer) {
        return parseRetryAfter(headerValue(answer.headers['retry-after']), this.#now);
    }
}
/** The texts of a snapshot and of its findings that come from the service. */
const SNAPSHOT_TEXTS = ['rawStatus', 'message', 'incomplete', 'reportUrl'];
const FINDING_TEXTS = [
    'serviceId',
    'severityLabel',
    'title',
    'ruleId',
    'swcId',
    'cweId',
    'description',
    'recommendation',
    'file',
];
function* serviceTexts(snapshot) {
    for (const key of SNAPSHOT_TEXTS)
        yield snapshot[key] ?? '';
    for (const finding of snapshot.findings ?? []) {
        for (const key of FINDING_TEXTS)
            yield finding[key] ?? '';
    }
}
/** A copy of the record with `map` applied to the texts named. */
function mapTexts(record, keys, map) {
    const copy = { ...record };
    for (const key of keys) {
        const value = copy[key];
        if (typeof value === 'string')
            copy[key] = map(value);
    }
    return copy;
}
/** `limit`: the time limit's setting, in the door's words. */
function deadlineText(stop, limit) {
    switch (stop?.kind) {
        case undefined:
            return '';
        case 'passed':
            return ` — ${limit} had ended`;
        case 'attempt':
            return ` — ${limit} ended while it was under way`;
        case 'wait':
            return stop.askedMs === undefined
                ? ` — the next attempt would come after ${limit} ends`
                : ` — the service asked to wait ${Math.ceil(stop.askedMs / 1000)} s (Retry-After) before ` +
                    `trying again, and ${limit} ends before then`;
    }
}
/** Why undici would refuse the key in a header value (tab, printable ASCII and Latin-1 pass). */
function headerFlaw(key) {
    if (/[\r\n]/.test(key))
        return 'a line break';
    if (/[^\t\x20-\x7e\x80-\xff]/.test(key))
        return 'a control character or one beyond Latin-1';
    return undefined;
}
/** The earlier of two optional times. */
function earliest(a, b) {
    return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}
function pendingSnapshot(auditId) {
    return {
        auditId,
        state: 'pending',
        rawStatus: 'accepted',
        message: undefined,
        reportUrl: undefined,
        findings: undefined,
        incomplete: undefined,
    };
}
/** The id as one path segment; `.` and `..` are encoded too, or a proxy would resolve them. */
function pathSegment(id) {
    const encoded = encodeURIComponent(id);
    return /^\.{1,2}$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}

;// CONCATENATED MODULE: ./.build/api/key-check.js

/**
 * Checks the key against the service (listing its projects) before anything is uploaded, and
 * tells whether each project is new.
 */
async function checkKey(client, projectNames, log) {
    try {
        const projects = await client.listProjects();
        for (const projectName of projectNames) {
            const project = projects.find((candidate) => candidate.name === projectName);
            if (!project) {
                log.info(`Project "${projectName}" is new: the service creates it with this audit.`);
                continue;
            }
            const last = project.lastAuditId
                ? `; last audit ${project.lastAuditId}${project.lastAuditStatus ? ` (${project.lastAuditStatus})` : ''}`
                : '';
            const count = project.auditCount === undefined ? '' : `: ${project.auditCount} earlier audit(s)`;
            log.info(`Project "${projectName}"${count}${last}.`);
        }
    }
    catch (error) {
        // A rejected key ends the run here, before an upload; anything else only costs the project line.
        if (error instanceof ServiceError && (error.status === 401 || error.status === 403))
            throw error;
        log.warning(`Could not list projects (${errorMessage(error)}); continuing with the audit.`);
    }
}

;// CONCATENATED MODULE: ./.build/vocabulary.js
/**
 * The words that differ between the doors: how an option is named and set, where the key comes
 * from, how to resume an audit, how to fetch submodules, where the projects are listed. Each door
 * supplies one (src/action/vocabulary.ts, src/cli/vocabulary.ts) with the settings; the engine
 * words its advice with it and names no input, flag or workflow itself.
 */
/** The options both doors take, by action.yml's names (the command's flags are the same). */
const OPTION_NAMES = (/* unused pure expression or super */ null && ([
    'base-url',
    'project-name',
    'working-directory',
    'contracts',
    'exclude',
    'default-excludes',
    'dependencies',
    'fail-on',
    'timeout-minutes',
    'poll-interval-seconds',
    'audit-id',
    'max-files',
    'max-file-size-kb',
    'max-total-size-mb',
    'baseline',
]));
/** The Action's other inputs: the command has no option for them and gives them no value. */
const ACTION_OPTION_NAMES = (/* unused pure expression or super */ null && ([
    'api-key',
    'wait',
    'finish-pending',
    'detect-only',
    'if-no-files-found',
    'reuse',
    'reuse-max-age-days',
    'scope',
    'sarif-file',
    'check-run',
    'check-name',
    'pr-comment',
    'fork-pull-requests',
    'github-token',
]));
/** `text` with its first letter upper-case, to start a sentence with a door's word. */
function sentenceStart(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

;// CONCATENATED MODULE: ./.build/audit/audit-ids.js
/**
 * The `audit-id` output and input: one id for a run with one audit; with several, a JSON object
 * of ids by project folder (`{"packages/core": "a1", …}`), which the input takes back to resume
 * them all. JSON, because ids come from the service and may hold any character.
 */


const CONTROL = /[\p{Cc}\p{Cf}]/u;
const CONTROL_EVERYWHERE = new RegExp(CONTROL.source, 'gu');
/** `several`: the run has more than one project, however many of their audits have started. */
function formatAuditIds(started, several = started.length > 1) {
    const [only] = started;
    if (!several && only !== undefined)
        return only.auditId;
    return JSON.stringify(Object.fromEntries(started.map((audit) => [audit.path, audit.auditId])));
}
/** `vocabulary`: the door's, in whose words a bad value is told. */
function parseAuditIds(text, vocabulary) {
    if (!text.startsWith('{'))
        return text;
    const problem = `${sentenceStart(vocabulary.optionNamed('audit-id'))} starts with \`{\` but is not a JSON object of audit ids by project folder, ` +
        `as a run that audited several projects gives it for ${vocabulary.option('audit-id')} (\`{"packages/core": "<id>"}\`)`;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        throw new ConfigurationError(`${problem}. Pass ${vocabulary.idsOf('that run')} as it is, or a single id.`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw new ConfigurationError(`${problem}.`);
    const byPath = new Map();
    // Folders are kept as written: they are compared with this checkout's, which the action wrote.
    for (const [folder, id] of Object.entries(value)) {
        const shown = JSON.stringify(folder.slice(0, 100)).replace(CONTROL_EVERYWHERE, '?');
        if (typeof id !== 'string' || id.trim() === '' || folder === '')
            throw new ConfigurationError(`${problem}: the entry for ${shown} is not a non-empty id.`);
        // JSON's escapes can spell what no id holds, and an id is sent in a URL: a control character.
        if (CONTROL.test(id))
            throw new ConfigurationError(`${problem}: the id for ${shown} holds a control character.`);
        byPath.set(folder, id.trim());
    }
    if (byPath.size === 0)
        throw new ConfigurationError(`${problem}: it is empty.`);
    return byPath;
}

;// CONCATENATED MODULE: ./.build/deadline.js
/**
 * The run's deadline: made once by each door from its time limit and passed down to every wait,
 * request and search. It carries its clock, so a test can run it on a fake one.
 */

/** The time left before the deadline; zero or less once it has passed. */
function msLeft(deadline) {
    return deadline.at - deadline.now();
}
/**
 * While the checkout is searched: a hostile checkout can make discovery and import resolution
 * take longer than the time limit, and the run must still end with a verdict in time. Throws a
 * DeadlineError once the deadline has passed; `doing` names the step that was cut short, which
 * the engine's entry points to the search word in the door's words (engine/discovery-deadline.ts).
 * Without a door, the advice names what to change, not how.
 */
function checkDeadline(deadline, doing) {
    if (deadline === undefined || msLeft(deadline) > 0)
        return;
    throw new DeadlineError(`The time limit ran out during discovery, while ${doing}: nothing was uploaded. ` +
        'Raise the time limit, or narrow the search (the working directory, the contract patterns, the excludes, or the project config).', doing);
}

// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./.build/files/patterns.js
/**
 * The `contracts` patterns: ordered globs, a leading '!' negates (the last matching pattern
 * decides, as in GitHub's glob convention). Plain globs, not gitignore rules: `*.sol` matches
 * only at the root, `**\/*.sol` at any depth.
 */



const GLOB_SYNTAX = /[*?[\]{}()!+@]/;
/** The files audited: Solidity, Vyper modules and Vyper interface files. */
const CONTRACT_EXTENSIONS = ['sol', 'vy', 'vyi'];
/** The globs that select every contract below `base` ('' or a folder glob ending in '/'). */
function contractGlobs(base = '') {
    return CONTRACT_EXTENSIONS.map((extension) => `${base}**/*.${extension}`);
}
/** `words`: the door's, in which a pattern that leads out of `root` is told. */
function compilePatterns(patterns, root, words) {
    const compiled = patterns
        .map((source) => parsePattern(source, root, words))
        .filter((pattern) => pattern !== undefined);
    const positives = compiled.filter((pattern) => !pattern.negated);
    const matched = new Set();
    // Without a literal prefix on every positive pattern, any directory may hold a match.
    const walkEverything = positives.some((pattern) => pattern.literalPrefix.length === 0);
    return {
        selects(relativePath) {
            let selected = false;
            for (const pattern of compiled) {
                // A name taken literally too: `Token[1].sol` is a file's name more often than a class.
                const matches = relativePath === pattern.glob ||
                    matchesGlob(relativePath, pattern.glob) ||
                    (pattern.descendants !== undefined && matchesGlob(relativePath, pattern.descendants));
                if (!matches)
                    continue;
                selected = !pattern.negated;
                if (selected)
                    matched.add(pattern);
            }
            return selected;
        },
        mayMatchBelow(relativeDirectory) {
            if (walkEverything)
                return true;
            const segments = relativeDirectory.split('/');
            return positives.some((pattern) => {
                const common = Math.min(segments.length, pattern.literalPrefix.length);
                for (let i = 0; i < common; i++) {
                    if (segments[i] !== pattern.literalPrefix[i])
                        return false;
                }
                // Either the directory lies on the prefix, or below it where the glob part applies.
                return true;
            });
        },
        unmatched: () => positives.filter((p) => !matched.has(p)).map((p) => p.source),
    };
}
/**
 * `path.posix.matchesGlob`, with names that start with a dot matched like any other: Node's
 * globs never let `*` or `**` match one, so `src/**\/*.sol` missed `src/.internal/Vault.sol`,
 * which then went neither audited nor listed as left out. A NUL, which no path holds and no glob
 * treats specially, goes before each such dot, in the path and where a name starts in the glob
 * (after `/`, `{`, `,`, `(` or `|`): `*` then matches the dot as a character, `.git` still
 * names `.git`.
 */
function matchesGlob(relativePath, glob) {
    return external_node_path_.posix.matchesGlob(relativePath.replace(/(^|\/)\./g, '$1\0.'), glob.replace(/(^|[/{,(|])\./g, '$1\0.'));
}
function parsePattern(source, root, words) {
    let glob = source.trim();
    const negated = glob.startsWith('!');
    if (negated)
        glob = glob.slice(1).trim();
    if (glob === '')
        return undefined;
    if (external_node_path_.isAbsolute(glob))
        glob = posixRelative(root, glob);
    glob = glob.replace(/^(\.\/)+/, '');
    if (glob === '..' || glob.startsWith('../') || glob.includes('/../')) {
        throw new ConfigurationError(`Pattern \`${source}\` in ${words.option('contracts')} points outside ${words.option('working-directory')} (${root}). ` +
            `Patterns are relative to ${words.option('working-directory')}: change it, or the pattern.`);
    }
    const namesDirectory = glob.endsWith('/') || !GLOB_SYNTAX.test(glob);
    glob = glob.replace(/\/+$/, '');
    if (glob === '' || glob === '.')
        glob = '**';
    const segments = glob.split('/');
    const firstGlobSegment = segments.findIndex((segment) => GLOB_SYNTAX.test(segment));
    return {
        source,
        negated,
        glob,
        descendants: namesDirectory ? `${glob}/**/*.{${CONTRACT_EXTENSIONS.join(',')}}` : undefined,
        literalPrefix: firstGlobSegment === -1 ? segments : segments.slice(0, firstGlobSegment),
    };
}
/**
 * A folder's path as a glob that names it literally, for a project's folder in its patterns:
 * each glob character in a class of its own, or, where a class cannot hold it (`{`, `}`, `!`),
 * as any one character, which names at most a folder spelled the same but for it.
 */
function literalGlob(folder) {
    return folder.replace(/[*?[\]()+@{}!]/g, (c) => ('{}!'.includes(c) ? '?' : `[${c}]`));
}

;// CONCATENATED MODULE: ./.build/files/excludes.js
/**
 * Exclude rules with gitignore-like semantics, so a pruned directory is decided from its
 * path alone and is never opened.
 */


/** Where package managers install dependencies, at any depth: npm's, and Python's virtual environments. */
const INSTALLED_PACKAGES = [
    { pattern: 'node_modules/', reason: 'installed packages' },
    ...['.venv/', 'venv/'].map((pattern) => ({
        pattern,
        reason: 'installed Python packages (a virtual environment)',
    })),
];
/** Folder and file names that hold no production code, at any depth. */
const NON_PRODUCTION = [
    ...['test/', 'tests/', 'test-helpers/', 'testing/'].map((pattern) => ({
        pattern,
        reason: 'tests and test helpers, by convention',
    })),
    ...['script/', 'scripts/'].map((pattern) => ({ pattern, reason: 'scripts, by convention' })),
    ...['mocks/', 'mock/'].map((pattern) => ({ pattern, reason: 'mocks, by convention' })),
    ...['certora/', 'fv/', 'halmos/', 'harness/', 'harnesses/'].map((pattern) => ({
        pattern,
        reason: 'formal-verification harnesses, by convention',
    })),
    ...['echidna/', 'crytic/', 'medusa/'].map((pattern) => ({
        pattern,
        reason: 'fuzzing harnesses, by convention',
    })),
    { pattern: 'audits/', reason: 'audit reports and their harnesses, by convention' },
    ...['Test[A-Z0-9_]*', 'Dummy*']
        .flatMap((name) => ['sol', 'vy', 'vyi'].map((ext) => `${name}.${ext}`))
        .map((pattern) => ({
        pattern,
        reason: 'a test helper, by its name',
    })),
    { pattern: '*.t.sol', reason: 'a Foundry test' },
    { pattern: '*.s.sol', reason: 'a Foundry script' },
    ...['*Mock*.sol', '*Mock*.vy', '*Mock*.vyi'].map((pattern) => ({
        pattern,
        reason: 'a mock, by its name',
    })),
    ...['*Harness*.sol', '*Harness*.vy', '*Harness*.vyi'].map((pattern) => ({
        pattern,
        reason: 'a verification harness, by its name',
    })),
];
/**
 * Code copied from other projects into the sources (OpenZeppelin's `contracts/vendor/`): a
 * dependency, sent where imported and never audited as the team's own.
 */
const VENDORED = {
    pattern: 'vendor/',
    reason: "vendored code, by convention: sent as a dependency where imported, never audited as the team's own",
};
/**
 * For a folder with no project config: dependencies and build output (a dependency folder only
 * at the root, as Foundry puts it: `src/lib/` is production code), and NON_PRODUCTION.
 */
const DEFAULT_EXCLUDES = [
    ...INSTALLED_PACKAGES,
    VENDORED,
    { pattern: '/lib/', reason: 'dependencies (lib/ at the root, by convention)' },
    ...['out/', 'cache/', 'artifacts/'].map((pattern) => ({ pattern, reason: 'build output' })),
    { pattern: '.git/', reason: 'git metadata' },
    ...NON_PRODUCTION,
];
function compileExcludes(patterns) {
    const rules = patterns
        .map((entry) => typeof entry === 'string'
        ? parseRule(entry, `rule ${entry}`)
        : parseRule(entry.pattern, entry.reason))
        .filter((rule) => rule !== undefined);
    const matchesDirectory = (rule, relativePath) => named(rule.anchored ? relativePath : external_node_path_.posix.basename(relativePath), rule.glob) ||
        (rule.contentsOf !== undefined && matchesGlob(relativePath, rule.contentsOf));
    const decide = (relativePath, isDirectory) => {
        const basename = external_node_path_.posix.basename(relativePath);
        // A folder rule covers the files below it, so `!mocks/` brings back every file there, those
        // a name rule (`*Mock*.sol`) left out too: the folder is what the user named.
        const folders = isDirectory ? [] : ancestors(relativePath);
        let excludedBy;
        for (const rule of rules) {
            const matches = isDirectory
                ? matchesDirectory(rule, relativePath)
                : rule.directoryOnly
                    ? folders.some((folder) => matchesDirectory(rule, folder))
                    : named(rule.anchored ? relativePath : basename, rule.glob);
            if (matches)
                excludedBy = rule.negated ? undefined : rule;
        }
        return excludedBy?.reason;
    };
    return {
        excludesDirectory: (relativePath) => decide(relativePath, true),
        excludesFile: (relativePath) => decide(relativePath, false),
        prunes(relativePath) {
            if (relativePath === '' || relativePath === '.')
                return undefined;
            for (const folder of [...ancestors(relativePath), relativePath]) {
                const reason = decide(folder, true);
                if (reason !== undefined)
                    return reason;
            }
            return undefined;
        },
    };
}
/** `a/b/C.sol` → `a`, `a/b`. */
function ancestors(relativePath) {
    const parts = relativePath.split('/').slice(0, -1);
    return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}
/** A name taken literally too, as in `contracts`: a path copied from a message matches. */
function named(subject, glob) {
    return subject === glob || matchesGlob(subject, glob);
}
function parseRule(pattern, reason) {
    let glob = pattern.trim();
    const negated = glob.startsWith('!');
    if (negated)
        glob = glob.slice(1);
    const directoryOnly = glob.endsWith('/');
    glob = glob.replace(/\/+$/, '');
    // A leading '/' anchors the rule at the root, as in .gitignore; so does `./`, which says "here".
    const rooted = /^\.?\//.test(glob);
    glob = glob.replace(/^(\.?\/)+/, '');
    if (glob === '' || glob === '.')
        return undefined;
    return {
        reason,
        negated,
        directoryOnly,
        anchored: rooted || glob.includes('/'),
        glob,
        contentsOf: glob.endsWith('/**') ? glob.slice(0, -'/**'.length) : undefined,
    };
}

;// CONCATENATED MODULE: ./.build/files/discover.js
/**
 * Finds the contract files to upload with our own walker: excluded directories are never
 * opened (a huge node_modules costs nothing), nothing outside the workspace is read, whatever
 * symbolic links point to, and a file that matches but cannot be uploaded fails the run rather
 * than going unaudited.
 */









/** Files stat'ed at once: fast on network disks, bounded on huge directories. */
const STAT_BATCH = 64;
async function discoverContracts(options) {
    const readDir = options.readDir ?? ((dir) => promises_.readdir(dir, { withFileTypes: true }));
    const workspace = await resolveWorkspace(options.workspace);
    const words = options.vocabulary;
    const root = await resolveRoot(options.root, options.workspace, workspace, words);
    const defaults = options.defaultExcludes ?? DEFAULT_EXCLUDES;
    const excludes = compileExcludes([
        ...(options.useDefaultExcludes ? defaults : []),
        ...options.excludes.map((pattern) => ({ pattern, reason: words.setting('exclude', pattern) })),
    ]);
    const patterns = compilePatterns(options.patterns, options.root, words);
    const walk = new Walk(workspace, excludes, patterns);
    // Directories reached through links wait until every plainly reachable one is walked, so
    // a link to a directory that is also reachable without it never claims that directory.
    const plain = [{ realPath: root, relativePath: '', exactName: true }];
    const linked = [];
    const visited = new Set();
    for (let dir = plain.pop(); dir !== undefined; dir = plain.pop() ?? linked.pop()) {
        // Bytes are keyed after a NUL, which no text path holds, so the two never collide.
        const key = typeof dir.realPath === 'string' ? dir.realPath : `\0${dir.realPath.toString('latin1')}`;
        if (visited.has(key))
            continue; // also ends link cycles
        visited.add(key);
        checkDeadline(options.deadline, 'listing the contract files');
        const candidates = [];
        for (const { type, entry } of await listDirectory(readDir, dir, words)) {
            if (type.isDirectory()) {
                if (walk.admitsDirectory(entry))
                    plain.push(entry);
            }
            else if (type.isSymbolicLink()) {
                const resolved = await walk.followLink(entry);
                if (resolved?.kind === 'directory')
                    linked.push(resolved.entry);
                if (resolved?.kind === 'file')
                    candidates.push(resolved.entry);
            }
            else if (walk.admitsFile(entry)) {
                // A FIFO, socket or device named like a contract too: addFiles says it cannot be sent.
                candidates.push(entry);
            }
        }
        await walk.addFiles(candidates);
    }
    if (walk.unsendable.length > 0)
        throw unsendableError(walk.unsendable, words);
    return {
        files: walk.files.sort((a, b) => compare(a.relativePath, b.relativePath)),
        unmatchedPatterns: patterns.unmatched(),
        skippedLinks: walk.skippedLinks.sort((a, b) => compare(a.path, b.path)),
        prunedDirectories: walk.prunedDirectories.sort(compare),
        excluded: walk.excluded.sort((a, b) => compare(a.path, b.path)),
    };
}
/** Decisions about single entries, and what they add to the result. */
class Walk {
    files = [];
    skippedLinks = [];
    prunedDirectories = [];
    excluded = [];
    unsendable = [];
    workspace;
    /** The workspace and a separator, to compare paths that are bytes. */
    workspacePrefix;
    excludes;
    patterns;
    constructor(workspace, excludes, patterns) {
        this.workspace = workspace;
        this.workspacePrefix = external_node_buffer_.Buffer.from(workspace.endsWith(external_node_path_.sep) ? workspace : workspace + external_node_path_.sep);
        this.excludes = excludes;
        this.patterns = patterns;
    }
    admitsDirectory(dir) {
        if (!this.patterns.mayMatchBelow(dir.relativePath))
            return false;
        const reason = this.excludes.excludesDirectory(dir.relativePath);
        if (reason !== undefined) {
            this.prunedDirectories.push(dir.relativePath);
            this.excluded.push({ path: `${dir.relativePath}/`, reason });
            return false;
        }
        return true;
    }
    admitsFile(file) {
        if (!this.patterns.selects(file.relativePath))
            return false;
        const reason = this.excludes.excludesFile(file.relativePath);
        if (reason !== undefined)
            this.excluded.push({ path: file.relativePath, reason });
        return reason === undefined;
    }
    /** Resolves a link without touching what it points to unless that is inside the workspace. */
    async followLink(link) {
        let realPath;
        try {
            realPath = fromBytes(await promises_.realpath(link.realPath, { encoding: 'buffer' }));
        }
        catch {
            const target = await promises_.readlink(link.realPath, { encoding: 'buffer' }).then((bytes) => escapeBytes(bytes), () => '');
            this.skip(link, target, 'broken');
            return undefined;
        }
        if (!this.contains(realPath)) {
            this.skip(link, show(realPath), 'outside-workspace');
            return undefined;
        }
        const target = { ...link, realPath };
        const stats = await promises_.stat(realPath).catch(() => undefined);
        if (stats?.isDirectory()) {
            return this.admitsDirectory(target) ? { kind: 'directory', entry: target } : undefined;
        }
        // Anything else named like a contract is a candidate: addFiles says what is wrong with it.
        return this.admitsFile(target) ? { kind: 'file', entry: target } : undefined;
    }
    async addFiles(candidates) {
        for (let start = 0; start < candidates.length; start += STAT_BATCH) {
            await Promise.all(candidates.slice(start, start + STAT_BATCH).map((file) => this.add(file)));
        }
    }
    /** Lists the file for upload, or records why it cannot be sent. */
    async add(file) {
        const checked = await check(file);
        if (typeof checked === 'string') {
            this.unsendable.push({ path: file.relativePath, reason: checked });
        }
        else {
            this.files.push(checked);
        }
    }
    contains(realPath) {
        if (typeof realPath === 'string')
            return isInside(this.workspace, realPath);
        // From realpath, so absolute and without `..`: comparing bytes is exact, decoding is not.
        return realPath.subarray(0, this.workspacePrefix.length).equals(this.workspacePrefix);
    }
    /** A link whose name an exclude rule covers is left out silently, as its target would be. */
    skip(link, target, reason) {
        const excluded = this.excludes.excludesDirectory(link.relativePath) ??
            this.excludes.excludesFile(link.relativePath);
        if (excluded === undefined)
            this.skippedLinks.push({ path: link.relativePath, target, reason });
    }
}
/** The file to upload, or why it cannot be sent. */
async function check(file) {
    if (!file.exactName)
        return 'its name is not valid UTF-8';
    if (typeof file.realPath !== 'string') {
        return 'the path of the file it links to is not valid UTF-8';
    }
    try {
        const stats = await promises_.stat(file.realPath);
        if (!stats.isFile())
            return 'it is not a regular file';
        // stat needs no read permission, so an unreadable file would only fail while uploading.
        // Checkouts are readable by all; the kernel is asked only about files that are not.
        if ((stats.mode & 0o444) !== 0o444)
            await promises_.access(file.realPath, promises_.constants.R_OK);
        return { absolutePath: file.realPath, relativePath: file.relativePath, size: stats.size };
    }
    catch (error) {
        const code = error.code;
        return code === 'ENOENT' || code === 'ENOTDIR'
            ? 'it was removed while the checkout was searched'
            : `it cannot be read (${code ?? String(error)})`;
    }
}
async function listDirectory(readDir, dir, words) {
    try {
        let entries;
        if (typeof dir.realPath === 'string') {
            const listed = await readDir(dir.realPath);
            // Text is fast, but a name holding U+FFFD may stand for bytes that are not UTF-8, or be
            // that character itself: only the bytes tell, so the directory is read again as bytes.
            if (!listed.some((entry) => entry.name.includes('\uFFFD')))
                entries = listed;
        }
        entries ??= await promises_.readdir(dir.realPath, { withFileTypes: true, encoding: 'buffer' });
        return entries
            .map((type) => ({ type, entry: childOf(dir, type.name) }))
            .sort((a, b) => compare(a.entry.relativePath, b.entry.relativePath));
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT')
            return []; // removed while we walked
        throw new ConfigurationError(`Cannot read directory ${dir.relativePath || '.'} (${code ?? String(error)}). ` +
            `Leave it out with ${words.option('exclude')}, or make it readable.`, { cause: error });
    }
}
const SEPARATOR = external_node_buffer_.Buffer.from(external_node_path_.sep);
function childOf(dir, name) {
    const text = typeof name === 'string' || (0,external_node_buffer_.isUtf8)(name);
    const shown = text ? name.toString() : escapeBytes(name);
    return {
        realPath: text && typeof dir.realPath === 'string'
            ? external_node_path_.join(dir.realPath, shown)
            : external_node_buffer_.Buffer.concat([bytes(dir.realPath), SEPARATOR, bytes(name)]),
        relativePath: dir.relativePath === '' ? shown : `${dir.relativePath}/${shown}`,
        exactName: dir.exactName && text,
    };
}
function bytes(value) {
    return typeof value === 'string' ? external_node_buffer_.Buffer.from(value) : value;
}
/** Text when the bytes are UTF-8, so one place on disk always has one DiskPath. */
function fromBytes(bytes) {
    return (0,external_node_buffer_.isUtf8)(bytes) ? bytes.toString() : bytes;
}
function show(diskPath) {
    return typeof diskPath === 'string' ? diskPath : escapeBytes(diskPath);
}
/** The bytes as text, each byte that begins no UTF-8 character shown as `\xff`. */
function escapeBytes(bytes) {
    let text = '';
    for (let i = 0; i < bytes.length;) {
        // A character is 1 to 4 bytes, and no shorter start of one is valid by itself.
        const length = [1, 2, 3, 4].find((n) => i + n <= bytes.length && (0,external_node_buffer_.isUtf8)(bytes.subarray(i, i + n)));
        if (length === undefined) {
            text += `\\x${bytes.toString('hex', i, i + 1)}`;
            i += 1;
        }
        else {
            text += bytes.toString('utf8', i, i + length);
            i += length;
        }
    }
    return text;
}
function unsendableError(unsendable, words) {
    const list = [...unsendable]
        .sort((a, b) => compare(a.path, b.path))
        .map((file) => `  - ${file.path}: ${file.reason}`);
    return new ConfigurationError(`${unsendable.length} file(s) match ${words.option('contracts')} but cannot be uploaded, so they would go ` +
        `unaudited:\n${list.join('\n')}\n` +
        'Rename each one (a name must be valid UTF-8) or make it a readable regular file, or leave ' +
        `it out with ${words.option('exclude')} (the path as shown here works).`);
}
async function resolveWorkspace(workspace) {
    try {
        return await promises_.realpath(workspace);
    }
    catch (error) {
        throw new ConfigurationError(`The workspace ${workspace} does not exist.`, { cause: error });
    }
}
async function resolveRoot(root, workspace, realWorkspace, words) {
    const setting = sentenceStart(words.option('working-directory'));
    const outside = (how) => new ConfigurationError(`${setting} (${root}) ${how} outside the workspace (${workspace}); ` +
        'set it to a folder of the repository.');
    if (!isInside(external_node_path_.resolve(workspace), external_node_path_.resolve(root)))
        throw outside('is');
    let realRoot;
    try {
        realRoot = await promises_.realpath(root);
    }
    catch (error) {
        throw new ConfigurationError(`${setting} (${root}) does not exist.`, {
            cause: error,
        });
    }
    if (!isInside(realWorkspace, realRoot))
        throw outside(`leads to ${realRoot},`);
    if (!(await promises_.stat(realRoot)).isDirectory()) {
        throw new ConfigurationError(`${setting} (${root}) is not a directory.`);
    }
    return realRoot;
}
/** Code-unit order: the same on every machine and locale. */
function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

;// CONCATENATED MODULE: ./.build/files/limits.js
/**
 * Upload limits, checked before anything is sent, with a message that says what to change.
 */


const SHOWN = 5;
/**
 * Throws one ConfigurationError naming every limit exceeded, its numbers and the main causes;
 * `words`: the door's, in which the limits are named.
 */
function checkUploadLimits(files, limits, words) {
    const problems = [];
    const raise = [];
    const dependencies = files.filter((file) => file.dependency === true);
    const ofWhich = dependencies.length === 0
        ? ''
        : ` (${dependencies.length} of them, ${formatBytes(totalSize(dependencies))}, dependencies the audited files import)`;
    if (files.length > limits.maxFiles) {
        problems.push(`${files.length} contract files were found${ofWhich}; at most ${limits.maxFiles} may be uploaded ` +
            `(${words.optionNamed('max-files')}). Folders with the most files:\n${listFolders(files)}`);
        raise.push(words.option('max-files'));
    }
    const tooLarge = files.filter((file) => file.size > limits.maxFileBytes);
    if (tooLarge.length > 0) {
        problems.push(`${tooLarge.length} file(s) are larger than ${formatBytes(limits.maxFileBytes)} ` +
            `(${words.optionNamed('max-file-size-kb')}):\n${listLargest(tooLarge)}`);
        raise.push(words.option('max-file-size-kb'));
    }
    const total = totalSize(files);
    if (total > limits.maxTotalBytes) {
        problems.push(`The ${files.length} files${ofWhich} add up to ${formatBytes(total)}; at most ` +
            `${formatBytes(limits.maxTotalBytes)} may be uploaded (${words.optionNamed('max-total-size-mb')}). ` +
            `Largest files:\n${listLargest(files)}`);
        raise.push(words.option('max-total-size-mb'));
    }
    if (problems.length === 0)
        return;
    throw new ConfigurationError(`Upload limits exceeded.\n${problems.join('\n')}\n` +
        `Narrow ${words.option('contracts')} or add ${words.option('exclude')} patterns so that only the contracts to audit are ` +
        `selected, ${dependencies.length > 0 ? `set ${words.setting('dependencies', 'exclude')} to send only those, ` : ''}or raise ${raise.join(', ')}.`);
}
function totalSize(files) {
    return files.reduce((sum, file) => sum + file.size, 0);
}
/** 1,024-based, as the `-kb` and `-mb` inputs are: `512 B`, `1.5 KB`, `12 MB`. */
function formatBytes(bytes) {
    const units = ['B', 'KB', 'MB', 'GB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
    }
    const shown = unit === 0 ? String(value) : String(Number(value.toFixed(1)));
    return `${shown} ${units[unit]}`;
}
function listLargest(files) {
    const largest = [...files].sort((a, b) => b.size - a.size).slice(0, SHOWN);
    return bulletList(largest.map((file) => `${file.relativePath} (${formatBytes(file.size)})`), files.length);
}
function listFolders(files) {
    const counts = new Map();
    for (const file of files) {
        const folder = external_node_path_.posix.dirname(file.relativePath);
        counts.set(folder, (counts.get(folder) ?? 0) + 1);
    }
    const busiest = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SHOWN);
    return bulletList(busiest.map(([folder, count]) => `${folder === '.' ? './' : `${folder}/`} (${count} files)`), counts.size);
}
function bulletList(lines, total) {
    const more = total > lines.length ? [`  … and ${total - lines.length} more`] : [];
    return [...lines.map((line) => `  - ${line}`), ...more].join('\n');
}

;// CONCATENATED MODULE: ./.build/project/lexer.js
/**
 * Words, strings and punctuation of C-like source (Solidity, JavaScript, TypeScript), with
 * comments skipped and lines counted: enough to find import paths and literal settings without
 * running or fully parsing anything.
 */
const WORD = /[A-Za-z0-9_$]/;
class Lexer {
    source;
    index = 0;
    line = 1;
    constructor(source) {
        this.source = source;
    }
    next() {
        this.skipSpaceAndComments();
        const { source } = this;
        if (this.index >= source.length)
            return undefined;
        const line = this.line;
        const char = source[this.index] ?? '';
        if (char === '"' || char === "'" || char === '`')
            return { kind: 'string', text: this.readString(char), line };
        if (WORD.test(char)) {
            const start = this.index;
            while (this.index < source.length && WORD.test(source[this.index] ?? ''))
                this.index++;
            return { kind: 'word', text: source.slice(start, this.index), line };
        }
        this.index++;
        return { kind: 'punctuation', text: char, line };
    }
    skipSpaceAndComments() {
        const { source } = this;
        while (this.index < source.length) {
            const char = source[this.index];
            if (char === '\n') {
                this.line++;
                this.index++;
            }
            else if (char === ' ' || char === '\t' || char === '\r' || char === '\f') {
                this.index++;
            }
            else if (source.startsWith('//', this.index)) {
                const end = source.indexOf('\n', this.index);
                this.index = end === -1 ? source.length : end;
            }
            else if (source.startsWith('/*', this.index)) {
                const end = source.indexOf('*/', this.index + 2);
                const stop = end === -1 ? source.length : end + 2;
                this.countLines(this.index, stop);
                this.index = stop;
            }
            else {
                return;
            }
        }
    }
    /** The contents up to the closing quote; a string cut by the end of the line ends there. */
    readString(quote) {
        const { source } = this;
        const start = ++this.index;
        while (this.index < source.length) {
            const char = source[this.index];
            if (char === '\\') {
                if (source[this.index + 1] === '\n')
                    this.line++;
                this.index += 2;
            }
            else if (char === quote)
                break;
            else if (char === '\n')
                break;
            else
                this.index++;
        }
        const text = source.slice(start, Math.min(this.index, source.length));
        if (source[this.index] === quote)
            this.index++;
        return text;
    }
    countLines(from, to) {
        for (let i = from; i < to; i++)
            if (this.source[i] === '\n')
                this.line++;
    }
}

;// CONCATENATED MODULE: ./.build/project/imports.js
/**
 * The import paths of a Solidity source, read with a small lexer rather than a parser: it must
 * also read files that do not compile (a dependency for a newer compiler), and it only has to
 * tell code from comments and strings.
 */

/** Every form: `import "x";`, `import "x" as X;`, `import * as X from "x";`, `import {A} from "x";`. */
function readImports(source) {
    const imports = [];
    const lexer = new Lexer(source);
    let previous;
    for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
        if (token.kind === 'word' && token.text === 'import' && previous !== '.') {
            const statement = readImportPath(lexer);
            if (statement !== undefined)
                imports.push({ path: statement, line: token.line });
        }
        previous = token.text;
    }
    return imports;
}
/** The first string before the `;` that ends the import directive. */
function readImportPath(lexer) {
    for (let token = lexer.next(); token !== undefined; token = lexer.next()) {
        if (token.kind === 'string')
            return token.text;
        if (token.text === ';')
            return undefined;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./.build/project/vyper-imports.js
/**
 * Each imported module as one dotted name, with one leading dot per level of a relative import:
 * `import a.b as c` is `a.b`, `from a.b import c, d` are `a.b.c` and `a.b.d` (the compiler
 * looks `c` up as a module of `a.b`), `from . import x` is `.x`, `from ..a import y` is `..a.y`.
 */
function readVyperImports(source) {
    const imports = [];
    for (const statement of statements(source)) {
        const [first] = statement.tokens;
        if (first === 'import')
            imports.push(...plainImport(statement));
        else if (first === 'from')
            imports.push(...fromImport(statement));
    }
    return imports;
}
const NAME_START = /[A-Za-z_]/;
const NAME = /[A-Za-z0-9_]/;
/**
 * The logical lines of the source, split at `;`: a statement goes on past a line's end inside
 * brackets or after a `\`. One pass, whatever the input: a string that never ends runs to the end
 * of the source, as Python's own tokenizer would refuse it.
 */
function statements(source) {
    const found = [];
    let tokens = [];
    let start = 1;
    let line = 1;
    let depth = 0;
    const end = () => {
        if (tokens.length > 0)
            found.push({ tokens, line: start });
        tokens = [];
    };
    const push = (token) => {
        if (tokens.length === 0)
            start = line;
        tokens.push(token);
    };
    let i = 0;
    while (i < source.length) {
        const char = source[i] ?? '';
        if (char === '\n') {
            line++;
            i++;
            if (depth === 0)
                end();
        }
        else if (char === '#') {
            const next = source.indexOf('\n', i);
            i = next === -1 ? source.length : next;
        }
        else if (char === '\\' && source[i + 1] === '\n') {
            line++;
            i += 2;
        }
        else if (char === '"' || char === "'") {
            push('"');
            const after = skipString(source, i);
            for (let k = i; k < after; k++)
                if (source[k] === '\n')
                    line++;
            i = after;
        }
        else if (NAME_START.test(char)) {
            let k = i + 1;
            while (k < source.length && NAME.test(source[k] ?? ''))
                k++;
            push(source.slice(i, k));
            i = k;
        }
        else if (char === ';' && depth === 0) {
            end();
            i++;
        }
        else {
            if (char === '(' || char === '[' || char === '{')
                depth++;
            else if ((char === ')' || char === ']' || char === '}') && depth > 0)
                depth--;
            if (char !== ' ' && char !== '\t' && char !== '\r' && char !== '\f')
                push(char);
            i++;
        }
    }
    end();
    return found;
}
/** The index after the string that starts at `from`: `'…'`, `"…"`, or tripled over lines. */
function skipString(source, from) {
    const quote = source[from] ?? '"';
    const triple = source.startsWith(quote.repeat(3), from);
    const closing = triple ? quote.repeat(3) : quote;
    let i = from + closing.length;
    while (i < source.length) {
        const char = source[i];
        if (char === '\\')
            i += 2;
        else if (source.startsWith(closing, i))
            return i + closing.length;
        else if (char === '\n' && !triple)
            return i; // an unclosed one-line string ends there
        else
            i++;
    }
    return source.length;
}
/** `import a.b as c, d as e`. */
function plainImport({ tokens, line }) {
    return names(tokens, 1).map((name) => ({ path: name, line }));
}
/** `from ..a.b import (c, d as e)`; `import *` names no module. */
function fromImport({ tokens, line }) {
    let i = 1;
    let dots = '';
    while (tokens[i] === '.') {
        dots += '.';
        i++;
    }
    const module = [];
    while (tokens[i] !== undefined && tokens[i] !== 'import')
        module.push(tokens[i++] ?? '');
    if (tokens[i] !== 'import' || module.some((token) => !isName(token) && token !== '.'))
        return [];
    const prefix = `${dots}${module.join('')}`;
    if (prefix === '')
        return [];
    const base = prefix.endsWith('.') ? prefix : `${prefix}.`;
    return names(tokens, i + 1).map((name) => ({ path: `${base}${name}`, line }));
}
/** The dotted names of an import list from `start`: aliases and brackets dropped. */
function names(tokens, start) {
    const listed = [];
    let current = '';
    let alias = false;
    const close = () => {
        if (current !== '' && !current.endsWith('.'))
            listed.push(current);
        current = '';
        alias = false;
    };
    for (let i = start; i < tokens.length; i++) {
        const token = tokens[i] ?? '';
        if (token === ',')
            close();
        else if (token === 'as')
            alias = true;
        else if (alias || token === '(' || token === ')')
            continue;
        else if (isName(token) || token === '.')
            current += token;
        else
            return listed; // not an import list: `*`, a string, a stray character
    }
    close();
    return listed;
}
function isName(token) {
    return NAME_START.test(token.charAt(0));
}

;// CONCATENATED MODULE: ./.build/text.js
/**
 * Plain-text helpers every layer uses on untrusted text (the service's, GitHub's, the checkout's):
 * no escaping here, only what makes text safe to measure, cut and keep on one line.
 */
/**
 * Characters a collating comparison may treat as absent. The runner matches `::` and `##[`
 * with culture-sensitive .NET string functions (ICU), which skip such characters, so a
 * zero-width character between the colons does not stop a command: they must go.
 */
const INVISIBLE_CHARACTERS = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Printable ASCII, tab and line breaks: text without any other has none to remove. */
const PLAIN_ASCII = /^[\t\n\r\x20-\x7e]*$/;
/** Removes invisible and control characters, keeping tab and line breaks. */
function removeInvisibleCharacters(text) {
    // Most text is plain ASCII: a test of it costs a fraction of the search by Unicode property.
    return PLAIN_ASCII.test(text) ? text : text.replace(INVISIBLE_CHARACTERS, '');
}
/** Untrusted text on one line: invisible characters removed, white space runs folded to a space. */
function oneLine(text) {
    return removeInvisibleCharacters(text).replace(/\s+/g, ' ').trim();
}
/** Keeps at most `max` characters (code points, so no surrogate pair is split), ending in '…' when cut. */
function truncateText(text, max) {
    // The UTF-16 length bounds the number of code points.
    if (text.length <= max)
        return text;
    if (max <= 0)
        return '';
    let end = 0;
    for (let kept = 0; kept < max - 1 && end < text.length; kept += 1)
        end += codePointLength(text, end);
    const rest = text.length - end;
    if (rest === 0 || rest === codePointLength(text, end))
        return text;
    return `${text.slice(0, end)}…`;
}
/**
 * A long list kept short: the first `shown` items, then one more saying how many were not shown,
 * so that a config listing thousands of names never makes a warning of megabytes.
 */
function firstFew(items, shown, indent = '') {
    if (items.length <= shown)
        return [...items];
    return [...items.slice(0, shown), `${indent}… and ${items.length - shown} more`];
}
function codePointLength(text, index) {
    return (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
}
/**
 * For text printed to the log (core.info): the runner would run a line that starts, after
 * whitespace, with `::`, or that holds `##[` anywhere (its legacy form). Such lines become
 * `: :` and `## [`; invisible characters are removed first so none can hide either pattern.
 */
function neutralizeWorkflowCommands(text) {
    return removeInvisibleCharacters(text)
        .replace(/(^|\r\n|\r|\n)([^\S\r\n]*):(?=:)/g, '$1$2: ')
        .replace(/##\[/g, '## [');
}

;// CONCATENATED MODULE: ./.build/project/config-bounds.js
/**
 * What a project's config may ask of the search. A config is the checkout's, so a hostile one
 * could name thousands of folders or remappings, each multiplying the lookups of every import;
 * past these bounds the rest is left out, and a short warning says what.
 */

/** Folders one setting may name (`libs`, `paths.sources`, Brownie's and Ape's folders). */
const MAX_CONFIG_FOLDERS = 100;
/** Remappings of one project, from foundry.toml, remappings.txt and its libraries' together. */
const MAX_REMAPPINGS = 2_000;
/** Places one import is looked for before it is said to be missing. */
const MAX_IMPORT_CANDIDATES = 500;
/** Names shown of those cut, and how many characters of each. */
const NAMES_SHOWN = 3;
const NAME_LENGTH = 60;
/** A few of `names`, each short and on one line, then how many more: for a warning. */
function someNames(names) {
    const quoted = names.map((name) => `"${truncateText(oneLine(name), NAME_LENGTH)}"`);
    return firstFew(quoted, NAMES_SHOWN).join(', ');
}
/**
 * The first `max` of `values`; when there are more, a warning naming `what`, how many were left
 * out and the first few of them. `listed` counts those `values` stands for, when it holds only
 * the first of them (past `max`, a few to name).
 */
function capped(values, max, what, name, warnings, 
/** The door's, whose name for the tool the warning uses. */
words, listed = values.length) {
    if (listed <= max)
        return [...values];
    const shown = someNames(values.slice(max, max + NAMES_SHOWN).map(name));
    const more = listed - max - Math.min(NAMES_SHOWN, values.length - max);
    warnings.push(`${what} lists ${listed} entries, more than the ${max} ${words.tool} reads: the first ${max} are used, ` +
        `the other ${listed - max} are not (${shown}${more > 0 ? `, … and ${more} more` : ''}).`);
    return values.slice(0, max);
}

;// CONCATENATED MODULE: ./.build/project/search-files.js
/**
 * The files the search reads, by name: the configs and manifests it reads as data, and the
 * sources the import closure reads. Another file source (a commit read through an API) supplies
 * exactly these for the same search, so the names live here once and the readers use them.
 */

// Buidler is Hardhat's former name, with the same `paths`.
const HARDHAT_CONFIGS = [
    'hardhat.config.ts',
    'hardhat.config.js',
    'hardhat.config.cjs',
    'hardhat.config.mjs',
    'hardhat.config.cts',
    'hardhat.config.mts',
    'buidler.config.js',
    'buidler.config.ts',
];
const TRUFFLE_CONFIGS = ['truffle-config.js', 'truffle-config.cjs', 'truffle.js'];
const BROWNIE_CONFIGS = ['brownie-config.yaml', 'brownie-config.yml'];
const APE_CONFIGS = ['ape-config.yaml', 'ape-config.yml'];
const FOUNDRY_CONFIG = 'foundry.toml';
const REMAPPINGS_FILE = 'remappings.txt';
const PACKAGE_MANIFEST = 'package.json';
const PNPM_WORKSPACE = 'pnpm-workspace.yaml';
const GIT_SUBMODULES = '.gitmodules';
const CONFIG_NAMES = new Set([
    FOUNDRY_CONFIG,
    REMAPPINGS_FILE,
    PACKAGE_MANIFEST,
    PNPM_WORKSPACE,
    GIT_SUBMODULES,
    ...HARDHAT_CONFIGS,
    ...TRUFFLE_CONFIGS,
    ...BROWNIE_CONFIGS,
    ...APE_CONFIGS,
]);
/** The compiler's order for a Vyper import: a module, then an interface file, then a JSON ABI. */
const VYPER_MODULE_EXTENSIONS = ['.vy', '.vyi', '.json'];
const SOURCE_EXTENSIONS = [
    ...new Set([
        ...CONTRACT_EXTENSIONS.map((extension) => `.${extension}`),
        ...VYPER_MODULE_EXTENSIONS,
    ]),
];
/**
 * How the search reads a file of this name (its last path segment): `config` for a config or
 * manifest read as data, `source` for a contract or Vyper ABI it may upload, else undefined.
 */
function searchFileKind(name) {
    if (CONFIG_NAMES.has(name))
        return 'config';
    return SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension)) ? 'source' : undefined;
}

;// CONCATENATED MODULE: ./.build/project/vyper-resolve.js






/** Files of a Vyper project that are read for imports (a JSON ABI imports nothing). */
function isVyperSource(name) {
    return name.endsWith('.vy') || name.endsWith('.vyi');
}
/**
 * Built into the compiler, never files: `ethereum.ercs` (0.4) and `vyper.interfaces` (0.3).
 * `math` is the standard library of later 0.4 releases: built in only when no file is found.
 */
const BUILT_IN = ['ethereum.ercs', 'vyper.interfaces'];
const BUILT_IN_UNLESS_FOUND = ['math'];
/** Folders moccasin adds to the search path, and where `mox install` puts packages. */
const SOURCE_CONVENTIONS = ['src', 'contracts'];
const PACKAGE_FOLDERS = ['lib/github', 'lib/pypi', 'lib'];
/** Virtual environments whose `site-packages` hold installed Vyper packages. */
const VIRTUAL_ENVIRONMENTS = ['.venv', 'venv'];
/** Places a missing module's problem names: the rest are counted. */
const PLACES_SHOWN = 6;
/**
 * `module` is the import as readVyperImports gives it: a dotted name with one leading dot per
 * level of a relative import. `pythonPaths` are the project's site-packages folders.
 */
async function resolveVyperImport(project, workspace, lookUp, pythonPaths, module, importer) {
    const dots = /^\.*/.exec(module)?.[0].length ?? 0;
    const modulePath = module.slice(dots).split('.').join('/');
    if (dots === 0 && builtIn(module, BUILT_IN))
        return { builtIn: module };
    if (dots > 0) {
        const up = dots > 1 ? '../'.repeat(dots - 1) : '';
        const name = withinUpload(external_node_path_.posix.dirname(importer.name), `${up}${modulePath}`);
        const folder = external_node_path_.resolve(external_node_path_.dirname(importer.absolutePath), up || '.');
        const files = VYPER_MODULE_EXTENSIONS.map((ext) => external_node_path_.join(folder, `${modulePath}${ext}`));
        for (const [index, file] of files.entries()) {
            const found = await lookUp(file);
            if (typeof found === 'string')
                continue;
            if (name === undefined) {
                return {
                    problem: `it leads to ${shown(workspace, file)}, above the folder the upload is named from: audit from a folder that holds it`,
                };
            }
            const ext = VYPER_MODULE_EXTENSIONS[index] ?? '';
            const unitName = withinUpload(external_node_path_.posix.dirname(importer.unitName), `${up}${modulePath}`);
            return { node: { name: `${name}${ext}`, unitName: `${unitName ?? name}${ext}`, ...found } };
        }
        const problem = await whyMissing(lookUp, files);
        return { problem: `no module was found at ${placesOf(workspace, files)}${problem}` };
    }
    // The importer's folder stands for the compiled file's: a module is named beside it.
    const beside = external_node_path_.posix.dirname(importer.name);
    const folders = [
        { folder: external_node_path_.dirname(importer.absolutePath), base: beside === '.' ? '' : `${beside}/` },
        ...searchPaths(project).map((folder) => ({ folder, base: '' })),
        ...(await pythonPaths()).map((folder) => ({ folder, base: '' })),
    ];
    const candidates = VYPER_MODULE_EXTENSIONS.flatMap((ext) => folders.map(({ folder, base }) => ({
        file: external_node_path_.join(folder, `${modulePath}${ext}`),
        name: `${base}${modulePath}${ext}`,
    }))).slice(0, MAX_IMPORT_CANDIDATES);
    for (const { file, name } of candidates) {
        const found = await lookUp(file);
        if (typeof found === 'string')
            continue;
        const inRoot = isInside(project.root, found.absolutePath);
        return {
            node: {
                name,
                unitName: inRoot ? posixRelative(project.root, found.absolutePath) : name,
                ...found,
            },
        };
    }
    if (builtIn(module, BUILT_IN_UNLESS_FOUND))
        return { builtIn: module };
    const files = [...new Set(candidates.map((candidate) => candidate.file))];
    return {
        problem: `no module was found at ${placesOf(workspace, files)}${await whyMissing(lookUp, files)}`,
    };
}
function builtIn(module, prefixes) {
    return prefixes.some((prefix) => module === prefix || module.startsWith(`${prefix}.`));
}
/** `base` joined with `relative`, or undefined when it climbs above the upload's root. */
function withinUpload(base, relative) {
    const joined = external_node_path_.posix.normalize(external_node_path_.posix.join(base, relative));
    return joined === '..' || joined.startsWith('../') ? undefined : joined;
}
/** The project's root first, as the compiler runs there; then its sources and package folders. */
function searchPaths(project) {
    const folders = [
        '.',
        ...project.sources,
        ...SOURCE_CONVENTIONS,
        ...project.libs
            .filter((lib) => lib !== 'node_modules')
            .flatMap((lib) => [`${lib}/github`, `${lib}/pypi`, lib]),
        ...PACKAGE_FOLDERS,
    ].map((folder) => external_node_path_.resolve(project.root, folder));
    return [...new Set(folders)];
}
/**
 * The `site-packages` folders of the virtual environments in the project's root and the
 * workspace's (`.venv/lib/python3.12/site-packages`, or `Lib/site-packages` on Windows), real
 * paths inside the workspace only.
 */
async function pythonPathsOf(project, workspace) {
    const found = [];
    for (const base of new Set([project.root, workspace])) {
        for (const environment of VIRTUAL_ENVIRONMENTS) {
            for (const lib of ['lib', 'Lib']) {
                const folder = external_node_path_.join(base, environment, lib);
                const real = await promises_.realpath(folder).catch(() => undefined);
                if (real === undefined || !isInside(workspace, real))
                    continue;
                const entries = await promises_.readdir(real, { withFileTypes: true }).catch(() => []);
                if (lib === 'Lib')
                    found.push(external_node_path_.join(real, 'site-packages'));
                for (const entry of entries) {
                    if (/^python\d/.test(entry.name))
                        found.push(external_node_path_.join(real, entry.name, 'site-packages'));
                }
            }
        }
    }
    return [...new Set(found)];
}
function placesOf(workspace, files) {
    return firstFew(files.map((file) => shown(workspace, file)), PLACES_SHOWN).join(', ');
}
/** A candidate that exists but cannot be sent (a link outside the workspace) is worth naming. */
async function whyMissing(lookUp, files) {
    for (const file of files) {
        const found = await lookUp(file);
        if (typeof found === 'string' && found !== 'does not exist') {
            return ` (${external_node_path_.basename(file)} ${found})`;
        }
    }
    return '';
}
function shown(workspace, file) {
    return isInside(workspace, file) ? posixRelative(workspace, file) : file;
}

;// CONCATENATED MODULE: ./.build/project/closure.js
/**
 * The import closure of the files to audit: every file they import, directly or not, added to
 * the upload under the name its importers use, so that the upload compiles with no remappings.
 */




/** Files read at once. */
const READ_BATCH = 32;
/**
 * Names one file may be sent under. Two importers may reach one file by different strings, but
 * a folder link that leads back into itself would give it a new name at every level, forever.
 */
const MAX_NAMES_PER_FILE = 8;
/** `audited` are named as the compiler sees them. */
async function importClosure(audited, resolve, limits) {
    const byName = new Map(audited.map((node) => [node.name, node]));
    const namesOf = new Map();
    const nameOnce = (node) => namesOf.set(node.absolutePath, (namesOf.get(node.absolutePath) ?? 0) + 1);
    audited.forEach(nameOnce);
    const closure = { dependencies: [], unresolved: [], conflicts: [], stopped: false };
    const conflicts = new Map();
    const add = ({ node, statement }) => {
        const known = byName.get(node.name);
        if (known !== undefined) {
            if (known.absolutePath !== node.absolutePath) {
                conflicts.set(`${node.name}\0${node.absolutePath}`, {
                    name: node.name,
                    sent: known.absolutePath,
                    notSent: node.absolutePath,
                });
            }
            return undefined;
        }
        if ((namesOf.get(node.absolutePath) ?? 0) >= MAX_NAMES_PER_FILE) {
            closure.unresolved.push({
                ...statement,
                problem: `it reaches a file already sent under ${MAX_NAMES_PER_FILE} names (a folder link that leads back into itself?)`,
            });
            return undefined;
        }
        if (byName.size >= limits.maxFiles) {
            closure.stopped = true;
            return undefined;
        }
        byName.set(node.name, node);
        nameOnce(node);
        closure.dependencies.push(node);
        return node;
    };
    let pending = [...audited];
    while (pending.length > 0 && !closure.stopped) {
        const next = [];
        for (let start = 0; start < pending.length && !closure.stopped; start += READ_BATCH) {
            const batch = pending.slice(start, start + READ_BATCH);
            for (const { found, problems } of await Promise.all(batch.map((node) => importsOf(node, resolve, limits.maxFileBytes)))) {
                closure.unresolved.push(...problems);
                for (const entry of found) {
                    const added = add(entry);
                    if (added)
                        next.push(added);
                }
            }
        }
        pending = next;
    }
    closure.dependencies.sort((a, b) => closure_compare(a.name, b.name));
    closure.unresolved.sort((a, b) => closure_compare(a.importer, b.importer) || a.line - b.line || closure_compare(a.importPath, b.importPath));
    closure.conflicts = [...conflicts.values()].sort((a, b) => closure_compare(a.name, b.name) || closure_compare(a.notSent, b.notSent));
    return closure;
}
async function importsOf(node, resolve, maxFileBytes) {
    const found = [];
    const problems = [];
    const read = importReader(node.name);
    if (read === undefined || node.size > maxFileBytes)
        return { found, problems };
    let source;
    try {
        source = await promises_.readFile(node.absolutePath, 'utf8');
    }
    catch {
        return { found, problems }; // discovery and the upload say what is wrong with it
    }
    for (const statement of read(source)) {
        const resolution = await resolve(statement.path, node);
        const where = { importer: node.absolutePath, line: statement.line, importPath: statement.path };
        if ('node' in resolution)
            found.push({ node: resolution.node, statement: where });
        else if ('problem' in resolution)
            problems.push({ ...where, problem: resolution.problem });
    }
    return { found, problems };
}
/** Solidity's and Vyper's imports; a JSON ABI (a Vyper interface) imports nothing. */
function importReader(name) {
    if (name.endsWith('.sol'))
        return readImports;
    return isVyperSource(name) ? readVyperImports : undefined;
}
function closure_compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

;// CONCATENATED MODULE: ./.build/project/remappings.js
/**
 * Solidity import remappings, `[context:]prefix=target`, applied as solc applies them: among the
 * remappings whose context starts the importing unit's name and whose prefix starts the import
 * path, the longest context wins, then the longest prefix, then the one given last.
 */
/** One remapping, or undefined when the text is not one (no `=`, or nothing before it). */
function parseRemapping(text) {
    const line = text.trim();
    const equals = line.indexOf('=');
    if (equals <= 0)
        return undefined;
    const left = line.slice(0, equals);
    const colon = left.indexOf(':');
    const context = colon === -1 ? '' : left.slice(0, colon);
    const prefix = colon === -1 ? left : left.slice(colon + 1);
    if (prefix === '')
        return undefined;
    let target = withoutDotSlash(line.slice(equals + 1));
    // As Foundry reads it: `@oz/=lib/oz/contracts` means `lib/oz/contracts/`, not `lib/oz/contractsX`.
    if (prefix.endsWith('/') && target !== '' && !target.endsWith('/'))
        target += '/';
    return { context: withoutDotSlash(context), prefix, target };
}
/**
 * `remappings.txt`: one remapping per line; blank lines and `#` comments are skipped. The first
 * `keep` are parsed, and `listed` counts them all: a checkout's file may hold 100,000.
 */
function parseRemappingsFile(text, keep = Infinity) {
    const remappings = [];
    let listed = 0;
    for (const line of text.split(/\r?\n/)) {
        if (line.trim() === '' || line.trim().startsWith('#'))
            continue;
        if (remappings.length < keep) {
            const remapping = parseRemapping(line);
            if (remapping !== undefined)
                remappings.push(remapping);
            listed = remappings.length;
        }
        else if (isRemapping(line.trim()))
            listed += 1;
    }
    return { remappings, listed };
}
/** Whether parseRemapping reads the (trimmed) line as one: a name before its `=`. */
function isRemapping(line) {
    const equals = line.indexOf('=');
    return equals > 0 && line.indexOf(':') !== equals - 1;
}
/** The remapping that applies to the import, or undefined when none does. */
function winningRemapping(remappings, importPath, importerName) {
    let best;
    for (const remapping of remappings) {
        if (!importerName.startsWith(remapping.context) || !importPath.startsWith(remapping.prefix))
            continue;
        const better = best === undefined ||
            remapping.context.length > best.context.length ||
            (remapping.context.length === best.context.length &&
                remapping.prefix.length >= best.prefix.length);
        if (better)
            best = remapping;
    }
    return best;
}
/** Foundry writes targets relative to the project root, with or without `./`. */
function withoutDotSlash(path) {
    return path.replace(/^(\.\/)+/, '');
}

;// CONCATENATED MODULE: ./.build/project/config-file.js
/**
 * The one way a config or manifest of the checkout is read: a regular file, small, and inside
 * the workspace once links are resolved. A hostile checkout could make one huge, a FIFO that
 * blocks a read forever, a device, or a link to a file elsewhere on the runner. Whatever it is,
 * the answer is its text or why it cannot be used, and the caller names it in one warning.
 */






const MAX_CONFIG_BYTES = 1024 * 1024;
const MISSING = { kind: 'missing' };
// Never wait on a FIFO or a device, and never follow a link swapped in after realpath.
const OPEN_FLAGS = external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NONBLOCK | external_node_fs_.constants.O_NOFOLLOW;
function unusable(why, reason) {
    return { kind: 'unusable', why, reason };
}
function notRegular(stats) {
    if (stats.isDirectory())
        return { kind: 'special', why: 'directory', what: 'a directory' };
    if (stats.isFIFO())
        return { kind: 'special', why: 'fifo', what: 'a FIFO (named pipe)' };
    if (stats.isSocket())
        return { kind: 'special', why: 'socket', what: 'a socket' };
    return { kind: 'special', why: 'device', what: 'a device or other special file' };
}
/** Said after the name of the path read: "is a directory", "is a link to a directory". */
function phrased(read, linked) {
    if (read.kind !== 'special')
        return read;
    return unusable(read.why, `${linked ? 'is a link to' : 'is'} ${read.what}, not a file`);
}
function code(error) {
    return error.code ?? String(error);
}
const tooLarge = () => unusable('too-large', `is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB, more than a config holds`);
/** Where `file` leads: its real path when that is inside `workspace`, else why it is not read. */
async function resolved(file, workspace) {
    let real;
    try {
        real = await promises_.realpath(file);
    }
    catch (error) {
        const failure = code(error);
        if (failure === 'ELOOP')
            return unusable('dangling', 'is a link that leads to itself');
        if (failure !== 'ENOENT' && failure !== 'ENOTDIR')
            return unusable('unreadable', `cannot be read (${failure})`);
        // Nothing there, or a link to nothing.
        const link = await promises_.lstat(file).catch(() => undefined);
        return link === undefined ? MISSING : unusable('dangling', 'is a link to nothing');
    }
    return isInside(workspace, real)
        ? { kind: 'real', real }
        : unusable('outside', `is a link that leads outside the workspace (to ${real})`);
}
/**
 * The text of the regular file at `real` (links resolved). What is read is checked on the
 * descriptor it is read from: a FIFO, device or link swapped in after the first look is not read.
 */
async function readReal(real) {
    let handle;
    try {
        // Only a regular file is opened: opening a device may act on it.
        const seen = await promises_.stat(real);
        if (!seen.isFile())
            return notRegular(seen);
        handle = await promises_.open(real, OPEN_FLAGS);
        const stats = await handle.stat();
        if (!stats.isFile())
            return notRegular(stats);
        if (stats.size > MAX_CONFIG_BYTES)
            return tooLarge();
        // One byte past its size tells a file that grew while it was read, up to the bound.
        const buffer = Buffer.allocUnsafe(stats.size + 1);
        let length = 0;
        for (;;) {
            const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
            if (bytesRead === 0)
                break;
            length += bytesRead;
            if (length > stats.size)
                return unusable('unreadable', 'grew while it was read');
        }
        return { kind: 'text', text: buffer.toString('utf8', 0, length) };
    }
    catch (error) {
        const failure = code(error);
        return failure === 'ENOENT' || failure === 'ENOTDIR'
            ? unusable('unreadable', 'was removed while it was read')
            : unusable('unreadable', `cannot be read (${failure})`);
    }
    finally {
        await handle?.close();
    }
}
/**
 * The text of `file` (absolute), read through its links only when they stay inside `workspace`
 * (absolute, links resolved), or why it cannot be used.
 */
async function readConfig(file, workspace) {
    const where = await resolved(file, workspace);
    return where.kind === 'real' ? phrased(await readReal(where.real), where.real !== file) : where;
}
/** A config that is there but does not parse; `reason` is said after its name. */
class UnparsableConfig extends ConfigurationError {
    name = 'UnparsableConfig';
    file;
    reason;
    constructor(file, reason, options) {
        super(`${file} ${reason}.`, options);
        this.file = file;
        this.reason = reason;
    }
}
/**
 * The one warning for a config that cannot be used: `file` relative to the workspace, why, and
 * what its folder uses instead.
 */
function unusableConfigWarning(file, reason, instead) {
    return `${file} ${reason}. It is not used: ${instead}.`;
}
/**
 * Remappings kept of one file: all a project uses, and the few past them a warning names. A
 * checkout can hold hundreds of libraries, each with a remappings.txt of 100,000 lines.
 */
const KEPT_REMAPPINGS = MAX_REMAPPINGS + NAMES_SHOWN;
function parsedHead(read) {
    if (read.kind !== 'text')
        return read;
    return { kind: 'remappings', ...parseRemappingsFile(read.text, KEPT_REMAPPINGS) };
}
/** A reader for one run: what each real file holds is read once, and kept. */
function createConfigReader(workspace) {
    const texts = new Map();
    // Only what is used of a remappings file is kept, not its text.
    const parsed = new Map();
    /** The answer for `file`, and the real path it was read from. */
    const readAt = async (file) => {
        const where = await resolved(file, workspace);
        if (where.kind !== 'real')
            return { answer: where };
        const { real } = where;
        let text = texts.get(real);
        if (text === undefined)
            texts.set(real, (text = readReal(real)));
        return { answer: phrased(await text, real !== file), real };
    };
    return {
        read: async (file) => (await readAt(file)).answer,
        remappings: async (file) => {
            const where = await resolved(file, workspace);
            if (where.kind !== 'real')
                return where;
            const { real } = where;
            let read = parsed.get(real);
            if (read === undefined)
                parsed.set(real, (read = readReal(real).then(parsedHead)));
            const answer = await read;
            return answer.kind === 'remappings' ? answer : phrased(answer, real !== file);
        },
    };
}

;// CONCATENATED MODULE: ./.build/project/foundry-config.js
/**
 * foundry.toml, read with a TOML parser (never by running forge, which the runner may not have):
 * the active profile's folders and remappings, over `[profile.default]` as Foundry merges them.
 */




/** Foundry's own defaults. */
const DEFAULTS = { src: 'src', test: 'test', script: 'script', libs: ['lib'] };
/** The config forge uses where foundry.toml sets nothing. */
const FOUNDRY_DEFAULTS = {
    ...DEFAULTS,
    remappings: [],
    autoDetectRemappings: true,
};
/** `file` names foundry.toml in messages. `profile` is FOUNDRY_PROFILE, else `default`. */
async function readFoundryConfig(text, profile, file) {
    // Loaded here, not at start: a run that never reads a project config never pays for the parser.
    const { parse: parseToml, TomlError } = await __webpack_require__.e(/* import() */ 292).then(__webpack_require__.bind(__webpack_require__, 3292));
    let document;
    try {
        // Foundry configs hold u64 values (`gas_limit = 9223372036854775807`): read them as BigInt.
        document = parseToml(text, { integersAsBigInt: 'asNeeded' });
    }
    catch (error) {
        const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : '';
        throw new UnparsableConfig(file, `is not valid TOML${where}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. ` +
            'Fix the file (forge would reject it too)', { cause: error });
    }
    // Forge takes each key at the top for a profile (`[ci]`), and rejects the file where one is not
    // a table: `src = "contracts"` there is never the default profile's.
    const loose = Object.keys(document).filter((key) => !isRecord(document[key]));
    if (loose.length > 0)
        throw new UnparsableConfig(file, `sets ${someNames(loose)} outside any profile, which forge rejects ("expected a map"). ` +
            `Move ${loose.length === 1 ? 'it' : 'them'} under [profile.default]`);
    const profiles = isRecord(document.profile) ? document.profile : {};
    // Forge still reads a profile written the old way, `[default]` or `[ci]` at the top, under
    // the same profile written `[profile.…]`, which wins where both set a key.
    const table = (name) => ({
        ...(name !== 'profile' && isRecord(document[name]) ? document[name] : {}),
        ...(isRecord(profiles[name]) ? profiles[name] : {}),
    });
    const base = table('default');
    const active = profile !== 'default' ? table(profile) : {};
    const setting = (key) => (key in active ? active[key] : base[key]);
    const folder = (key) => {
        const value = setting(key);
        return typeof value === 'string' && value.trim() !== '' ? cleanFolder(value) : DEFAULTS[key];
    };
    const libs = setting('libs');
    const remappings = setting('remappings');
    return {
        profile,
        src: folder('src'),
        test: folder('test'),
        script: folder('script'),
        libs: Array.isArray(libs)
            ? libs.filter((lib) => typeof lib === 'string').map(cleanFolder)
            : DEFAULTS.libs,
        remappings: Array.isArray(remappings)
            ? remappings
                .filter((line) => typeof line === 'string')
                .map(parseRemapping)
                .filter((remapping) => remapping !== undefined)
            : [],
        autoDetectRemappings: setting('auto_detect_remappings') !== false,
    };
}
/** `./contracts/` and `contracts` are the same folder; `/` stays itself, to be refused later. */
function cleanFolder(folder) {
    return folder
        .trim()
        .replace(/^(\.\/)+/, '')
        .replace(/(.)\/+$/, '$1');
}

;// CONCATENATED MODULE: ./.build/project/config-folders.js
/**
 * The folders a config's settings name, as its tools take them: relative to the project's root,
 * bounded, and never outside it. A setting that cannot be used is named in a warning.
 */



/** Longer than any real folder: a config holding more is not describing a folder. */
const MAX_FOLDER_LENGTH = 512;
const GLOB = /[*?[\]{}]/;
/**
 * Folders as the project's tools take them, relative to its root. A glob (Truffle's
 * `contracts/*.sol`) stands for the folder before it; an absolute path, one that climbs out of
 * the project, or an endless one cannot be searched from here, and the warning says so.
 */
function usableFolders(values, fallback, setting, warnings, words) {
    const usable = [];
    for (const value of capped(values, MAX_CONFIG_FOLDERS, setting, (folder) => folder, warnings, words)) {
        const glob = value.search(GLOB);
        const folder = external_node_path_.posix.normalize(cleanFolder(glob === -1 ? value : value.slice(0, value.lastIndexOf('/', glob) + 1)) || '.');
        const problem = value.length > MAX_FOLDER_LENGTH
            ? `is longer than ${MAX_FOLDER_LENGTH} characters`
            : external_node_path_.posix.isAbsolute(value.trim()) || /^[a-z]:/i.test(value.trim())
                ? 'is an absolute path'
                : folder === '..' || folder.startsWith('../')
                    ? `leads out of the project's folder (set ${words.option('working-directory')} to a folder that holds both, or use ${words.option('contracts')})`
                    : undefined;
        if (problem === undefined)
            usable.push(folder);
        else
            warnings.push(`${setting} = "${value.slice(0, 80)}" ${problem}: it is not used.`);
    }
    return usable.length > 0 || values.length === 0 ? usable : fallback;
}
/**
 * The folders a setting names. Source folders of a config that cannot be read literally are the
 * default and every literal value the file holds for the key, so that a value the config does
 * not use never costs the audit a folder it does use; test folders are then the default only.
 */
function literalFolders(setting, fallback, use) {
    const usable = (values) => values.map(cleanFolder).filter((folder) => folder !== '' && !folder.startsWith('/'));
    if (setting.kind === 'literal') {
        const folders = usable(setting.values);
        if (folders.length > 0)
            return { folders, note: '' };
    }
    if (setting.kind === 'absent')
        return { folders: [fallback], note: ' (the default)' };
    const candidates = use === 'sources' && setting.kind === 'not-literal' ? usable(setting.candidates) : [];
    const folders = [...new Set([fallback, ...candidates])];
    return {
        folders,
        note: candidates.length > 0
            ? " (the default and the literal values the file holds: the config's exported value is not a literal and is never run)"
            : " (the default: the config's value is not a literal and is never run)",
    };
}

;// CONCATENATED MODULE: ./.build/project/remapping-scan.js
/**
 * Foundry's automatic remappings of one dependency folder, found as foundry-compilers'
 * `Remapping::find_many` finds them: each folder under it is a library named by its folder
 * (`forge-std/`), mapped to the folder its Solidity files are found in (`lib/forge-std/src/`); a
 * `lib` or `node_modules` folder inside opens a library of its own, nested ones included. Where
 * two libraries share a name, the shorter path wins, then one ending in `src`.
 */





/** Folders the scans of one project read: a checkout could hold millions, each a listing. */
const MAX_SCANNED_FOLDERS = 20_000;
const SOURCE_DIRS = ['src', 'contracts'];
const LIB_DIRS = ['lib', 'node_modules'];
/** Never searched: forge does not look for libraries in tests or demos. */
const NO_RECURSE = ['tests', 'test', 'demo'];
/** `dir` is absolute; nothing outside `workspace` is read (a link leading out is not followed). */
async function scanRemappings(dir, workspace, budget, deadline) {
    const scan = {
        workspace,
        insideNodeModules: external_node_path_.basename(dir) === 'node_modules',
        visitedLinks: new Set(),
        budget,
        cut: false,
        deadline,
    };
    const candidates = [];
    // Past the bound, not even listed: each library's `libs` may be the same folder of thousands.
    const listed = budget.folders < MAX_SCANNED_FOLDERS ? await entries(dir, scan) : [];
    if (budget.folders >= MAX_SCANNED_FOLDERS)
        scan.cut = true;
    for (const { full } of listed.filter((entry) => entry.isDir)) {
        candidates.push(...(await candidatesIn(full, full, 0, scan)));
    }
    // As forge sorts them: the same answer whatever order the folder lists its entries in.
    candidates.sort((a, b) => remapping_scan_compare(a.sourceDir, b.sourceDir));
    const chosen = new Map();
    for (const candidate of candidates) {
        const name = `${external_node_path_.basename(candidate.windowStart)}/`;
        const existing = chosen.get(name);
        if (existing === undefined ||
            depth(existing) > depth(candidate.sourceDir) ||
            (endsWith(candidate.sourceDir, 'src') && !endsWith(existing, 'src')))
            chosen.set(name, candidate.sourceDir);
    }
    if (scan.cut && !budget.cut.includes(dir))
        budget.cut.push(dir);
    return [...chosen]
        .sort(([a], [b]) => remapping_scan_compare(a, b))
        .map(([name, sourceDir]) => ({ name, path: `${sourceDir}${external_node_path_.sep}` }));
}
/** find_remapping_candidates: the libraries found at and below `current`, in the window `open`. */
async function candidatesIn(current, open, level, scan) {
    checkDeadline(scan.deadline, 'looking for the libraries Foundry remaps automatically');
    if (scan.budget.folders >= MAX_SCANNED_FOLDERS) {
        scan.cut = true;
        return [];
    }
    scan.budget.folders += 1;
    let isCandidate = false;
    const search = [];
    for (const entry of await entries(current, scan)) {
        if (!isCandidate && !entry.isDir && entry.name.endsWith('.sol'))
            isCandidate = true;
        else if (entry.isDir) {
            if (entry.link !== undefined) {
                // A link to a folder already walked, or to one above the window (as forge judges it: a
                // shorter path), could walk forever.
                if (scan.visitedLinks.has(entry.link))
                    return [];
                scan.visitedLinks.add(entry.link);
                if (depth(open) > depth(entry.link))
                    return [];
            }
            if (!NO_RECURSE.includes(entry.name) && !entry.outside)
                search.push(entry.full);
        }
    }
    const candidates = [];
    for (const sub of search) {
        candidates.push(...(LIB_DIRS.includes(external_node_path_.basename(sub))
            ? await candidatesIn(sub, sub, level + 1, scan)
            : await candidatesIn(sub, open, level, scan)));
    }
    const windowStart = nextNestedWindow(open, current);
    const sameWindow = candidates.filter((c) => c.windowLevel === level && c.windowStart === windowStart);
    if (isCandidate || sameWindow.length > 1) {
        return mergeOnSameLevel(candidates, current, level, windowStart, scan.insideNodeModules);
    }
    const single = candidates.find((c) => c.windowLevel === level);
    if (single !== undefined) {
        const distance = dirDistance(single.windowStart, single.sourceDir);
        if (distance > 1 && endsWithJsSource(single.sourceDir))
            single.sourceDir = windowStart;
        else if (!isSourceDir(single.sourceDir) && single.sourceDir !== single.windowStart)
            single.sourceDir = lastNestedSourceDir(open, single.sourceDir);
    }
    return candidates;
}
function mergeOnSameLevel(candidates, current, level, windowStart, insideNodeModules) {
    // A single `src` among them is the library's source folder.
    const sources = candidates.filter((c) => endsWith(c.sourceDir, 'src'));
    if (sources.length === 1 && sources[0] !== undefined)
        return [sources[0]];
    const kept = candidates.filter((c) => c.windowLevel !== level);
    const sourceDir = insideNodeModules ? windowStart : current;
    const base = external_node_path_.basename(sourceDir);
    if (level > 0 &&
        sourceDir === windowStart &&
        (SOURCE_DIRS.includes(base) || LIB_DIRS.includes(base)))
        return kept;
    kept.push({ windowStart, sourceDir, windowLevel: level });
    return kept;
}
/** Inside a `lib` window, the library is the folder right below it. */
function nextNestedWindow(open, current) {
    if (!LIB_DIRS.includes(external_node_path_.basename(open)) || open === current)
        return open;
    const [first] = external_node_path_.relative(open, current).split(external_node_path_.sep);
    return first === undefined || first === '' ? open : external_node_path_.join(open, first);
}
/** The nearest source folder holding `dir` (not one itself), below `open`; else `open`. */
function lastNestedSourceDir(open, dir) {
    let child = dir;
    for (let parent = external_node_path_.dirname(child); parent !== child; parent = external_node_path_.dirname(child)) {
        if (parent === open)
            return open;
        if (isSourceDir(parent))
            return parent;
        child = parent;
    }
    return open;
}
function isSourceDir(dir) {
    return SOURCE_DIRS.includes(external_node_path_.basename(dir));
}
function endsWithJsSource(dir) {
    return (endsWith(dir, 'contracts') || (endsWith(dir, 'src') && endsWith(external_node_path_.dirname(dir), 'contracts')));
}
function dirDistance(root, current) {
    if (root === current || !isInside(root, current))
        return 0;
    return external_node_path_.relative(root, current).split(external_node_path_.sep).length;
}
function endsWith(dir, name) {
    return external_node_path_.basename(dir) === name;
}
function depth(dir) {
    return dir.split(external_node_path_.sep).filter((part) => part !== '').length;
}
/**
 * The folder's entries but hidden ones, with where each link leads; a link is followed only when
 * it stays inside the workspace.
 */
async function entries(dir, scan) {
    const listed = listInOrder(dir);
    const found = [];
    for (const entry of listed.filter((each) => !each.name.startsWith('.'))) {
        const full = external_node_path_.join(dir, entry.name);
        if (!entry.isSymbolicLink()) {
            const isDir = entry.isDirectory();
            found.push({ name: entry.name, full, isDir, link: undefined, outside: false });
            continue;
        }
        const real = await promises_.realpath(full).catch(() => undefined);
        if (real === undefined)
            continue; // leads nowhere: forge skips it too
        if (!isInside(scan.workspace, real)) {
            // Never looked at: by its name, a contract or a folder.
            const isDir = !entry.name.endsWith('.sol');
            found.push({ name: entry.name, full, isDir, link: real, outside: true });
            continue;
        }
        const stats = await promises_.stat(real).catch(() => undefined);
        if (stats !== undefined) {
            const isDir = stats.isDirectory();
            found.push({ name: entry.name, full, isDir, link: real, outside: false });
        }
    }
    return found;
}
/**
 * The folder's entries in the order the file system gives them, as forge reads them (Node's
 * readdir sorts them): where forge's choice depends on that order, ours is the same. Read at
 * once: a folder's listing is short, and reading it entry by entry through promises costs
 * several times as much over the thousands of folders a dependency tree holds.
 */
function listInOrder(dir) {
    const entries = [];
    let handle;
    try {
        handle = (0,external_node_fs_.opendirSync)(dir);
        for (let entry = handle.readSync(); entry !== null; entry = handle.readSync())
            entries.push(entry);
    }
    catch {
        return []; // gone or unreadable: its imports say so if it matters
    }
    finally {
        handle?.closeSync();
    }
    return entries;
}
function remapping_scan_compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

;// CONCATENATED MODULE: ./.build/project/foundry-remappings.js
/**
 * The remappings of a Foundry project as Foundry 1.7 computes them. `forge remappings` prints
 * the project's own (remappings.txt, then foundry.toml's), then, with `auto_detect_remappings`,
 * those of every library with a foundry.toml of its own (computed the same way in that library,
 * nested libraries included) and those found by scanning each `libs` folder: a library's is left
 * out where one already there covers its name or lies under it, so the project's own always win,
 * and each context and name is kept once. `forge build` compiles with those, each added again
 * under the same rule, so one covered by a remapping listed before it is left out too.
 */









/** Libraries inside libraries followed: deeper ones are rare and each level reads every config. */
const foundry_remappings_MAX_NESTING = 6;
/** Library configs read for one project: a checkout could hold thousands, each read and scanned. */
const MAX_LIBRARIES = 500;
/** `root` is the project's folder (absolute, links resolved) and `config` its foundry.toml. */
async function foundryRemappings(root, config, options) {
    const walk = {
        ...options,
        warnings: [],
        libraries: new Map(),
        skipped: new Set(),
        deep: new Set(),
        crowded: new Set(),
        scan: { folders: 0, cut: [] },
    };
    const remappings = await remappingsOf(root, config, walk, new Set([root]), 0);
    const where = (folders) => someNames(folders.map((folder) => posixRelative(options.workspace, folder) || '.'));
    if (walk.skipped.size > 0) {
        walk.warnings.push(`More than ${MAX_LIBRARIES} libraries with a foundry.toml of their own: the remappings of ${walk.skipped.size} are not used (${where([...walk.skipped])}), so imports only they map may not resolve. Set them in remappings.txt.`);
    }
    if (walk.deep.size > 0) {
        walk.warnings.push(`Libraries nested more than ${foundry_remappings_MAX_NESTING} deep are not followed: the remappings of ${walk.deep.size} are not used (${where([...walk.deep])}), so imports only they map may not resolve. Set them in remappings.txt.`);
    }
    const crowded = [...walk.crowded].filter((folder) => folder !== root);
    if (crowded.length > 0) {
        walk.warnings.push(`The libraries hold more remappings than the ${MAX_REMAPPINGS} ${options.vocabulary.tool} reads of each: those past it are not used (from ${where(crowded)}), so imports only they map may not resolve. Set them in remappings.txt.`);
    }
    if (walk.scan.cut.length > 0) {
        walk.warnings.push(`The dependency folders hold more than ${MAX_SCANNED_FOLDERS} folders: the libraries Foundry finds by itself were looked for in the first ones only (not in all of ${where(walk.scan.cut)}), so imports of the others may not resolve. Set remappings for them in remappings.txt.`);
    }
    const built = asBuildTakesThem(remappings, config);
    // Said where it changes what is compiled: not for one named after a project folder that leads
    // to it (`src/=src/`), nor for a narrower one the broader already maps alike.
    const shownRoot = posixRelative(options.workspace, root) || '.';
    for (const { remapping, by } of built.left) {
        if (remapping.found)
            continue;
        if (by === undefined) {
            if (remapping.target === remapping.prefix)
                continue;
            walk.warnings.push(`${shownRoot}: forge build leaves out the remapping "${shownRemapping(remapping)}": it is named after the project's src, test or script folder, so those imports are resolved in that folder, as forge compiles them (give the remapping another name).`);
            continue;
        }
        if (sameFiles(by, remapping))
            continue;
        walk.warnings.push(`${shownRoot}: forge build leaves out the remapping "${shownRemapping(remapping)}": ` +
            `"${shownRemapping(by)}" before it covers the same imports, so they are resolved through that one, as forge compiles them (list a remapping only once per name, or give the narrower its own name).`);
    }
    return {
        printed: remappings,
        remappings: built.kept,
        found: remappings.filter((each) => each.found).length,
        warnings: walk.warnings,
    };
}
/**
 * The remappings `forge build` uses (Foundry's BuildOpts), from those forge prints, and each left
 * out with the one before it that covers it (none: it names a project folder).
 */
function asBuildTakesThem(printed, config) {
    const folders = [config.src, config.test, config.script].map((folder) => `${folder}/`.toLowerCase());
    const kept = [];
    const left = [];
    for (const remapping of printed) {
        if (remapping.prefix.endsWith('.sol') && !remapping.target.endsWith('.sol'))
            continue;
        const by = kept.find((existing) => covers(existing, remapping));
        if (by !== undefined || folders.includes(remapping.prefix.toLowerCase()))
            left.push({ remapping, by });
        else
            kept.push(remapping);
    }
    return { kept, left };
}
/** Whether `narrower`, left out, leads where `broader` already leads its imports. */
function sameFiles(broader, narrower) {
    return (narrower.prefix.startsWith(broader.prefix) &&
        broader.target + narrower.prefix.slice(broader.prefix.length) === narrower.target);
}
function shownRemapping(remapping) {
    return `${remapping.context ? `${remapping.context}:` : ''}${remapping.prefix}=${remapping.target}`;
}
/** What forge computes at `root`, targets relative to it. */
async function remappingsOf(root, config, walk, ancestors, nesting) {
    const own = [];
    const file = external_node_path_.join(root, REMAPPINGS_FILE);
    const shownFile = posixRelative(walk.workspace, file);
    const read = await walk.reader.remappings(file);
    // Those of a long file past the few the reader keeps are counted, not held.
    let unkept = 0;
    if (read.kind === 'remappings') {
        own.push(...read.remappings);
        unkept = read.listed - read.remappings.length;
    }
    else if (read.kind === 'unusable') {
        const instead = nesting === 0
            ? "the project's imports are resolved with its other remappings"
            : "the library's files are resolved with the project's remappings";
        walk.warnings.push(unusableConfigWarning(shownFile, read.reason, instead));
    }
    own.push(...config.remappings);
    // The project's own past the bound are named; a library's are counted with the others left out.
    const kept = nesting === 0
        ? capped(own, MAX_REMAPPINGS, `${posixRelative(walk.workspace, root) || '.'}: the remappings of foundry.toml and remappings.txt together`, shownRemapping, walk.warnings, walk.vocabulary, own.length + unkept)
        : own.slice(0, MAX_REMAPPINGS);
    if (kept.length < own.length + unkept)
        walk.crowded.add(root);
    const all = kept.map((each) => ({ ...asForgeReadsIt(each), found: false }));
    if (!config.autoDetectRemappings)
        return unique(all);
    /** By context, then name: the closest target (fewest folders) of each. */
    const found = new Map();
    let names = 0;
    const closest = (remapping, target, from) => {
        let byName = found.get(remapping.context);
        if (byName === undefined)
            found.set(remapping.context, (byName = new Map()));
        const existing = byName.get(remapping.prefix);
        if (existing === undefined && names >= MAX_REMAPPINGS) {
            walk.crowded.add(from);
            return;
        }
        if (existing === undefined)
            names += 1;
        if (existing === undefined || foundry_remappings_depth(existing) > foundry_remappings_depth(target))
            byName.set(remapping.prefix, target);
    };
    const folders = await foldersInside(root, config.libs, walk, nesting);
    for (const folder of folders) {
        for (const library of await librariesWithConfig(folder, walk)) {
            if (ancestors.has(library))
                continue;
            if (nesting >= foundry_remappings_MAX_NESTING) {
                walk.deep.add(library);
                continue;
            }
            const remappings = await libraryRemappings(library, walk, new Set([...ancestors, library]), nesting + 1);
            for (const remapping of remappings)
                closest(remapping, external_node_path_.resolve(library, remapping.target), library);
        }
    }
    for (const folder of folders) {
        checkDeadline(walk.deadline, 'looking for the libraries Foundry remaps automatically');
        for (const { name, path: target } of await scanRemappings(folder, walk.workspace, walk.scan, walk.deadline)) {
            // As forge: a library folder named like a project folder is never a library.
            if (!['lib/', 'src/', 'contracts/'].includes(name))
                closest({ context: '', prefix: name, target: '' }, target, folder);
        }
    }
    for (const [context, byName] of [...found].sort(([a], [b]) => foundry_remappings_compare(a, b))) {
        for (const [name, folder] of [...byName].sort(([a], [b]) => foundry_remappings_compare(a, b))) {
            const target = withSlash(posixRelative(root, folder) || '.');
            const remapping = { context, prefix: name, target, found: true };
            if (!all.some((existing) => covers(existing, remapping)))
                all.push(remapping);
        }
    }
    return unique(all);
}
/** Each context and name once, the first given. */
function unique(remappings) {
    const keys = new Set();
    return remappings.filter((each) => !keys.has(each.context + each.prefix) && keys.add(each.context + each.prefix));
}
/**
 * A library's remappings as forge takes them: those it computes at its own folder, and `<name>/`
 * for its `src`; computed once per library. A library whose foundry.toml cannot be read gives
 * none, as in forge.
 */
function libraryRemappings(library, walk, ancestors, nesting) {
    let remappings = walk.libraries.get(library);
    if (remappings === undefined) {
        if (walk.libraries.size >= MAX_LIBRARIES) {
            walk.skipped.add(library);
            return Promise.resolve([]);
        }
        remappings = computeLibraryRemappings(library, walk, ancestors, nesting);
        walk.libraries.set(library, remappings);
    }
    return remappings;
}
async function computeLibraryRemappings(library, walk, ancestors, nesting) {
    // Each library may read and parse two files of a MiB: the deadline is checked before each.
    checkDeadline(walk.deadline, 'looking for the libraries Foundry remaps automatically');
    const file = external_node_path_.join(library, FOUNDRY_CONFIG);
    const read = await walk.reader.read(file);
    if (read.kind === 'unusable') {
        // Forge would read one that links outside the workspace: never substituted silently.
        walk.warnings.push(unusableConfigWarning(posixRelative(walk.workspace, file), read.reason, "the library's remappings are left out, so imports only they map may not resolve"));
    }
    if (read.kind !== 'text')
        return [];
    let config;
    try {
        config = await readFoundryConfig(read.text, walk.profile, FOUNDRY_CONFIG);
    }
    catch (error) {
        if (error instanceof UnparsableConfig)
            return [];
        throw error;
    }
    const remappings = await remappingsOf(library, config, walk, ancestors, nesting);
    // Forge means to add this only for a `src` its scan does not recognise, but compares the
    // folder's absolute path with `src`: it always adds it.
    remappings.push({
        context: '',
        prefix: `${external_node_path_.basename(library)}/`,
        target: withSlash(config.src),
        found: true,
    });
    return remappings;
}
/**
 * The `libs` folders at `root` that are inside the workspace once links are resolved: only those
 * are listed. One that leads out (a `lib` link to elsewhere on the runner) is named; the project's
 * own `libs` outside it by name are named already, with the imports forge would read there.
 */
async function foldersInside(root, libs, walk, nesting) {
    const inside = [];
    const outside = [];
    for (const lib of libs) {
        const folder = external_node_path_.resolve(root, lib);
        const real = await promises_.realpath(folder).catch(() => undefined);
        if (real !== undefined && isInside(walk.workspace, real))
            inside.push(folder);
        else if (real !== undefined && (nesting > 0 || isInside(walk.workspace, folder)))
            outside.push(`${lib} (to ${real})`);
    }
    if (outside.length > 0)
        walk.warnings.push(`${posixRelative(walk.workspace, external_node_path_.join(root, FOUNDRY_CONFIG))}: libs ${someNames(outside)} lead${outside.length === 1 ? 's' : ''} outside the workspace, which ${walk.vocabulary.tool} never reads: ` +
            'the libraries forge would find there are not looked for, and imports forge would resolve there are not sent. ' +
            `Keep the libraries inside the repository (a git submodule, or an install ${walk.vocabulary.beforeAudit}).`);
    return inside;
}
/**
 * The folder and the folders in it (not links to folders, as forge's walk does not follow them)
 * that hold a foundry.toml, by real path, inside the workspace. Each folder looked at counts
 * against the scans' bound: every library lists its own `libs`, which may all be one folder of
 * thousands.
 */
async function librariesWithConfig(folder, walk) {
    const budget = walk.scan;
    const entries = budget.folders < MAX_SCANNED_FOLDERS ? listInOrder(folder) : [];
    const candidates = [
        folder,
        ...entries.filter((entry) => entry.isDirectory()).map((entry) => external_node_path_.join(folder, entry.name)),
    ];
    const libraries = [];
    // In the order the folder lists them, as forge walks it: the first of two equally close
    // targets of one name wins.
    for (const candidate of candidates) {
        if (budget.folders >= MAX_SCANNED_FOLDERS) {
            if (!budget.cut.includes(folder))
                budget.cut.push(folder);
            break;
        }
        budget.folders += 1;
        const real = await promises_.realpath(candidate).catch(() => undefined);
        if (real === undefined || !isInside(walk.workspace, real))
            continue;
        const config = await promises_.lstat(external_node_path_.join(real, FOUNDRY_CONFIG)).catch(() => undefined);
        if (config !== undefined && !libraries.includes(real))
            libraries.push(real);
    }
    return libraries;
}
/**
 * Whether `existing` keeps `incoming` out (same context): its name starts the incoming one, as
 * a folder, or lies under it. A remapping of one `.sol` file is kept out only by the same one.
 */
function covers(existing, incoming) {
    if (existing.context !== incoming.context)
        return false;
    if (incoming.prefix.endsWith('.sol'))
        return existing.prefix === incoming.prefix && existing.target === incoming.target;
    return (incoming.prefix.startsWith(withSlash(existing.prefix)) ||
        existing.prefix.startsWith(incoming.prefix));
}
/** As foundry-compilers reads a remapping: a name and a path that are folders end in `/`. */
function asForgeReadsIt(remapping) {
    return {
        context: remapping.context,
        prefix: withSlash(remapping.prefix),
        target: withSlash(remapping.target),
    };
}
function withSlash(name) {
    return name.endsWith('/') || name.endsWith('.sol') ? name : `${name}/`;
}
function foundry_remappings_depth(target) {
    return target.split(external_node_path_.sep).filter((part) => part !== '').length;
}
function foundry_remappings_compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

;// CONCATENATED MODULE: ./.build/project/foundry-libs.js
/**
 * A Foundry project's `libs` that lie outside its folder. Forge resolves imports through them
 * wherever they are (`libs = ["../../lib"]` in a package of a monorepo); the action follows
 * those inside the workspace, and names those outside it, which it never reads.
 */




/** Whether a `libs` entry leads out of the project's folder: `../lib`, or an absolute path. */
function leavesFolder(lib) {
    const folder = external_node_path_.posix.normalize(cleanFolder(lib) || '.');
    return external_node_path_.isAbsolute(lib.trim()) || folder === '..' || folder.startsWith('../');
}
/**
 * The entries of `libs` outside the project's `root`, relative to it, as forge resolves imports
 * through them; those outside the workspace are kept (so an import forge would resolve there is
 * named as not sent) and said in one warning. `file` names foundry.toml in it.
 */
function librariesAbove(libs, root, workspace, file, 
/** The door's, in whose words the warning says what to do. */
words) {
    const folders = libs.map((lib) => ({ lib, folder: external_node_path_.resolve(root, cleanFolder(lib)) }));
    const outside = folders
        .filter(({ folder }) => !isInside(workspace, folder))
        .map(({ lib }) => lib);
    return {
        libs: folders.map(({ folder }) => posixRelative(root, folder)),
        warnings: outside.length === 0
            ? []
            : [
                `${file}: libs ${someNames(outside)} lie${outside.length === 1 ? 's' : ''} outside the workspace, which ${words.tool} never reads: ` +
                    'imports forge would resolve there are not sent, and the warning about unresolved imports names each. ' +
                    `Keep the libraries inside the repository (a git submodule, or an install ${words.beforeAudit}).`,
            ],
    };
}

;// CONCATENATED MODULE: ./.build/project/script-config.js
/**
 * Settings of configs that are code (hardhat.config.*, truffle-config.js), read statically: only
 * a literal value of the exported configuration is taken, and the file is never run.
 * `paths: { sources: './src' }` is read; `sources: path.join(__dirname, 'src')` is not a
 * literal, and the caller says so. An object the file does not export (a decoy placed before
 * `module.exports`) decides nothing.
 */

/** Wrappers that return the configuration they are given (Hardhat 3's `defineConfig`). */
const IDENTITY_CALLS = new Set(['defineConfig']);
/** Identifiers followed through `const config = …`; more is not a config anyone writes. */
const MAX_INDIRECTIONS = 4;
/**
 * The folders of `key` as written in the exported configuration: a string, a list of strings,
 * or (Hardhat 3) an object whose `solidity` entry is either; `key` is a property of the object
 * under `parent` (`paths.sources`), or of the configuration itself when `parent` is undefined
 * (`contracts_directory`).
 */
function readLiteralSetting(source, key, parent) {
    const tokens = allTokens(source);
    const unreadable = () => ({
        kind: 'not-literal',
        candidates: literalCandidates(tokens, key, parent),
    });
    const config = exportedObject(tokens);
    if (config === undefined)
        return unreadable();
    const outer = parent === undefined ? config : property(tokens, config, parent);
    if (outer === 'absent')
        return { kind: 'absent' };
    if (outer === undefined || tokens[outer.start]?.text !== '{')
        return unreadable();
    const value = property(tokens, outer, key);
    if (value === 'absent')
        return { kind: 'absent' };
    const values = value === undefined ? undefined : script_config_literalFolders(tokens, value.start);
    return values === undefined ? unreadable() : { kind: 'literal', values };
}
/**
 * The object the file exports: the last `module.exports =` or `export default`, through
 * `defineConfig(…)` and `const config = …`. Undefined when that is not a literal object, or when
 * a member of the object may be assigned after it is written (`config.paths = …`,
 * `module.exports.paths = …`).
 */
function exportedObject(tokens) {
    let start;
    for (let i = 0; i < tokens.length; i++) {
        const text = tokens[i]?.text;
        if (text === 'module' && isSequence(tokens, i, ['module', '.', 'exports', '=']))
            start = i + 4;
        else if (text === 'export' && tokens[i + 1]?.text === 'default')
            start = i + 2;
        else if (text === 'exports' && tokens[i + 1]?.text === '.' && tokens[i + 3]?.text === '=')
            return undefined;
    }
    return start === undefined ? undefined : objectAt(tokens, start, MAX_INDIRECTIONS);
}
/** The object literal an expression stands for, following names and identity wrappers. */
function objectAt(tokens, index, hops) {
    const token = tokens[index];
    if (token?.text === '{')
        return { start: index };
    if (token?.kind !== 'word' || hops === 0)
        return undefined;
    if (tokens[index + 1]?.text === '(') {
        return IDENTITY_CALLS.has(token.text) ? objectAt(tokens, index + 2, hops - 1) : undefined;
    }
    if (changedLater(tokens, token.text))
        return undefined;
    const name = token.text;
    const declaration = declarationOf(tokens, name);
    return declaration === undefined ? undefined : objectAt(tokens, declaration, hops - 1);
}
/**
 * Whether the variable may be changed after it is written: a member set (`config.paths = …`),
 * the name assigned again, or handed to `Object.assign`.
 */
function changedLater(tokens, name) {
    return tokens.some((token, i) => {
        if (token.text !== name || tokens[i - 1]?.text === '.')
            return false;
        const next = tokens[i + 1]?.text;
        const declared = ['const', 'let', 'var'].includes(tokens[i - 1]?.text ?? '');
        return (next === '.' ||
            next === '[' ||
            (next === '=' && tokens[i + 2]?.text !== '=' && !declared) ||
            (tokens[i - 1]?.text === '(' && tokens[i - 2]?.text === 'assign'));
    });
}
/** The first token of `const|let|var name [: Type] = …`'s initializer, when there is one such. */
function declarationOf(tokens, name) {
    const found = [];
    for (let i = 0; i + 1 < tokens.length; i++) {
        const keyword = tokens[i]?.text;
        if ((keyword !== 'const' && keyword !== 'let' && keyword !== 'var') ||
            tokens[i + 1]?.text !== name)
            continue;
        // Past a type annotation (`: HardhatUserConfig`) to the `=`, on the same statement.
        for (let j = i + 2; j < tokens.length && tokens[j]?.text !== ';'; j++) {
            if (tokens[j]?.text === '{' || tokens[j]?.text === '(')
                break;
            if (tokens[j]?.text === '=') {
                found.push(j + 1);
                break;
            }
        }
    }
    return found.length === 1 ? found[0] : undefined;
}
/**
 * The value of `name` among the object's own properties (`name: value`, or the shorthand `name`
 * standing for a variable), the last one written; `absent` when no property and no spread could
 * give it; undefined when a spread after it could replace it or the value is not an object.
 */
function property(tokens, object, name) {
    let found = 'absent';
    for (let i = object.start + 1; i < tokens.length; i = skipValue(tokens, i) + 1) {
        const token = tokens[i];
        if (token === undefined || token.text === '}')
            break;
        if (token.text === '.' && tokens[i + 1]?.text === '.' && tokens[i + 2]?.text === '.') {
            found = undefined; // a spread may hold the property, or replace the one before
            i += 3;
        }
        else if (isKey(tokens, i, name)) {
            const value = tokens[i + 2];
            found =
                value?.text === '{' || value?.kind === 'string' || value?.text === '['
                    ? { start: i + 2 }
                    : objectAt(tokens, i + 2, MAX_INDIRECTIONS);
            i += 2;
        }
        else if (token.text === name &&
            token.kind === 'word' &&
            /^[,}]$/.test(tokens[i + 1]?.text ?? '')) {
            found = objectAt(tokens, i, MAX_INDIRECTIONS);
        }
        else if (token.text === '[' || tokens.slice(i, i + 2).some((t) => t.text === name)) {
            found = undefined; // a computed key, a method or a getter may be it: code, never run
        }
        else if (tokens[i + 1]?.text === ':' || tokens[i + 1]?.text === '(') {
            i += 1; // another property, or a method: its value is skipped below
        }
    }
    return found;
}
/** The index of the `,` or `}` that ends the value starting at `index`, nesting respected. */
function skipValue(tokens, index) {
    let depth = 0;
    for (let i = index; i < tokens.length; i++) {
        const text = tokens[i]?.text;
        if (text === '{' || text === '[' || text === '(')
            depth++;
        else if (text === '}' || text === ']' || text === ')') {
            if (depth === 0)
                return i - 1;
            depth--;
        }
        else if (text === ',' && depth === 0)
            return i;
    }
    return tokens.length;
}
/** Every literal value written for `key` (under `parent`) anywhere in the file, in order. */
function literalCandidates(tokens, key, parent) {
    const candidates = new Set();
    const parents = [];
    let depth = 0;
    for (let i = 0; i < tokens.length; i++) {
        const text = tokens[i]?.text;
        if (text === '{')
            depth++;
        else if (text === '}') {
            depth--;
            while ((parents.at(-1) ?? -1) > depth)
                parents.pop();
        }
        else if (parent !== undefined && isKey(tokens, i, parent) && tokens[i + 2]?.text === '{') {
            parents.push(depth + 1);
        }
        else if (isKey(tokens, i, key) && (parent === undefined || parents.at(-1) === depth)) {
            for (const value of script_config_literalFolders(tokens, i + 2) ?? [])
                candidates.add(value);
        }
    }
    return [...candidates];
}
/** The strings of `"a"`, `["a", "b"]` or `{ solidity: … }` starting at `start`, if literal. */
function script_config_literalFolders(tokens, start) {
    const ends = (index) => {
        const text = tokens[index]?.text;
        return text === undefined || text === ',' || text === '}' || text === ';';
    };
    const literal = (token) => token?.kind === 'string' && !token.text.includes('${') ? token.text : undefined;
    const first = tokens[start];
    if (first?.kind === 'string') {
        const value = literal(first);
        return value !== undefined && ends(start + 1) ? [value] : undefined;
    }
    if (first?.text === '[') {
        const values = [];
        for (let i = start + 1;; i += 2) {
            const value = literal(tokens[i]);
            if (value === undefined)
                return undefined;
            values.push(value);
            const next = tokens[i + 1]?.text;
            if (next === ']')
                return ends(i + 2) && values.length > 0 ? values : undefined;
            if (next !== ',')
                return undefined;
            if (tokens[i + 2]?.text === ']')
                return ends(i + 3) ? values : undefined;
        }
    }
    if (first?.text === '{' && isKey(tokens, start + 1, 'solidity'))
        return script_config_literalFolders(tokens, start + 3);
    return undefined;
}
/** `key:` or `"key":`, as an object property (a `?:` in a type is not one). */
function isKey(tokens, index, key) {
    const token = tokens[index];
    return (token !== undefined &&
        (token.kind === 'word' || token.kind === 'string') &&
        token.text === key &&
        tokens[index + 1]?.text === ':' &&
        tokens[index - 1]?.text !== '.');
}
function isSequence(tokens, index, texts) {
    return texts.every((text, offset) => tokens[index + offset]?.text === text);
}
function allTokens(source) {
    const lexer = new Lexer(source);
    const tokens = [];
    for (let token = lexer.next(); token !== undefined; token = lexer.next())
        tokens.push(token);
    return tokens;
}

;// CONCATENATED MODULE: ./.build/project/yaml-config.js
/**
 * brownie-config.yaml and ape-config.yaml, read with a YAML parser: the contracts folders, and
 * Brownie's remappings and packages (installed in the user's home, so usually absent in CI).
 * workspaces.ts reads pnpm-workspace.yaml with the same reader.
 */




async function readBrownieConfig(text, file) {
    const document = await readYaml(text, file);
    const structure = isRecord(document.project_structure) ? document.project_structure : {};
    const folder = (key, fallback) => {
        const value = structure[key];
        return typeof value === 'string' && value.trim() !== '' ? cleanFolder(value) : fallback;
    };
    const compiler = isRecord(document.compiler) ? document.compiler : {};
    const solc = isRecord(compiler.solc) ? compiler.solc : {};
    return {
        contracts: folder('contracts', 'contracts'),
        interfaces: folder('interfaces', 'interfaces'),
        tests: folder('tests', 'tests'),
        scripts: folder('scripts', 'scripts'),
        remappings: strings(solc.remappings)
            .map(parseRemapping)
            .filter((remapping) => remapping !== undefined),
        packages: strings(document.dependencies),
    };
}
async function readApeConfig(text, file) {
    const document = await readYaml(text, file);
    const folder = document.contracts_folder;
    return {
        contractsFolder: typeof folder === 'string' && folder.trim() !== '' ? cleanFolder(folder) : 'contracts',
    };
}
/** The document's top-level mapping; a file that is not YAML is an UnparsableConfig naming `file`. */
async function readYaml(text, file) {
    // Loaded here, not at start: only Brownie, Ape and pnpm workspaces need a YAML parser.
    const { parse: parseYaml } = await __webpack_require__.e(/* import() */ 815).then(__webpack_require__.t.bind(__webpack_require__, 38815, 19));
    let document;
    try {
        // Warnings would go to stderr with the file's own text, where the runner reads commands.
        document = parseYaml(text, { logLevel: 'error' });
    }
    catch (error) {
        throw new UnparsableConfig(file, `is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. Fix the file`, { cause: error });
    }
    // An empty file is a valid, empty config.
    return isRecord(document) ? document : {};
}
/** A string or a list of strings, as both configs allow. */
function strings(value) {
    if (typeof value === 'string')
        return [value];
    return Array.isArray(value)
        ? value.filter((item) => typeof item === 'string')
        : [];
}

;// CONCATENATED MODULE: ./.build/project/detect.js














/**
 * Folders never searched for projects: dependencies (a library carries its own foundry.toml),
 * build output, and where tests, examples and test data keep configs of their own.
 */
const NOT_SEARCHED = new Set([
    'node_modules',
    'lib',
    'out',
    'cache',
    'artifacts',
    'build',
    'test',
    'tests',
    'testdata',
    'test-data',
    'fixtures',
    'examples',
    'example',
    'mocks',
    'certora',
    'audits',
]);
const detect_MAX_DEPTH = 8;
/** Folders a note names; the rest are counted. */
const NOTED = 8;
/**
 * Every project under the root. A config that does not parse is an error at the root (the
 * user's own project); further down it is a warning, and the folder is searched without it.
 */
async function detectProjects(options) {
    const detection = { projects: [], warnings: [] };
    const reader = createConfigReader(options.workspace);
    const queue = [
        { dir: options.root, depth: 0, skip: new Set() },
    ];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        checkDeadline(options.deadline, 'looking for project configs');
        const entries = await detect_listDirectory(next.dir);
        // A name that is present is a config, whatever it is: the reader says when it cannot be used.
        const names = new Set(entries.map((entry) => entry.name));
        const project = await detect_readProject(next.dir, names, options, reader, next.depth === 0);
        if (project) {
            detection.projects.push(project);
            detection.warnings.push(...project.warnings);
        }
        if (next.depth >= detect_MAX_DEPTH)
            continue;
        // A project's own dependency folders hold other projects' configs (deps/solady/foundry.toml).
        const skip = project ? new Set(project.libs) : new Set();
        for (const entry of entries) {
            const name = entry.name;
            if (!entry.isDirectory() || name.startsWith('.') || NOT_SEARCHED.has(name) || skip.has(name))
                continue;
            queue.push({ dir: external_node_path_.join(next.dir, name), depth: next.depth + 1, skip });
        }
    }
    detection.projects.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return detection;
}
async function detect_listDirectory(dir) {
    try {
        return await promises_.readdir(dir, { withFileTypes: true });
    }
    catch {
        return []; // unreadable or removed: the contract search says so if it matters
    }
}
/** A project with nothing read yet: configs fill it in. */
function emptyProject(root, projectPath) {
    return {
        root,
        path: projectPath,
        frameworks: [],
        sources: [],
        tests: [],
        scripts: [],
        libs: [],
        remappings: [],
        foundryLibs: undefined,
        notes: [],
        packages: [],
        warnings: [],
    };
}
/**
 * The project of a folder, from each of its configs. A config that cannot be used (whatever
 * the reader refuses, or, below the root, one that does not parse) is named in a warning and
 * set aside: the folder is the project of its other configs, or, with none, a plain folder
 * whose contracts are searched by convention. Its contracts are never silently dropped.
 * `strict`: the root's own config fails the run when it does not parse.
 */
async function detect_readProject(root, names, options, reader, strict) {
    const project = emptyProject(root, posixRelative(options.root, root));
    // Relative to the workspace, as every warning names files.
    const shown = (file) => posixRelative(options.workspace, external_node_path_.join(root, file));
    const folders = (config, key, values, fallback) => usableFolders(values, fallback, `${shown(config)}: ${key}`, project.warnings, options.vocabulary);
    const present = (candidates) => candidates.find((file) => names.has(file));
    const broken = [];
    const attempt = async (tool, file, use) => {
        if (file === undefined)
            return;
        const read = await reader.read(external_node_path_.join(root, file));
        if (read.kind === 'missing')
            return; // removed since the folder was listed
        if (read.kind === 'unusable') {
            broken.push({ tool, file: shown(file), reason: read.reason });
            return;
        }
        try {
            await use(file, read.text);
        }
        catch (error) {
            if (!(error instanceof UnparsableConfig))
                throw error;
            broken.push({ tool, file: error.file, reason: error.reason, error });
        }
    };
    let foundry;
    await attempt('Foundry', present([FOUNDRY_CONFIG]), async (_, text) => {
        const config = await readFoundryConfig(text, options.foundryProfile, shown(FOUNDRY_CONFIG));
        // Bounded before they are split: those above the project are followed too.
        const listed = capped(config.libs, MAX_CONFIG_FOLDERS, `${shown(FOUNDRY_CONFIG)}: libs`, (lib) => lib, project.warnings, options.vocabulary);
        const above = listed.filter((lib) => leavesFolder(lib));
        const libs = folders(FOUNDRY_CONFIG, 'libs', listed.filter((lib) => !above.includes(lib)), []);
        detect_add(project, 'Foundry', {
            sources: folders(FOUNDRY_CONFIG, 'src', [config.src], ['src']),
            tests: folders(FOUNDRY_CONFIG, 'test', [config.test], ['test']),
            scripts: folders(FOUNDRY_CONFIG, 'script', [config.script], ['script']),
            libs,
        });
        const reached = librariesAbove(above, root, options.workspace, shown(FOUNDRY_CONFIG), options.vocabulary);
        project.warnings.push(...reached.warnings);
        foundry = { ...config, libs: [...libs, ...reached.libs] };
        project.notes.push(`foundry.toml (profile ${config.profile}): src = ${config.src}, test = ${config.test}, script = ${config.script}, libs = ${firstFew(foundry.libs, NOTED).join(', ') || 'none'}` +
            (config.remappings.length > 0 ? `, ${config.remappings.length} remapping(s)` : ''));
    });
    await attempt('Hardhat', present(HARDHAT_CONFIGS), async (hardhat, text) => {
        const sources = literalFolders(readLiteralSetting(text, 'sources', 'paths'), 'contracts', 'sources');
        const tests = literalFolders(readLiteralSetting(text, 'tests', 'paths'), 'test', 'tests');
        const used = folders(hardhat, 'paths.sources', sources.folders, ['contracts']);
        detect_add(project, 'Hardhat', {
            sources: used,
            tests: folders(hardhat, 'paths.tests', tests.folders, ['test']),
            scripts: ['scripts'],
            libs: [],
        });
        project.notes.push(`${hardhat}: paths.sources = ${firstFew(used, NOTED).join(', ')}${sources.note}`);
    });
    await attempt('Truffle', present(TRUFFLE_CONFIGS), async (truffle, text) => {
        const sources = literalFolders(readLiteralSetting(text, 'contracts_directory', undefined), 'contracts', 'sources');
        const used = folders(truffle, 'contracts_directory', sources.folders, ['contracts']);
        detect_add(project, 'Truffle', { sources: used, tests: ['test'], scripts: ['migrations'], libs: [] });
        project.notes.push(`${truffle}: contracts_directory = ${firstFew(used, NOTED).join(', ')}${sources.note}`);
    });
    await attempt('Brownie', present(BROWNIE_CONFIGS), async (brownie, text) => {
        const config = await readBrownieConfig(text, shown(brownie));
        detect_add(project, 'Brownie', {
            sources: folders(brownie, 'contracts', [config.contracts, config.interfaces], ['contracts']),
            tests: folders(brownie, 'tests', [config.tests], ['tests']),
            scripts: folders(brownie, 'scripts', [config.scripts], ['scripts']),
            libs: [],
        });
        project.remappings = project.remappings.concat(config.remappings);
        project.packages = project.packages.concat(config.packages);
        project.notes.push(`${brownie}: contracts = ${config.contracts}, interfaces = ${config.interfaces}`);
    });
    await attempt('Ape', present(APE_CONFIGS), async (ape, text) => {
        const config = await readApeConfig(text, shown(ape));
        detect_add(project, 'Ape', {
            sources: folders(ape, 'contracts_folder', [config.contractsFolder], ['contracts']),
            tests: ['tests'],
            scripts: ['scripts'],
            libs: [],
        });
        project.notes.push(`${ape}: contracts_folder = ${config.contractsFolder}`);
    });
    // The user's own project with no config that can be used: fixing it is the only way forward.
    const unparsed = broken.find((config) => config.error !== undefined)?.error;
    if (strict && project.frameworks.length === 0 && unparsed !== undefined)
        throw unparsed;
    setAside(project, broken);
    if (project.frameworks.length === 0)
        return undefined;
    // A foundry.toml that cannot be used leaves Foundry's defaults: forge's own way, from them.
    if (foundry === undefined && broken.some((config) => config.tool === 'Foundry'))
        foundry = { ...FOUNDRY_DEFAULTS, profile: options.foundryProfile };
    if (foundry !== undefined) {
        const computed = await foundryRemappings(root, foundry, {
            workspace: options.workspace,
            reader,
            profile: options.foundryProfile,
            deadline: options.deadline,
            vocabulary: options.vocabulary,
        });
        project.warnings.push(...computed.warnings);
        // Brownie's, if any, then forge's, which win a tie.
        project.remappings = [
            ...project.remappings,
            ...computed.remappings.map(({ context, prefix, target }) => ({ context, prefix, target })),
        ];
        project.foundryLibs = foundry.libs;
        const left = computed.printed.length - computed.remappings.length;
        project.notes.push(`Foundry's remappings, as forge computes them: ${computed.printed.length}, ${computed.found} of them found in its libraries` +
            (left > 0 ? `; ${left} left out of the build, as forge build leaves them` : ''));
    }
    // Those of a long remappings.txt past the few the reader keeps are counted, not held.
    let unkept = 0;
    if (foundry === undefined && names.has(REMAPPINGS_FILE)) {
        // Hardhat 3 reads remappings.txt too; Foundry's are read with the rest of its remappings.
        const read = await reader.remappings(external_node_path_.join(root, REMAPPINGS_FILE));
        if (read.kind === 'remappings') {
            project.remappings = project.remappings.concat(read.remappings);
            unkept = read.listed - read.remappings.length;
            project.notes.push(`remappings.txt: ${read.listed} remapping(s)`);
        }
        else if (read.kind === 'unusable') {
            project.warnings.push(unusableConfigWarning(shown(REMAPPINGS_FILE), read.reason, "the project's imports are resolved with its other remappings"));
        }
    }
    project.remappings = capped(project.remappings, MAX_REMAPPINGS, `${project.path || '.'}: the remappings of foundry.toml, remappings.txt, its libraries and Brownie's config together`, (remapping) => `${remapping.context ? `${remapping.context}:` : ''}${remapping.prefix}=${remapping.target}`, project.warnings, options.vocabulary, project.remappings.length + unkept);
    detect_add(project, undefined, { sources: [], tests: [], scripts: [], libs: ['node_modules'] });
    return project;
}
/** A tool's own defaults, for a folder whose config of that tool cannot be read. */
const DEFAULT_FOLDERS = {
    Foundry: { sources: ['src'], tests: ['test'], scripts: ['script'], libs: ['lib'] },
    Hardhat: { sources: ['contracts'], tests: ['test'], scripts: ['scripts'], libs: [] },
    Truffle: { sources: ['contracts'], tests: ['test'], scripts: ['migrations'], libs: [] },
    Brownie: {
        sources: ['contracts', 'interfaces'],
        tests: ['tests'],
        scripts: ['scripts'],
        libs: [],
    },
    Ape: { sources: ['contracts'], tests: ['tests'], scripts: ['scripts'], libs: [] },
    'Workspace package': { sources: ['contracts', 'src'], tests: [], scripts: [], libs: [] },
};
/**
 * Configs that could not be used, each named in a warning. Beside a config that can be used,
 * each one's tool's default folders join the project's (a broken foundry.toml beside a Hardhat
 * config still has its `src/` audited); with none, the folder is still a project: every contract
 * in it but tests, scripts, mocks and harnesses by convention, and `lib/`, as a folder with no
 * project config is searched.
 */
function setAside(project, broken) {
    const [first] = broken;
    if (first === undefined)
        return;
    const plain = project.frameworks.length === 0;
    if (plain) {
        detect_add(project, first.tool, { sources: ['.'], tests: [], scripts: [], libs: ['lib'] });
        project.notes.push('no config could be used: searched as a plain folder, by convention');
    }
    for (const { tool, file, reason } of broken) {
        const defaults = DEFAULT_FOLDERS[tool];
        if (!plain) {
            detect_add(project, undefined, defaults);
            project.notes.push(`${tool}'s config could not be used: its default folders are used too (${defaults.sources.map((folder) => `${folder}/`).join(' and ')} audited)`);
        }
        const instead = plain
            ? "the folder's contracts are searched as a plain folder's (all but tests, scripts, mocks and harnesses by convention, and lib/)"
            : `the folder is taken for a ${project.frameworks.join(' + ')} project, with ${tool}'s default folders too (${defaults.sources.map((folder) => `${folder}/`).join(' and ')} audited)`;
        project.warnings.push(unusableConfigWarning(file, reason, instead));
    }
}
function detect_add(project, framework, folders) {
    if (framework)
        project.frameworks.push(framework);
    for (const key of ['sources', 'tests', 'scripts', 'libs']) {
        for (const folder of folders[key])
            if (!project[key].includes(folder))
                project[key].push(folder);
    }
}

;// CONCATENATED MODULE: ./.build/project/workspaces.js
/**
 * The packages of the npm/yarn/pnpm workspace a project belongs to, by name: where an import of a
 * sibling package leads when `node_modules` holds no link to it (the install step was not run, or
 * pnpm linked only the declared dependencies). Read from the nearest workspace manifest at or
 * above the project; nothing outside the workspace is read, and links are not followed.
 */







/** Folders listed while expanding the patterns: a workspace's packages lie within a few levels. */
const MAX_FOLDERS = 5000;
const workspaces_GLOB_SYNTAX = /[*?[\]{}()!+@]/;
/** Patterns read from one manifest, and their length: real ones are a few, and short. */
const MAX_PATTERNS = 256;
const MAX_PATTERN_CHARS = 256;
/**
 * The packages declared by the nearest workspace manifest at or above `from`: pnpm-workspace.yaml
 * `packages:`, else package.json `workspaces` (a list, or yarn's `{ packages: [...] }`). A manifest
 * that cannot be read or parsed declares nothing, and a warning names it. Both paths are absolute
 * with links resolved.
 */
async function listWorkspacePackages(from, workspace) {
    const warnings = [];
    const warn = (file, reason, instead) => warnings.push(unusableConfigWarning(posixRelative(workspace, file), reason, instead));
    for (let dir = from; isInside(workspace, dir); dir = external_node_path_.dirname(dir)) {
        // pnpm reads only its own file, even where package.json has `workspaces` too.
        const pnpmFile = external_node_path_.join(dir, PNPM_WORKSPACE);
        const pnpm = await readConfig(pnpmFile, workspace);
        const patterns = pnpm.kind === 'text' ? await pnpmPatterns(pnpm.text, pnpmFile) : pnpm;
        if (Array.isArray(patterns))
            return packagesMatching(dir, patterns, workspace, warnings);
        if (patterns.kind === 'unusable')
            warn(pnpmFile, patterns.reason, "the folder's package.json is read instead");
        const npmFile = external_node_path_.join(dir, PACKAGE_MANIFEST);
        const npm = await readConfig(npmFile, workspace);
        const declared = npm.kind === 'text' ? npmPatterns(npm.text) : npm;
        if (Array.isArray(declared))
            return packagesMatching(dir, declared, workspace, warnings);
        if (declared?.kind === 'unusable') {
            warn(npmFile, declared.reason, 'the workspace manifest is looked for in the folders above');
        }
        if (dir === workspace)
            break;
    }
    return { packages: [], stopped: false, warnings };
}
/** The workspace's packages by name; of two with one name, the first listed. */
async function workspacePackages(from, workspace) {
    const byName = new Map();
    for (const { name, folder } of (await listWorkspacePackages(from, workspace)).packages) {
        if (name !== undefined && !byName.has(name))
            byName.set(name, folder);
    }
    return byName;
}
/** The file for `importPath` (`@scope/name/…` or `name/…`) inside its workspace package, if known. */
function fileInPackage(packages, importPath) {
    const segments = importPath.split('/');
    const length = importPath.startsWith('@') ? 2 : 1;
    const folder = packages.get(segments.slice(0, length).join('/'));
    const rest = segments.slice(length);
    return folder === undefined || rest.length === 0 ? undefined : external_node_path_.join(folder, ...rest);
}
async function pnpmPatterns(text, file) {
    try {
        return workspaces_strings((await readYaml(text, file)).packages);
    }
    catch (error) {
        if (error instanceof UnparsableConfig)
            return unusable('unparsable', error.reason);
        throw error;
    }
}
const UNPARSABLE_JSON = unusable('unparsable', 'is not valid JSON');
/** The `workspaces` patterns, or undefined for a package.json that declares no workspace. */
function npmPatterns(text) {
    const manifest = parseJson(text);
    if (manifest === undefined)
        return UNPARSABLE_JSON;
    const workspaces = isRecord(manifest) ? manifest.workspaces : undefined;
    if (Array.isArray(workspaces))
        return workspaces_strings(workspaces);
    return isRecord(workspaces) && Array.isArray(workspaces.packages)
        ? workspaces_strings(workspaces.packages)
        : undefined;
}
function workspaces_parsePattern(source) {
    // The matcher's regex backtracks on many wildcards in one segment (`*a*a*a*a*b`): no real
    // manifest has them, and a hostile one must not stall the run.
    if (source.length > MAX_PATTERN_CHARS)
        return undefined;
    if (source.split('/').some((segment) => segment !== '**' && segment.split('*').length > 4))
        return undefined;
    const negated = source.startsWith('!');
    const glob = external_node_path_.posix.join(negated ? source.slice(1) : source, PACKAGE_MANIFEST);
    // Only folders below the manifest belong to its workspace.
    if (glob.startsWith('../') || external_node_path_.posix.isAbsolute(glob))
        return undefined;
    const folders = glob.split('/').slice(0, -1);
    const firstGlob = folders.findIndex((segment) => workspaces_GLOB_SYNTAX.test(segment));
    return {
        negated,
        glob,
        literalPrefix: firstGlob === -1 ? folders : folders.slice(0, firstGlob),
        depth: folders.includes('**') ? Infinity : folders.length,
    };
}
/**
 * Every folder below `root` with a package.json that a positive pattern matches and no negation does
 * (pnpm's rule; npm's, where negations come last as they usually do), by its package's name. The
 * walk lists only folders a pattern can reach, follows no link, and stops after MAX_FOLDERS.
 */
async function packagesMatching(root, sources, workspace, warnings) {
    const patterns = sources
        .slice(0, MAX_PATTERNS)
        .map(workspaces_parsePattern)
        .filter((pattern) => pattern !== undefined);
    const positives = patterns.filter((pattern) => !pattern.negated);
    const negatives = patterns.filter((pattern) => pattern.negated);
    const listing = { packages: [], stopped: false, warnings };
    const queue = [''];
    for (let index = 0; index < queue.length; index++) {
        const folder = queue[index] ?? '';
        const manifest = external_node_path_.posix.join(folder, PACKAGE_MANIFEST);
        const matches = (pattern) => external_node_path_.posix.matchesGlob(manifest, pattern.glob);
        if (positives.some(matches) && !negatives.some(matches)) {
            // A folder is a package only with its manifest (`packages/**` matches every folder below),
            // one that cannot be used too: only its name is unknown. In a stable order, the nearest
            // first, then by name.
            const file = external_node_path_.join(root, manifest);
            const read = await readConfig(file, root);
            const name = read.kind === 'text' ? packageName(read.text) : read;
            if (typeof name === 'object' && name.kind === 'unusable') {
                const instead = 'the folder is still a package of the workspace, known by no name';
                warnings.push(unusableConfigWarning(posixRelative(workspace, file), name.reason, instead));
            }
            if (read.kind !== 'missing') {
                listing.packages.push({
                    name: typeof name === 'string' ? name : undefined,
                    folder: external_node_path_.join(root, folder),
                });
            }
        }
        const entries = await promises_.readdir(external_node_path_.join(root, folder), { withFileTypes: true })
            .catch(() => []);
        for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
            // Installed packages are not the workspace's; globs skip hidden folders (.git among them).
            if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.'))
                continue;
            const child = folder === '' ? entry.name : `${folder}/${entry.name}`;
            if (!positives.some((pattern) => mayHold(pattern, child)))
                continue;
            if (queue.length < MAX_FOLDERS)
                queue.push(child);
            else
                listing.stopped = true;
        }
    }
    return listing;
}
/** Whether the pattern can match `folder` or a folder below it. */
function mayHold(pattern, folder) {
    const segments = folder.split('/');
    if (segments.length > pattern.depth)
        return false;
    return pattern.literalPrefix.every((literal, index) => index >= segments.length || segments[index] === literal);
}
function packageName(text) {
    const manifest = parseJson(text);
    if (manifest === undefined)
        return UNPARSABLE_JSON;
    const name = isRecord(manifest) ? manifest.name : undefined;
    return typeof name === 'string' && name !== '' ? name : undefined;
}
/** The document, or undefined when the text is not JSON. */
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
function workspaces_strings(value) {
    return Array.isArray(value)
        ? value.filter((item) => typeof item === 'string')
        : [];
}

;// CONCATENATED MODULE: ./.build/project/package-projects.js





/** Entries looked at to tell whether a folder holds contracts: enough for a package's sources. */
const MAX_ENTRIES = 2000;
/** And over all packages: a checkout of thousands of packages must not take minutes. */
const MAX_ENTRIES_IN_ALL = 50_000;
/** Never where a package keeps contracts to audit. */
const NOT_SOURCES = new Set([
    'node_modules',
    'test',
    'tests',
    'mocks',
    'out',
    'cache',
    'artifacts',
]);
const CONTRACT = /(?<!\.t|\.s)\.(?:sol|vyi?)$/;
/**
 * The workspace's packages below `root` (absolute, links resolved) that no project holds: each
 * with contracts becomes one, named by its folder. A package holding a project is one too, for
 * its files outside it (each file belongs to the deepest project that holds it).
 */
async function packageProjects(root, workspace, found, entriesInAll = MAX_ENTRIES_IN_ALL) {
    const listing = await listWorkspacePackages(root, workspace);
    const result = {
        projects: [],
        unexamined: [],
        incomplete: listing.stopped,
        warnings: listing.warnings,
    };
    const budget = { entries: entriesInAll };
    for (const { name, folder } of listing.packages) {
        if (folder === root || !isInside(root, folder))
            continue;
        if (found.some((project) => isInside(project.root, folder)))
            continue;
        const search = await contractFolders(folder, workspace, budget);
        if (search.cut && search.sources.length === 0) {
            result.unexamined.push(posixRelative(root, folder));
            continue;
        }
        if (search.sources.length === 0)
            continue;
        const project = emptyProject(folder, posixRelative(root, folder));
        project.frameworks = ['Workspace package'];
        project.sources = search.sources;
        project.libs = ['node_modules'];
        const where = search.sources.map((source) => (source === '.' ? 'the package' : `${source}/`));
        project.notes.push(`workspace package ${name ?? '(no name)'} with no framework config: its contracts are in ${where.join(' and ')}`);
        result.projects.push(project);
    }
    return result;
}
/** `contracts` and `src` where they hold contracts, else `.` when the package does elsewhere. */
async function contractFolders(folder, workspace, budget) {
    const sources = [];
    let cut = false;
    for (const candidate of ['contracts', 'src']) {
        // A folder linked from elsewhere is not read: nothing outside the workspace is.
        const real = await promises_.realpath(external_node_path_.join(folder, candidate)).catch(() => undefined);
        if (real === undefined || !isInside(workspace, real))
            continue;
        const found = await holdsContracts(real, budget);
        if (found === 'yes')
            sources.push(candidate);
        cut ||= found === 'cut';
    }
    if (sources.length > 0 || cut)
        return { sources, cut };
    const found = await holdsContracts(folder, budget);
    return { sources: found === 'yes' ? ['.'] : [], cut: found === 'cut' };
}
/**
 * Whether a contract file lies under `dir`, in a stable order, within MAX_ENTRIES entries and
 * the budget: `cut` when they ran out first. Links are not followed.
 */
async function holdsContracts(dir, budget) {
    const queue = [dir];
    let seen = 0;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        let entries;
        try {
            entries = await promises_.readdir(next, { withFileTypes: true });
        }
        catch {
            continue;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
            if (seen >= MAX_ENTRIES || budget.entries <= 0)
                return 'cut';
            seen += 1;
            budget.entries -= 1;
            if (entry.isFile() && CONTRACT.test(entry.name))
                return 'yes';
            if (entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCES.has(entry.name))
                queue.push(external_node_path_.join(next, entry.name));
        }
    }
    return 'no';
}

;// CONCATENATED MODULE: ./.build/project/unit-names.js
/**
 * Source unit names, as solc forms them for relative imports (docs: "Import Path Resolution";
 * checked against solc 0.8.37 by the reference service's tests).
 */
/** True for `./x` and `../x`: resolved against the importer's name; every other path is direct. */
function isRelativeImport(importPath) {
    return importPath.startsWith('./') || importPath.startsWith('../');
}
/**
 * The unit name a relative import refers to: the importer's name without its last segment, then
 * each segment of the import applied (`.` and empty ones dropped, `..` removes one). A `..` with
 * nothing left to remove is ignored, as solc ignores it.
 */
function resolveRelativeImport(importerName, importPath) {
    const segments = importerName.split('/').slice(0, -1);
    for (const segment of importPath.split('/')) {
        if (segment === '..')
            segments.pop();
        else if (segment !== '.' && segment !== '')
            segments.push(segment);
    }
    return segments.join('/');
}

;// CONCATENATED MODULE: ./.build/project/resolve.js
/**
 * Where an import leads, as the project's compiler would find it: relative imports by solc's
 * rules, direct ones through the remappings, then the project's root, its dependency folders
 * (with Foundry's automatic `<name>/ → <lib>/<name>/src/`), and `node_modules` from the importer up
 * to the workspace (Hardhat, Truffle and npm workspaces). Where no `node_modules` link leads to a
 * sibling workspace package, the workspace's manifest says which folder it is. A Vyper file's
 * imports follow Vyper's rules (vyper-resolve.ts). Nothing outside the workspace is read.
 */










const OUTSIDE = 'is outside the workspace';
const LINKS_OUTSIDE = 'links outside the workspace';
/** Places a missing import's problem names: the rest are counted. */
const resolve_PLACES_SHOWN = 8;
/**
 * `workspace` is absolute with links resolved. Answers are remembered: a project imports the same
 * paths from the same folders again and again, and each answer may cost a dozen file lookups.
 * Past `deadline`, resolving throws a DeadlineError.
 */
function createImportResolver(project, workspace, 
/** The door's, whose name for the tool the problems use. */
words, deadline) {
    const { tool } = words;
    const answers = new Map();
    const files = new Map();
    const lookUp = (file) => {
        let found = files.get(file);
        if (found === undefined)
            files.set(file, (found = existingFile(file, workspace)));
        return found;
    };
    // Read once, and only when an import needs it: most packages are found through node_modules.
    let packages;
    const lookUpPackages = () => (packages ??= workspacePackages(project.root, workspace));
    let pythonPaths;
    const lookUpPythonPaths = () => (pythonPaths ??= pythonPathsOf(project, workspace));
    const contexts = project.remappings.some((remapping) => remapping.context !== '');
    return (importPath, importer) => {
        checkDeadline(deadline, 'resolving imports');
        const folder = external_node_path_.dirname(importer.absolutePath);
        const vyper = isVyperSource(importer.name);
        // Everything the answer depends on: a relative one (and any Vyper one, looked up beside the
        // importer first) on the importer's names, a direct one on where node_modules is looked for
        // and, with contexts, on the importer's unit name.
        const key = vyper || isRelativeImport(importPath)
            ? [importPath, folder, parentOf(importer.name), parentOf(importer.unitName)]
            : [importPath, folder, contexts ? importer.unitName : '', 'direct'];
        key.push(vyper ? 'vyper' : 'solidity');
        let answer = answers.get(key.join('\0'));
        if (answer === undefined) {
            answer = vyper
                ? resolveVyperImport(project, workspace, lookUp, lookUpPythonPaths, importPath, importer)
                : resolveImport(project, workspace, lookUp, lookUpPackages, importPath, importer, tool);
            answers.set(key.join('\0'), answer);
        }
        return answer;
    };
}
async function resolveImport(project, workspace, lookUp, lookUpPackages, importPath, importer, tool) {
    if (isRelativeImport(importPath)) {
        const name = resolveRelativeImport(importer.name, importPath);
        const unitName = resolveRelativeImport(importer.unitName, importPath);
        // Forge sends a relative import through a remapping its resolved name starts with, where
        // the file that leads to exists (`vendor/a/=vendor/b/` for `../vendor/a/Y.sol`).
        const remapping = project.foundryLibs === undefined
            ? undefined
            : winningRemapping(project.remappings, unitName, importer.unitName);
        if (remapping !== undefined) {
            const target = remapping.target + unitName.slice(remapping.prefix.length);
            const file = external_node_path_.resolve(project.root, target);
            const found = await lookUp(file);
            if (typeof found !== 'string')
                return { node: { name, unitName: target, ...found } };
            // Where forge may read a file this action never looks at, the file beside the importer
            // would stand in for it unsaid.
            if (found === OUTSIDE || found === LINKS_OUTSIDE)
                return {
                    problem: `its name ${unitName} falls under the remapping "${remapping.prefix}=${remapping.target}", so forge would read ${resolve_shown(workspace, file)} where that file exists, outside the workspace, which ${tool} never reads`,
                };
        }
        const onDisk = external_node_path_.resolve(external_node_path_.dirname(importer.absolutePath), importPath);
        const found = await lookUp(onDisk);
        if (typeof found === 'string')
            return { problem: `${resolve_shown(workspace, onDisk)} ${found}` };
        return { node: { name, unitName, ...found } };
    }
    const remapping = winningRemapping(project.remappings, importPath, importer.unitName);
    const remapped = remapping && remapping.target + importPath.slice(remapping.prefix.length);
    const candidates = remapping !== undefined
        ? remappedCandidates(project, remapping, importPath)
        : directCandidates(project, workspace, importPath, importer);
    const problems = [];
    let outsideFirst;
    for (const candidate of candidates) {
        const found = await lookUp(candidate.file);
        // Forge reads the file in a `libs` folder outside the workspace where it exists, before this
        // one: sending this one would put another file in its place.
        if (typeof found !== 'string' && outsideFirst !== undefined && project.foundryLibs) {
            return {
                problem: `forge would read it from ${outsideFirst} where that file exists, outside the workspace, which ${tool} never reads, before ${resolve_shown(workspace, candidate.file)}`,
            };
        }
        if (typeof found !== 'string') {
            return { node: { name: importPath, unitName: candidate.unitName, ...found } };
        }
        if (found === OUTSIDE)
            outsideFirst ??= candidate.file;
        // The compiler reads the file there, through the link (`lib/dep` linked elsewhere on the
        // runner): a file further down the lookup is not the one it compiles.
        if (found === LINKS_OUTSIDE && remapping === undefined) {
            return {
                problem: `${project.foundryLibs === undefined ? 'the compiler' : 'forge'} would read it from ${resolve_shown(workspace, candidate.file)}, a link that leads outside the workspace, which ${tool} never reads`,
            };
        }
        problems.push(found);
    }
    // The package the missing node_modules link would have led to: the import itself, or where a
    // remapping into node_modules (`@acme/=node_modules/@acme/`) points.
    const linked = remapped === undefined ? importPath : insideNodeModules(remapped);
    const inPackage = linked === undefined ? undefined : fileInPackage(await lookUpPackages(), linked);
    if (inPackage !== undefined) {
        const found = await lookUp(inPackage);
        if (typeof found !== 'string') {
            return { node: { name: importPath, unitName: remapped ?? importPath, ...found } };
        }
        if (remapped === undefined)
            candidates.push({ file: inPackage, unitName: importPath });
    }
    if (remapped !== undefined) {
        const where = resolve_shown(workspace, candidates[0]?.file ?? remapped);
        return { problem: `its remapping leads to ${where}, which ${problems[0] ?? 'does not exist'}` };
    }
    // Places outside the workspace are never looked at: said apart, as where forge would look.
    const inside = candidates.filter((c) => isInside(workspace, c.file));
    const outside = candidates.filter((c) => !isInside(workspace, c.file)).map((c) => c.file);
    const looked = `no file was found at ${firstFew(inside.map((c) => resolve_shown(workspace, c.file)), resolve_PLACES_SHOWN).join(', ')}`;
    return {
        problem: outside.length === 0
            ? looked
            : `${inside.length > 0 ? `${looked}; ` : ''}${project.foundryLibs === undefined ? 'the compiler would look for it at' : 'forge would read it from'} ${firstFew(outside, resolve_PLACES_SHOWN).join(' or ')}, outside the workspace, which ${tool} never reads`,
    };
}
/** `@acme/core/X.sol` for `../../node_modules/@acme/core/X.sol`: the path within node_modules. */
function insideNodeModules(file) {
    const segments = file.split('/');
    const last = segments.lastIndexOf('node_modules');
    return last === -1 ? undefined : segments.slice(last + 1).join('/');
}
/** The name without its last segment: what a relative import is resolved against. */
function parentOf(name) {
    return name.slice(0, name.lastIndexOf('/') + 1);
}
/**
 * Where a remapped import is: the remapping's target, and for Foundry, where that target ends in
 * `contracts/` and so does the import's start, the target with one `contracts/` (forge's own
 * allowance for `@openzeppelin/=node_modules/@openzeppelin/contracts/`).
 */
function remappedCandidates(project, remapping, importPath) {
    const rest = importPath.slice(remapping.prefix.length);
    const at = (unitName) => ({ file: external_node_path_.resolve(project.root, unitName), unitName });
    const candidates = [at(remapping.target + rest)];
    if (project.foundryLibs !== undefined &&
        rest.startsWith('contracts/') &&
        remapping.target.endsWith('contracts/'))
        candidates.push(at(remapping.target + rest.slice('contracts/'.length)));
    return candidates;
}
/** Where an import no remapping maps may be: Foundry's places, then Node's for other tools. */
function directCandidates(project, workspace, importPath, importer) {
    const foundry = project.foundryLibs;
    const candidates = foundry === undefined ? [] : foundryCandidates(project, foundry, importPath, importer);
    if (foundry === undefined || project.frameworks.some((framework) => framework !== 'Foundry')) {
        candidates.push({ file: external_node_path_.resolve(project.root, importPath), unitName: importPath });
        // node_modules is looked up from the importer below, as Node does.
        for (const lib of project.libs.filter((folder) => folder !== 'node_modules')) {
            const unitName = external_node_path_.posix.join(lib, importPath);
            candidates.push({ file: external_node_path_.resolve(project.root, unitName), unitName });
        }
        for (const dir of resolve_ancestors(external_node_path_.dirname(importer.absolutePath), workspace, project.root))
            candidates.push({ file: external_node_path_.join(dir, 'node_modules', importPath), unitName: importPath });
    }
    const seen = new Set();
    // Bounded, whatever the config's libs: each candidate is a lookup for every missing import.
    return candidates
        .filter((c) => !seen.has(c.file) && seen.add(c.file))
        .slice(0, MAX_IMPORT_CANDIDATES);
}
/**
 * As foundry-compilers looks up an import no remapping maps: `<lib>/<import>` and
 * `<lib>/<first>/src/<rest>` in each of `libs`; inside a library, from each folder above the
 * importer's up to the library's folder (`src/X.sol` from `lib/dep/src/a/Y.sol`); then from the
 * project's root and from its source, test or script folder that holds the importer.
 */
function foundryCandidates(project, libs, importPath, importer) {
    const at = (file) => ({ file, unitName: posixRelative(project.root, file) });
    const candidates = [];
    const [first, ...rest] = importPath.split('/');
    const folders = libs.map((lib) => external_node_path_.resolve(project.root, lib));
    for (const folder of folders) {
        candidates.push(at(external_node_path_.join(folder, importPath)));
        if (first !== undefined && rest.length > 0)
            candidates.push(at(external_node_path_.join(folder, first, 'src', ...rest)));
    }
    const importerFolder = external_node_path_.dirname(importer.absolutePath);
    const library = folders.find((folder) => isInside(folder, importerFolder));
    if (library !== undefined) {
        for (let dir = external_node_path_.dirname(importerFolder); dir !== library && isInside(library, dir); dir = external_node_path_.dirname(dir))
            candidates.push(at(external_node_path_.join(dir, importPath)));
    }
    for (const folder of ['.', ...project.sources, ...project.tests, ...project.scripts]) {
        const dir = external_node_path_.resolve(project.root, folder);
        if (isInside(dir, importerFolder))
            candidates.push(at(external_node_path_.join(dir, importPath)));
    }
    return candidates;
}
/** The importer's folder and its parents up to the workspace, then the project root's. */
function resolve_ancestors(from, workspace, projectRoot) {
    const dirs = [];
    for (const start of [from, projectRoot]) {
        for (let dir = start; isInside(workspace, dir); dir = external_node_path_.dirname(dir)) {
            if (!dirs.includes(dir))
                dirs.push(dir);
            if (dir === workspace)
                break;
        }
    }
    return dirs;
}
/** The file's real path and size, or why it cannot be used. */
async function existingFile(file, workspace) {
    if (!isInside(workspace, file))
        return OUTSIDE;
    try {
        const real = await promises_.realpath(file);
        if (!isInside(workspace, real))
            return LINKS_OUTSIDE;
        const stats = await promises_.stat(real);
        return stats.isFile() ? { absolutePath: real, size: stats.size } : 'is not a file';
    }
    catch {
        return 'does not exist';
    }
}
function resolve_shown(workspace, file) {
    return isInside(workspace, file) ? posixRelative(workspace, file) : file;
}

;// CONCATENATED MODULE: ./.build/project/search-log.js
/**
 * What the contract search says in the log: the projects and the folders chosen, the files to
 * audit and those left out with their reasons, the files production code pulled in, the
 * dependencies, and every import that could not be followed.
 */





/** What to do about a Vyper module that was not found. */
const vyperFix = (words) => "A Vyper import names a module by its path from the project root or the compiled file's folder (`from src.interfaces import i_vault`), or from the importing file with leading dots (`from .interfaces import i_vault`). " +
    `A module of a Python package (\`from snekmate.tokens import erc20\`) is found once installed inside the workspace ${words.beforeAudit}: ` +
    'in a virtual environment there (`uv sync`, or `python -m venv .venv` and `.venv/bin/pip install snekmate`), or with `mox install` into lib/; ' +
    `for one in a git submodule, ${words.fetchSubmodules}.`;
/** Lines of a long list shown in a warning; the rest are counted. */
const search_log_SHOWN = 20;
/** A project's folders named on its line; the rest are counted. */
const FOLDERS_SHOWN = 8;
function logProjects(projects, search, log) {
    if (projects.length === 0) {
        log.info(`No Foundry, Hardhat, Truffle, Brownie or Ape project found: searching by ${search.vocabulary.option('contracts')} and the built-in excludes.`);
        return;
    }
    const lines = projects.flatMap((project) => {
        const where = shownFolder(search.pathPrefix, project.path);
        const folders = (list) => firstFew(list.map((folder) => `${folder}/`), FOLDERS_SHOWN).join(' and ');
        const leftOut = [
            project.tests.length > 0 ? `${folders(project.tests)} (tests)` : undefined,
            project.scripts.length > 0 ? `${folders(project.scripts)} (scripts)` : undefined,
            `${folders(project.libs)} (dependencies)`,
        ].filter((part) => part !== undefined);
        return [
            `${where}: ${project.frameworks.join(' + ')} project`,
            ...project.notes.map((note) => `  ${note}`),
            search.defaultContractPatterns
                ? `  audits ${folders(project.sources)}; leaves out ${leftOut.join(', ')}, and mocks and harnesses by convention`
                : `  audits what ${search.vocabulary.option('contracts')} selects`,
        ];
    });
    log.group(`Projects (${projects.length})`, lines);
    const nested = projects.flatMap((project) => {
        const outer = projects
            .filter((other) => other !== project && isInside(other.root, project.root))
            .sort((a, b) => b.root.length - a.root.length)[0];
        return outer === undefined
            ? []
            : [
                `${shownFolder(search.pathPrefix, project.path)} lies inside the project at ${shownFolder(search.pathPrefix, outer.path)}`,
            ];
    });
    if (nested.length > 0) {
        log.info(`${nested.join('; ')}: each file is audited once, in the deepest project holding it, and a run at the outer project's folder audits the nested one too, so ${search.vocabulary.projectList} lists only the outermost projects.`);
    }
    if (projects.length > 1) {
        log.info(`${projects.length} projects: each is audited on its own, its files named from its own folder as its compiler names them.`);
    }
}
function logDiscovery(discovery, search, log) {
    for (const link of discovery.skippedLinks) {
        const why = link.reason === 'broken' ? 'its target does not exist' : 'it points outside the workspace';
        log.warning(`Skipped the symbolic link ${search.pathPrefix}${link.path} (to ${link.target}): ${why}. It was not read.`);
    }
    // File and directory names come from the checkout: the logger keeps them from running commands.
    log.group(`Contract files to audit (${discovery.files.length})`, discovery.files.map((file) => `${search.pathPrefix}${file.relativePath} (${file.size} bytes)`));
    if (discovery.excluded.length > 0) {
        log.group(`Not audited (${discovery.excluded.length})`, [
            ...discovery.excluded.map((entry) => `${search.pathPrefix}${entry.path}: ${entry.reason}`),
            `To audit one of them, add \`!<path>\` to ${search.vocabulary.option('exclude')} (e.g. \`!mocks/\`), or set ${search.vocabulary.option('default-excludes')} to false.`,
        ]);
    }
    // The defaults look for Solidity and Vyper: a project of one language is not a mistake.
    const misspelled = !search.defaultContractPatterns && discovery.unmatchedPatterns.length > 0;
    if (misspelled && discovery.files.length > 0) {
        const message = `No file matched these ${search.vocabulary.option('contracts')} patterns: ${discovery.unmatchedPatterns.join(', ')}`;
        if (search.ifNoFilesFound === 'ignore')
            log.info(message);
        else
            log.warning(message);
    }
}
/**
 * The contracts the selection could audit that no upload holds, and the submodules not checked
 * out where it looks: each named, never dropped unsaid.
 */
function logUnselected(unselected, search, log) {
    if (unselected.problem !== undefined) {
        log.warning(`Could not look for contracts outside the projects' source folders, which are not audited: ${unselected.problem}`);
    }
    if (unselected.gitmodules !== undefined)
        log.warning(unselected.gitmodules);
    if (unselected.emptySubmodules.length > 0) {
        log.warning(`${unselected.emptySubmodules.length} git submodule(s) where contracts are audited are empty (declared in .gitmodules, not checked out), so their files are not audited:\n` +
            shortList(unselected.emptySubmodules.map((folder) => `  - ${search.pathPrefix}${folder}/`)) +
            `\n${sentenceStart(search.vocabulary.fetchSubmodules)}.`);
    }
    const outside = unselected.outsideProjects;
    if (outside.length > 0) {
        log.warning(`${outside.length} contract file(s) lie outside every project's folder, so they are not audited:\n` +
            shortList(outside.map((file) => `  - ${search.pathPrefix}${file}`)) +
            `\nGive their folder a project config (or a package.json in a workspace), or set ${search.vocabulary.option('contracts')} to audit them.`);
    }
    if (unselected.outsideSources.length > 0) {
        log.group(`Not audited: outside their project's source folders (${unselected.outsideSources.length})`, [
            ...unselected.outsideSources.map((entry) => `${search.pathPrefix}${entry.path}: not in ${entry.sources.map((folder) => `${folder}/`).join(' or ')} of the project at ${shownFolder(search.pathPrefix, entry.project)}`),
            `If they are production code, add their folder to the project's sources (or set ${search.vocabulary.option('contracts')}).`,
        ]);
    }
}
function logDependencies(files, selected, uploadName, log) {
    const imported = files.slice(selected).filter((file) => !file.dependency);
    if (imported.length > 0) {
        log.group(`${uploadName === undefined ? '' : `${uploadName}: `}Audited because production code imports them (${imported.length}), though left out above`, imported.map((file) => file.repositoryPath));
    }
    const dependencies = files.filter((file) => file.dependency);
    if (dependencies.length === 0)
        return;
    log.group(`${uploadName === undefined ? '' : `${uploadName}: `}Dependencies (${dependencies.length}): imported by the files to audit, sent with them; their findings do not count`, dependencies.map((file) => file.relativePath === file.repositoryPath
        ? file.relativePath
        : `${file.relativePath} (${file.repositoryPath})`));
}
/** One warning for every import left unresolved, one for every name conflict, over all uploads. */
function logClosureProblems(closures, search, workspace, projects, log, emptySubmodules = []) {
    if (search.dependencies === 'exclude') {
        const notSent = closures.reduce((sum, closure) => sum + closure.dependencies.length, 0);
        if (notSent > 0) {
            log.info(`${notSent} imported file(s) were not uploaded (${search.vocabulary.setting('dependencies', 'exclude')}): the service sees an upload that does not compile on its own.`);
        }
        return;
    }
    const unresolved = closures.flatMap((closure) => closure.unresolved);
    if (unresolved.length > 0) {
        const lines = unresolved.map((entry) => `  - ${posixRelative(workspace, entry.importer)}:${entry.line} imports "${entry.importPath}": ${entry.problem}`);
        const packages = projects.flatMap((project) => project.packages);
        const vyper = unresolved.filter((entry) => isVyperSource(entry.importer)).length;
        // The empty submodules the missing files would be in, by the places each problem names.
        const needed = emptySubmodules
            .map((folder) => `${search.pathPrefix}${folder}/`)
            .filter((folder) => unresolved.some((entry) => entry.problem.includes(folder)));
        log.warning(`${unresolved.length} import(s) could not be resolved, so the upload does not compile on its own and the service may not audit these files fully:\n` +
            shortList(lines) +
            (needed.length > 0
                ? `\nThey lead into git submodules that are empty here (declared in .gitmodules, not checked out): ${firstFew(needed, search_log_SHOWN).join(', ')}.`
                : '') +
            (vyper < unresolved.length
                ? `\nIf they are git submodules, ${search.vocabulary.fetchSubmodules}, or run \`forge install\`; ` +
                    `if they are npm packages, run \`npm ci\` (or your package manager's install) ${search.vocabulary.beforeAudit}; otherwise add a remapping to remappings.txt.`
                : '') +
            (vyper > 0 ? `\n${vyperFix(search.vocabulary)}` : '') +
            (packages.length > 0
                ? ` Brownie installs its packages (${packages.join(', ')}) outside the repository, so they cannot be uploaded.`
                : ''));
    }
    const conflicts = closures.flatMap((closure) => closure.conflicts);
    if (conflicts.length > 0) {
        const shown = (file) => posixRelative(workspace, file);
        const lines = conflicts.map((conflict) => `  - "${conflict.name}": sent ${shown(conflict.sent)}, not ${shown(conflict.notSent)}`);
        log.warning(`${conflicts.length} import name(s) lead to two different files; an upload has one file per name, so importers of the other one see the wrong file:\n${shortList(lines)}\n` +
            'This happens with context-specific remappings: give each context its own folder name, or audit the projects that need them in separate steps.');
    }
}
/** `packages/core` for a project there, `.` for the repository's root. */
function shownFolder(pathPrefix, projectPath) {
    return `${pathPrefix}${projectPath}`.replace(/\/$/, '') || '.';
}
function shortList(lines) {
    return firstFew(lines, search_log_SHOWN, '  ').join('\n');
}
function noFiles(discovery, projects, search, log) {
    const words = search.vocabulary;
    const where = projects.length > 0 && search.defaultContractPatterns
        ? `in the source folders of ${projects.map((project) => shownFolder(search.pathPrefix, project.path)).join(', ')}`
        : `under ${search.pathPrefix || './'} for ${discovery.unmatchedPatterns.join(', ') || search.contractPatterns.join(', ')}`;
    const message = `No contract files found ${where}` +
        (discovery.excluded.length > 0
            ? ` (${discovery.excluded.length} left out: see "Not audited")`
            : '') +
        `. Check ${words.option('contracts')}, ${words.option('exclude')} and ${words.option('working-directory')}.`;
    if (search.ifNoFilesFound === 'error') {
        throw new ConfigurationError(words.takes('if-no-files-found')
            ? `${message} (Set ${words.option('if-no-files-found')} to warn or ignore to allow this.)`
            : message);
    }
    if (search.ifNoFilesFound === 'warn')
        log.warning(message);
    else
        log.info(message);
}

;// CONCATENATED MODULE: ./.build/project/unselected.js
/**
 * Nothing dropped without a word. Every contract file the default selection could audit (all of
 * them but those its rules leave out, which the log names with their reasons) is audited, sent
 * as a dependency, or named here: in no project's folder, or in a project's folder outside its
 * source folders. A git submodule where the selection looks that is not checked out is named too:
 * its files are not there to be found.
 */









/**
 * `sent`: the absolute paths of every file of every upload (audited or dependency). `root` is
 * the working directory, links resolved.
 */
async function unselectedContracts(search, root, projects, rules, sent) {
    const empty = await emptySubmodules(search, root, rules);
    const result = {
        outsideProjects: [],
        outsideSources: [],
        emptySubmodules: empty.audited,
        emptyDependencies: empty.other,
        gitmodules: empty.warning,
    };
    if (projects.length === 0)
        return result; // the selection is every contract already
    try {
        const { files } = await discoverContracts({
            workspace: search.workspace,
            root: search.workingDirectory,
            patterns: contractGlobs(),
            excludes: search.excludePatterns,
            // Dependencies, build output and what the conventions leave out are never candidates,
            // whatever `default-excludes` says of the source folders.
            useDefaultExcludes: true,
            vocabulary: search.vocabulary,
            // Outside every project, a plain folder's: `lib/` at the root holds dependencies.
            defaultExcludes: projects.some((project) => project.path === '')
                ? rules.excludes
                : [...DEFAULT_EXCLUDES, ...rules.excludes],
            deadline: search.deadline,
        });
        for (const file of files) {
            if (sent.has(file.absolutePath))
                continue;
            const project = deepest(projects, file.absolutePath);
            if (project === undefined)
                result.outsideProjects.push(file.relativePath);
            else {
                result.outsideSources.push({
                    path: file.relativePath,
                    project: project.path,
                    sources: project.sources,
                });
            }
        }
    }
    catch (error) {
        if (error instanceof DeadlineError)
            throw error;
        result.problem = errorMessage(error);
    }
    return result;
}
/** The deepest project whose root holds the file. */
function deepest(projects, file) {
    return projects
        .filter((project) => isInside(project.root, file))
        .sort((a, b) => b.root.length - a.root.length)[0];
}
/**
 * The workspace's `.gitmodules` submodules below the working directory that are empty (not
 * checked out): those where the selection would look for contracts to audit, and the others.
 */
async function emptySubmodules(search, root, rules) {
    const empty = { audited: [], other: [] };
    const workspace = await promises_.realpath(search.workspace).catch(() => search.workspace);
    const read = await readConfig(external_node_path_.join(workspace, GIT_SUBMODULES), workspace);
    if (read.kind === 'unusable') {
        const instead = 'submodules that are not checked out are not looked for';
        return { ...empty, warning: unusableConfigWarning(GIT_SUBMODULES, read.reason, instead) };
    }
    if (read.kind === 'missing')
        return empty;
    const text = read.text;
    const patterns = compilePatterns(rules.patterns, search.workingDirectory, search.vocabulary);
    const excludes = compileExcludes([...rules.excludes, ...search.excludePatterns]);
    for (const declared of submodulePaths(text)) {
        const folder = external_node_path_.resolve(workspace, declared);
        if (!isInside(root, folder) || folder === root)
            continue;
        const relative = posixRelative(root, folder);
        const entries = await promises_.readdir(folder).catch(() => []);
        if (entries.length > 0)
            continue;
        if (excludes.prunes(relative) !== undefined || !patterns.mayMatchBelow(relative))
            empty.other.push(relative);
        else
            empty.audited.push(relative);
    }
    return { audited: empty.audited.sort(), other: empty.other.sort() };
}
/** `path = lib/x` lines of `.gitmodules`, as git writes them. */
function submodulePaths(text) {
    const paths = [];
    for (const line of text.split(/\r?\n/)) {
        const match = /^\s*path\s*=\s*(.+?)\s*$/.exec(line);
        const value = match?.[1]?.replace(/^"(.*)"$/, '$1');
        if (value && !external_node_path_.isAbsolute(value))
            paths.push(value);
    }
    return paths;
}

;// CONCATENATED MODULE: ./.build/project/selection.js
/**
 * Which files of a project are its production sources: the config's source folders, minus its
 * test, script and dependency folders and the conventional homes of tests, mocks and
 * verification or fuzzing harnesses (LAYOUTS.md). Each rule carries the reason the log gives.
 */


/** The project's rules, for a search rooted `project.path` above the project's root. */
function productionSources(project) {
    // Folder names are not globs: `lib[1]` is a folder, not `lib1`.
    const prefix = project.path === '' ? '' : `${literalGlob(project.path)}/`;
    const config = project.frameworks.join('/');
    const anchored = (folder, reason) => ({
        pattern: `/${prefix}${folder}/`,
        reason,
    });
    return {
        patterns: project.sources.flatMap((folder) => {
            const base = folder === '.' || folder === '' ? prefix : `${prefix}${folder}/`;
            return contractGlobs(base);
        }),
        excludes: [
            ...INSTALLED_PACKAGES,
            VENDORED,
            ...['out', 'cache', 'artifacts'].map((folder) => anchored(folder, 'build output')),
            ...project.libs
                .filter((lib) => lib !== 'node_modules')
                .map((lib) => anchored(lib, `the project's dependency folder (${config} libs)`)),
            ...project.tests.map((folder) => anchored(folder, `the project's test folder (${config})`)),
            ...project.scripts.map((folder) => anchored(folder, `the project's script folder (${config})`)),
            ...NON_PRODUCTION,
        ],
    };
}

;// CONCATENATED MODULE: ./.build/project/team-code.js
/**
 * Which imported files are the team's own code. A file the selection left out by convention
 * (a `*Harness*.sol`, a `mocks/` folder, the project's `test/`) that production code imports
 * ships with it, whatever its name: it is audited and its findings count. Only dependency
 * folders, vendored code (`vendor/`), build output, the user's own `exclude` and what the user's `contracts` do not select
 * make an imported file a dependency; so does being no contract at all (a Vyper JSON ABI): it
 * describes an interface and holds no code to audit.
 */




const BUILD_OUTPUT = ['out', 'cache', 'artifacts'];
/** Whether a file (absolute, links resolved) is the team's code by these rules. */
function teamCode(rules) {
    // A project's tests and scripts that production code imports ship with it too.
    const folders = rules.projects.map((project) => project.path === '' ? '**' : `${literalGlob(project.path)}/**`);
    const patterns = compilePatterns(rules.patterns ?? (folders.length > 0 ? folders : ['**']), rules.root, rules.vocabulary);
    const notOurs = compileExcludes([
        ...dependencyFolders(rules.projects),
        ...rules.excludes.map((pattern) => ({ pattern, reason: 'exclude' })),
    ]);
    return (file) => {
        if (!isContract(file) || !isInside(rules.root, file))
            return false;
        const relative = posixRelative(rules.root, file);
        return (notOurs.prunes(external_node_path_.posix.dirname(relative)) === undefined &&
            notOurs.excludesFile(relative) === undefined &&
            patterns.selects(relative));
    };
}
function isContract(file) {
    return CONTRACT_EXTENSIONS.some((extension) => file.endsWith(`.${extension}`));
}
/** Where dependencies and build output live: each project's, or the plain folder's defaults. */
function dependencyFolders(projects) {
    const anchored = (folder) => ({ pattern: `/${folder}/`, reason: '' });
    const rules = [
        ...INSTALLED_PACKAGES,
        VENDORED,
        { pattern: '.git/', reason: '' },
    ];
    if (projects.length === 0)
        return [...rules, anchored('lib'), ...BUILD_OUTPUT.map(anchored)];
    for (const project of projects) {
        const prefix = project.path === '' ? '' : `${literalGlob(project.path)}/`;
        for (const folder of [...project.libs, ...BUILD_OUTPUT])
            rules.push(anchored(`${prefix}${folder}`));
    }
    return rules;
}

;// CONCATENATED MODULE: ./.build/project/find-contracts.js
/**
 * Choosing what to upload: the projects under the working directory, their production sources
 * (or the user's `contracts`), each file left out and why, the files those sources import (named
 * so that the upload compiles as it is), the upload limits, and `if-no-files-found`.
 */















/**
 * Projects one run audits at most, one audit each (and an upload bundle carries at most): past
 * that, a job per project is the way.
 */
const MAX_PROJECTS = 50;
/** The projects under `working-directory`, each logged with the folders chosen and why. */
async function findProjects(search, log) {
    const workspace = await promises_.realpath(search.workspace);
    const root = await realDirectory(search.workingDirectory);
    if (root === undefined)
        return [];
    const detection = await detectProjects({
        workspace,
        root,
        foundryProfile: search.foundryProfile,
        deadline: search.deadline,
        vocabulary: search.vocabulary,
    });
    for (const warning of detection.warnings)
        log.warning(warning);
    // Only beside framework projects: alone, a folder of contracts is searched as it always was.
    const packages = detection.projects.length > 0
        ? await packageProjects(root, workspace, detection.projects)
        : { projects: [], unexamined: [], incomplete: false, warnings: [] };
    checkDeadline(search.deadline, 'looking through workspace packages');
    for (const warning of packages.warnings)
        log.warning(warning);
    if (packages.unexamined.length > 0 || packages.incomplete) {
        const named = packages.unexamined.map((folder) => `  - ${shownFolder(search.pathPrefix, folder)}`);
        log.warning(`Some workspace packages were not looked through for contracts, so none of theirs is audited unless imported` +
            (packages.incomplete ? ' (the workspace has more folders than are walked)' : '') +
            (named.length > 0 ? `:\n${shortList(named)}` : '.') +
            `\nSet ${search.vocabulary.option('working-directory')} to the folder of the packages to audit.`);
    }
    const projects = [...detection.projects, ...packages.projects].sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    logProjects(projects, search, log);
    return projects;
}
/**
 * The projects a matrix of jobs should list: those no other project holds. A run at a project's
 * folder audits the projects nested in it too (each file once, by the deepest project holding
 * it), so a job of their own would audit their files a second time.
 */
function outermostProjects(projects) {
    return projects.filter((project) => !projects.some((other) => other !== project && isInside(other.root, project.root)));
}
/**
 * The projects as a matrix takes them. A folder with no project config is one project of its
 * own, so a matrix built from the output always has a job.
 */
function projectSummaries(projects, search, projectName) {
    const found = projects.length > 0 ? projects : [{ path: '', frameworks: [] }];
    return found.map((project) => {
        const path = shownFolder(search.pathPrefix, project.path);
        return {
            name: unitName(projectName, project.path),
            path,
            frameworks: [...project.frameworks],
        };
    });
}
/**
 * What to upload, one upload per audit: with one project (or none), everything under the
 * working directory; with several, each project's files, named from its own root so that its
 * compiler's names (`src/L1/X.sol`) resolve, plus its own import closure. `projects` are
 * findProjects' answer, or found here when not given.
 */
async function findUploads(search, log, found) {
    const projects = found ?? (await findProjects(search, log));
    const workspace = await promises_.realpath(search.workspace);
    const root = (await realDirectory(search.workingDirectory)) ?? search.workingDirectory;
    const rules = selectionRules(projects, search);
    const discovery = await discoverContracts({
        workspace: search.workspace,
        root: search.workingDirectory,
        patterns: rules.patterns,
        excludes: search.excludePatterns,
        useDefaultExcludes: search.useDefaultExcludes,
        defaultExcludes: rules.excludes,
        deadline: search.deadline,
        vocabulary: search.vocabulary,
    });
    logDiscovery(discovery, search, log);
    // With the user's `contracts`, what they leave out is their choice: only submodules are named.
    const accountFor = async (sent) => {
        const scope = search.defaultContractPatterns ? projects : [];
        const unselected = await unselectedContracts(search, root, scope, rules, sent);
        logUnselected(unselected, search, log);
        checkDeadline(search.deadline, 'looking for contracts outside the source folders');
        return unselected;
    };
    if (discovery.files.length === 0) {
        await accountFor(new Set());
        noFiles(discovery, projects, search, log);
        return [];
    }
    const groups = uploadGroups(projects, discovery.files, root, search, log);
    if (groups.length > MAX_PROJECTS) {
        throw new ConfigurationError(`${groups.length} projects under ${search.pathPrefix || './'} have contracts to audit; one run audits at most ${MAX_PROJECTS}. ` +
            `Set ${search.vocabulary.option('working-directory')} to a folder with fewer, or ${search.vocabulary.splitProjects}.`);
    }
    const uploads = [];
    const closures = [];
    const ours = teamCode({
        root,
        patterns: search.defaultContractPatterns ? undefined : search.contractPatterns,
        excludes: search.excludePatterns,
        projects,
        vocabulary: search.vocabulary,
    });
    const audited = new Set(discovery.files.map((file) => file.absolutePath));
    for (const group of groups) {
        // Before anything is read for imports: the files to audit alone may already be too many.
        checkUploadLimits(group.files, search.limits, search.vocabulary);
        const selected = group.files.map((file) => {
            const name = group.namesFrom
                ? relativeName(group.namesFrom.root, file.absolutePath, file.relativePath)
                : file.relativePath;
            const project = owner(projects, file.absolutePath) ?? group.namesFrom;
            return {
                name,
                unitName: project ? relativeName(project.root, file.absolutePath, name) : name,
                absolutePath: file.absolutePath,
                size: file.size,
            };
        });
        const closure = await importsOfAudited(selected, projects, root, workspace, search);
        if (closure.stopped && search.dependencies === 'include') {
            const words = search.vocabulary;
            throw new ConfigurationError(`The ${selected.length} files to audit${group.several ? ` in ${group.path}` : ''} import so many others that the upload would hold more than ${search.limits.maxFiles} files (${words.optionNamed('max-files')}). ` +
                `Raise ${words.option('max-files')}, narrow ${words.option('contracts')} or ${words.option('exclude')}, or set ${words.setting('dependencies', 'exclude')} to send only the files to audit.`);
        }
        // An imported file of a project's sources that no upload audits is audited where production
        // code imports it, not a dependency, and sent even with `dependencies: exclude`.
        const imported = new Set(closure.dependencies.filter((node) => !audited.has(node.absolutePath) && ours(node.absolutePath)));
        const dependencies = closure.dependencies.filter((node) => !imported.has(node));
        const files = [
            ...selected.map((node, index) => ({
                absolutePath: node.absolutePath,
                relativePath: node.name,
                size: node.size,
                repositoryPath: `${search.pathPrefix}${group.files[index]?.relativePath ?? node.name}`,
                dependency: false,
            })),
            ...[...imported, ...(search.dependencies === 'include' ? dependencies : [])].map((node) => ({
                absolutePath: node.absolutePath,
                relativePath: node.name,
                size: node.size,
                repositoryPath: posixRelative(workspace, node.absolutePath),
                dependency: !imported.has(node),
            })),
        ];
        logDependencies(files, selected.length, group.several ? group.name : undefined, log);
        checkUploadLimits(files, search.limits, search.vocabulary);
        uploads.push({ name: group.name, path: group.path, files });
        closures.push({ ...closure, dependencies });
    }
    const { emptyDependencies } = await accountFor(new Set(uploads.flatMap((upload) => upload.files.map((file) => file.absolutePath))));
    logClosureProblems(closures, search, workspace, projects, log, emptyDependencies);
    return uploads;
}
/**
 * The files to audit by upload: one group for one project (or none), else one per project that
 * has files, by the deepest project holding each; a file of no project (a `contracts` pattern
 * outside them) goes with the working directory's own group.
 */
function uploadGroups(projects, files, root, search, log) {
    const [only] = projects;
    if (projects.length <= 1) {
        return [
            {
                name: search.projectName,
                path: shownFolder(search.pathPrefix, only?.path ?? ''),
                namesFrom: only,
                files: [...files],
                several: false,
            },
        ];
    }
    const rest = emptyProject(root, '');
    const byProject = new Map([...projects, rest].map((p) => [p, []]));
    for (const file of files)
        byProject.get(owner(projects, file.absolutePath) ?? rest)?.push(file);
    const groups = [...byProject].filter(([, grouped]) => grouped.length > 0);
    for (const [project, grouped] of byProject) {
        if (grouped.length === 0 && project !== rest) {
            log.info(`${shownFolder(search.pathPrefix, project.path)}: no contract files to audit, so no audit for this project.`);
        }
    }
    return groups.map(([project, grouped]) => ({
        name: unitName(search.projectName, project.path),
        path: shownFolder(search.pathPrefix, project.path),
        namesFrom: project === rest ? undefined : project,
        files: grouped,
        several: groups.length > 1,
    }));
}
/** `project-name` for the working directory's own project, `project-name/<folder>` below it. */
function unitName(projectName, projectPath) {
    return projectPath === '' ? projectName : `${projectName}/${projectPath}`;
}
/**
 * With projects, their production sources (or the user's `contracts`) and their rules; without
 * any, today's patterns and built-in excludes, so a plain folder of contracts works as before.
 */
function selectionRules(projects, search) {
    if (projects.length === 0) {
        return {
            patterns: search.contractPatterns,
            excludes: [...DEFAULT_EXCLUDES],
        };
    }
    const selections = projects.map(productionSources);
    const excludes = new Map();
    for (const rule of selections.flatMap((selection) => selection.excludes))
        excludes.set(rule.pattern, rule);
    return {
        patterns: search.defaultContractPatterns
            ? selections.flatMap((selection) => selection.patterns)
            : search.contractPatterns,
        excludes: [...excludes.values()],
    };
}
async function importsOfAudited(audited, projects, root, workspace, { limits, deadline, vocabulary }) {
    // A file outside every project resolves as a plain folder would: relative paths and node_modules.
    const plain = { ...emptyProject(root, ''), libs: ['node_modules'] };
    const resolvers = new Map([plain, ...projects].map((project) => [
        project,
        createImportResolver(project, workspace, vocabulary, deadline),
    ]));
    return importClosure(audited, (importPath, importer) => {
        const project = owner(projects, importer.absolutePath) ?? plain;
        const resolve = resolvers.get(project);
        return resolve ? resolve(importPath, importer) : Promise.resolve({ problem: 'no project' });
    }, limits);
}
/** The deepest project whose root holds the file. */
function owner(projects, file) {
    return projects
        .filter((project) => isInside(project.root, file))
        .sort((a, b) => b.root.length - a.root.length)[0];
}
/** The file's path from `root`, through the links the search followed; `fallback` outside it. */
function relativeName(root, absolutePath, fallback) {
    return isInside(root, absolutePath) ? posixRelative(root, absolutePath) : fallback;
}
async function realDirectory(directory) {
    // discoverContracts says what is wrong with a working directory that is not one.
    return promises_.realpath(directory).catch(() => undefined);
}

;// CONCATENATED MODULE: ./.build/engine/discovery-deadline.js
/**
 * The search of a checkout stops at the run's deadline with a DeadlineError naming the step it
 * cut short; below the engine no door's words are known, so the engine's entry points to the
 * search tell it in the door's.
 */

/** Runs `search`; a deadline it met is said in the door's words: what to raise, what to narrow. */
async function discovering(vocabulary, search) {
    try {
        return await search();
    }
    catch (error) {
        if (!(error instanceof DeadlineError) || error.doing === undefined)
            throw error;
        const limit = vocabulary.option('timeout-minutes');
        const narrowing = ['working-directory', 'contracts', 'exclude']
            .map((name) => vocabulary.option(name))
            .join(', ');
        throw new DeadlineError(`The time limit (${limit}) ran out during discovery, while ${error.doing}: nothing was uploaded. ` +
            `Raise ${limit}, or narrow the search (${narrowing}, or the project config).`);
    }
}

// EXTERNAL MODULE: ./node_modules/p-limit/index.js + 1 modules
var p_limit = __webpack_require__(70370);
;// CONCATENATED MODULE: ./.build/api/poll.js


const GROWTH = 1.5;
const MAX_POLL_INTERVAL_MS = 60_000;
/** A new audit may not show at the service at once: a 404 this soon after starting is waited out. */
const NOT_FOUND_GRACE_MS = 60_000;
/**
 * The policy of a run: `pollIntervalMs` (input `poll-interval-seconds`) first, growing to a
 * minute; a 404 is waited out only for an audit this run started, not one it resumes.
 */
function pollPolicy(run) {
    return {
        deadline: run.deadline,
        initialIntervalMs: run.pollIntervalMs,
        maxIntervalMs: Math.max(MAX_POLL_INTERVAL_MS, run.pollIntervalMs),
        notFoundGraceMs: run.resumed ? 0 : NOT_FOUND_GRACE_MS,
        initialWaitMs: run.initialWaitMs,
    };
}
/** Backoff with jitter (±20%), capped; a longer `Retry-After` from the service wins. */
function nextDelay(attempt, policy, random, retryAfterMs) {
    const base = Math.min(policy.maxIntervalMs, policy.initialIntervalMs * GROWTH ** attempt);
    const jittered = Math.round(base * (0.8 + 0.4 * random()));
    return Math.max(Math.min(jittered, policy.maxIntervalMs), retryAfterMs ?? 0);
}
/**
 * Polls until the audit completes or fails, or the deadline passes. Transient trouble that outlasts
 * the client's own retries does not end the wait: only the deadline, a final answer, or an error
 * the user must fix does. Nothing is polled at or after the deadline: the client sends nothing then.
 */
async function waitForAudit(auditId, policy, deps) {
    const { deadline } = policy;
    const startedAt = deadline.now();
    let last;
    let lastState;
    let lastProblem;
    if (policy.initialWaitMs) {
        await deps.sleep(Math.max(0, Math.min(policy.initialWaitMs, msLeft(deadline))));
    }
    for (let attempt = 0; msLeft(deadline) > 0; attempt += 1) {
        let retryAfterMs;
        try {
            const answer = await deps.client.getAudit(auditId, deps.knownFiles, {
                retryUntil: deadline.at,
            });
            last = answer.snapshot;
            lastProblem = undefined;
            retryAfterMs = answer.retryAfterMs;
            if (last.state === 'completed' || last.state === 'failed')
                return { kind: 'finished', snapshot: last };
            if (last.rawStatus !== lastState) {
                deps.log.info(`Audit ${auditId}: ${last.rawStatus}`);
                lastState = last.rawStatus;
            }
        }
        catch (error) {
            if (!isWorthWaitingOut(error, deadline.now() - startedAt, policy.notFoundGraceMs))
                throw error;
            const waiting = msLeft(deadline) > 0 ? 'still waiting' : 'no time left to wait';
            // The client's message names the operation and the audit ("could not read audit …").
            const message = errorMessage(error);
            lastProblem = message;
            deps.log.warning(`${message.charAt(0).toUpperCase()}${message.slice(1)}; ${waiting}.`);
        }
        const remaining = msLeft(deadline);
        if (remaining <= 0)
            break;
        const delay = Math.min(nextDelay(attempt, policy, deps.random, retryAfterMs), remaining);
        deps.log.debug(`Next poll of audit ${auditId} in ${Math.round(delay / 100) / 10} s`);
        await deps.sleep(delay);
    }
    return { kind: 'timeout', last, lastProblem };
}
/**
 * One poll of an audit a run does not wait for: finished, or `unfinished` with what the poll read.
 * One request, never retried: a run that does not wait must not wait out a `Retry-After` or
 * transient trouble either. What a wait would go on through (a new audit's 404, transient
 * trouble) leaves it unfinished, since it goes on at the service all the same; an error the user
 * must fix is thrown.
 */
async function pollOnce(auditId, policy, deps) {
    try {
        const { snapshot } = await deps.client.getAudit(auditId, deps.knownFiles, {
            retryUntil: policy.deadline.at,
            once: true,
        });
        if (snapshot.state === 'completed' || snapshot.state === 'failed')
            return { kind: 'finished', snapshot };
        return { kind: 'unfinished', last: snapshot, lastProblem: undefined };
    }
    catch (error) {
        if (!isWorthWaitingOut(error, 0, policy.notFoundGraceMs))
            throw error;
        return { kind: 'unfinished', last: undefined, lastProblem: errorMessage(error) };
    }
}
function isWorthWaitingOut(error, elapsedMs, notFoundGraceMs) {
    if (!(error instanceof ServiceError) || error instanceof ResponseFormatError)
        return false;
    const { status } = error;
    if (status === 404)
        return elapsedMs < notFoundGraceMs;
    return status === undefined || status === 408 || status === 429 || status >= 500;
}

;// CONCATENATED MODULE: ./.build/engine/project-audits.js
/**
 * One audit per project: uploads started a few at a time, every audit waited for within the
 * run's one deadline, each project's findings triaged against its own upload into its own
 * result. A project's failure is its own result: the others still report.
 */





/** Uploads at once: enough to overlap the service's work, few enough to spare its rate limit. */
const MAX_CONCURRENT_UPLOADS = 3;
/**
 * Answers read at once, from the first byte to their findings: a finished audit's answer is held
 * as bytes, as text and as parsed JSON while it is read, so audits finishing together must not
 * all be read together. Polls of audits not finished wait their turn too; each is short.
 */
const MAX_CONCURRENT_READS = 2;
/**
 * Twice the findings one answer may hold, and enough memory for the largest answer the client
 * reads (64 MiB of text and 100,000 findings) on its own. Each answer is bounded on its own;
 * without a bound on their sum, many projects' answers held to the end could exhaust a runner's
 * memory and leave no verdict at all.
 */
const RUN_FINDINGS_BUDGET = { count: 200_000, bytes: 256 * 1024 * 1024 };
/** Each job's project's result, in the jobs' order. `several`: lines in the log name the project. */
async function auditProjects(jobs, deps, several = jobs.length > 1) {
    const limitUploads = (0,p_limit/* default */.A)(MAX_CONCURRENT_UPLOADS);
    const limitReads = (0,p_limit/* default */.A)(MAX_CONCURRENT_READS);
    const reader = {
        getAudit: (...args) => limitReads(() => deps.client.getAudit(...args)),
    };
    const left = { ...(deps.findingsBudget ?? RUN_FINDINGS_BUDGET) };
    // Answers come one at a time: each takes its share from what is left, or is refused whole.
    const spend = (count, bytes) => {
        if (count > left.count || bytes > left.bytes)
            return { ...left };
        left.count -= count;
        left.bytes -= bytes;
        return undefined;
    };
    return Promise.all(jobs.map(async (job) => {
        const log = several ? prefixed(deps.log, `${job.name}: `) : deps.log;
        const result = await auditProject(job, { ...deps, log, spend, reader }, limitUploads);
        return { name: job.name, path: job.path, ...result };
    }));
}
async function auditProject(job, deps, limitUploads) {
    const resumed = job.resumeId !== undefined;
    const { log } = deps;
    if (job.notStarted !== undefined)
        return errorResult(new ConfigurationError(job.notStarted), { resumed }, deps.settings);
    if (job.reusable !== undefined) {
        const reused = await collectReused(job, job.reusable, deps);
        if (reused !== undefined)
            return reused;
    }
    let started;
    // Files are counted once the service took them: a refused upload sent nothing that counts.
    const factsSoFar = () => ({
        auditId: started?.auditId ?? job.resumeId,
        resumed,
        fileCount: started ? job.files?.length : job.manifest?.files.length,
    });
    try {
        const startedAt = new Date(deps.deadline.now()).toISOString();
        const auditId = job.resumeId ?? (started = await upload(job, deps, limitUploads)).auditId;
        const facts = { ...factsSoFar(), auditId };
        deps.started(job, auditId);
        const policy = pollPolicy({
            deadline: deps.deadline,
            pollIntervalMs: deps.settings.pollIntervalMs,
            resumed,
            initialWaitMs: started?.retryAfterMs,
        });
        const polling = {
            ...deps,
            client: deps.reader,
            knownFiles: knownFiles(job),
        };
        const waited = deps.pollOnce
            ? await pollOnce(auditId, policy, polling)
            : await waitForAudit(auditId, policy, polling);
        if (waited.kind === 'unfinished') {
            const manifest = deps.manifest(job);
            return {
                ...pendingResult(facts, waited.last, waited.lastProblem),
                ...(job.digest !== undefined && { digest: job.digest }),
                ...(manifest !== undefined && { manifest }),
            };
        }
        if (waited.kind === 'timeout') {
            const { last, lastProblem } = waited;
            return timeoutResult(facts, deps.settings.timeoutMs, last, lastProblem);
        }
        const { snapshot } = waited;
        if (snapshot.state === 'failed' || !snapshot.findings)
            return serviceFailureResult(facts, snapshot);
        const result = await resultsOf(job, snapshot, snapshot.findings, facts, deps);
        // Only a complete result is worth paying for once: not an error, a timeout or an incomplete answer.
        const complete = result.verdict === 'pass' || result.verdict === 'fail';
        const auditedAt = started ? startedAt : job.auditedAt;
        if (auditedAt !== undefined && complete && job.digest !== undefined && deps.record) {
            await deps.record({ digest: job.digest, auditId, auditedAt, runUrl: undefined });
        }
        return result;
    }
    catch (error) {
        return errorResult(error, factsSoFar(), { vocabulary: deps.settings.vocabulary, log });
    }
}
/**
 * The results of a recorded audit of the same upload, fresh from the service, or undefined
 * (said in the log) when they cannot be had complete: then the project is uploaded as usual.
 */
async function collectReused(job, record, deps) {
    const { auditId } = record;
    try {
        // A run that polls once reads the record's audit once too: no retry, no Retry-After waited out.
        const { snapshot } = await deps.reader.getAudit(auditId, knownFiles(job), deps.pollOnce ? { once: true } : undefined);
        if (snapshot.state !== 'completed' || !snapshot.findings || snapshot.incomplete !== undefined) {
            deps.log.info(`The recorded audit ${auditId} of this upload now reads as ${snapshot.rawStatus}${snapshot.incomplete === undefined ? '' : ', incomplete'}; uploading again.`);
            return undefined;
        }
        deps.started(job, auditId, record);
        const facts = { auditId, resumed: true, fileCount: undefined };
        const result = await resultsOf(job, snapshot, snapshot.findings, facts, deps);
        return { ...result, reused: { auditId, auditedAt: record.auditedAt, runUrl: record.runUrl } };
    }
    catch (error) {
        deps.log.info(`The recorded audit ${auditId} of this upload cannot be read (${errorMessage(error)}); uploading again.`);
        return undefined;
    }
}
/** The names the job's files were uploaded under, as the answer's parser maps names back to them. */
function knownFiles(job) {
    return (job.files ?? job.manifest?.files)?.map((file) => file.relativePath);
}
/** A finished audit's findings, taken from the run's budget and triaged into the project's result. */
async function resultsOf(job, snapshot, findings, facts, deps) {
    const bytes = snapshot.heldBytes ?? 0;
    const left = deps.spend(findings.length, bytes);
    if (left !== undefined)
        return errorResult(overBudget(findings.length, bytes, left, deps), facts, deps.settings);
    return completedResult(facts, snapshot, await deps.triage(findings, job), deps.settings);
}
function overBudget(count, bytes, left, { findingsBudget = RUN_FINDINGS_BUDGET, settings }) {
    const what = count > left.count
        ? `its answer holds ${count.toLocaleString('en-US')} findings, more than are left of the ` +
            `${findingsBudget.count.toLocaleString('en-US')} one run reads across all its projects`
        : `its findings would hold ${formatBytes(bytes)} of memory, more than is left ` +
            `(${formatBytes(left.bytes)}) of the ${formatBytes(findingsBudget.bytes)} the findings of ` +
            'one run may hold across all its projects';
    return new ServiceError(`${what}, so none of them is reported. Audit fewer projects at once: ` +
        `${settings.vocabulary.splitProjects}. No setting raises the budget: past it, a runner could ` +
        'run out of memory before any verdict.');
}
/** Sends the job's files, a few projects at a time. */
function upload(job, { client, log }, limitUploads) {
    const files = job.files ?? [];
    const dependencies = files.filter((file) => file.dependency).length;
    return limitUploads(() => {
        log.info(`Uploading ${files.length} file(s)${dependencies > 0 ? ` (${dependencies} of them dependencies)` : ''} as project "${job.name}"…`);
        return client.startAudit(job.name, files);
    });
}
/** Lines about one of several projects say which. */
function prefixed(log, prefix) {
    return {
        debug: (message) => log.debug(prefix + message),
        info: (message) => log.info(prefix + message),
        warning: (message) => log.warning(prefix + message),
    };
}

;// CONCATENATED MODULE: ./.build/engine/resume.js



async function resumeJobs(settings, ids, projects, log, deadline) {
    const { checkout, unlisted } = await projectsOfThisCheckout(settings, projects, log, deadline);
    const { vocabulary } = settings;
    const auditIds = sentenceStart(vocabulary.optionNamed('audit-id'));
    if (typeof ids === 'string') {
        if (checkout.length > 1) {
            throw new ConfigurationError(`${auditIds} is one id, but this checkout has ${checkout.length} projects to audit (${checkout.map((project) => project.path).join(', ')}), each with its own audit. ` +
                `Pass ${vocabulary.idsOf('the run that started them')} as it is (a JSON object of ids by project folder), or set ${vocabulary.option('working-directory')} to the project of this audit.`);
        }
        const [only] = checkout;
        return [
            {
                name: only?.name ?? settings.projectName,
                path: only?.path ?? (settings.pathPrefix.replace(/\/$/, '') || '.'),
                files: only?.files,
                resumeId: ids,
            },
        ];
    }
    const resumed = [...ids].map(([folder, auditId]) => {
        const project = checkout.find((candidate) => candidate.path === folder);
        if (checkout.length > 0 && !project) {
            throw new ConfigurationError(`${auditIds} names the project folder "${folder}", but this checkout has no project with files to audit there ` +
                `(it has ${checkout.map((candidate) => candidate.path).join(', ')}). Pass ${vocabulary.idsOf('a run on this commit')} and ${vocabulary.option('working-directory')}.`);
        }
        const name = project?.name ?? `${settings.projectName}/${folder}`;
        return { name, path: folder, files: project?.files, resumeId: auditId };
    });
    const notResumed = checkout
        .filter((project) => !ids.has(project.path))
        .map((project) => ({
        ...project,
        resumeId: undefined,
        notStarted: unlisted === undefined
            ? `${auditIds} has no audit id for ${project.path}, so it has no results: its audit was never started ` +
                `(or it is new since). Run without ${vocabulary.option('audit-id')} to audit it.`
            : `${auditIds} has no audit id for ${project.path}, and this checkout's files could not be listed (${unlisted}) ` +
                `to tell whether it has any to audit: it may never have been audited. Fix the listing, or run without ${vocabulary.option('audit-id')}.`,
    }));
    return [...resumed, ...notResumed];
}
/**
 * The projects with files to audit, with their files, listed as an upload would list them but
 * without the upload limits: nothing is uploaded, and a limit that refused a file (a larger
 * `max-file-size-kb` since, say) must not hide a project from the checks. When they cannot be
 * listed at all (a file that cannot be read), every project found stands in: only the mapping of
 * names back to files is lost, and that is said.
 */
async function projectsOfThisCheckout(settings, projects, log, deadline) {
    const unlimited = { maxFiles: Infinity, maxFileBytes: Infinity, maxTotalBytes: Infinity };
    try {
        const search = { ...settings, limits: unlimited, deadline };
        return { checkout: await findUploads(search, log, projects) };
    }
    catch (error) {
        // Out of time is the run's end, not a listing to do without.
        if (!(error instanceof ConfigurationError) || error instanceof DeadlineError)
            throw error;
        const unlisted = errorMessage(error);
        log.warning(`The files of this checkout could not be listed (${unlisted}), so the findings keep the names the service gives them.`);
        const checkout = projectSummaries(projects, settings, settings.projectName).map((project) => ({
            ...project,
            files: undefined,
        }));
        return { checkout, unlisted };
    }
}

;// CONCATENATED MODULE: ./.build/audit/upload-manifest.js
/** The manifest of an upload, with every audited file's suppression comments. */
function uploadManifest(files, suppressionsOf) {
    const suppressions = new Map();
    for (const file of files) {
        if (file.dependency)
            continue;
        const found = suppressionsOf(file.relativePath);
        if (found.length > 0)
            suppressions.set(file.relativePath, found);
    }
    return {
        files: files.map(({ relativePath, repositoryPath, dependency }) => ({
            relativePath,
            repositoryPath,
            dependency,
        })),
        suppressions,
    };
}

;// CONCATENATED MODULE: ./.build/files/source-reader.js



/** Contract sources larger than this are not scanned for suppression comments. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/**
 * Reads contract sources by the file names the service reported, for suppression comments.
 * Those names are untrusted: when the upload is known, only uploaded files are read, from where
 * they were read for the upload; otherwise (a resumed audit) the name is taken under the working
 * directory. Either way only regular files whose real path stays in the workspace are read.
 */
function createSourceReader(options) {
    const cache = new Map();
    const workspace = (0,external_node_fs_.realpathSync)(options.workspace);
    return (file) => {
        if (!cache.has(file))
            cache.set(file, read(file));
        return cache.get(file);
    };
    function read(file) {
        const location = options.uploaded
            ? options.uploaded.get(file)
            : external_node_path_.resolve(options.root, file);
        if (location === undefined)
            return undefined;
        let fd;
        try {
            const real = (0,external_node_fs_.realpathSync)(location);
            if (!isInside(workspace, real))
                return undefined;
            // Non-blocking, so opening a FIFO does not wait for a writer; no link swapped in since
            // realpath is followed. What was opened is then checked, not what the path names now.
            fd = (0,external_node_fs_.openSync)(real, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NONBLOCK | external_node_fs_.constants.O_NOFOLLOW);
            const stats = (0,external_node_fs_.fstatSync)(fd);
            if (!stats.isFile() || stats.size > MAX_SOURCE_BYTES)
                return undefined;
            return readAll(fd, stats.size)?.toString('utf8');
        }
        catch {
            return undefined;
        }
        finally {
            if (fd !== undefined)
                (0,external_node_fs_.closeSync)(fd);
        }
    }
}
/** The file's bytes, or undefined when it has grown since fstat (it is being written). */
function readAll(fd, size) {
    // One byte more than fstat gave shows growth, and the size was checked against the cap.
    const buffer = Buffer.alloc(size + 1);
    let filled = 0;
    while (filled < buffer.length) {
        const read = (0,external_node_fs_.readSync)(fd, buffer, filled, buffer.length - filled, null);
        if (read === 0)
            break;
        filled += read;
    }
    return filled > size ? undefined : buffer.subarray(0, filled);
}

;// CONCATENATED MODULE: ./.build/engine/upload-view.js
/**
 * A project's upload as the triage of its findings reads it, by the names the service gives
 * files back: from the files this run uploaded (their texts read for suppression comments when a
 * finding is in them), or from the manifest a pending run kept (so finishing it later reads
 * nothing of its own checkout). Without either (a resumed project this checkout no longer has),
 * names are the project's own and the texts are read from the checkout.
 */




function uploadView({ files, manifest }, where) {
    if (files === undefined && manifest !== undefined) {
        const byName = indexByName(manifest.files);
        return {
            uploaded: byName,
            suppressions: (file) => {
                const uploaded = byName.get(file);
                return (uploaded && manifest.suppressions.get(uploaded.relativePath)) ?? [];
            },
            manifest: () => manifest,
        };
    }
    const byName = files && indexByName(files);
    const read = createSourceReader({
        ...where,
        uploaded: byName && new Map([...byName].map(([name, file]) => [name, file.absolutePath])),
    });
    const found = new Map();
    const suppressions = (file) => {
        let each = found.get(file);
        if (each === undefined) {
            const source = read(file);
            found.set(file, (each = source === undefined ? [] : findSuppressions(source)));
        }
        return each;
    };
    return {
        uploaded: byName,
        suppressions,
        manifest: () => {
            if (files === undefined || byName === undefined)
                return undefined;
            const names = new Map([...byName].map(([name, file]) => [file.relativePath, name]));
            return uploadManifest(files, (relativePath) => {
                const name = names.get(relativePath);
                return name === undefined ? [] : suppressions(name);
            });
        },
    };
}
/** By the name the parser gives a finding's file (an upload name as written may hold `..`). */
function indexByName(files) {
    const nameOf = pathReader(files.map((file) => file.relativePath));
    return new Map(files.map((file) => [nameOf(file.relativePath) ?? file.relativePath, file]));
}

;// CONCATENATED MODULE: ./.build/engine/record-json.js
/**
 * A sealed record's text read as the hostile JSON it may be (a reuse record, a pending record):
 * bounded in size before it is parsed, and an object, before its seal or any field is looked at.
 */
/** The record's JSON object, or why it is none (one line for the log). */
function readRecordObject(text, maxBytes) {
    // Stryker disable next-line StringLiteral: Buffer.byteLength reads an empty encoding as UTF-8
    if (Buffer.byteLength(text, 'utf8') > maxBytes)
        return `the record is larger than ${maxBytes} bytes`;
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return 'the record is not JSON';
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return 'the record is not a JSON object';
    return value;
}

;// CONCATENATED MODULE: ./.build/engine/record-seal.js
/**
 * Seals for records a door keeps where others can write (the Actions cache): an HMAC-SHA-256,
 * keyed by a sub-key derived from the API key, over every field a record holds. Only a run given
 * the key can make a seal that matches, so a record without one is never used.
 *
 * A seal is written where others read it, and is safe there: the sub-key comes from the API key
 * through HKDF (one-way), and an HMAC's output tells nothing of its key; finding either means
 * guessing the whole API key. Each kind of record has its own domain and so its own sub-key: a
 * seal of one kind never passes as another's.
 */

/** One domain per kind of record; changing one voids every seal of that kind. */
const SEAL_DOMAINS = {
    /** A completed audit of an upload (engine/reuse.ts). */
    reuse: 'contract-audit/reuse-record/1',
    /** A check run left pending for a head commit and check name. */
    pendingCheck: 'contract-audit/pending-check-run/1',
};
/**
 * 128 bits, as HMAC-SHA-256-128 (RFC 4868): a forger's chance per try is 2^-128, and the seal
 * fits beside a record in a cache key, whose room is short.
 */
const SEAL_BYTES = 16;
/**
 * The seal of `fields` (in order; undefined for a field the record leaves out), in base64url.
 * The fields are encoded as their JSON array, which quotes and escapes each: no two lists of
 * fields share an encoding, whatever characters they hold.
 */
function seal(apiKey, kind, fields) {
    const subKey = Buffer.from((0,external_node_crypto_.hkdfSync)('sha256', apiKey, '', SEAL_DOMAINS[kind], 32));
    const encoded = JSON.stringify(fields.map((field) => field ?? null));
    return (0,external_node_crypto_.createHmac)('sha256', subKey)
        .update(encoded, 'utf8')
        .digest()
        .subarray(0, SEAL_BYTES)
        .toString('base64url');
}
/** Whether `given` is the seal of these fields under this key, compared in constant time. */
function sealMatches(apiKey, kind, fields, given) {
    const expected = Buffer.from(seal(apiKey, kind, fields), 'utf8');
    const actual = Buffer.from(given, 'utf8');
    return actual.length === expected.length && (0,external_node_crypto_.timingSafeEqual)(actual, expected);
}

;// CONCATENATED MODULE: ./.build/engine/reuse.js
/**
 * Paying for each audit once: a digest of exactly what an upload would send, and the record of
 * the completed audit it got, kept by the door (the Action keeps it in the Actions cache). Anyone
 * who can write the cache could shape a record, so a record is sealed with a key derived from the
 * API key (record-seal.ts) over all it says and the upload it is of, and one whose seal does not
 * match is not used; it is read as hostile JSON all the same. The findings always come fresh from
 * the service.
 */





/** What the digest covers changes with this: a new version never matches an older record. */
const UPLOAD_FORMAT_VERSION = 1;
/** The record's own format: 2 is sealed; a record of 1 (unsealed) reads as of another format. */
const RECORD_VERSION = 2;
/** A record is a few hundred bytes; anything much larger was not written by this action. */
const MAX_RECORD_BYTES = 4096;
const MAX_AUDIT_ID_LENGTH = 200;
/**
 * A run is recorded by its id (GitHub's are 64-bit), its link rebuilt from this repository's
 * runs: a link in full would not fit a cache key beside the longest audit id.
 */
const RUN_ID = /^[0-9]{1,19}$/;
const reuse_CONTROL = /[\p{Cc}\p{Cf}]/u;
/** A clock a little ahead of the writer's must not void a record. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;
/**
 * SHA-256 over the format version, the project's upload name, the service's origin and each
 * file's upload name and bytes, sorted by name; every field length-prefixed, so no two uploads
 * share a digest by shifting bytes between fields. Never the key.
 */
async function uploadDigest(projectName, serviceOrigin, files) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const field = (value) => {
        const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
        const length = Buffer.alloc(8);
        length.writeBigUInt64BE(BigInt(bytes.length));
        hash.update(length).update(bytes);
    };
    field(`contract-audit-upload/${UPLOAD_FORMAT_VERSION}`);
    field(projectName);
    field(serviceOrigin);
    const sorted = [...files].sort((a, b) => a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0);
    for (const file of sorted) {
        field(file.relativePath);
        const chunks = [];
        for await (const chunk of (0,external_node_fs_.createReadStream)(file.absolutePath))
            chunks.push(chunk);
        field(Buffer.concat(chunks));
    }
    return hash.digest('hex');
}
/** The fields a record's seal covers, in order: everything it says, and the upload it is of. */
const sealed = (digest, auditId, at, run) => [
    String(RECORD_VERSION),
    digest,
    auditId,
    at,
    run,
];
/**
 * The record as the door keeps it: compact JSON (its digest is where it is kept, and sealed),
 * short enough for a cache key with the longest audit id read back.
 */
function recordText(record, key) {
    const { runUrl } = record;
    const prefix = key.runUrlPrefix;
    const tail = 
    // Stryker disable next-line StringLiteral: any tail but digits is no run id (RUN_ID), whatever it says
    prefix !== undefined && runUrl?.startsWith(prefix) ? runUrl.slice(prefix.length) : '';
    const run = RUN_ID.test(tail) ? tail : undefined;
    const fields = sealed(record.digest, record.auditId, record.auditedAt, run);
    return JSON.stringify({
        version: RECORD_VERSION,
        auditId: record.auditId,
        at: record.auditedAt,
        run,
        seal: seal(key.apiKey, 'reuse', fields),
    });
}
/**
 * The record when it may be used, else why not (one line for the log, in the words of
 * `expected.vocabulary`, the door's). Its seal is checked before any of its fields is used; its
 * run link is rebuilt from `runUrlPrefix` (this repository's runs), never one a record made up.
 */
function readRecord(text, expected) {
    const value = readRecordObject(text, MAX_RECORD_BYTES);
    if (typeof value === 'string')
        return value;
    const { version, auditId, at, run, seal: given } = value;
    if (version !== RECORD_VERSION)
        return 'the record is of another format';
    if (typeof given !== 'string' ||
        typeof auditId !== 'string' ||
        typeof at !== 'string' ||
        !(run === undefined || typeof run === 'string') ||
        !sealMatches(expected.apiKey, 'reuse', sealed(expected.digest, auditId, at, run), given))
        return 'the record was not written with this API key for this upload';
    if (auditId.trim() === '' || auditId.length > MAX_AUDIT_ID_LENGTH)
        return 'the record has no usable audit id';
    if (reuse_CONTROL.test(auditId))
        return "the record's audit id holds a control character";
    const key = new Redactor();
    key.add(expected.apiKey);
    if (key.appearsIn(auditId))
        return "the record's audit id holds the API key";
    const time = Date.parse(at);
    if (!Number.isFinite(time) || time > expected.now + FUTURE_TOLERANCE_MS)
        return 'the record has no usable date';
    if (expected.now - time > expected.maxAgeMs)
        return `the record is older than ${expected.vocabulary.option('reuse-max-age-days')}`;
    const prefix = expected.runUrlPrefix;
    const runUrl = run !== undefined && prefix !== undefined && RUN_ID.test(run) ? prefix + run : undefined;
    return { digest: expected.digest, auditId, auditedAt: new Date(time).toISOString(), runUrl };
}

;// CONCATENATED MODULE: ./.build/engine/audit.js
/**
 * The engine's entry: a checkout's projects found, their files uploaded (or audits resumed),
 * waited for within one deadline, their findings triaged, and the run's result returned. It knows
 * nothing of the door that drives it: settings, the deadline (with its clock), a logger and two
 * callbacks are all it is given, and it never throws (an error is a result with verdict `error`).
 */













/** Past `deadline` (the run's, as for the audit), a DeadlineError: the run's verdict is `timeout`. */
async function findCheckoutProjects(settings, log, deadline) {
    const projects = await discovering(settings.vocabulary, () => findProjects({ ...settings, deadline }, log));
    return {
        projects,
        summaries: projectSummaries(outermostProjects(projects), settings, settings.projectName),
    };
}
/** `given`: the uploads to send instead of the checkout's (an upload bundle's), or audits to collect. */
async function audit(settings, detection, deadline, deps, given) {
    const { log } = deps;
    const client = new AuditClient({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        vocabulary: settings.vocabulary,
        userAgent: deps.userAgent,
        sleep: deps.sleep,
        deadline,
        log,
    });
    let fileCount;
    try {
        const { auditId } = settings;
        const collected = given !== undefined && 'audits' in given ? given : undefined;
        // Read before anything is uploaded, so a broken baseline costs no audit.
        const baseline = collected
            ? collected.baseline
            : settings.baselineFile
                ? await readBaselineFile(settings.baselineFile, settings.workspace, settings.vocabulary)
                : undefined;
        const uploads = given !== undefined && 'uploads' in given ? given : undefined;
        const uploading = auditId === undefined && collected === undefined;
        const jobs = collected
            ? collected.audits.map(({ name, path, auditId: id, digest, manifest }) => ({
                name,
                path,
                files: undefined,
                resumeId: id,
                manifest,
                ...(digest !== undefined && { digest, auditedAt: collected.startedAt }),
            }))
            : auditId !== undefined
                ? await discovering(settings.vocabulary, () => resumeJobs(settings, auditId, detection.projects, log, deadline))
                : (uploads?.uploads ?? (await checkoutUploads(settings, detection, deadline, log))).map((upload) => ({ ...upload, resumeId: undefined }));
        if (uploading)
            fileCount = jobs.reduce((sum, job) => sum + (job.files?.length ?? 0), 0);
        // A pending run's upload, as its manifests tell it: what the run that uploaded would show.
        else if (collected && jobs.every((job) => job.manifest !== undefined))
            fileCount = jobs.reduce((sum, job) => sum + (job.manifest?.files.length ?? 0), 0);
        if (jobs.length === 0) {
            return stoppedRun(skippedResult(`No contract files matched (${settings.vocabulary.setting('if-no-files-found', settings.ifNoFilesFound)}); nothing was audited.`, { fileCount }), { detectedProjects: detection.summaries });
        }
        if (uploading) {
            await checkKey(client, jobs.map((job) => job.name), log);
            log.info(`Sending ${fileCount} file(s) to ${settings.baseUrl.origin}` +
                (jobs.length > 1 ? ` in ${jobs.length} audits, one per project.` : '.'));
        }
        // A collected audit is recorded once complete, as an upload's is; only an upload looks one up.
        const reuse = (uploading || collected) && settings.reuse ? deps.reuse : undefined;
        const audited = reuse && uploading ? await findReusable(jobs, settings, reuse, log, deadline.now) : jobs;
        // With several projects, the id output is their object, even when one is collected.
        const several = collected?.several ?? (jobs.length > 1 || typeof settings.auditId === 'object');
        const projects = await auditProjects(audited, {
            client,
            settings,
            deadline,
            log,
            sleep: deps.sleep,
            random: deps.random,
            ...createTriage(settings, deps, baseline, several, uploads?.root),
            started: announcer(audited, several, settings.vocabulary, deps),
            pollOnce: deps.pollOnce,
            ...(reuse && {
                record: (record) => reuse.store.save(record.digest, recordText({ ...record, runUrl: reuse.runUrl }, { apiKey: settings.apiKey, runUrlPrefix: reuse.runUrlPrefix })),
            }),
        }, several);
        if (baseline)
            logUnusedBaseline(baseline, projects, log);
        return {
            projects,
            several,
            detectedProjects: detection.summaries,
            ...(baseline !== undefined && { baseline }),
        };
    }
    catch (error) {
        return stoppedRun(errorResult(error, { fileCount }, { vocabulary: settings.vocabulary, log }), {
            detectedProjects: detection.summaries,
        });
    }
    finally {
        await client.close();
    }
}
/**
 * What the checkout's projects would upload, one upload per project with files to audit:
 * what is audited, or collected into an upload bundle.
 */
function checkoutUploads(settings, detection, deadline, log) {
    return discovering(settings.vocabulary, () => findUploads({ ...settings, deadline }, log, detection.projects));
}
/**
 * Each upload's digest, and the recorded audit of a byte-identical one when there is a usable
 * record; a record that cannot be used is one line in the log, and the project is uploaded.
 */
async function findReusable(jobs, settings, reuse, log, 
/** The deadline's clock: a record's age is told by it. */
now) {
    return Promise.all(jobs.map(async (job) => {
        const digest = await uploadDigest(job.name, settings.baseUrl.origin, job.files ?? []);
        const text = await reuse.store.find(digest);
        if (text === undefined)
            return { ...job, digest };
        const record = readRecord(text, {
            digest,
            apiKey: settings.apiKey,
            now: now(),
            maxAgeMs: settings.reuseMaxAgeDays * 24 * 60 * 60 * 1000,
            vocabulary: settings.vocabulary,
            runUrlPrefix: reuse.runUrlPrefix,
        });
        if (typeof record === 'string') {
            log.info(`${job.name}: a record of this upload was found but not used (${record}); uploading.`);
            return { ...job, digest };
        }
        return { ...job, digest, reusable: record };
    }));
}
/**
 * Tells the door each id as its audit starts, with the `audit-id` value so far: in the jobs'
 * order, however the uploads finished, the same value a resume hint gives.
 */
function announcer(jobs, several, vocabulary, deps) {
    const startedIds = new Map();
    return (job, auditId, reused) => {
        startedIds.set(job, auditId);
        const auditIds = formatAuditIds(jobs.flatMap((each) => {
            const id = startedIds.get(each);
            return id === undefined ? [] : [{ name: each.name, path: each.path, auditId: id }];
        }), several);
        const which = several ? ` (${job.name})` : '';
        deps.auditStarted({
            auditId,
            auditIds,
            first: startedIds.size === 1,
            message: reused !== undefined
                ? `Reused audit ${auditId}${which}: the upload is byte-identical to the one audited on ${reused.auditedAt}${reused.runUrl === undefined ? '' : ` by ${reused.runUrl}`}; nothing is uploaded.`
                : job.resumeId === undefined
                    ? `Audit started: ${auditId}${which}`
                    : `Resuming audit ${auditId}${which} (${vocabulary.optionNamed('audit-id')}); nothing is uploaded.`,
        });
    };
}
/**
 * Each job's upload as its triage reads it (upload-view.ts), made once per job, and the triage
 * of its findings: the pull request's changes are asked for once, by the first to need them.
 */
function createTriage(settings, { changedFiles }, baseline, several, 
/** Where the uploaded files are, when not in the workspace (an upload bundle's folder). */
uploadRoot) {
    let changes;
    const scoped = async () => {
        const files = settings.scope === 'all' ? undefined : await changedFiles();
        if (!files)
            return { scope: 'all', changes: undefined };
        return { scope: settings.scope, changes: buildChangeSet(files) };
    };
    const views = new WeakMap();
    const viewOf = (job) => {
        let view = views.get(job);
        if (view === undefined) {
            view = uploadView(job, {
                workspace: uploadRoot ?? settings.workspace,
                root: settings.workingDirectory,
            });
            views.set(job, view);
        }
        return view;
    };
    return {
        manifest: (job) => viewOf(job).manifest(),
        triage: async (findings, job) => {
            const { scope, changes: changeSet } = await (changes ??= scoped());
            const { uploaded, suppressions } = viewOf(job);
            return triageFindings(findings, {
                scope,
                changes: changeSet,
                // Without the upload (a resume of a project this checkout no longer has), names are
                // taken as the project's own, under its folder.
                pathPrefix: job.path === '.' ? '' : `${job.path}/`,
                uploaded,
                baseline,
                several,
                suppressions,
            });
        },
    };
}
/** Over every project's findings: an entry may be used by any of them. */
function logUnusedBaseline(baseline, projects, log) {
    if (projects.every((project) => project.findings === undefined))
        return;
    const unused = unusedBaselineEntries(baseline, projects.flatMap((project) => (project.findings ?? []).map((entry) => entry.finding))).length;
    if (unused > 0) {
        log.info(`${unused} baseline entr${unused === 1 ? 'y matches' : 'ies match'} no finding any more and can be removed.`);
    }
}

;// CONCATENATED MODULE: ./.build/report/model.js
/**
 * The report model: what a run ended with, put together once for every rendering (job summary,
 * annotations, check run, pull request comment, SARIF, results file, terminal, JUnit, code
 * quality). A run of several projects is one report: the worst verdict, every finding marked with
 * its project, the counts over them all. Renderers read it; none derives it again.
 */



/** Worst first: a run that is not pending is as bad as its worst project. */
const VERDICT_SEVERITY = [
    'error',
    'timeout',
    'fail',
    'pending',
    'pass',
    'skipped',
];
function buildReport(result, facts) {
    const { projects, several } = result;
    const [only] = projects;
    const merged = several ? mergedFindings(projects) : undefined;
    const listed = merged && withoutRepeats(merged);
    const whole = result.stopped ??
        (!several && only !== undefined ? only : combinedResult(projects, listed, several));
    return {
        projectName: facts.projectName,
        failOn: facts.failOn,
        verdict: whole.verdict,
        reason: whole.reason,
        auditId: whole.auditId,
        rawStatus: whole.rawStatus,
        reportUrl: whole.reportUrl,
        findings: whole.findings ?? [],
        resultsObtained: whole.findings !== undefined,
        counts: whole.counts,
        scope: whole.scope,
        scopeNote: whole.scopeNote,
        fileCount: whole.fileCount,
        resumeHint: resumeHint(whole, several, facts.vocabulary),
        several,
        projects: projects.map(projectLine),
        repeatedDependencyFindings: (merged?.length ?? 0) - (listed?.length ?? 0),
        reused: several ? undefined : whole.reused,
        allReused: projects.length > 0 && projects.every((project) => project.reused !== undefined),
        headCommit: result.headCommit,
        baseline: result.baseline,
        detectedProjects: result.detectedProjects,
        links: facts.links,
        runUrl: facts.runUrl,
        vocabulary: facts.vocabulary,
    };
}
/** A project's result without what the report holds for the run as a whole. */
function projectLine({ findings: _findings, scope: _scope, scopeNote: _scopeNote, resumable: _resumable, ...line }) {
    return line;
}
/** The results of several projects as one: the worst verdict, the counts over every finding. */
function combinedResult(projects, findings, several) {
    const verdict = combinedVerdict(projects);
    const counts = countFindings(findings ?? []);
    const scope = projects.find((part) => part.findings !== undefined)?.scope ?? 'all';
    const started = projects.flatMap(({ name, path, auditId }) => auditId === undefined ? [] : [{ name, path, auditId }]);
    const fileCounts = projects.flatMap(({ fileCount }) => fileCount === undefined ? [] : [fileCount]);
    return {
        verdict,
        reason: combinedReason(projects, verdict),
        auditId: started.length > 0 ? formatAuditIds(started, several) : undefined,
        rawStatus: undefined,
        reportUrl: undefined,
        findings,
        counts,
        scope,
        scopeNote: scopeNote(scope, counts),
        fileCount: fileCounts.length > 0 ? fileCounts.reduce((sum, n) => sum + n, 0) : undefined,
        ...(projects.some((part) => part.resumable !== undefined) && {
            resumable: verdict === 'pending' ? 'pending' : 'timeout',
        }),
    };
}
/**
 * A run of several is pending while any of its audits still runs, whatever the others gave: the
 * run that finishes it polls every audit again, so the running one's results are collected,
 * shown and recorded with theirs, and its check run stays in progress until then. Only a project
 * that ended without an audit (its upload refused, say) is final at once, as no later run has
 * anything of it to collect.
 */
function combinedVerdict(projects) {
    const worst = (of) => VERDICT_SEVERITY.find((candidate) => of.some((part) => part.verdict === candidate));
    const withoutAudit = worst(projects.filter((part) => part.auditId === undefined));
    const settledWithoutAudit = withoutAudit !== undefined &&
        VERDICT_SEVERITY.indexOf(withoutAudit) < VERDICT_SEVERITY.indexOf('pending');
    if (projects.some((part) => part.verdict === 'pending') && !settledWithoutAudit)
        return 'pending';
    return worst(projects) ?? 'skipped';
}
/** Every project's findings, each marked with its project, in the model's order; none without results. */
function mergedFindings(projects) {
    if (projects.every((part) => part.findings === undefined))
        return undefined;
    return projects
        .flatMap(({ name, findings }) => (findings ?? []).map((entry) => ({ ...entry, project: name })))
        .sort((a, b) => compareFindings(a.finding, b.finding));
}
/**
 * A file several projects import is reported by each of their audits, and a sibling package's
 * file also by its own project's: a finding in a dependency that repeats one of another project
 * (same file, lines, rule, title and severity) is listed once, and never over the project's own.
 * What one audit reports twice is its own and stays.
 */
function withoutRepeats(findings) {
    const key = ({ finding }) => [
        finding.file,
        finding.startLine,
        finding.endLine,
        finding.severity,
        finding.ruleId,
        finding.swcId,
        finding.title,
    ].join('\0');
    const listedBy = new Map();
    for (const entry of findings) {
        if (entry.status !== 'dependency')
            listedBy.set(key(entry), entry.project);
    }
    return findings.filter((entry) => {
        if (entry.status !== 'dependency')
            return true;
        const repeated = key(entry);
        if (!listedBy.has(repeated))
            listedBy.set(repeated, entry.project);
        return listedBy.get(repeated) === entry.project;
    });
}
/**
 * "3 projects: 1 fail, 2 pass." (pending: "1 of 2 projects finished (1 fail); 1 still running.")
 * and then why each that did not pass did not.
 */
function combinedReason(projects, verdict) {
    const tally = (of) => VERDICT_SEVERITY.flatMap((candidate) => {
        const count = of.filter((part) => part.verdict === candidate).length;
        return count === 0 ? [] : [`${count} ${candidate}`];
    }).join(', ');
    const noun = `project${projects.length === 1 ? '' : 's'}`;
    const finished = projects.filter((part) => part.verdict !== 'pending');
    const known = verdict === 'pending'
        ? `${finished.length} of ${projects.length} ${noun} finished` +
            (finished.length > 0 ? ` (${tally(finished)})` : '') +
            `; ${projects.length - finished.length} still running.`
        : `${projects.length} ${noun}: ${tally(projects)}.`;
    const notPassed = projects
        .filter((part) => part.verdict !== 'pass' && part.verdict !== 'skipped')
        .map(({ name, reason }) => `${name}: ${reason.replace(/[\s.]+$/, '')}`);
    const why = notPassed.length > 0 ? ` ${notPassed.join('; ')}.` : '';
    return `${known}${why}`;
}
function resumeHint(whole, several, vocabulary) {
    const { auditId, resumable } = whole;
    if (resumable === undefined || auditId === undefined)
        return undefined;
    const resume = vocabulary.resume(auditId);
    if (resumable === 'pending') {
        const whose = several ? "every project's results" : 'its results';
        return (`${several ? 'The audits that did not report go on' : 'The audit goes on'} at the service; ` +
            `this run did not wait for ${several ? 'them' : 'it'}. ${vocabulary.pendingCompletion} ` +
            `To collect ${whose} by hand without uploading again, run with ${resume}.`);
    }
    const longer = `(and a larger ${vocabulary.option('timeout-minutes')} if needed)`;
    if (several) {
        return ('The audits that did not report go on at the service. To collect every ' +
            `project's results without uploading again, re-run with ${resume} ${longer}.`);
    }
    return resumable === 'timeout'
        ? 'The audit goes on at the service. To collect its results without uploading again, re-run with ' +
            `${resume} ${longer}.`
        : `The audit ${auditId} was started; re-run with ${resume} to collect its results without uploading again.`;
}

// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(58500);
;// CONCATENATED MODULE: ./.build/report/escape.js
/**
 * Escaping for untrusted text (everything the service sends) on its way into Markdown,
 * HTML and the job log. Truncate before escaping, so a cut never splits an escape.
 */
/** C0/C1 controls other than tab and line breaks. */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/gu;
/** `@name` mentions and `#12` references, which GitHub links after rendering. */
const MENTIONS = /@|#(?=\d)/g;
/** What GFM's autolink extension turns into a link in plain text: `https://…`, `www.…`. */
const AUTOLINKS = /(?:https?|ftp)(?=:\/\/)|www(?=\.)/gi;
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
const MARKDOWN_SPECIALS = /[\\`*_{}[\]()#+\-!|~$]/g;
const HTML_ENTITIES = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
};
/**
 * For inline Markdown and table cells: backslash-escapes Markdown punctuation, turns `& < >`
 * into entities (no tags, no autolinks), and folds line breaks and controls into spaces so a
 * value can never end a table row or start a block. GitHub makes `@name` a mention (it notifies)
 * and `#12` a link that leaves a back-reference on that issue, after rendering, and links bare
 * `https://…` and `www.…`, so escapes do not stop them: a zero-width space inside each does.
 */
function escapeMarkdown(text) {
    return text
        .replace(LINE_BREAKS, ' ')
        .replace(CONTROL_CHARACTERS, ' ')
        .replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c)
        .replace(MARKDOWN_SPECIALS, '\\$&')
        .replace(MENTIONS, '$&&#8203;')
        .replace(AUTOLINKS, '$&&#8203;');
}
/**
 * For HTML text and attribute values, on one line: line breaks fold into spaces (a blank line
 * would end the raw HTML block it sits in, and what follows would render as Markdown), other
 * control characters are dropped, and mentions are broken as in `escapeMarkdown`.
 */
function escapeHtml(text) {
    return text
        .replace(LINE_BREAKS, ' ')
        .replace(CONTROL_CHARACTERS, '')
        .replace(/[&<>"']|@|#(?=\d)/g, (c) => HTML_ENTITIES[c] ?? `${c}&#8203;`);
}
/** Multi-line untrusted text as HTML on one line, each line break kept as `<br>`. */
function escapeHtmlLines(text) {
    return text.split(LINE_BREAKS).map(escapeHtml).join('<br>');
}
/**
 * Controls a terminal acts on: C0 (ESC, BEL, backspace, a carriage return that overwrites the
 * line, line breaks), DEL, C1 (CSI and OSC among them), and the bidirectional overrides and
 * isolates that reorder what a reader sees. Tab is harmless and stays.
 */
const TERMINAL_CONTROLS = 
// eslint-disable-next-line no-control-regex
/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * For one line of untrusted text on a terminal: each control is shown as a visible `\xNN` or
 * `\uNNNN`, so no text from the service can colour, move the cursor, set the window title,
 * write a hyperlink or a clipboard, hide itself, or start a line of its own.
 */
function escapeTerminal(text) {
    return text.replace(TERMINAL_CONTROLS, (c) => {
        const code = c.charCodeAt(0);
        return code < 0x100
            ? `\\x${code.toString(16).padStart(2, '0')}`
            : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}

;// CONCATENATED MODULE: ./.build/report/annotations.js

/** GitHub's cap on annotations of one level from one step. */
const PER_LEVEL_LIMIT = 10;
const TITLE_MAX_CHARS = 255;
const MESSAGE_MAX_CHARS = 4_000;
function annotationLevel(severity) {
    switch (severity) {
        case 'critical':
        case 'high':
        case 'unknown':
            return 'error';
        case 'medium':
            return 'warning';
        default:
            return 'notice';
    }
}
/** `findings` come in the model's order (most severe first), so the most severe are kept. */
function planAnnotations(findings, options = {}) {
    const reserved = options.reserved ?? {};
    const annotated = {
        error: reserved.error ?? 0,
        warning: reserved.warning ?? 0,
        notice: reserved.notice ?? 0,
    };
    const notAnnotated = { error: 0, warning: 0, notice: 0 };
    const annotations = [];
    for (const finding of findings) {
        const level = annotationLevel(finding.severity);
        if (annotated[level] >= PER_LEVEL_LIMIT) {
            notAnnotated[level] += 1;
            continue;
        }
        annotated[level] += 1;
        annotations.push(toAnnotation(finding, level));
    }
    return { annotations, notAnnotated };
}
function toAnnotation(finding, level) {
    const { file } = finding;
    // A line means nothing without a file, and GitHub rejects an end before the start.
    const startLine = file === undefined ? undefined : finding.startLine;
    const endLine = startLine !== undefined && finding.endLine !== undefined && finding.endLine >= startLine
        ? finding.endLine
        : undefined;
    return {
        level,
        title: annotationTitle(finding),
        message: annotationMessage(finding),
        file,
        startLine,
        endLine,
    };
}
/** "[HIGH] Reentrancy (SWC-107)", on one line: the title of a log or check run annotation. */
function annotationTitle(finding) {
    const rule = finding.swcId ?? finding.ruleId;
    const title = oneLine(finding.title) || 'Untitled finding';
    const suffix = rule !== undefined && !title.includes(rule) ? ` (${oneLine(rule)})` : '';
    return truncateText(`[${finding.severity.toUpperCase()}] ${title}${suffix}`, TITLE_MAX_CHARS);
}
function annotationMessage(finding) {
    const parts = [finding.description.trim() || finding.title.trim()];
    if (finding.recommendation?.trim())
        parts.push(`Recommendation: ${finding.recommendation.trim()}`);
    const text = removeInvisibleCharacters(parts.join('\n\n')).replace(/\r\n?/g, '\n');
    return truncateText(text, MESSAGE_MAX_CHARS);
}

;// CONCATENATED MODULE: ./.build/report/links.js


/** The location as Markdown: escaped text, linked to the file when there is a link. */
function locationCell(finding, context, maxChars) {
    const location = locationText(finding);
    if (location === undefined)
        return '—';
    const text = escapeMarkdown(truncateText(location, maxChars));
    const url = fileUrl(finding, context);
    return url === undefined ? text : `[${text}](${url})`;
}
/** `packages/core/contracts/A.sol:12-14`, relative to the repository like the annotations. */
function locationText(finding) {
    const path = finding.file;
    if (path === undefined)
        return undefined;
    const { startLine, endLine } = finding;
    if (startLine === undefined)
        return path;
    return endLine !== undefined && endLine > startLine
        ? `${path}:${startLine}-${endLine}`
        : `${path}:${startLine}`;
}
/** `…/blob/<sha>/<path>#Lstart-Lend`, safe as a Markdown link destination. */
function fileUrl(finding, context) {
    const path = finding.file;
    if (context.links === undefined || path === undefined)
        return undefined;
    const server = safeHttpUrl(context.links.serverUrl);
    // A `.` or `..` segment would move the link off the file.
    if (server === undefined || path.split('/').some((s) => s === '.' || s === '..'))
        return undefined;
    const { startLine, endLine } = finding;
    const fragment = startLine === undefined
        ? ''
        : endLine !== undefined && endLine > startLine
            ? `#L${startLine}-L${endLine}`
            : `#L${startLine}`;
    return (`${server.replace(/\/+$/, '')}/${encodePath(context.links.repository)}` +
        `/blob/${encodeSegment(context.links.sha)}/${encodePath(path)}${fragment}`);
}
/** A git commit id: SHA-1 or SHA-256, abbreviated or not. */
const COMMIT_ID = /^[0-9a-f]{7,64}$/i;
/** `0123abc`, as GitHub shortens a commit id; undefined for anything that is not one. */
function shortCommit(sha) {
    return COMMIT_ID.test(sha) ? sha.slice(0, 7) : undefined;
}
/** `…/commit/<sha>` on the repository of `links`, safe as a Markdown link destination. */
function commitUrl(links, sha) {
    const server = safeHttpUrl(links.serverUrl);
    if (server === undefined)
        return undefined;
    return `${server.replace(/\/+$/, '')}/${encodePath(links.repository)}/commit/${encodeSegment(sha)}`;
}
/** The URL, if it is http(s) and carries no credentials. */
function httpUrl(raw) {
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        return undefined;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
        return undefined;
    return url.href;
}
/** The URL as a Markdown link destination, if it is http(s) and carries no credentials. */
function safeHttpUrl(raw) {
    // Parentheses would end a Markdown link, a pipe a table cell; the URL parser keeps all three.
    return httpUrl(raw)?.replace(/[()|]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
function encodePath(path) {
    return path.split('/').map(encodeSegment).join('/');
}
/** encodeURIComponent leaves `( ) ! * '`; parentheses would end a Markdown link. */
function encodeSegment(segment) {
    return encodeURIComponent(segment).replace(/[()!*']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

;// CONCATENATED MODULE: ./.build/report/labels.js
const SEVERITY_LABELS = {
    critical: '🔴 Critical',
    high: '🟠 High',
    medium: '🟡 Medium',
    low: '🔵 Low',
    info: '⚪ Info',
    gas: '⛽ Gas',
    unknown: '❔ Unknown',
};
const VERDICT_WORDS = {
    pass: 'Passed',
    fail: 'Failed',
    timeout: 'Timed out',
    error: 'Error',
    skipped: 'Skipped',
    pending: 'Pending',
};
/** Shown before the verdict's word where Markdown is rendered. */
const VERDICT_ICONS = {
    pass: '✅',
    fail: '❌',
    timeout: '⏱️',
    error: '⚠️',
    skipped: '⏭️',
    pending: '⏳',
};

;// CONCATENATED MODULE: ./.build/report/check-run-output.js
/**
 * What the check run shows: its conclusion, title and output, and one annotation per counted
 * finding, all within the Checks API's limits. Annotation text is plain text on GitHub, so it
 * is cleaned of invisible characters rather than escaped; the summary is Markdown the caller
 * has already escaped.
 */







/**
 * Our own limit on annotations per check run: GitHub takes 50 per request, and a GITHUB_TOKEN
 * may make 1,000 requests an hour, which annotating every one of a large audit's findings would
 * spend. 20 requests of 50 annotate the 1,000 most severe findings; the rest are in the job
 * summary and the results file.
 */
const MAX_CHECK_RUN_ANNOTATIONS = 1_000;
const OUTPUT_MAX_CHARS = 65_535;
const check_run_output_TITLE_MAX_CHARS = 255;
/** Code points; at 4 bytes each at most, this stays under the 64 KB message limit. */
const ANNOTATION_MESSAGE_MAX_CHARS = 16_000;
const RAW_DETAILS_MAX_CHARS = 1_000;
/** A pending run has none: its check run stays in progress until the audit is collected. */
const CONCLUSIONS = {
    pass: 'success',
    fail: 'failure',
    skipped: 'neutral',
    timeout: 'timed_out',
    // An audit that could not run must not look like a clean result.
    error: 'failure',
};
const LEVELS = {
    error: 'failure',
    warning: 'warning',
    notice: 'notice',
};
function checkRunConclusion(verdict) {
    return CONCLUSIONS[verdict];
}
function renderCheckRunStart(auditId, detailsUrl) {
    const externalId = truncateText(auditId, 200);
    const safeDetailsUrl = detailsUrl === undefined ? undefined : httpUrl(detailsUrl);
    return {
        externalId,
        ...(safeDetailsUrl === undefined ? {} : { detailsUrl: safeDetailsUrl }),
        output: {
            title: 'Audit in progress',
            summary: 'The contracts were uploaded; waiting for the audit service to finish.',
            text: `Audit ID: ${escapeMarkdown(externalId)}`,
        },
    };
}
/** `active`: the findings that count, in the model's order (most severe first). */
function checkRunAnnotations(active) {
    const placed = active.filter((finding) => finding.file !== undefined);
    return {
        annotations: placed
            .slice(0, MAX_CHECK_RUN_ANNOTATIONS)
            .map((finding) => check_run_output_toAnnotation(finding, finding.file ?? '')),
        overCap: Math.max(0, placed.length - MAX_CHECK_RUN_ANNOTATIONS),
        unplaced: active.length - placed.length,
    };
}
function check_run_output_toAnnotation(finding, path) {
    const start = finding.startLine !== undefined && finding.startLine >= 1 ? finding.startLine : 1;
    const end = finding.startLine !== undefined && finding.endLine !== undefined && finding.endLine >= start
        ? finding.endLine
        : start;
    const parts = [finding.description.trim() || finding.title.trim() || 'No description given.'];
    if (finding.recommendation?.trim())
        parts.push(`Recommendation: ${finding.recommendation.trim()}`);
    if (finding.startLine === undefined)
        parts.push('(No line was given; shown on line 1.)');
    const message = removeInvisibleCharacters(parts.join('\n\n')).replace(/\r\n?/g, '\n');
    const details = [
        ['Rule', finding.ruleId],
        ['SWC', finding.swcId],
        ['CWE', finding.cweId],
        ['Fingerprint', finding.fingerprint],
    ]
        .filter(([, value]) => value !== undefined && value !== '')
        .map(([label, value]) => `${label}: ${oneLine(value ?? '')}`)
        .join('\n');
    return {
        path,
        start_line: start,
        end_line: end,
        annotation_level: LEVELS[annotationLevel(finding.severity)],
        title: annotationTitle(finding),
        message: truncateText(message, ANNOTATION_MESSAGE_MAX_CHARS),
        raw_details: truncateText(details, RAW_DETAILS_MAX_CHARS),
    };
}
/**
 * "Failed: 3 findings (1 high, 2 medium), 4 not counted"; counts only with results. On
 * `workflow_run`, the commit judged and how many artifact files were refused follow, since the
 * pull request's list of checks shows the title alone.
 */
function checkRunTitle({ verdict, counts, headCommit, }) {
    return verdictTitle(verdict, counts) + (headCommit === undefined ? '' : judgedTitle(headCommit));
}
function verdictTitle(verdict, counts) {
    const word = VERDICT_WORDS[verdict];
    if (!hasResults(verdict)) {
        if (verdict === 'skipped')
            return `${word}: no audit was run`;
        return verdict === 'pending'
            ? `${word}: the audit is still running`
            : `${word}: no complete results`;
    }
    const active = counts.byStatus.active;
    const parts = SEVERITIES.filter((s) => counts.counted[s] > 0).map((s) => `${counts.counted[s]} ${s}`);
    const noun = active === 1 ? 'finding' : 'findings';
    const others = counts.total - active;
    return (`${word}: ${active === 0 ? 'no findings' : `${active} ${noun} (${parts.join(', ')})`}` +
        (others > 0 ? `, ${others} not counted` : ''));
}
/** " at commit 0123abc; 2 artifact files refused". */
function judgedTitle({ sha, refused }) {
    const short = shortCommit(sha);
    const commit = short === undefined ? '' : ` at commit ${short}`;
    const count = refused.length;
    if (count === 0)
        return commit;
    return `${commit}; ${count} artifact ${count === 1 ? 'file' : 'files'} refused`;
}
/**
 * The completed check run's output. `overCap` annotations were left out by the plan;
 * `posted`, when given, is how many were posted before GitHub stopped taking them.
 */
function renderCheckRunCompletion(input) {
    const { total, overCap, posted } = input;
    const note = posted !== undefined
        ? `> ⚠️ Only ${posted} of ${total} annotations could be posted; ` +
            'the rest are in the job summary and the results file.\n\n'
        : overCap > 0
            ? `> ℹ️ ${overCap} of ${total} findings are not annotated here: at most ` +
                `${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')} annotations are posted, the ` +
                "most severe, to spare the token's hourly request limit. Every finding is in the job " +
                'summary and the results file.\n\n'
            : '';
    return checkRunOutput({ title: input.title, summaryMarkdown: note + input.summaryMarkdown });
}
/** The check run's output, each part cut to the API's 65,535 characters with a note. */
function checkRunOutput(input) {
    return {
        title: truncateText(oneLine(input.title), check_run_output_TITLE_MAX_CHARS),
        summary: fitOutput(input.summaryMarkdown),
        ...(input.text === undefined ? {} : { text: fitOutput(input.text) }),
    };
}
const CUT_NOTE = "\n\n> ✂️ Cut here to fit GitHub's limit of 65,535 characters for check run output. " +
    'The results file written by this step has every finding.\n';
/** Cut at a line break where there is one near the limit, so a table row is never split. */
function fitOutput(text) {
    if (text.length <= OUTPUT_MAX_CHARS)
        return text;
    let end = OUTPUT_MAX_CHARS - CUT_NOTE.length;
    const lineEnd = text.lastIndexOf('\n', end);
    if (lineEnd > end - 2_000)
        end = lineEnd;
    // Never leave half a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1)))
        end -= 1;
    return text.slice(0, end) + CUT_NOTE;
}

;// CONCATENATED MODULE: ./.build/version.js
/** The action's version, sent as the User-Agent and named in SARIF; kept equal to package.json's. */
const ACTION_VERSION = '0.1.0';

// EXTERNAL MODULE: ./node_modules/@actions/cache/lib/cache.js + 35 modules
var cache = __webpack_require__(60142);
;// CONCATENATED MODULE: ./.build/action/within.js
/**
 * A bound on work the toolkit does with retries of its own that know no deadline (the cache,
 * artifact downloads): the caller stops waiting; the work itself goes on unwatched.
 */
/**
 * The wait ran out. Callers tell it by this type, never by reading the clock again: a timer may
 * fire a millisecond before `Date.now()` reaches the time it was set for.
 */
class WaitTimeoutError extends Error {
    name = 'WaitTimeoutError';
}
/** The work's result, or a WaitTimeoutError with `late`'s message once `ms` have passed. */
async function within(ms, work, late) {
    let timer;
    const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new WaitTimeoutError(late)), Math.max(0, ms));
    });
    try {
        return await Promise.race([work, timeout]);
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./.build/action/reuse-cache.js
/**
 * The Action's keeper of reuse records: the Actions cache, through `@actions/cache`. A record
 * lives in its entry's key (`contract-audit-v1-<digest>-<record, base64url>`), found by prefix
 * with `lookupOnly`: a lookup is one request, and no archive a cache entry holds is ever
 * downloaded or extracted onto the runner. The entry's archive holds the same record, for people
 * looking at the cache. The cache is optional and untrusted: whatever fails, the run uploads.
 */






const KEY_PREFIX = 'contract-audit-v1-';
/** A cache that answers slower than this is passed over: it is there to save time. */
const CACHE_WAIT_MS = 20_000;
/** GitHub's limit on a cache key. */
const MAX_KEY_LENGTH = 512;
const noAnswer = (ms) => `no answer within ${ms / 1000} s`;
function keyPrefix(digest) {
    return `${KEY_PREFIX}${digest}-`;
}
/**
 * The store, or undefined when this runner has no cache service (a local run, GHES without one,
 * other runners), which is said only in the debug log.
 */
function createCacheStore(log, temp, 
/** The most a lookup or a save may take: the toolkit's own retries know no deadline. */
waitMs = CACHE_WAIT_MS) {
    // GitHub's local-action stands in for @actions/cache with restoreCache and saveCache only,
    // kept on the machine: where the check is missing, the stand-in is the cache.
    if (typeof cache/* isFeatureAvailable */.w3 === 'function' && !cache/* isFeatureAvailable */.w3()) {
        log.debug('No Actions cache service on this runner: audits are not reused.');
        return undefined;
    }
    // One path for every entry: the cache's version of an entry hashes the paths it holds.
    const file = external_node_path_.join(temp, 'contract-audit-reuse', 'record.json');
    // Saves share the file, so they go one at a time.
    const oneAtATime = (0,p_limit/* default */.A)(1);
    return {
        async find(digest) {
            const prefix = keyPrefix(digest);
            try {
                const matched = await within(waitMs, cache/* restoreCache */.P3([file], prefix, [prefix], { lookupOnly: true }), noAnswer(waitMs));
                // A key longer than GitHub takes was not written by this action; within it, a record is
                // a few hundred bytes, well under what the engine reads.
                if (matched === undefined || matched.length > MAX_KEY_LENGTH)
                    return undefined;
                const encoded = matched.startsWith(prefix) ? matched.slice(prefix.length) : '';
                return Buffer.from(encoded, 'base64url').toString('utf8');
            }
            catch (error) {
                log.info(`The Actions cache could not be read (${errorMessage(error)}), so this upload is audited anew.`);
                return undefined;
            }
        },
        save: (digest, text) => oneAtATime(async () => {
            const key = keyPrefix(digest) + Buffer.from(text, 'utf8').toString('base64url');
            if (key.length > MAX_KEY_LENGTH) {
                log.debug('The audit id is too long to record in a cache key: the audit is not kept for reuse.');
                return;
            }
            const notKept = (why) => log.info(`The audit could not be recorded in the Actions cache (${why}); the next run audits this upload anew.`);
            try {
                await (0,promises_.mkdir)(external_node_path_.dirname(file), { recursive: true });
                await (0,promises_.writeFile)(file, text);
                // The toolkit says why itself, and answers -1.
                if ((await within(waitMs, cache/* saveCache */.Io([file], key), noAnswer(waitMs))) === -1)
                    notKept('see the line above');
            }
            catch (error) {
                notKept(errorMessage(error));
            }
        }),
    };
}

;// CONCATENATED MODULE: ./.build/action/engine-dependencies.js
/**
 * What the engine is given by the Action's door: its clock, log, the GitHub callbacks (the audit
 * id as an output and the check run's start, the pull request's changed files) and the reuse store.
 */





const USER_AGENT = `smart-contract-audit-action/${ACTION_VERSION}`;
function engineDependencies(settings, step) {
    const { context, log } = step;
    const store = settings.reuse ? createCacheStore(log, settings.outputDirectory) : undefined;
    return {
        log,
        sleep: (ms) => (0,external_node_timers_promises_.setTimeout)(ms),
        random: Math.random,
        userAgent: USER_AGENT,
        changedFiles: () => changedFiles(settings, step),
        auditStarted: (started) => auditStarted(started, step),
        pollOnce: !settings.wait,
        ...(store && {
            reuse: {
                store,
                runUrl: context.runUrl,
                runUrlPrefix: context.repository
                    ? `${context.serverUrl}/${context.repository}/actions/runs/`
                    : undefined,
            },
        }),
    };
}
/** The audit id is an output as soon as it is known, and the check run starts then. */
function auditStarted({ auditId, auditIds, message, first }, step) {
    core/* setOutput */.uH('audit-id', step.redactor.redact(auditIds));
    step.log.info(message);
    // In the background: a slow GitHub API must not eat into the audit's time.
    if (first)
        void step.channels?.auditStarted(renderCheckRunStart(auditId));
}
/** The pull request's changed files for `scope`; on any other event, every finding counts. */
async function changedFiles(settings, { context, channels, log }) {
    if (!context.pullRequest) {
        log.notice(`\`scope: ${settings.scope}\` applies to pull requests; on this ${context.eventName} run every finding counts.`);
        return undefined;
    }
    return channels?.changedFiles();
}

;// CONCATENATED MODULE: ./.build/action/artifact/audit-artifact.js
/**
 * The `workflow_run` audit of a pull request's run: what GitHub holds of its head commit, with
 * what the run's artifact may add, audited by the engine as a checkout's projects would be.
 */





/**
 * On `workflow_run`: the triggering run's head commit, as GitHub holds it, with what its artifact
 * may supply (the files git does not hold); a run that left no artifact is skipped. Nothing is
 * checked out. Every result once the artifact is open names the commit judged.
 */
async function auditArtifact(settings, triggering, step) {
    const { log } = step;
    // workflow_run has the repository's secrets, Dependabot's runs too: an empty key is an error.
    if (!settings.apiKey)
        return stoppedRun(noApiKeyResult(undefined, {}));
    let fetched;
    try {
        fetched = await triggering.fetchUploads();
    }
    catch (error) {
        return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }));
    }
    if (fetched.kind === 'missing') {
        log.notice(fetched.reason);
        return stoppedRun(skippedResult(fetched.reason, {}));
    }
    if (fetched.note !== undefined)
        log.warning(fetched.note);
    const { headSha, id } = triggering.run;
    const headCommit = { sha: headSha, refused: [] };
    let head;
    try {
        head = await triggering.headUploads(fetched.bundle, headCommit.refused);
    }
    catch (error) {
        return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }), {
            headCommit,
        });
    }
    const files = head.uploads.flatMap((upload) => upload.files);
    log.info(`Auditing commit ${headSha} of run ${id}: ${files.length} file(s) of ${head.uploads.length} project(s), ` +
        `${files.filter((file) => file.dependency).length} of them dependencies; ${head.filesRead} file(s) read from GitHub, the search run ${head.passes} time(s).`);
    const result = await audit(settings, head.detection, step.deadline, engineDependencies(settings, step), { uploads: head.uploads, root: head.root });
    return { ...result, headCommit };
}

// EXTERNAL MODULE: ./node_modules/@actions/artifact/lib/artifact.js + 28 modules
var lib_artifact = __webpack_require__(76799);
;// CONCATENATED MODULE: ./.build/files/upload-name.js
/**
 * What an upload name may be once it leaves the checkout as a file of its own (an entry of the
 * upload bundle a fork's pull request hands on): a relative POSIX path that names one place under
 * any folder it is written to. The same rule is applied where the bundle is made and where it is
 * read, so what one side writes the other accepts.
 */
/** Longer names are refused: no compiler or file system needs them. */
const MAX_NAME_LENGTH = 1024;
/** The longest segment most file systems take (bytes). */
const MAX_SEGMENT_BYTES = 255;
/** Why `name` cannot be a bundle entry, or undefined when it can. */
function uploadNameProblem(name) {
    if (name === '')
        return 'an empty name';
    if (name.length > MAX_NAME_LENGTH)
        return `a name longer than ${MAX_NAME_LENGTH} characters`;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
        return 'a control character in the name';
    if (name.includes('\\'))
        return 'a backslash in the name';
    // The artifact service refuses these in a file's path; `:` also rules out drive letters.
    if (/[":<>|*?]/.test(name))
        return 'one of " : < > | * ? in the name';
    if (name.startsWith('/'))
        return 'an absolute path';
    for (const segment of name.split('/')) {
        if (segment === '')
            return 'an empty path segment (`//` or a trailing `/`)';
        if (segment === '.' || segment === '..')
            return `a \`${segment}\` segment`;
        if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
            return `a path segment longer than ${MAX_SEGMENT_BYTES} bytes`;
    }
    return undefined;
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
;// CONCATENATED MODULE: ./.build/files/zip-extract.js
/**
 * Extracts a zip that anyone may have shaped (a fork's artifact) into a fresh folder, or refuses
 * it whole, naming what was wrong. The central directory is the one list read: every entry is
 * checked before a byte is written (its name by the upload-name rule, its type, its sizes against
 * the bounds), then each is inflated with its output capped at its declared size and checked
 * against its CRC. Only regular files are written; a link entry is refused, never created or
 * followed, and nothing is written outside `destination`.
 */






const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_LENGTH = 22;
const MAX_COMMENT = 0xffff;
const UNIX = 3;
const FILE_TYPE = 0o170000;
const REGULAR = 0o100000;
const DIRECTORY = 0o040000;
const LINK = 0o120000;
const STORED = 0;
const DEFLATED = 8;
/**
 * `what` names the zip in messages ("The artifact contract-audit-upload"); `words`: the door's,
 * in which the bounds' settings are named.
 */
async function extractZip(zipFile, destination, bounds, what, words) {
    const refuse = (problem) => new ConfigurationError(`${what} was refused: ${problem}. Nothing of it was used.`);
    const zip = await (0,promises_.readFile)(zipFile);
    const entries = readCentralDirectory(zip, bounds, refuse, words);
    const extracted = [];
    for (const entry of entries) {
        if (entry.directory)
            continue;
        const data = inflate(zip, entry, refuse);
        const absolutePath = external_node_path_.join(destination, ...entry.name.split('/'));
        try {
            await (0,promises_.mkdir)(external_node_path_.dirname(absolutePath), { recursive: true });
            // `wx`: a name that is already there (a folder of the same name) is refused, not replaced.
            await (0,promises_.writeFile)(absolutePath, data, { flag: 'wx' });
        }
        catch (error) {
            throw refuse(`its entry ${JSON.stringify(entry.name)} cannot be written as a file (${error.code ?? 'error'}): another entry takes its place, as a file or a folder, on this file system`);
        }
        extracted.push({ name: entry.name, absolutePath, size: data.length });
    }
    return extracted;
}
function readCentralDirectory(zip, bounds, refuse, words) {
    const end = findEndRecord(zip);
    if (end < 0)
        throw refuse('it is not a zip file (no end of central directory record)');
    const count = zip.readUInt16LE(end + 10);
    const directorySize = zip.readUInt32LE(end + 12);
    const directoryOffset = zip.readUInt32LE(end + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff)
        throw refuse('it is a ZIP64 archive, which no upload within the limits needs');
    if (directoryOffset + directorySize > end)
        throw refuse('its central directory is out of bounds');
    // Directory entries are counted too: a bound on entries bounds the work.
    if (count > bounds.maxFiles * 2 + 2)
        throw refuse(`it has ${count} entries, more than ${words.option('max-files')} (${bounds.maxFiles}) allows`);
    const entries = [];
    const names = new Set();
    let files = 0;
    let total = 0;
    let at = directoryOffset;
    for (let index = 0; index < count; index += 1) {
        if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE)
            throw refuse('its central directory is damaged');
        const madeBy = zip.readUInt16LE(at + 4) >> 8;
        const flags = zip.readUInt16LE(at + 8);
        const method = zip.readUInt16LE(at + 10);
        const crc = zip.readUInt32LE(at + 16);
        const compressedSize = zip.readUInt32LE(at + 20);
        const size = zip.readUInt32LE(at + 24);
        const nameLength = zip.readUInt16LE(at + 28);
        const extraLength = zip.readUInt16LE(at + 30);
        const commentLength = zip.readUInt16LE(at + 32);
        const mode = zip.readUInt32LE(at + 38) >>> 16;
        const localOffset = zip.readUInt32LE(at + 42);
        const rawName = zip.subarray(at + 46, at + 46 + nameLength);
        at += 46 + nameLength + extraLength + commentLength;
        if (at > end)
            throw refuse('its central directory is damaged');
        const name = decodeName(rawName);
        if (name === undefined)
            throw refuse(`an entry's name is not UTF-8 (${JSON.stringify(rawName.toString('latin1'))})`);
        const shown = JSON.stringify(name);
        const type = madeBy === UNIX ? mode & FILE_TYPE : 0;
        const directory = name.endsWith('/') || type === DIRECTORY;
        const problem = uploadNameProblem(directory ? name.replace(/\/$/, '') : name);
        if (problem !== undefined)
            throw refuse(`its entry ${shown} has ${problem}`);
        if (type === LINK)
            throw refuse(`its entry ${shown} is a symbolic link`);
        if (type !== 0 && type !== REGULAR && type !== DIRECTORY)
            throw refuse(`its entry ${shown} is not a regular file`);
        if (directory) {
            if (size !== 0)
                throw refuse(`its folder entry ${shown} holds data`);
            entries.push({ name, directory, method, crc, compressedSize, size, localOffset });
            continue;
        }
        if (names.has(name))
            throw refuse(`its entry ${shown} is there twice`);
        names.add(name);
        if ((flags & 1) !== 0)
            throw refuse(`its entry ${shown} is encrypted`);
        if (method !== STORED && method !== DEFLATED)
            throw refuse(`its entry ${shown} uses compression method ${method} (only stored and deflated are read)`);
        const counted = name !== bounds.uncounted;
        if (counted)
            files += 1;
        if (files > bounds.maxFiles)
            throw refuse(`it holds more than ${bounds.maxFiles} file(s) (${words.optionNamed('max-files')})`);
        const maxFileBytes = bounds.maxFileBytes(name);
        if (size > maxFileBytes)
            throw refuse(`its entry ${shown} is ${formatBytes(size)}, larger than ${formatBytes(maxFileBytes)} (${words.optionNamed('max-file-size-kb')})`);
        if (counted)
            total += size;
        if (total > bounds.maxTotalBytes)
            throw refuse(`its files add up to more than ${formatBytes(bounds.maxTotalBytes)} (${words.optionNamed('max-total-size-mb')})`);
        entries.push({ name, directory, method, crc, compressedSize, size, localOffset });
    }
    return entries;
}
/** The end of central directory record, searched back from the end past any comment. */
function findEndRecord(zip) {
    const lowest = Math.max(0, zip.length - EOCD_LENGTH - MAX_COMMENT);
    for (let at = zip.length - EOCD_LENGTH; at >= lowest; at -= 1) {
        if (zip.readUInt32LE(at) === EOCD_SIGNATURE)
            return at;
    }
    return -1;
}
function decodeName(raw) {
    try {
        return new TextDecoder('utf-8', { fatal: true }).decode(raw);
    }
    catch {
        return undefined;
    }
}
/** The entry's bytes, never more than it declares, and only when they match its CRC. */
function inflate(zip, entry, refuse) {
    const shown = JSON.stringify(entry.name);
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE)
        throw refuse(`its entry ${shown} points at no local header`);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const compressed = zip.subarray(start, start + entry.compressedSize);
    if (start + entry.compressedSize > zip.length)
        throw refuse(`its entry ${shown} runs past the end of the zip`);
    let data;
    if (entry.method === STORED) {
        data = compressed;
    }
    else {
        try {
            // One byte over the declared size is enough to tell a lie: inflating stops there.
            data = (0,external_node_zlib_.inflateRawSync)(compressed, { maxOutputLength: Math.max(1, entry.size + 1) });
        }
        catch {
            throw refuse(`its entry ${shown} inflates to more than it declares, or is damaged`);
        }
    }
    if (data.length !== entry.size)
        throw refuse(`its entry ${shown} holds ${data.length} bytes, not the ${entry.size} it declares`);
    if ((0,external_node_zlib_.crc32)(data) !== entry.crc)
        throw refuse(`its entry ${shown} does not match its CRC`);
    return data;
}

;// CONCATENATED MODULE: ./.build/engine/upload-bundle.js
/**
 * An upload bundle: what a run would send, as files. A run that may not audit (a fork's pull
 * request has no key) writes each project's files under their upload names into a folder of
 * their own (`1/`, `2/`, …) with a small manifest; a privileged run later reads it back as the
 * same uploads, with no checkout. The bundle is untrusted when read: the zip it travels in is
 * checked by extractZip, and the manifest is bounded, read as unknown JSON and must list exactly
 * the files there are. It says what to audit, never where to report or under which name.
 */








const MANIFEST_NAME = 'contract-audit-manifest.json';
const FORMAT = 'contract-audit-upload/1';
/** A manifest lists names and two flags per file: this holds thousands of them. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
/**
 * Copies each upload's files under `root` (a fresh folder), refusing the lot when a name could
 * not be read back as it is: every name the bundle could not carry is listed.
 */
async function writeBundle(uploads, root, limits, words) {
    const problems = uploads.flatMap((upload) => upload.files.flatMap((file) => {
        const problem = uploadNameProblem(file.relativePath) ?? uploadNameProblem(file.repositoryPath);
        const sentAs = file.relativePath === file.repositoryPath ? '' : ` (sent as ${file.relativePath})`;
        return problem === undefined ? [] : [`  - ${file.repositoryPath}${sentAs}: ${problem}`];
    }));
    if (problems.length > 0) {
        throw new ConfigurationError(`${problems.length} file(s) to audit cannot be collected under their upload names, so nothing was collected:\n${problems.join('\n')}\n` +
            `Rename them, or leave them out with ${words.option('exclude')}.`);
    }
    checkWhole(uploads, limits, words);
    const files = [];
    const projects = [];
    for (const [index, upload] of uploads.entries()) {
        const folder = String(index + 1);
        for (const file of upload.files) {
            const target = external_node_path_.join(root, folder, ...file.relativePath.split('/'));
            await (0,promises_.mkdir)(external_node_path_.dirname(target), { recursive: true });
            await (0,promises_.copyFile)(file.absolutePath, target);
            files.push(target);
        }
        projects.push({
            path: upload.path,
            folder,
            files: upload.files.map((file) => ({
                name: file.relativePath,
                repositoryPath: file.repositoryPath,
                dependency: file.dependency,
            })),
        });
    }
    const manifest = external_node_path_.join(root, MANIFEST_NAME);
    await (0,promises_.writeFile)(manifest, `${JSON.stringify({ format: FORMAT, projects }, null, 1)}\n`);
    files.push(manifest);
    return { root, files };
}
/**
 * The reader applies the limits to the bundle as a whole, so several projects' files that are
 * within them each but not together are refused here, before anything is uploaded.
 */
function checkWhole(uploads, limits, words) {
    if (uploads.length < 2)
        return;
    try {
        checkUploadLimits(uploads.flatMap((upload) => upload.files), limits, words);
    }
    catch (error) {
        throw new ConfigurationError(`The ${uploads.length} projects' files together are more than one artifact may hold: the \`workflow_run\` audit checks the limits on the artifact as a whole. ${error.message}`);
    }
}
/**
 * The uploads a bundle's zip holds, extracted into `destination` (a fresh folder), or a
 * ConfigurationError naming what was wrong with it. Each upload is named after `projectName`,
 * the reading run's own, and checked against the same limits as a checkout's upload.
 */
async function openBundle(zipFile, destination, options) {
    const { limits, what } = options;
    const refuse = (problem) => new ConfigurationError(`${what} was refused: ${problem}. Nothing of it was used.`);
    const extracted = await extractZip(zipFile, destination, {
        // The limits hold for the bundle's files as a whole: it is one download. The manifest is
        // bounded on its own.
        maxFiles: limits.maxFiles,
        uncounted: MANIFEST_NAME,
        maxFileBytes: (name) => (name === MANIFEST_NAME ? MAX_MANIFEST_BYTES : limits.maxFileBytes),
        maxTotalBytes: limits.maxTotalBytes,
    }, what, options.vocabulary);
    const byName = new Map(extracted.map((file) => [file.name, file]));
    const manifestFile = byName.get(MANIFEST_NAME);
    if (!manifestFile)
        throw refuse(`it has no ${MANIFEST_NAME}`);
    byName.delete(MANIFEST_NAME);
    const projects = readManifest(await (0,promises_.readFile)(manifestFile.absolutePath, 'utf8'), refuse);
    const several = projects.length > 1;
    const uploads = projects.map((project) => {
        const files = project.files.map((file) => {
            const entry = byName.get(`${project.folder}/${file.name}`);
            if (!entry)
                throw refuse(`its manifest lists ${JSON.stringify(file.name)}, which it does not hold`);
            byName.delete(`${project.folder}/${file.name}`);
            return {
                ...file,
                relativePath: file.name,
                absolutePath: entry.absolutePath,
                size: entry.size,
            };
        });
        return {
            name: several && project.path !== '.'
                ? `${options.projectName}/${project.path}`
                : options.projectName,
            path: project.path,
            files: files.map(({ name: _, ...file }) => file),
        };
    });
    const [unlisted] = byName.keys();
    if (unlisted !== undefined)
        throw refuse(`it holds ${JSON.stringify(unlisted)}, which its manifest does not list`);
    for (const upload of uploads) {
        try {
            checkUploadLimits(upload.files, limits, options.vocabulary);
        }
        catch (error) {
            throw refuse(error.message.replace(/\.$/, ''));
        }
    }
    return {
        uploads,
        summaries: uploads.map((upload) => ({ name: upload.name, path: upload.path, frameworks: [] })),
    };
}
/** The manifest's projects, every field checked; anything else in it is ignored. */
function readManifest(text, refuse) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        throw refuse(`its ${MANIFEST_NAME} is not JSON`);
    }
    if (!isRecord(json) || json['format'] !== FORMAT)
        throw refuse(`its ${MANIFEST_NAME} is not of the format ${FORMAT}`);
    const projects = json['projects'];
    if (!Array.isArray(projects) || projects.length === 0 || projects.length > MAX_PROJECTS)
        throw refuse(`its ${MANIFEST_NAME} must list 1 to ${MAX_PROJECTS} projects`);
    const paths = new Set();
    return projects.map((project, index) => {
        const where = `project ${index + 1} of its ${MANIFEST_NAME}`;
        if (!isRecord(project))
            throw refuse(`${where} is not an object`);
        const { path: folderPath, folder, files } = project;
        if (typeof folderPath !== 'string' || (folderPath !== '.' && uploadNameProblem(folderPath)))
            throw refuse(`${where} has no valid \`path\` (a relative folder, or \`.\`)`);
        if (folder !== String(index + 1))
            throw refuse(`${where} is not in folder ${index + 1}`);
        if (paths.has(folderPath))
            throw refuse(`${where} repeats the path ${JSON.stringify(folderPath)}`);
        paths.add(folderPath);
        if (!Array.isArray(files) || files.length === 0)
            throw refuse(`${where} lists no files`);
        const names = new Set();
        return {
            path: folderPath,
            folder,
            files: files.map((file) => {
                if (!isRecord(file))
                    throw refuse(`${where} has a file that is not an object`);
                const { name, repositoryPath, dependency } = file;
                if (typeof name !== 'string' ||
                    typeof repositoryPath !== 'string' ||
                    typeof dependency !== 'boolean')
                    throw refuse(`${where} has a file without \`name\`, \`repositoryPath\` and \`dependency\``);
                const problem = uploadNameProblem(name) ?? uploadNameProblem(repositoryPath);
                if (problem !== undefined)
                    throw refuse(`${where} names ${JSON.stringify(name)}, which has ${problem}`);
                if (names.has(name))
                    throw refuse(`${where} lists ${JSON.stringify(name)} twice`);
                names.add(name);
                return { name, repositoryPath, dependency };
            }),
        };
    });
}

;// CONCATENATED MODULE: ./.build/action/artifact/collect.js
/**
 * `fork-pull-requests: collect`: on a pull request that gets no key, the files the run would
 * send are collected, not sent. They are written as an upload bundle under RUNNER_TEMP and
 * uploaded with `@actions/artifact` as the artifact `contract-audit-upload`, for a `workflow_run`
 * workflow of the default branch to audit. Nothing reaches the audit service from here.
 */










const UPLOAD_ARTIFACT = 'contract-audit-upload';
/** The bundle serves the next workflow, which runs within minutes: it need not be kept long. */
const RETENTION_DAYS = 7;
async function collectUploads(settings, detection, origin, run) {
    const { log } = run;
    const facts = { detectedProjects: detection.summaries };
    try {
        const uploads = await checkoutUploads(settings, detection, run.deadline, log);
        const fileCount = uploads.reduce((sum, upload) => sum + upload.files.length, 0);
        if (uploads.length === 0) {
            return stoppedRun(skippedResult(`No contract files matched (${settings.vocabulary.setting('if-no-files-found', settings.ifNoFilesFound)}); nothing was collected.`, { fileCount }), facts);
        }
        await (0,promises_.mkdir)(settings.outputDirectory, { recursive: true });
        const root = await (0,promises_.mkdtemp)(external_node_path_.join(settings.outputDirectory, 'contract-audit-collect-'));
        const bundle = await writeBundle(uploads, root, settings.limits, settings.vocabulary);
        const client = new lib_artifact/* DefaultArtifactClient */.t9();
        let artifact;
        const upload = async () => {
            await replaceEarlierAttempt(client);
            return client.uploadArtifact(UPLOAD_ARTIFACT, bundle.files, bundle.root, {
                retentionDays: RETENTION_DAYS,
            });
        };
        try {
            artifact = await within(msLeft(run.deadline), upload(), 'the time limit (`timeout-minutes`) ran out during the upload');
        }
        catch (error) {
            if (error instanceof WaitTimeoutError) {
                throw new DeadlineError(`The time limit (\`timeout-minutes\`) ran out while the files to audit were uploaded as the artifact \`${UPLOAD_ARTIFACT}\`: the \`workflow_run\` audit may find none. Raise \`timeout-minutes\`, or re-run the workflow.`);
            }
            throw new ConfigurationError(`The files to audit could not be uploaded as the artifact \`${UPLOAD_ARTIFACT}\`: ${errorMessage(error)}`);
        }
        const who = origin === 'fork'
            ? 'this pull request comes from a fork'
            : 'this run was triggered by Dependabot';
        const reason = `No API key: ${who}, and GitHub gives such runs no secrets. Nothing was sent to the audit service: ` +
            `the ${fileCount} file(s) of ${uploads.length} project(s) it would audit were collected as the artifact ` +
            `\`${UPLOAD_ARTIFACT}\`${artifact.id === undefined ? '' : ` (id ${artifact.id})`}. ` +
            'The `workflow_run` workflow of the default branch that runs this action when this workflow completes audits it and reports on this pull request.';
        log.notice(reason);
        return stoppedRun(skippedResult(reason, { fileCount }), facts);
    }
    catch (error) {
        return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }), facts);
    }
}
/**
 * A re-run is the same run, and GitHub takes an artifact's name once per run: the earlier
 * attempt's bundle is deleted first, as upload-artifact's `overwrite` does, so that B audits this
 * attempt's files rather than this upload failing.
 */
async function replaceEarlierAttempt(client) {
    try {
        await client.deleteArtifact(UPLOAD_ARTIFACT);
    }
    catch (error) {
        // By the toolkit's name for it, not its class: GitHub's local-action stands in for
        // @actions/artifact without that export, and importing it by name fails at load.
        if (!(error instanceof Error && error.name === 'ArtifactNotFoundError'))
            throw error;
    }
}

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js
var github = __webpack_require__(61351);
;// CONCATENATED MODULE: ./.build/action/github/errors.js
/**
 * How a GitHub request failed, in words a user can act on: a refusal for want of a permission
 * names the permission to add; anything else names the operation. The token is never in a message.
 */

/**
 * GitHub refused the operation for want of a permission: 403 (a read-only token on a fork's pull
 * request, or a `permissions:` block without it), or 404 where the repository itself cannot be
 * seen. Callers warn once, naming `permission`, and fall back.
 */
class PermissionError extends Error {
    name = 'PermissionError';
    permission;
    status;
    constructor(message, permission, status) {
        super(message);
        this.permission = permission;
        this.status = status;
    }
}
/**
 * A request the client would not send, or an answer it would not take (a redirect, or past the
 * size cap): never repeated.
 */
class RefusedRequest extends Error {
    name = 'RefusedRequest';
}
/** The request timed out: repeated like a server error. */
class NoAnswer extends Error {
    name = 'NoAnswer';
}
/**
 * Runs one operation, turning GitHub's refusals into PermissionError and anything else into an
 * Error that names the operation. `notFoundIsPermission`: for a repository-level operation a
 * 404 means the token cannot see the repository; for one on a given object, that it is gone.
 */
async function call(operation, permission, notFoundIsPermission, run) {
    try {
        return await run();
    }
    catch (error) {
        throw translateError(error, operation, permission, notFoundIsPermission);
    }
}
function translateError(error, operation, permission, notFoundIsPermission) {
    const status = statusOf(error);
    const raw = error instanceof Error ? error.message : String(error);
    const message = truncateText(raw.replace(/\s+/g, ' ').trim(), 300);
    const refused = (status === 403 && !isRateLimit(error)) ||
        (status === 404 && notFoundIsPermission) ||
        /resource not accessible by integration/i.test(message);
    if (refused) {
        return new PermissionError(`GitHub refused to ${operation} (${status}: ${message}). ` +
            `The token needs \`${permission}\`: add it to the job's permissions ` +
            '(pull requests from forks always get a read-only token).', permission, status);
    }
    // Octokit reports a request that got no answer (refused, timed out) as status 500.
    const answered = error?.response !== undefined;
    return new Error(`Could not ${operation} on GitHub${answered ? ` (HTTP ${status})` : ''}: ${message}`);
}
/** A 403 for exhausting the rate limit is not a missing permission. */
function isRateLimit(error) {
    const message = error instanceof Error ? error.message : '';
    return headersOf(error)['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message);
}
function headersOf(error) {
    return (error?.response?.headers ?? {});
}
function statusOf(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : 0;
}

;// CONCATENATED MODULE: ./.build/action/github/request-policy.js
/**
 * How long each GitHub request may take and whether it is repeated, as an Octokit request hook.
 * No request starts after the deadline and none waits for an answer past it. Only what is safe to
 * send twice is repeated (GET, and updates marked idempotent), after what GitHub asks for
 * (Retry-After, the rate limit's reset) or a doubling wait, never beyond the deadline.
 *
 * Not `@octokit/plugin-retry`: it repeats any failed request but a 4xx, a POST too (a second
 * comment or check run when GitHub acted on one that got no answer), and its waits know nothing
 * of the run's deadline.
 */



/** Attempts at completing a check run; other idempotent requests get two, the rest one. */
const COMPLETE_ATTEMPTS = 4;
const IDEMPOTENT_ATTEMPTS = 2;
/** Longest wait before a repeat, whatever Retry-After or x-ratelimit-reset ask for. */
const MAX_RETRY_WAIT_MS = 60_000;
/** Runs each call within its policy: the deadline, a timeout per attempt, and the repeats. */
function boundedRequests(options) {
    const { deadline, requestTimeoutMs, sleep } = options;
    return async (request, endpoint) => {
        const policy = (endpoint.request ?? {});
        // Creating, or appending annotations, is not repeated after a server error or a timeout:
        // GitHub may have acted on it.
        const idempotent = endpoint.method === 'GET' || policy.idempotent === true;
        const attempts = idempotent ? (policy.attempts ?? IDEMPOTENT_ATTEMPTS) : 1;
        const timeLeft = () => msLeft(deadline) - (policy.reserveMs ?? 0);
        for (let attempt = 1;; attempt += 1) {
            const left = timeLeft();
            if (left <= 0) {
                throw new RefusedRequest(policy.reserveMs === undefined
                    ? 'the time allowed for GitHub is up, so nothing more was sent'
                    : `less than ${policy.reserveMs / 1000} s are left before the deadline, which are kept to complete the check run`);
            }
            const ms = Math.ceil(Math.min(requestTimeoutMs, left));
            const timeout = AbortSignal.timeout(ms);
            options.onAttempt();
            let failure;
            try {
                // The hooks inside this one get `endpoint` itself, whatever is passed to `request`. Its
                // `request` options may be a method's defaults, shared by calls: replaced, not changed.
                endpoint.request = { ...endpoint.request, signal: timeout };
                // A body cut off by the timeout throws: the transport reads it.
                return await request(endpoint);
            }
            catch (error) {
                const cause = error?.cause;
                if (cause instanceof RefusedRequest)
                    throw cause;
                failure = timeout.aborted ? new NoAnswer(`no answer within ${ms / 1000} s`) : error;
            }
            const wait = attempt < attempts ? retryWait(failure, attempt, options) : undefined;
            if (wait === undefined || wait > Math.min(MAX_RETRY_WAIT_MS, timeLeft()))
                throw failure;
            await sleep(wait);
        }
    };
}
/**
 * How long to wait before repeating, or undefined when the failure is not worth repeating:
 * what GitHub asks for (Retry-After, or the rate limit's reset), else a doubling backoff.
 */
function retryWait(failure, attempt, { deadline: { now }, retryDelayMs }) {
    const status = statusOf(failure);
    const rateLimited = (status === 403 || status === 429) && isRateLimit(failure);
    if (!(failure instanceof NoAnswer) && status < 500 && !rateLimited)
        return undefined;
    const headers = headersOf(failure);
    const reset = Number(headers['x-ratelimit-reset']);
    const untilReset = headers['x-ratelimit-remaining'] === '0' && reset > 0
        ? Math.max(0, reset * 1000 - now())
        : undefined;
    return (parseRetryAfter(headers['retry-after'], now, Infinity) ??
        untilReset ??
        retryDelayMs * 2 ** (attempt - 1));
}

;// CONCATENATED MODULE: ./.build/action/github/pages.js
/** Reading GitHub's paged lists only so far: a `rel="next"` that never ends is not followed. */
/** Items per page asked for: GitHub's most. */
const PER_PAGE = 100;
/** Items of at most `maxPages` pages; `more` when the last page read still had a next one. */
async function collectPages(pages, maxPages) {
    const items = [];
    let count = 0;
    for await (const page of pages) {
        items.push(...page.data);
        count += 1;
        if (count === maxPages)
            return { items, more: /rel="next"/.test(page.headers.link ?? '') };
    }
    return { items, more: false };
}

;// CONCATENATED MODULE: ./.build/action/github/pending-endpoints.js


/** One name's runs in progress on one commit: more than a page is already unusual. */
const CHECK_RUNS_MAX_PAGES = 2;
function pendingEndpoints({ rest, paginate }, repo) {
    return {
        async listOpenPullRequests(maxPages) {
            return call('list the open pull requests', 'pull-requests: read', true, async () => {
                const { items, more } = await collectPages(paginate.iterator(rest.pulls.list, { ...repo, state: 'open', per_page: PER_PAGE }), maxPages);
                return {
                    pulls: items.map((pull) => ({ number: pull.number, headSha: pull.head.sha })),
                    capped: more,
                };
            });
        },
        async listClosedPullRequests() {
            return call('list the closed pull requests', 'pull-requests: read', true, async () => {
                const { data } = await rest.pulls.list({
                    ...repo,
                    state: 'closed',
                    sort: 'updated',
                    direction: 'desc',
                    per_page: PER_PAGE,
                });
                return data.map((pull) => ({ headSha: pull.head.sha, seenAt: pull.updated_at }));
            });
        },
        async listRecentRunCommits(createdBefore) {
            return call('list the workflow runs', 'actions: read', true, async () => {
                const { data } = await rest.actions.listWorkflowRunsForRepo({
                    ...repo,
                    // GitHub's search syntax for dates: to the second, with an offset.
                    ...(createdBefore === undefined
                        ? {}
                        : { created: `<=${new Date(createdBefore).toISOString().slice(0, 19)}+00:00` }),
                    exclude_pull_requests: true,
                    per_page: PER_PAGE,
                });
                return data.workflow_runs.map((run) => ({ headSha: run.head_sha, seenAt: run.created_at }));
            });
        },
        async getDefaultBranch() {
            return call('read the repository', 'contents: read', true, async () => {
                const { data } = await rest.repos.get(repo);
                return data.default_branch;
            });
        },
        async getCheckRunStatus(id) {
            return call('read the check run', 'checks: read', true, async () => {
                const { data } = await rest.checks.get({ ...repo, check_run_id: id });
                return { status: data.status, externalId: data.external_id ?? null };
            });
        },
        async getPullRequest(number) {
            return call('read a pull request', 'pull-requests: read', false, async () => {
                try {
                    const { data } = await rest.pulls.get({ ...repo, pull_number: number });
                    // The number asked for, whatever the answer says: the comment goes where the record says.
                    return { number, headSha: data.head.sha, changedFiles: data.changed_files };
                }
                catch (error) {
                    if (statusOf(error) === 404)
                        return undefined;
                    throw error;
                }
            });
        },
        async listCheckRunsInProgress(ref, name) {
            return call('list the check runs of a commit', 'checks: read', true, async () => {
                // Page by page, by `total_count`: Octokit's paginator needs each answer's own URL to
                // end a list wrapped in an object, which the transport's answers do not carry.
                const items = [];
                let total = 0;
                for (let page = 1; page <= CHECK_RUNS_MAX_PAGES; page += 1) {
                    const { data } = await rest.checks.listForRef({
                        ...repo,
                        ref,
                        check_name: name,
                        status: 'in_progress',
                        // Not `latest`: an older run of the name left pending (a push run and a pull
                        // request's on one commit, a re-run) would never be listed, and so never finished.
                        filter: 'all',
                        per_page: PER_PAGE,
                        page,
                    });
                    if (!Array.isArray(data.check_runs))
                        throw new Error('GitHub answered with no list of check runs');
                    items.push(...data.check_runs);
                    total = data.total_count;
                    if (data.check_runs.length < PER_PAGE || items.length >= total)
                        break;
                }
                // The answer is GitHub's word, read as untrusted: one item of another shape is left out,
                // not the whole listing.
                const runs = items.filter((run) => typeof run === 'object' &&
                    run !== null &&
                    typeof run.id === 'number' &&
                    typeof run.name === 'string' &&
                    typeof run.head_sha === 'string');
                return {
                    checkRuns: runs.map((run) => ({
                        id: run.id,
                        name: run.name,
                        headSha: run.head_sha,
                        url: typeof run.html_url === 'string' ? run.html_url : '',
                        externalId: typeof run.external_id === 'string' ? run.external_id : null,
                        text: typeof run.output?.text === 'string' ? run.output.text : null,
                        startedAt: typeof run.started_at === 'string' ? run.started_at : null,
                        app: typeof run.app?.id === 'number'
                            ? { id: run.app.id, slug: typeof run.app.slug === 'string' ? run.app.slug : '' }
                            : undefined,
                    })),
                    capped: items.length < total,
                    malformed: items.length - runs.length,
                };
            });
        },
    };
}

;// CONCATENATED MODULE: ./.build/action/github/transport.js
/**
 * The `fetch` Octokit is given: every request it makes, pagination's `Link: rel="next"` and
 * redirects included, passes here. The token goes only to the API it was issued for (https, or
 * http to this machine), never to another origin or outside the API's base path, whatever a
 * `Link` header or a redirect says. Bodies are redacted just before sending; answers are read up
 * to a size cap. Loopback is reached directly, anything else through the runner's proxy.
 */




/**
 * The most of one answer's body that is read: GitHub's pages (100 files with their patches, 100
 * comments) are far smaller, and an endless answer must not exhaust a runner's memory.
 */
const GITHUB_ANSWER_MAX_BYTES = 16 * 1024 * 1024;
const MAX_REDIRECTS = 3;
/** `redact`: applied to every request body, and to each URL's path and query. */
function createTransport(api, redact) {
    const basePath = api.pathname.replace(/\/+$/, '');
    const baseUrl = api.origin + basePath;
    const dispatcher = createDispatcher(api);
    /** Redacts the path and query, then refuses any URL but the API's own. */
    const prepare = (url) => {
        if (redact) {
            url.pathname = redact(url.pathname);
            url.search = redact(url.search);
        }
        const underBase = url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
        if (url.origin !== api.origin || !underBase) {
            throw new RefusedRequest(`a request to ${truncateText(url.origin + url.pathname, 200)} was not sent: it is outside ` +
                `the API at ${baseUrl}, and the token goes nowhere else`);
        }
        return url;
    };
    return {
        async fetch(url, init) {
            let next = prepare(new URL(url));
            let method = init.method ?? 'GET';
            // Octokit sends JSON bodies as strings.
            let body = init.body;
            if (redact && body !== undefined)
                body = redactBody(body, redact);
            for (let redirects = 0;; redirects += 1) {
                const response = await (0,undici.fetch)(next, {
                    ...init,
                    method,
                    body,
                    redirect: 'manual',
                    dispatcher: dispatcher.get(),
                });
                if (response.status < 300 || response.status >= 400 || response.status === 304)
                    return readCapped(response, `${method} ${truncateText(next.pathname, 200)}`);
                await response.body?.cancel();
                const location = response.headers.get('location');
                if (location === null || redirects === MAX_REDIRECTS)
                    throw new RefusedRequest(`GitHub answered ${response.status}; the redirect was not followed`);
                next = prepare(new URL(location, next));
                // As fetch does: a 303, or a 301/302 after a POST, is followed with a GET.
                if (response.status === 303 || (response.status <= 302 && method === 'POST')) {
                    method = 'GET';
                    body = undefined;
                }
            }
        },
        close: () => dispatcher.close(),
    };
}
/** Throws for an API URL the token must not travel to in clear: only https, or http to this machine. */
function parseApiUrl(apiUrl) {
    let url;
    try {
        url = new URL(apiUrl);
    }
    catch {
        throw new Error(`The GitHub API URL is not a URL: ${truncateText(apiUrl, 200)}`);
    }
    if (!isSafeTransport(url)) {
        throw new Error(`The GitHub API URL ${url.origin} is neither https nor http to this machine: ` +
            'the token is not sent over it in clear, so GitHub is not called');
    }
    return url;
}
/**
 * The answer with its body read whole, or a RefusedRequest once it passes
 * GITHUB_ANSWER_MAX_BYTES, holding no more than that. Read here because Octokit takes a body that
 * fails mid-read for an empty one.
 */
async function readCapped(response, what) {
    const { body } = response;
    if (body === null)
        return response;
    const tooLarge = () => new RefusedRequest(`GitHub's answer to ${what} exceeded ${GITHUB_ANSWER_MAX_BYTES / 1024 / 1024} MiB`);
    // Refused before reading: the bytes may be slow to come.
    if (Number(response.headers.get('content-length')) > GITHUB_ANSWER_MAX_BYTES) {
        await body.cancel();
        throw tooLarge();
    }
    const chunks = [];
    let size = 0;
    // Leaving the loop cancels the stream, which closes the connection.
    for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > GITHUB_ANSWER_MAX_BYTES)
            throw tooLarge();
        chunks.push(chunk);
    }
    const { status, statusText, headers } = response;
    return new undici.Response(Buffer.concat(chunks, size), { status, statusText, headers });
}
/** Redacts each string of a JSON body, so the JSON stays valid; any other body as text. */
function redactBody(body, redact) {
    let value;
    try {
        value = JSON.parse(body);
    }
    catch {
        return redact(body);
    }
    const walk = (v) => {
        if (typeof v === 'string')
            return redact(v);
        if (Array.isArray(v))
            return v.map(walk);
        if (v !== null && typeof v === 'object')
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
        return v;
    };
    return JSON.stringify(walk(value));
}

;// CONCATENATED MODULE: ./.build/action/github/client.js
/**
 * The Action's one GitHub REST client: `@actions/github`'s Octokit, given the project's guards
 * through the options it takes (a transport that keeps the token to the API and caps answers, a
 * request hook that bounds every call by the deadline, a log), and the few endpoints the reports
 * use, typed narrowly. Lists stop at a page cap. Errors say which permission the job lacks.
 */






/** GitHub lists at most this many files of a pull request. */
const PULL_REQUEST_FILES_CAP = 3_000;
/** GitHub's cap in pages: a server that keeps answering `rel="next"` is not followed further. */
const PULL_REQUEST_FILES_MAX_PAGES = PULL_REQUEST_FILES_CAP / PER_PAGE;
/**
 * Pages of 100 comments read to find the sticky comment: 3,000 comments. A `rel="next"` that
 * never ends is not followed further.
 */
const ISSUE_COMMENTS_MAX_PAGES = 30;
/**
 * Appending annotations stops this long before the deadline, so the run can still be completed:
 * a run left in progress blocks a required check.
 */
const COMPLETION_RESERVE_MS = 10_000;
/** Open pull requests of one head branch: more than a page is already unusual. */
const HEAD_PULLS_MAX_PAGES = 3;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 2_000;
/**
 * Throws, before anything is sent, for an API URL the token must not travel to in clear: only
 * https, or plain http to this machine.
 */
function createGitHubClient(target, options = {}) {
    if (target.token === '')
        throw new Error('No GitHub token was given, so GitHub cannot be called');
    const api = parseApiUrl(target.apiUrl);
    const transport = createTransport(api, options.redact);
    const debug = (message) => options.log?.debug(message);
    const log = { debug, info: debug, warn: debug, error: debug };
    let requestCount = 0;
    // Not @actions/github's own proxy fetch: the transport also keeps loopback unproxied.
    const octokit = (0,github/* getOctokit */.Q)(target.token, {
        baseUrl: api.origin + api.pathname.replace(/\/+$/, ''),
        log,
        // Request-level messages (deprecation notices) use this log, else the console.
        request: { log, fetch: transport.fetch },
    });
    octokit.hook.wrap('request', boundedRequests({
        requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
        sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
        deadline: options.deadline ?? { at: Infinity, now: Date.now },
        onAttempt: () => (requestCount += 1),
    }));
    const { rest, paginate } = octokit;
    const repo = { owner: target.owner, repo: target.repo };
    return {
        ...pendingEndpoints({ rest, paginate }, repo),
        get requestCount() {
            return requestCount;
        },
        async createCheckRun(params) {
            const { data } = await call('create the check run', 'checks: write', true, async () => rest.checks.create({
                ...repo,
                name: params.name,
                head_sha: params.headSha,
                status: params.status,
                ...(params.externalId === undefined ? {} : { external_id: params.externalId }),
                ...(params.detailsUrl === undefined ? {} : { details_url: params.detailsUrl }),
                output: params.output,
            }));
            return { id: data.id, url: data.html_url ?? '' };
        },
        async updateCheckRun(id, params) {
            const appends = (params.output?.annotations?.length ?? 0) > 0;
            const policy = appends
                ? { reserveMs: COMPLETION_RESERVE_MS }
                : {
                    idempotent: true,
                    attempts: params.status === 'completed' ? COMPLETE_ATTEMPTS : IDEMPOTENT_ATTEMPTS,
                };
            await call('update the check run', 'checks: write', false, async () => rest.checks.update({
                ...repo,
                check_run_id: id,
                ...(params.status === undefined ? {} : { status: params.status }),
                ...(params.externalId === undefined ? {} : { external_id: params.externalId }),
                ...(params.conclusion === undefined
                    ? {}
                    : { conclusion: params.conclusion, completed_at: new Date().toISOString() }),
                ...(params.output === undefined ? {} : { output: params.output }),
                request: policy,
            }));
        },
        async listPullRequestFiles(pullNumber) {
            return call('list the pull request files', 'pull-requests: read', true, async () => {
                const { items, more } = await collectPages(paginate.iterator(rest.pulls.listFiles, {
                    ...repo,
                    pull_number: pullNumber,
                    per_page: PER_PAGE,
                }), PULL_REQUEST_FILES_MAX_PAGES);
                return {
                    files: items.slice(0, PULL_REQUEST_FILES_CAP).map(toChangedFile),
                    capped: more || items.length >= PULL_REQUEST_FILES_CAP,
                };
            });
        },
        async listIssueComments(issueNumber) {
            return call('list the pull request comments', 'pull-requests: write', true, async () => {
                const { items, more } = await collectPages(paginate.iterator(rest.issues.listComments, {
                    ...repo,
                    issue_number: issueNumber,
                    per_page: PER_PAGE,
                }), ISSUE_COMMENTS_MAX_PAGES);
                return { comments: items.map(toComment), capped: more };
            });
        },
        async createIssueComment(issueNumber, body) {
            const { data } = await call('comment on the pull request', 'pull-requests: write', true, async () => rest.issues.createComment({ ...repo, issue_number: issueNumber, body }));
            return toComment(data);
        },
        async updateIssueComment(commentId, body) {
            const { data } = await call('update the pull request comment', 'pull-requests: write', false, async () => rest.issues.updateComment({
                ...repo,
                comment_id: commentId,
                body,
                request: { idempotent: true },
            }));
            return toComment(data);
        },
        async listRunArtifacts(runId, name) {
            return call("list the triggering run's artifacts", 'actions: read', true, async () => {
                const { data } = await rest.actions.listWorkflowRunArtifacts({
                    ...repo,
                    run_id: runId,
                    name,
                    per_page: PER_PAGE,
                });
                return data.artifacts.map((artifact) => ({
                    id: artifact.id,
                    name: artifact.name,
                    sizeInBytes: artifact.size_in_bytes,
                    expired: artifact.expired,
                    digest: artifact.digest ?? undefined,
                }));
            });
        },
        async listPullRequestsByHead(head) {
            return call('list the pull requests of the head branch', 'pull-requests: read', true, async () => {
                const { items } = await collectPages(paginate.iterator(rest.pulls.list, {
                    ...repo,
                    state: 'open',
                    head,
                    per_page: PER_PAGE,
                }), HEAD_PULLS_MAX_PAGES);
                return items.map((pull) => ({ number: pull.number, headSha: pull.head.sha }));
            });
        },
        async getTree(sha, recursive) {
            return call('read a tree of the head commit', 'contents: read', false, async () => {
                const { data } = await rest.git.getTree({
                    ...repo,
                    tree_sha: sha,
                    ...(recursive ? { recursive: '1' } : {}),
                });
                return {
                    truncated: data.truncated,
                    entries: data.tree.map((entry) => ({
                        path: entry.path,
                        mode: entry.mode,
                        type: entry.type,
                        sha: entry.sha,
                        size: entry.size,
                    })),
                };
            });
        },
        async getBlob(sha) {
            return call('read a file of the head commit', 'contents: read', false, async () => {
                // The body as bytes whatever its content type says: a file need not be UTF-8.
                const { data } = await rest.git.getBlob({
                    ...repo,
                    file_sha: sha,
                    headers: { accept: 'application/vnd.github.raw+json' },
                    request: { parseSuccessResponseBody: false },
                });
                return Buffer.from(await new Response(data).arrayBuffer());
            });
        },
        close: () => transport.close(),
    };
}
function toChangedFile(file) {
    return {
        path: file.filename,
        status: file.status,
        patch: file.patch,
        additions: file.additions,
        ...(file.previous_filename === undefined ? {} : { previousPath: file.previous_filename }),
    };
}
function toComment(comment) {
    return {
        id: comment.id,
        url: comment.html_url,
        body: comment.body ?? '',
        author: comment.user === null
            ? undefined
            : { login: comment.user.login, isBot: comment.user.type === 'Bot' },
    };
}

;// CONCATENATED MODULE: ./.build/action/artifact/head-tree.js
/**
 * The triggering run's head commit as GitHub holds it, read through the REST API: its tree in as
 * few requests as GitHub allows, and a file's bytes, each checked against git's id for them. A
 * recursive tree GitHub truncates is walked a folder at a time; folders of installed packages
 * are never listed (they are not the repository's code, and may be vast).
 */





const LINK_MODE = '120000';
const GITLINK_MODE = '160000';
/** More entries than any repository this action audits: past it the tree is refused. */
const MAX_TREE_ENTRIES = 500_000;
/** Requests to GitHub for files or folders of the commit at once. */
const CONCURRENT_READS = 8;
const installed = compileExcludes(INSTALLED_PACKAGES);
/** Why the path is in (or is) a folder of installed packages, or undefined. */
function installedPackages(relativePath) {
    return installed.prunes(relativePath);
}
/** Git's id of a file with these bytes. */
function gitBlobId(bytes) {
    return (0,external_node_crypto_.createHash)('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
/**
 * Every entry of the commit's tree, paths from the repository's root, but, when `pruneInstalled`
 * (the search never looks there either), those in folders of installed packages. A commit GitHub
 * does not serve is a ConfigurationError naming it.
 */
async function readHeadTree(reader, pruneInstalled) {
    const entries = [];
    // Folders are walked side by side; only the requests wait their turn.
    const limit = (0,p_limit/* default */.A)(CONCURRENT_READS);
    // Identical folders are one tree object: each is asked for once, however often it appears.
    const asked = new Map();
    const read = (sha, recursive) => {
        const key = `${sha}:${recursive}`;
        let answer = asked.get(key);
        if (answer === undefined)
            asked.set(key, (answer = limit(() => readTree(reader, sha, recursive))));
        return answer;
    };
    const add = (entry, path) => {
        if (pruneInstalled && installedPackages(path) !== undefined)
            return false;
        if (entries.length === MAX_TREE_ENTRIES)
            throw new ConfigurationError(`The head commit ${reader.commit} has more than ${MAX_TREE_ENTRIES} files and folders, more than this action reads through GitHub's API; nothing was audited.`);
        entries.push({ ...entry, path });
        return true;
    };
    const walk = async (sha, prefix) => {
        const whole = await read(sha, true);
        if (!whole.truncated) {
            for (const entry of whole.entries)
                add(entry, prefix + entry.path);
            return;
        }
        // GitHub caps a recursive answer: each folder is asked for on its own instead.
        const top = await read(sha, false);
        if (top.truncated)
            throw new ConfigurationError(`The folder ${prefix || './'} of the head commit ${reader.commit} holds more entries than GitHub lists in one answer, so the commit cannot be read whole; nothing was audited.`);
        const folders = top.entries.filter((entry) => add(entry, prefix + entry.path) && entry.type === 'tree');
        await Promise.all(folders.map((entry) => walk(entry.sha, `${prefix}${entry.path}/`)));
    };
    await walk(reader.commit, '');
    return entries;
}
async function readTree(reader, sha, recursive) {
    try {
        return await reader.client.getTree(sha, recursive);
    }
    catch (error) {
        throw headError(reader, 'could not be read from GitHub', error);
    }
}
/**
 * The bytes of the commit's file at `entry.path`, or a ConfigurationError naming it and the
 * commit when GitHub does not serve them or serves other bytes than the commit holds.
 */
async function readHeadFile(reader, entry) {
    let bytes;
    try {
        bytes = await reader.client.getBlob(entry.sha);
    }
    catch (error) {
        throw headError(reader, `could not be read: its file ${entry.path} was not served`, error);
    }
    if (gitBlobId(bytes) !== entry.sha)
        throw new ConfigurationError(`The file ${entry.path} of the head commit ${reader.commit} cannot be audited: the bytes GitHub served for it are not the file the commit holds (their git id is not ${entry.sha}). Nothing was audited; re-run the workflow.`);
    return bytes;
}
function headError(reader, what, error) {
    if (msLeft(reader.deadline) <= 0)
        return new DeadlineError(`The time limit (\`timeout-minutes\`) ran out while the head commit ${reader.commit} was read from GitHub: nothing was uploaded. Raise \`timeout-minutes\`, or re-run the workflow.`);
    return new ConfigurationError(`The head commit ${reader.commit} ${what} (${errorMessage(error)}), so nothing was audited. ` +
        'GitHub no longer serves a commit that was force-pushed away or whose fork was deleted: push the pull request again, or re-run its workflow at its current head.');
}

;// CONCATENATED MODULE: ./.build/action/artifact/head-folder.js
/**
 * A folder that stands for the head commit, so the engine's search runs over it as over a
 * checkout: only what the search reads is written. Configs get their bytes from GitHub; contract
 * files start as placeholders (sparse files of the commit's size, so the limits judge the real
 * size) until their bytes are known. Submodules are empty folders, as in a checkout without them.
 * The artifact then supplies bytes: a file the commit holds only when they are that file's (git's
 * id), and a file it does not hold only inside a submodule or a folder of installed packages;
 * everything else of the artifact is refused, with why. Links are written last, as git writes
 * them (their text is their target), so the search meets them as on a checkout: one that leads
 * outside the folder is never followed.
 */










/** Distinct config files one commit may hold: each is one request. */
const MAX_CONFIG_READS = 1_000;
/** Links one commit may hold: each is one request to read its target. */
const MAX_LINKS = 1_000;
/**
 * Writes under `root` (a fresh folder, links resolved) what the search reads of the commit's
 * tree, but its links (writeLinks, once the artifact's files are taken).
 */
async function writeHeadFolder(entries, root, reader, log) {
    const head = {
        root,
        tree: new Map(entries.map((entry) => [entry.path, entry])),
        placeholders: new Map(),
        artifactOnly: new Set(),
        links: [],
        configsRead: 0,
    };
    const unusable = [];
    const configs = [];
    for (const [index, entry] of entries.entries()) {
        if (index % 1000 === 0)
            checkDeadline(reader.deadline, "writing the head commit's files");
        const kind = searchFileKind(external_node_path_.posix.basename(entry.path));
        const problem = uploadNameProblem(entry.path);
        if (problem !== undefined) {
            if (kind !== undefined || entry.mode === GITLINK_MODE || entry.mode === LINK_MODE)
                unusable.push({ path: entry.path, problem });
            continue;
        }
        const target = external_node_path_.join(root, ...entry.path.split('/'));
        // Every folder, as a checkout has it; a submodule's is empty, as without its checkout.
        if (entry.type === 'tree' || entry.mode === GITLINK_MODE)
            await (0,promises_.mkdir)(target, { recursive: true });
        else if (entry.mode === LINK_MODE)
            head.links.push(entry);
        else if (entry.type !== 'blob' || kind === undefined)
            continue;
        else if (kind === 'config' && (entry.size ?? 0) <= MAX_CONFIG_BYTES)
            configs.push(entry);
        // A config too large to read stays a placeholder too: the search says it was not read, and
        // only a link with a contract's name could send it (its bytes are read then).
        else
            await writePlaceholder(head, entry);
    }
    // Each distinct config is one request: identical ones share git's id, and a commit of more
    // distinct ones than MAX_CONFIG_READS would spend the token's request budget.
    const distinct = new Map(configs.map((entry) => [entry.sha, entry]));
    if (distinct.size > MAX_CONFIG_READS)
        throw new ConfigurationError(`The head commit ${reader.commit} holds ${distinct.size} distinct config files, more than the ${MAX_CONFIG_READS} read from GitHub; nothing was audited.`);
    const limit = (0,p_limit/* default */.A)(CONCURRENT_READS);
    const reads = new Map();
    await Promise.all(configs.map((entry) => limit(async () => {
        let read = reads.get(entry.sha);
        if (read === undefined) {
            reads.set(entry.sha, (read = readHeadFile(reader, entry)));
            head.configsRead += 1;
        }
        const bytes = await read;
        const target = external_node_path_.join(root, ...entry.path.split('/'));
        await (0,promises_.mkdir)(external_node_path_.dirname(target), { recursive: true });
        await (0,promises_.writeFile)(target, bytes);
    })));
    // A contract of the commit the search cannot see might be one to audit: never a pass.
    const contracts = unusable.filter((each) => searchFileKind(external_node_path_.posix.basename(each.path)) === 'source' ||
        head.tree.get(each.path)?.mode === LINK_MODE);
    const listed = (paths) => shortList(paths.map((each) => `  - ${JSON.stringify(each.path)}: ${each.problem}`));
    if (contracts.length > 0)
        throw new ConfigurationError(`${contracts.length} contract file(s) or link(s) of the head commit ${reader.commit} have a name no upload can carry, so they cannot be audited:\n${listed(contracts)}\nRename them in the pull request.`);
    if (unusable.length > 0)
        log.warning(`${unusable.length} path(s) of the head commit ${reader.commit} have a name no upload can carry, so the search does not see them:\n${listed(unusable)}`);
    return head;
}
/** A sparse file of the entry's size, whose bytes are read when it is to be sent. */
async function writePlaceholder(head, entry) {
    const file = external_node_path_.join(head.root, ...entry.path.split('/'));
    await (0,promises_.mkdir)(external_node_path_.dirname(file), { recursive: true });
    await (0,promises_.writeFile)(file, '');
    await (0,promises_.truncate)(file, entry.size ?? 0);
    head.placeholders.set(entry.path, entry);
}
/**
 * A file of the commit a link leads to, whatever its name: a placeholder the search may read
 * through the link (a contract under another name), unless it is written already.
 */
async function placeholderFor(head, entry) {
    if (uploadNameProblem(entry.path) !== undefined)
        return;
    if (await exists(external_node_path_.join(head.root, ...entry.path.split('/'))))
        return;
    await writePlaceholder(head, entry);
}
/**
 * The commit's links, each with the target git gives it, once everything else is written: no
 * later write goes through one (the commit's files lie in its folders, and an artifact file under
 * a link was refused). Past MAX_LINKS, the commit cannot be searched as a checkout would be.
 */
async function writeLinks(head, reader, log, pruneInstalled) {
    if (head.links.length > MAX_LINKS)
        throw new ConfigurationError(`The head commit ${reader.commit} holds ${head.links.length} symbolic links, more than the ${MAX_LINKS} read from GitHub, so it cannot be searched as a checkout would be.`);
    const targets = new Map();
    const limit = (0,p_limit/* default */.A)(CONCURRENT_READS);
    await Promise.all(head.links.map((entry) => limit(async () => {
        targets.set(entry.path, (await readHeadFile(reader, entry)).toString('utf8'));
    })));
    const unwritable = [];
    const unlisted = [];
    for (const entry of head.links) {
        const target = targets.get(entry.path) ?? '';
        const at = external_node_path_.join(head.root, ...entry.path.split('/'));
        if (target === '' || target.includes('\0')) {
            unwritable.push(entry.path);
            continue;
        }
        await (0,promises_.symlink)(target, at).catch(() => unwritable.push(entry.path));
        const reached = reachedFile(head, entry.path, targets, pruneInstalled);
        if (reached === 'unlisted')
            unlisted.push(entry.path);
        else if (reached !== undefined) {
            // A config read through a link needs its bytes now; a contract's are read when sent.
            const asConfig = searchFileKind(external_node_path_.posix.basename(entry.path)) === 'config' &&
                (reached.size ?? 0) <= MAX_CONFIG_BYTES;
            await placeholderFor(head, reached);
            if (asConfig)
                await fillPlaceholder(head, reached, reader);
        }
    }
    if (unlisted.length > 0)
        throw new ConfigurationError(`${unlisted.length} symbolic link(s) of the head commit ${reader.commit} lead into folders of installed packages, which are not read from GitHub, so what they lead to cannot be judged:\n${shortList(unlisted.map((each) => `  - ${JSON.stringify(each)}`))}`);
    if (unwritable.length > 0)
        log.warning(`${unwritable.length} symbolic link(s) of the head commit ${reader.commit} could not be written as a checkout writes them, so the search does not see them:\n${shortList(unwritable.map((each) => `  - ${JSON.stringify(each)}`))}`);
}
/** Links followed one after another before the kernel gives up, as Linux counts them. */
const MAX_LINK_HOPS = 40;
/**
 * The file of the commit a link reaches, its path read as the kernel reads it (through the
 * commit's other links, each `..` after the link it follows); `unlisted` when the way leads into a
 * folder of installed packages the tree was read without; undefined when it reaches no file of
 * the commit (a folder, outside, nowhere: the search meets it as on a checkout).
 */
function reachedFile(head, link, targets, pruneInstalled) {
    const current = external_node_path_.posix
        .dirname(link)
        .split('/')
        .filter((part) => part !== '.');
    const pending = (targets.get(link) ?? '').split('/');
    if (external_node_path_.posix.isAbsolute(targets.get(link) ?? ''))
        return undefined;
    for (let hops = 0; pending.length > 0;) {
        const part = pending.shift() ?? '';
        if (part === '' || part === '.')
            continue;
        if (part === '..') {
            if (current.pop() === undefined)
                return undefined;
            continue;
        }
        current.push(part);
        const at = current.join('/');
        const entry = head.tree.get(at);
        if (entry === undefined)
            return pruneInstalled && installedPackages(at) !== undefined ? 'unlisted' : undefined;
        if (entry.mode !== LINK_MODE)
            continue;
        const next = targets.get(at);
        if ((hops += 1) > MAX_LINK_HOPS || next === undefined || external_node_path_.posix.isAbsolute(next))
            return undefined;
        current.pop();
        pending.unshift(...next.split('/'));
    }
    const reached = head.tree.get(current.join('/'));
    return reached?.type === 'blob' && reached.mode !== LINK_MODE ? reached : undefined;
}
/** The placeholder's bytes, read from GitHub (checked against git's id) and written over it. */
async function fillPlaceholder(head, entry, reader) {
    if (!head.placeholders.has(entry.path))
        return;
    const bytes = await readHeadFile(reader, entry);
    await (0,promises_.writeFile)(external_node_path_.join(head.root, ...entry.path.split('/')), bytes);
    head.placeholders.delete(entry.path);
}
/**
 * Takes the bytes of the artifact's files into the folder where they may be used; returns the
 * files refused, each with why, and warns once naming them.
 */
async function takeArtifactFiles(head, uploads, log, commit) {
    const refused = [];
    const taken = new Map();
    for (const file of uploads.flatMap((upload) => upload.files)) {
        const where = file.repositoryPath;
        const bytes = await (0,promises_.readFile)(file.absolutePath);
        const id = gitBlobId(bytes);
        // The same file in several projects' uploads is taken once.
        if (taken.get(where) === id)
            continue;
        const reason = taken.has(where)
            ? 'the artifact holds it twice, with different bytes'
            : await take(head, where, bytes, id);
        if (reason === undefined)
            taken.set(where, id);
        else
            refused.push({ path: where, reason });
    }
    if (refused.length > 0)
        log.warning(`${refused.length} file(s) of the artifact were refused and not sent: the head commit ${commit} is audited with its own files.\n` +
            shortList(refused.map((each) => `  - ${JSON.stringify(each.path)}: ${each.reason}`)));
    return refused;
}
/** Why the file cannot be taken, or undefined once it is written. */
async function take(head, where, bytes, id) {
    const target = external_node_path_.join(head.root, ...where.split('/'));
    const entry = head.tree.get(where);
    if (entry !== undefined) {
        if (entry.mode === LINK_MODE)
            return 'the head commit holds a symbolic link there';
        if (entry.type !== 'blob')
            return 'the head commit holds a folder or a submodule there';
        if (entry.sha !== id)
            return "its bytes are not the head commit's";
        if (head.placeholders.delete(where))
            await (0,promises_.writeFile)(target, bytes);
        return undefined;
    }
    const outside = outsideCommit(head, where);
    if (outside !== undefined)
        return outside;
    if (await isFolder(target))
        return 'the head commit holds a folder there';
    await (0,promises_.mkdir)(external_node_path_.dirname(target), { recursive: true });
    await (0,promises_.writeFile)(target, bytes);
    head.artifactOnly.add(where);
    return undefined;
}
/** Undefined when a file the commit does not hold may be there: a submodule's, or installed. */
function outsideCommit(head, where) {
    const segments = where.split('/');
    for (let end = segments.length - 1; end > 0; end -= 1) {
        const folder = head.tree.get(segments.slice(0, end).join('/'));
        if (folder === undefined)
            continue;
        if (folder.mode === GITLINK_MODE)
            return undefined;
        if (folder.type !== 'tree')
            return 'the head commit holds a file or link where it has a folder';
        break;
    }
    if (installedPackages(where) !== undefined)
        return undefined;
    return "not in the head commit, and not a submodule's or an installed package's file";
}
async function isFolder(target) {
    return (await (0,promises_.stat)(target).catch(() => undefined))?.isDirectory() ?? false;
}
async function exists(target) {
    return (await (0,promises_.stat)(target).catch(() => undefined)) !== undefined;
}

;// CONCATENATED MODULE: ./.build/action/artifact/head-commit.js
/**
 * On `workflow_run`, what is audited is the triggering run's head commit as GitHub holds it, not
 * what its artifact shows: the engine's own search runs over a folder standing for the commit,
 * with this run's settings. Each pass uploads what it finds; a file still a placeholder is read
 * from GitHub and the search runs again (its imports may reach further), until every file to
 * upload has its bytes. The artifact supplies only what git does not hold, as dependencies.
 */











/**
 * The uploads of the head commit `commit`. Each file of the artifact that was refused is added
 * to `refused` as soon as it is known, so a later error still reports it.
 */
async function headCommitUploads(settings, bundle, options) {
    const { log } = options;
    const reader = options;
    await (0,promises_.mkdir)(settings.outputDirectory, { recursive: true });
    const root = await (0,promises_.realpath)(await (0,promises_.mkdtemp)(external_node_path_.join(settings.outputDirectory, 'contract-audit-head-')));
    // Where the search may take installed packages' files (no default excludes, or a `!` pattern
    // of `exclude`), the commit's own are listed, so the artifact cannot stand in for them.
    const pruneInstalled = settings.useDefaultExcludes &&
        !settings.excludePatterns.some((pattern) => pattern.startsWith('!'));
    const entries = await readHeadTree(reader, pruneInstalled);
    // Its deadline is the search's, said as the search's is.
    const head = await discovering(settings.vocabulary, () => writeHeadFolder(entries, root, reader, log));
    options.refused.push(...(await takeArtifactFiles(head, bundle.uploads, log, options.commit)));
    await writeLinks(head, reader, log, pruneInstalled);
    const search = {
        ...settings,
        workspace: root,
        workingDirectory: external_node_path_.join(root, ...settings.pathPrefix.split('/')),
    };
    const fetched = { files: 0, bytes: 0 };
    for (let passes = 1;; passes += 1) {
        // Only the last pass is told: the earlier ones saw placeholders for some files.
        const pass = bufferedLogger();
        let detection;
        let uploads;
        try {
            detection = await findCheckoutProjects(search, pass, options.deadline);
            uploads = await checkoutUploads(search, detection, options.deadline, pass);
        }
        catch (error) {
            pass.replay(log);
            throw error;
        }
        const waiting = [
            ...new Set(uploads.flatMap((upload) => upload.files.map((file) => relative(root, file.absolutePath)))),
        ].flatMap((file) => {
            const entry = head.placeholders.get(file);
            return entry === undefined ? [] : [entry];
        });
        if (waiting.length === 0) {
            pass.replay(log);
            checkProduction(uploads, head, options.commit);
            return {
                detection,
                uploads: uploads.map((upload) => markDependencies(upload, head)),
                root,
                filesRead: head.configsRead + fetched.files,
                passes,
            };
        }
        fetched.files += waiting.length;
        fetched.bytes += waiting.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
        checkReads(fetched, settings, options.commit);
        const limit = (0,p_limit/* default */.A)(CONCURRENT_READS);
        await Promise.all(waiting.map((entry) => limit(() => fillPlaceholder(head, entry, reader))));
    }
}
/**
 * A file to audit must be the commit's: one only the artifact supplies (inside a submodule, whose
 * contents git does not hold) cannot be judged, and sent as a dependency it would not count.
 */
function checkProduction(uploads, head, commit) {
    const unverifiable = uploads.flatMap((upload) => upload.files.flatMap((file) => {
        const name = relative(head.root, file.absolutePath);
        return !file.dependency && head.artifactOnly.has(name) ? [name] : [];
    }));
    if (unverifiable.length > 0)
        throw new ConfigurationError(`${unverifiable.length} file(s) to audit lie in a submodule of the head commit ${commit}, whose contents GitHub does not hold, so they cannot be judged: ${firstFew([...new Set(unverifiable)], 10).join(', ')}. Audit the submodule's own repository, or leave its folder out with \`exclude\`.`);
}
/** A file the commit does not hold is sent only as a dependency, whatever the search says. */
function markDependencies(upload, head) {
    return {
        ...upload,
        files: upload.files.map((file) => head.artifactOnly.has(relative(head.root, file.absolutePath))
            ? { ...file, dependency: true }
            : file),
    };
}
/** The files read from GitHub over every pass stay within the upload limits. */
function checkReads(fetched, { limits }, commit) {
    const over = fetched.files > limits.maxFiles
        ? `more than ${limits.maxFiles} file(s) (input \`max-files\`)`
        : fetched.bytes > limits.maxTotalBytes
            ? `more than ${formatBytes(limits.maxTotalBytes)} (input \`max-total-size-mb\`)`
            : undefined;
    if (over !== undefined)
        throw new ConfigurationError(`The files of the head commit ${commit} to audit that the artifact did not supply came to ${over}; nothing was audited. Raise the limit, or narrow \`contracts\` or \`exclude\`.`);
}
/** The commit's path of the file an upload names: through its links, as the bytes are read. */
function relative(root, file) {
    let real = file;
    try {
        real = (0,external_node_fs_.realpathSync)(file);
    }
    catch {
        // A link to nothing: the file's own path, which holds no bytes to fill.
    }
    return external_node_path_.relative(root, real).split(external_node_path_.sep).join('/');
}
/** A logger that keeps every call, to be replayed on another. */
function bufferedLogger() {
    const calls = [];
    return {
        debug: (message) => calls.push((log) => log.debug(message)),
        info: (message) => calls.push((log) => log.info(message)),
        notice: (message, properties) => calls.push((log) => log.notice(message, properties)),
        warning: (message, properties) => calls.push((log) => log.warning(message, properties)),
        error: (message, properties) => calls.push((log) => log.error(message, properties)),
        group: (title, lines) => calls.push((log) => log.group(title, lines)),
        replay: (log) => {
            for (const call of calls)
                call(log);
        },
    };
}

;// CONCATENATED MODULE: ./.build/action/artifact/triggering-run.js
/**
 * A `workflow_run` run of the default branch's workflow, auditing what a pull request's run
 * collected. Where to report comes from GitHub's facts only (the event's run and GitHub's list
 * of pull requests); what to audit is the run's head commit, read from GitHub (head-commit.ts),
 * with what the triggering run's artifact `contract-audit-upload` may supply: downloaded with
 * `@actions/artifact` and opened as an untrusted upload bundle in a fresh folder under
 * RUNNER_TEMP. Nothing of the fork is checked out or run.
 */











/**
 * The triggering run, with its pull request found when GitHub knows it. Throws a
 * ConfigurationError when the event does not describe a run or there is no token to read it.
 */
async function openTriggeringRun(settings, context, options) {
    const { log } = options;
    const run = context.workflowRun;
    if (!run) {
        throw new ConfigurationError('This `workflow_run` event does not name the run that triggered it (its `workflow_run.id` and `head_sha`), so there is nothing to audit.');
    }
    const [owner = '', repo = ''] = context.repository.split('/');
    if (!settings.githubToken || !owner || !repo) {
        throw new ConfigurationError("On `workflow_run`, `github-token` is needed to download the triggering run's artifact: keep its default and give the job `actions: read`.");
    }
    const client = createGitHubClient({ apiUrl: context.apiUrl, token: settings.githubToken, owner, repo }, { deadline: options.deadline, redact: options.redact, log: { debug: (m) => log.debug(m) } });
    const pullRequest = await findPullRequest(client, run, log);
    return {
        run,
        context: {
            ...context,
            sha: run.headSha,
            pullRequest: pullRequest === undefined
                ? undefined
                : { number: pullRequest, headSha: run.headSha, changedFiles: undefined },
        },
        fetchUploads: () => fetchUploads(settings, client, run, { owner, repo, deadline: options.deadline }),
        headUploads: (bundle, refused) => headCommitUploads(settings, bundle, {
            client,
            commit: run.headSha,
            deadline: options.deadline,
            log,
            refused,
        }),
        close: () => client.close(),
    };
}
/**
 * The pull request GitHub lists with the run; else (a fork's run lists none) the open pull
 * request whose head is the run's owner and branch and whose head commit is the run's. Two at
 * that commit (one branch, two base branches) cannot be told apart: neither gets the comment.
 */
async function findPullRequest(client, run, log) {
    const nowhere = (why) => {
        log.notice(`${why}, so there is no pull-request comment; the check run is on commit ${run.headSha.slice(0, 12)}.`);
        return undefined;
    };
    const only = (pulls, what) => {
        const matching = pulls.filter((pull) => pull.headSha === run.headSha);
        // Stryker disable next-line OptionalChaining: only is called when one is at the commit, so matching is never empty
        if (matching.length < 2)
            return matching[0]?.number;
        return nowhere(`${matching.length} ${what} (${matching.map((pull) => `#${pull.number}`).join(', ')}) are at commit ${run.headSha.slice(0, 12)}, and which one this run was for cannot be told`);
    };
    if (run.pullRequests.some((pull) => pull.headSha === run.headSha))
        return only(run.pullRequests, `pull requests GitHub lists with run ${run.id}`);
    if (!run.headOwner || !run.headBranch)
        return nowhere('The triggering run names no head repository and branch');
    const head = `${run.headOwner}:${run.headBranch}`;
    let open;
    try {
        open = await client.listPullRequestsByHead(head);
    }
    catch (error) {
        return nowhere(`The pull requests of ${head} could not be listed (${errorMessage(error)})`);
    }
    if (open.some((pull) => pull.headSha === run.headSha))
        return only(open, `open pull requests of ${head}`);
    return nowhere(open.length === 0
        ? `No open pull request has the head ${head}`
        : `No open pull request of ${head} is at commit ${run.headSha.slice(0, 12)} (it moved on since that run)`);
}
async function fetchUploads(settings, client, run, where) {
    const what = `The artifact \`${UPLOAD_ARTIFACT}\` of run ${run.id}`;
    let listed;
    try {
        listed = await client.listRunArtifacts(run.id, UPLOAD_ARTIFACT);
    }
    catch (error) {
        // Its message names the permission when that is what is missing.
        throw new ConfigurationError(`${what} could not be found: ${errorMessage(error)}`);
    }
    const named = listed.filter((each) => each.name === UPLOAD_ARTIFACT);
    // Should GitHub list several (attempts of the run), the newest one still kept is the latest.
    const [artifact] = named.filter((each) => !each.expired).sort((a, b) => b.id - a.id);
    if (!artifact) {
        const none = `The triggering run ${run.id} (${run.event || 'unknown event'}) has ${named.length > 0 ? 'only an expired' : 'no'} artifact \`${UPLOAD_ARTIFACT}\``;
        // A fork's run chooses whether it leaves one: without it, a skip would leave a neutral check
        // that branch protection takes as passing. Its head commit is GitHub's to give, not the fork's.
        if (fromAnotherRepository(run, where)) {
            return {
                kind: 'bundle',
                bundle: { uploads: [], summaries: [] },
                note: `${none}, and its head is in ${run.headRepository || 'a repository the event does not name'}: the head commit is audited as GitHub holds it, ` +
                    'without the installed packages and submodule contents the artifact would supply (imports of them are named as unresolved).',
            };
        }
        return {
            kind: 'missing',
            reason: `${none}, so there is nothing to audit. ` +
                'It is made by this action with `fork-pull-requests: collect` on a pull request from a fork or Dependabot.',
        };
    }
    const maxBytes = settings.limits.maxTotalBytes;
    if (artifact.sizeInBytes > maxBytes) {
        throw new ConfigurationError(`${what} was refused before it was downloaded: GitHub lists it at ${formatBytes(artifact.sizeInBytes)}, more than ${formatBytes(maxBytes)} (input \`max-total-size-mb\`).`);
    }
    await (0,promises_.mkdir)(settings.outputDirectory, { recursive: true });
    const folder = await (0,promises_.mkdtemp)(external_node_path_.join(settings.outputDirectory, 'contract-audit-artifact-'));
    // Stryker disable next-line StringLiteral: the folder is new, so the zip is its one file either way (the files' folder comes after)
    const zipFolder = external_node_path_.join(folder, 'zip');
    const filesFolder = external_node_path_.join(folder, 'files');
    const download = new lib_artifact/* DefaultArtifactClient */.t9().downloadArtifact(artifact.id, {
        path: zipFolder,
        skipDecompress: true,
        ...(artifact.digest === undefined ? {} : { expectedHash: artifact.digest }),
        findBy: {
            token: settings.githubToken,
            workflowRunId: run.id,
            repositoryOwner: where.owner,
            repositoryName: where.repo,
        },
    });
    let digestMismatch;
    try {
        ({ digestMismatch } = await within(msLeft(where.deadline), download, 
        // Stryker disable next-line StringLiteral: its WaitTimeoutError is thrown on as a DeadlineError with a message of its own
        'the time limit (`timeout-minutes`) ran out during the download'));
    }
    catch (error) {
        if (error instanceof WaitTimeoutError) {
            throw new DeadlineError(
            // Stryker disable next-line Regex: `what` holds one "The", at its start
            `The time limit (\`timeout-minutes\`) ran out while ${what.replace(/^The/, 'the')} was downloaded: nothing was uploaded. Raise \`timeout-minutes\`, or re-run the workflow.`);
        }
        throw new ConfigurationError(`${what} could not be downloaded: ${errorMessage(error)}`);
    }
    if (digestMismatch)
        throw new ConfigurationError(`${what} was refused: its zip does not match the digest GitHub lists for it.`);
    const zipFile = await theOneFile(zipFolder, maxBytes, what);
    const bundle = await openBundle(zipFile, filesFolder, {
        limits: settings.limits,
        projectName: settings.projectName,
        what,
        vocabulary: settings.vocabulary,
    });
    return { kind: 'bundle', bundle };
}
/** The run's head is not in this repository (or the event does not say where it is). */
function fromAnotherRepository(run, { owner, repo }) {
    return run.headRepository.toLowerCase() !== `${owner}/${repo}`.toLowerCase();
}
/** The downloaded zip: the folder's one regular file, no larger than the bound. */
async function theOneFile(folder, maxBytes, what) {
    const names = await (0,promises_.readdir)(folder);
    const [name] = names;
    const file = name === undefined ? undefined : external_node_path_.join(folder, name);
    const stats = file === undefined ? undefined : await (0,promises_.lstat)(file);
    if (names.length !== 1 || !file || !stats?.isFile())
        throw new ConfigurationError(`${what} was refused: its download is not one zip file.`);
    if (stats.size > maxBytes)
        throw new ConfigurationError(`${what} was refused: its zip is ${formatBytes(stats.size)}, more than ${formatBytes(maxBytes)} (input \`max-total-size-mb\`).`);
    return file;
}

;// CONCATENATED MODULE: ./.build/action/context.js
/**
 * The facts of the workflow run that the reports need, from `@actions/github`'s context: its
 * event, repository, commit and run, and whether GitHub withheld secrets from it.
 */

function readRunContext(context = github/* context */._, env = process.env) {
    // Each field is read through `?.` and checked for its type: the payload may be any JSON.
    const payload = (context.payload ?? {});
    const eventName = context.eventName ?? '';
    const actor = context.actor ?? '';
    const sha = context.sha ?? '';
    const repository = repositoryOf(context);
    return {
        eventName,
        actor,
        serverUrl: context.serverUrl,
        repository,
        sha,
        apiUrl: context.apiUrl,
        actionRepository: env['GITHUB_ACTION_REPOSITORY'] || undefined,
        runUrl: repository && context.runId
            ? `${context.serverUrl}/${repository}/actions/runs/${context.runId}`
            : undefined,
        pullRequest: readPullRequest(eventName, payload, sha),
        untrustedPullRequest: classifyPullRequest(eventName, payload, actor, repository),
        workflowRun: eventName === 'workflow_run' ? readWorkflowRun(payload) : undefined,
    };
}
/** Undefined when the payload lacks what a report needs: the run's id, commit and branch. */
function readWorkflowRun(payload) {
    const run = payload.workflow_run;
    const id = run?.id;
    const headSha = context_text(run?.head_sha);
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || !headSha)
        return undefined;
    const listed = Array.isArray(run?.pull_requests) ? run.pull_requests : [];
    const repositoryId = payload.repository?.id;
    return {
        id,
        event: context_text(run?.event) ?? '',
        headSha,
        headBranch: context_text(run?.head_branch) ?? '',
        headOwner: context_text(run?.head_repository?.owner?.login) ?? '',
        headRepository: context_text(run?.head_repository?.full_name) ?? '',
        pullRequests: listed.flatMap((entry) => {
            const pull = entry;
            // GitHub lists pull requests of other repositories from the run's branch too (a fork's
            // own): their numbers name someone else's pull request here.
            const ours = typeof repositoryId === 'number' && pull?.base?.repo?.id === repositoryId;
            const pullSha = context_text(pull?.head?.sha);
            return ours && typeof pull.number === 'number' && pullSha
                ? [{ number: pull.number, headSha: pullSha }]
                : [];
        }),
    };
}
/**
 * `owner/name`, or '' outside Actions (where `context.repo` throws). Without GITHUB_REPOSITORY,
 * context.repo reads the event payload unchecked: only names GitHub could give are taken.
 */
function repositoryOf(context) {
    try {
        const { owner, repo } = context.repo;
        const name = /^[\w.-]+$/;
        return typeof owner === 'string' &&
            typeof repo === 'string' &&
            name.test(owner) &&
            name.test(repo)
            ? `${owner}/${repo}`
            : '';
    }
    catch {
        return '';
    }
}
const COMMENTABLE_PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);
function readPullRequest(eventName, payload, sha) {
    const pullRequest = payload.pull_request;
    const number = pullRequest?.number;
    if (!COMMENTABLE_PULL_REQUEST_EVENTS.has(eventName) || typeof number !== 'number')
        return undefined;
    const changedFiles = pullRequest?.changed_files;
    return {
        number,
        headSha: context_text(pullRequest?.head?.sha) ?? sha,
        changedFiles: typeof changedFiles === 'number' ? changedFiles : undefined,
    };
}
const PULL_REQUEST_EVENTS = new Set([
    'pull_request',
    'pull_request_review',
    'pull_request_review_comment',
]);
/** The events on which GitHub gives Dependabot's runs Dependabot secrets only (GitHub's docs). */
const DEPENDABOT_RESTRICTED_EVENTS = new Set([
    ...PULL_REQUEST_EVENTS,
    'push',
    'create',
    'deployment',
    'deployment_status',
]);
/**
 * GitHub withholds secrets from `pull_request` runs of forks and from runs Dependabot triggers,
 * so an empty key there is expected, not a misconfiguration. (`pull_request_target` does get secrets.)
 */
function classifyPullRequest(eventName, payload, actor, 
/** GITHUB_REPOSITORY, for events whose payload does not name the repository. */
repository = '') {
    // Runs Dependabot triggers get only Dependabot secrets on these events; on others (workflow_run
    // among them) the repository's secrets, so an empty key there is a misconfiguration.
    if (actor === 'dependabot[bot]' && DEPENDABOT_RESTRICTED_EVENTS.has(eventName))
        return 'dependabot';
    if (!PULL_REQUEST_EVENTS.has(eventName))
        return undefined;
    const head = payload.pull_request?.head;
    if (head?.repo === null)
        return 'fork'; // the fork was deleted
    const base = context_text(payload.repository?.full_name) ?? repository;
    const headName = context_text(head?.repo?.full_name);
    if (headName && base && headName !== base)
        return 'fork';
    return undefined;
}
function context_text(value) {
    return typeof value === 'string' ? value : undefined;
}

;// CONCATENATED MODULE: ./.build/engine/pending-triage.js
/**
 * The parts of a pending record that decide how a finished audit's findings are triaged and
 * shown: each project's upload manifest (its files, which were dependencies, the audited files'
 * suppression comments), the baseline the run read, and on `workflow_run` the commit judged.
 * Compact JSON out; hostile JSON in, every field bounded, the baseline read back by the baseline
 * file's own parser.
 */


/** Files over every project of one record: far more than one run uploads. */
const MAX_MANIFEST_FILES = 100_000;
/** A path: longer ones were not written here. */
const MAX_PATH_LENGTH = 4_096;
/** A suppression comment, or a refused file's reason. */
const MAX_COMMENT_LENGTH = 16_384;
/** Baseline entries one record keeps. */
const MAX_BASELINE_ENTRIES = 100_000;
/** Where a file uploaded under `name` in the project at `folder` is, unless said otherwise. */
function underFolder(folder, name) {
    return folder === '.' ? name : `${folder}/${name}`;
}
function manifestJson({ files, suppressions }, folder) {
    return {
        f: files.map(({ relativePath, repositoryPath, dependency }) => repositoryPath === underFolder(folder, relativePath)
            ? [relativePath, dependency ? 1 : 0]
            : [relativePath, dependency ? 1 : 0, repositoryPath]),
        s: [...suppressions].flatMap(([name, each]) => 
        // The directive as shown: a reason longer than a record keeps is cut, its rules kept.
        each.map((suppression) => [
            name,
            suppression.line,
            cut(suppression.text, MAX_COMMENT_LENGTH),
        ])),
    };
}
/**
 * The baseline's entries as the file's `accepted` list holds them, with what the triage reads of
 * them only: the fingerprint, the reason, the file (an entry from before fingerprints named
 * repository paths) and the severity (a finding now more severe is not accepted).
 */
function baselineJson(baseline) {
    return [...baseline.values()].map(({ fingerprint, reason, file, severity }) => ({
        fingerprint,
        reason,
        ...(file !== undefined && { file }),
        ...(severity !== undefined && { severity }),
    }));
}
/** `{sha, refused: [[path, reason]]}`: paths and reasons cut to what the reader takes. */
function judgedCommitJson({ sha, refused }) {
    return {
        sha,
        refused: refused.map(({ path, reason }) => [
            cut(path, MAX_PATH_LENGTH),
            cut(reason, MAX_COMMENT_LENGTH),
        ]),
    };
}
function cut(text, length) {
    return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
/** The commit `value` holds (null: none), or why it does not hold one. */
function readJudgedCommit(value) {
    if (value === null)
        return undefined;
    const why = 'the record has no usable audited commit';
    if (typeof value !== 'object' || Array.isArray(value))
        return why;
    const { sha, refused } = value;
    if (typeof sha !== 'string' || !/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(sha))
        return why;
    if (!Array.isArray(refused) || refused.length > MAX_MANIFEST_FILES)
        return why;
    const files = [];
    for (const entry of refused) {
        if (!Array.isArray(entry) || entry.length !== 2)
            return why;
        const [path, reason] = entry;
        if (typeof path !== 'string' || path.length > MAX_PATH_LENGTH)
            return why;
        if (typeof reason !== 'string' || reason.length > MAX_COMMENT_LENGTH)
            return why;
        files.push({ path, reason });
    }
    return { sha, refused: files };
}
/**
 * The manifest `value` holds, or why it does not hold one. `budget.files` is what the record's
 * earlier manifests left of MAX_MANIFEST_FILES; it is spent.
 */
function pending_triage_readManifest(value, folder, budget) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return 'the record has an audit with no usable file list';
    const { f, s } = value;
    if (!Array.isArray(f) || !Array.isArray(s))
        return 'the record has an audit with no usable file list';
    budget.files -= f.length;
    if (budget.files < 0)
        return `the record lists more than ${MAX_MANIFEST_FILES} files`;
    const files = [];
    for (const entry of f) {
        if (!Array.isArray(entry) ||
            (entry.length !== 2 && entry.length !== 3) ||
            !isPath(entry[0]) ||
            (entry[1] !== 0 && entry[1] !== 1) ||
            (entry.length === 3 && !isPath(entry[2])))
            return 'the record has a file that is not a name, a dependency mark and a path';
        const [relativePath, dependency, repositoryPath] = entry;
        files.push({
            relativePath,
            repositoryPath: repositoryPath ?? underFolder(folder, relativePath),
            dependency: dependency === 1,
        });
    }
    if (new Set(files.map((file) => file.relativePath)).size !== files.length)
        return 'the record lists a file twice';
    const audited = new Set(files.flatMap((file) => (file.dependency ? [] : [file.relativePath])));
    if (s.length > files.length * 1_000)
        return 'the record has too many suppression comments';
    const suppressions = new Map();
    for (const entry of s) {
        const read = readSuppression(entry);
        if (read === undefined || !audited.has(read.name))
            return 'the record has a suppression comment that is not one of an audited file';
        let each = suppressions.get(read.name);
        if (each === undefined)
            suppressions.set(read.name, (each = []));
        each.push(read.suppression);
    }
    return { files, suppressions };
}
/** The baseline `value` holds (null: none), or why it does not hold one. */
function readBaselineEntries(value) {
    if (value === null)
        return undefined;
    if (!Array.isArray(value) || value.length > MAX_BASELINE_ENTRIES)
        return 'the record has no usable baseline';
    try {
        return parseBaseline(JSON.stringify({ version: 1, accepted: value }), 'of the pending record');
    }
    catch {
        return 'the record has no usable baseline';
    }
}
function readSuppression(entry) {
    if (!Array.isArray(entry) || entry.length !== 3)
        return undefined;
    const [name, line, text] = entry;
    if (typeof name !== 'string' || typeof text !== 'string')
        return undefined;
    if (!(Number.isSafeInteger(line) && line > 0))
        return undefined;
    if (text.length > MAX_COMMENT_LENGTH || /[\r\n]/.test(text))
        return undefined;
    const suppression = suppressionAt(line, text);
    return suppression && { name, suppression };
}
/**
 * A path may hold whatever the upload's file names held (reports escape what they show): it is
 * only a name to look a finding's file up by.
 */
function isPath(value) {
    return typeof value === 'string' && value !== '' && value.length <= MAX_PATH_LENGTH;
}

;// CONCATENATED MODULE: ./.build/engine/settings.js
/**
 * A run's settings, read by action.yml's names through either door: the Action reads them with
 * `@actions/core`, the command line from its options. One reader, so a bad value gets the same
 * message through either door, in that door's words (its vocabulary).
 */











/** `timeout-minutes` at most: a week. */
const MAX_TIMEOUT_MINUTES = 10_080;
/** action.yml's default for `contracts`, also used when the input is empty. */
const DEFAULT_CONTRACT_PATTERNS = contractGlobs();
const IF_NO_FILES_FOUND = ['error', 'warn', 'ignore'];
const DEPENDENCIES = ['include', 'exclude'];
/**
 * Variables forge reads over foundry.toml that change which files it compiles; only
 * FOUNDRY_PROFILE is followed here, so a job setting another is told.
 */
const FOUNDRY_ENV_NOT_READ = [
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
function foundryProfile(env, log) {
    const set = FOUNDRY_ENV_NOT_READ.filter((name) => env[name]?.trim());
    if (set.length > 0) {
        log.warning(`${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: forge would follow ${set.length === 1 ? 'it' : 'them'} over foundry.toml, ` +
            'but the projects are found from foundry.toml, remappings.txt and FOUNDRY_PROFILE only, so the files sent may differ from those forge compiles. ' +
            'Put the setting in foundry.toml, under a profile FOUNDRY_PROFILE names.');
    }
    return env['FOUNDRY_PROFILE']?.trim() || 'default';
}
/**
 * The settings the inputs ask for, or a ConfigurationError naming the input and how to fix it.
 * `env`: the workspace (GITHUB_WORKSPACE, else the current folder), RUNNER_TEMP, FOUNDRY_PROFILE
 * (and FOUNDRY_ENV_NOT_READ, to warn).
 */
function readSettings(inputs, env, log) {
    const read = inputReader(inputs);
    const apiKey = read.text('api-key');
    const { vocabulary } = inputs;
    checkApiKey(apiKey, vocabulary, log);
    const workspace = external_node_path_.resolve(env['GITHUB_WORKSPACE'] || process.cwd());
    const workingDirectory = external_node_path_.resolve(workspace, read.text('working-directory') || '.');
    const relativeRoot = posixRelative(workspace, workingDirectory);
    if (!isInside(workspace, workingDirectory)) {
        throw new ConfigurationError(`${sentenceStart(vocabulary.optionNamed('working-directory'))} (${workingDirectory}) is outside the workspace (${workspace}); ` +
            'give a path inside the repository checkout.');
    }
    // A link inside the checkout may lead anywhere: where it leads is what would be walked.
    const realWorkingDirectory = realPath(workingDirectory);
    const realWorkspace = realPath(workspace);
    if (realWorkingDirectory && realWorkspace && !isInside(realWorkspace, realWorkingDirectory)) {
        throw new ConfigurationError(`${sentenceStart(vocabulary.optionNamed('working-directory'))} (${workingDirectory}) leads outside the workspace through a symbolic link (to ${realWorkingDirectory}); ` +
            'nothing outside the repository checkout is read. Give the folder the link stands for, inside the checkout.');
    }
    const outputDirectory = external_node_path_.resolve(env['RUNNER_TEMP'] || workspace);
    const baseline = read.text('baseline');
    const sarifFile = read.text('sarif-file');
    const contracts = read.lines('contracts');
    return {
        apiKey,
        vocabulary,
        baseUrl: parseBaseUrl(read.text('base-url'), vocabulary),
        projectName: read.text('project-name') || defaultProjectName(env, workspace),
        contractPatterns: contracts.length > 0 ? contracts : [...DEFAULT_CONTRACT_PATTERNS],
        defaultContractPatterns: contracts.length === 0 || contracts.join('\n') === DEFAULT_CONTRACT_PATTERNS.join('\n'),
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
        timeoutMs: read.positiveNumber('timeout-minutes', 30, { value: MAX_TIMEOUT_MINUTES, said: 'a week' }) *
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
function parseBaseUrl(raw, vocabulary) {
    const text = raw.trim();
    const baseUrl = sentenceStart(vocabulary.optionNamed('base-url'));
    if (!text) {
        throw new ConfigurationError(`${baseUrl} is required: set it to the audit service address, e.g. https://api.example-audit.com`);
    }
    let url;
    try {
        url = new URL(text);
    }
    catch {
        throw new ConfigurationError(`${baseUrl} is not a valid URL: "${text}". Use the full address, e.g. https://api.example-audit.com`);
    }
    if (url.username || url.password) {
        throw new ConfigurationError(`${baseUrl} must not contain credentials; pass the key in ${vocabulary.keyName} instead.`);
    }
    if (url.search || url.hash) {
        throw new ConfigurationError(`${baseUrl} must not have a query string or fragment; give only the service address.`);
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        throw new ConfigurationError(`${baseUrl} uses plain http:// for ${url.hostname}; the API key would travel unencrypted. ` +
            'Use https:// (plain http:// is accepted only for 127.0.0.0/8, ::1 and localhost).');
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
function checkApiKey(apiKey, vocabulary, log) {
    const { keyName, keyHolder } = vocabulary;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(apiKey)) {
        throw new ConfigurationError(`The key in ${keyName} contains a line break or another control character, which an HTTP header ` +
            `cannot carry. Check ${keyHolder}: it must be the key alone, on one line.`);
    }
    if (/[^\u0020-\u00ff]/u.test(apiKey)) {
        throw new ConfigurationError(`The key in ${keyName} contains characters an HTTP header cannot carry (only ASCII and Latin-1 ` +
            `can be sent). Check ${keyHolder}: a key copied from a document may hold typographic quotes or dashes.`);
    }
    if (apiKey && apiKey.length < MIN_SECRET_LENGTH) {
        log.warning(`The key in ${keyName} is only ${apiKey.length} characters long. It is still masked everywhere, ` +
            'which may blank out ordinary words that contain it in the reports; service keys are ' +
            `normally much longer, so check ${keyHolder} (a key of ${MIN_SECRET_LENGTH} or more characters avoids this).`);
    }
}
/** The audit ids to resume, which are sent in a URL path: never one that holds the key. */
function auditIdInput(text, apiKey, vocabulary) {
    if (text === '')
        return undefined;
    const key = new Redactor();
    key.add(apiKey);
    const ids = key.appearsIn(text) ? undefined : parseAuditIds(text, vocabulary);
    // Decoded, JSON's escapes may spell the key where the text did not.
    const decoded = typeof ids === 'object' ? [...ids].flat() : [];
    if (ids === undefined || decoded.some((entry) => key.appearsIn(entry))) {
        throw new ConfigurationError(`${sentenceStart(vocabulary.optionNamed('audit-id'))} contains the API key, so it was not sent. ` +
            `Give ${vocabulary.idsOf('the run that started the audit')}.`);
    }
    return ids;
}
/** Where a path leads once links are followed; undefined when it does not exist (yet). */
function realPath(file) {
    try {
        return (0,external_node_fs_.realpathSync)(file);
    }
    catch {
        return undefined;
    }
}
/** An output file the user named: only in the workspace or RUNNER_TEMP, never elsewhere on the runner. */
function outputFile(workspace, outputDirectory, file, vocabulary) {
    const resolved = external_node_path_.resolve(workspace, file);
    if (!isInside(workspace, resolved) && !isInside(outputDirectory, resolved)) {
        throw new ConfigurationError(`${sentenceStart(vocabulary.optionNamed('sarif-file'))} (${file}) is outside the workspace and RUNNER_TEMP; the action writes ` +
            'files only there. Give a path inside the repository checkout, e.g. `reports/audit.sarif`.');
    }
    return resolved;
}
/** A repository file the action reads: it must stay inside the checkout. */
function insideWorkspace(workspace, file, vocabulary) {
    const resolved = external_node_path_.resolve(workspace, file);
    if (!isInside(workspace, resolved)) {
        throw new ConfigurationError(`${sentenceStart(vocabulary.optionNamed('baseline'))} (${file}) is outside the workspace; give a path inside the repository.`);
    }
    return resolved;
}
function defaultProjectName(env, workspace) {
    const repository = env['GITHUB_REPOSITORY'];
    return repository?.split('/')[1] || external_node_path_.basename(workspace);
}
/** Typed readers of the settings; each error names the setting, in the door's words, and what it takes. */
function inputReader(inputs) {
    const text = (name) => inputs.get(name).trim();
    const named = (name) => sentenceStart(inputs.vocabulary.optionNamed(name));
    const positiveNumber = (name, fallback, most) => {
        const raw = text(name);
        if (!raw)
            return fallback;
        const value = Number(raw);
        if (!Number.isFinite(value) || value <= 0) {
            throw new ConfigurationError(`${named(name)} is "${raw}"; it must be a positive number (default ${fallback}).`);
        }
        if (most !== undefined && value > most.value) {
            throw new ConfigurationError(`${named(name)} is "${raw}"; it must be at most ${most.value} (${most.said}).`);
        }
        return value;
    };
    return {
        text,
        /** Each non-empty line that is not a `#` comment, trimmed. */
        lines: (name) => text(name)
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line && !line.startsWith('#')),
        choice(name, allowed, fallback) {
            const raw = text(name);
            if (!raw)
                return fallback;
            const value = raw.toLowerCase();
            if (allowed.includes(value))
                return value;
            // Quoted as given: a secret passed by mistake is then masked like any other spelling of it.
            throw new ConfigurationError(`${named(name)} is "${raw}"; it must be one of: ${allowed.join(', ')}.`);
        },
        /** As YAML 1.2's core schema spells a boolean (what `core.getBooleanInput` takes). */
        boolean(name, fallback) {
            const raw = text(name);
            if (!raw)
                return fallback;
            if (['true', 'True', 'TRUE'].includes(raw))
                return true;
            if (['false', 'False', 'FALSE'].includes(raw))
                return false;
            throw new ConfigurationError(`${named(name)} must be true or false.`);
        },
        positiveNumber,
        positiveInteger(name, fallback) {
            const value = positiveNumber(name, fallback);
            if (!Number.isInteger(value)) {
                throw new ConfigurationError(`${named(name)} is "${value}"; it must be a whole number.`);
            }
            return value;
        },
    };
}

;// CONCATENATED MODULE: ./.build/engine/pending-record.js
/**
 * The record of a run left pending: what finishing it later needs (each project's audit and its
 * upload's manifest, the baseline read, the settings that decide its verdict and its reports,
 * when it started, its pull request, the service), so a later run judges and reports as this one
 * would have, with nothing of its own checkout or inputs. It is kept by the door where others can
 * write (the Action keeps it on the check run, which any workflow of the repository with
 * `checks: write` can create or edit as the same app). So it is sealed with a key derived from
 * the API key (record-seal.ts) over all it says and where it was left (the repository, the head
 * commit, the check's name, which the reader supplies, never the record): a record forged, or
 * copied onto another commit, check or repository, does not read. It is read as hostile JSON
 * all the same.
 */










const PENDING_RECORD_VERSION = 3;
/** Fifty projects' manifests and a baseline fit; anything much larger was not written here. */
const MAX_PENDING_RECORD_BYTES = 8 * 1024 * 1024;
/** An upload name or a folder: longer ones were not written by this action. */
const MAX_PROJECT_FIELD_LENGTH = 300;
const pending_record_CONTROL = /[\p{Cc}\p{Cf}]/u;
/** An upload's digest (reuse.ts): SHA-256 in hex. */
const DIGEST = /^[0-9a-f]{64}$/;
/** A clock a little ahead of the writer's must not void a record. */
const pending_record_FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;
/**
 * Why a record is not this run's to read: it names another service than the reader's
 * `base-url`, and is not sealed with the reader's key (that service's own): it is left for that
 * service's finishing run. One sealed with the reader's key is read (its service a field).
 */
const RECORD_OF_ANOTHER_SERVICE = 'the record was left for the finishing run of another service';
/** When the run's time is up (epoch ms): its start and its `timeout-minutes`. */
function pendingTimeLimit(record) {
    return Date.parse(record.startedAt) + record.timeoutMinutes * 60_000;
}
/** The run's audit ids, as its `audit-id` value gave them: what resuming them by hand takes. */
function pendingAuditIds(record) {
    return formatAuditIds(record.audits, record.several);
}
/**
 * The service as the HTTP layer reaches it: its origin and path without trailing slashes, so
 * `https://x/api` and `https://x/api/` are one service.
 */
function pendingService(baseUrl) {
    return `${baseUrl.origin}${baseUrl.pathname.replace(/\/+$/, '')}`;
}
/** What the seal covers: the record's whole body as its JSON, and where it was left. */
function pending_record_sealed(key, body) {
    return [String(PENDING_RECORD_VERSION), key.repository, key.headSha, key.checkName, body];
}
/** The record as compact JSON, sealed for this repository, head commit and check name. */
function pendingRecordText(record, key) {
    const body = {
        v: PENDING_RECORD_VERSION,
        name: record.projectName,
        audits: record.audits.map(({ name, path, auditId, digest, manifest }) => [
            name,
            path,
            auditId,
            digest ?? null,
            manifest === undefined ? null : manifestJson(manifest, path),
        ]),
        several: record.several,
        failOn: record.failOn,
        scope: record.scope,
        timeout: record.timeoutMinutes,
        at: record.startedAt,
        pr: record.pullRequest ?? null,
        comment: record.comment,
        baseline: record.baseline === undefined ? null : baselineJson(record.baseline),
        commit: record.headCommit === undefined ? null : judgedCommitJson(record.headCommit),
        svc: record.service,
    };
    const text = JSON.stringify(body);
    return JSON.stringify({ ...body, seal: seal(key.apiKey, 'pendingCheck', pending_record_sealed(key, text)) });
}
/**
 * The record when it was written with this key for this repository, head commit and check name,
 * else why not (one line for the log; RECORD_OF_ANOTHER_SERVICE for a record that holds but was
 * left for another service). Its seal is checked before any of its fields is used.
 */
function readPendingRecord(text, expected) {
    const value = readRecordObject(text, MAX_PENDING_RECORD_BYTES);
    if (typeof value === 'string')
        return value;
    const { seal: given, ...body } = value;
    if (body['v'] !== PENDING_RECORD_VERSION)
        return 'the record is of another format';
    // JSON read and written again is the text that was sealed: key order and values keep.
    const holds = typeof given === 'string' &&
        sealMatches(expected.apiKey, 'pendingCheck', pending_record_sealed(expected, JSON.stringify(body)), given);
    const service = body['svc'];
    if (typeof service !== 'string' || service.length > MAX_SERVICE_LENGTH)
        return holds ? 'the record names no usable service' : NOT_SEALED;
    // Another service's, with another key (its own): not this run's to judge, nor to fail.
    if (!holds && service !== expected.service)
        return RECORD_OF_ANOTHER_SERVICE;
    if (!holds)
        return NOT_SEALED;
    return readBody(body, service, expected);
}
const NOT_SEALED = 'the record was not written with this API key for this repository, commit and check';
/** A service's URL: longer ones were not written here. */
const MAX_SERVICE_LENGTH = 2_048;
/** The fields of a sealed record's body, each checked. */
function readBody(body, service, expected) {
    const { name, audits, several, failOn, scope, timeout, at, pr, comment } = body;
    if (typeof name !== 'string' || !isProjectField(name))
        return 'the record has no usable project name';
    if (!Array.isArray(audits))
        return 'the record has no list of audits';
    const projects = readAudits(audits, expected.apiKey);
    if (typeof projects === 'string')
        return projects;
    if (typeof several !== 'boolean' || (!several && projects.length > 1))
        return 'the record lists several audits for one project';
    if (!FAIL_ON_LEVELS.includes(failOn))
        return 'the record has no usable severity to fail on';
    if (!SCOPES.includes(scope))
        return 'the record has no usable scope';
    if (typeof timeout !== 'number' || !(timeout > 0 && timeout <= MAX_TIMEOUT_MINUTES))
        return 'the record has no usable time limit';
    const time = typeof at === 'string' ? Date.parse(at) : NaN;
    if (!Number.isFinite(time) || time > expected.now + pending_record_FUTURE_TOLERANCE_MS)
        return 'the record has no usable date';
    if (pr !== null && !(typeof pr === 'number' && Number.isSafeInteger(pr) && pr > 0))
        return 'the record has no usable pull request number';
    if (typeof comment !== 'boolean')
        return 'the record does not say whether to comment';
    const accepted = readBaselineEntries(body['baseline']);
    if (typeof accepted === 'string')
        return accepted;
    const headCommit = readJudgedCommit(body['commit']);
    if (typeof headCommit === 'string')
        return headCommit;
    return {
        projectName: name,
        audits: projects,
        several,
        failOn: failOn,
        scope: scope,
        timeoutMinutes: timeout,
        startedAt: new Date(time).toISOString(),
        pullRequest: pr ?? undefined,
        comment,
        baseline: accepted,
        headCommit,
        service,
    };
}
/** A project's name or folder as a record keeps it: bounded, with no invisible character. */
function isProjectField(value) {
    return value.trim() !== '' && value.length <= MAX_PROJECT_FIELD_LENGTH && !pending_record_CONTROL.test(value);
}
/**
 * `[[name, path, auditId, digest | null, manifest | null], …]`: one to MAX_PROJECTS, each field
 * bounded, no id holding the key, a digest SHA-256's hex, MAX_MANIFEST_FILES files in all.
 */
function readAudits(audits, apiKey) {
    if (audits.length === 0 || audits.length > MAX_PROJECTS)
        return `the record must list 1 to ${MAX_PROJECTS} audits`;
    const key = new Redactor();
    key.add(apiKey);
    const read = [];
    const budget = { files: MAX_MANIFEST_FILES };
    for (const entry of audits) {
        if (!Array.isArray(entry) ||
            entry.length !== 5 ||
            !entry.slice(0, 3).every((f) => typeof f === 'string') ||
            !(entry[3] === null || typeof entry[3] === 'string'))
            return 'the record has an audit that is not a name, a folder, an id, a digest and a file list';
        const [name, path, auditId, digest, listed] = entry;
        if (digest !== null && !DIGEST.test(digest))
            return 'the record has no usable digest';
        if (!isProjectField(name) || !isProjectField(path))
            return 'the record has a project with no usable name or folder';
        if (auditId.trim() === '' ||
            auditId.length > MAX_AUDIT_ID_LENGTH ||
            pending_record_CONTROL.test(auditId) ||
            key.appearsIn(auditId))
            return 'the record has no usable audit id';
        const manifest = listed === null ? undefined : pending_triage_readManifest(listed, path, budget);
        if (typeof manifest === 'string')
            return manifest;
        read.push({
            name,
            path,
            auditId,
            ...(digest !== null && { digest }),
            ...(manifest !== undefined && { manifest }),
        });
    }
    if (new Set(read.map((audit) => audit.path)).size !== read.length)
        return 'the record lists a folder twice';
    return read;
}

;// CONCATENATED MODULE: ./.build/action/github/check-run-lifecycle.js
/** The Checks API takes at most this many annotations per request. */
const ANNOTATIONS_PER_REQUEST = 50;
async function startCheckRun(client, params) {
    return client.createCheckRun({ ...params, status: 'in_progress' });
}
/**
 * Posts the annotations in batches (each update must repeat the output's title and summary),
 * then completes the run. Whatever stops a batch (a refusal, the rate limit, a rejected
 * annotation, a timeout, the deadline), posting stops there and the run is still completed, its
 * output saying how many were posted: a run left in progress would read as an audit that never
 * ended and blocks a required check. Throws only when completing fails.
 */
async function completeCheckRun(client, id, completion) {
    const before = client.requestCount;
    const { annotations } = completion;
    const output = completion.output();
    let posted = 0;
    let postingError;
    for (const batch of batches(annotations)) {
        try {
            await client.updateCheckRun(id, {
                output: { title: output.title, summary: output.summary, annotations: batch },
            });
            posted += batch.length;
        }
        catch (error) {
            postingError = error instanceof Error ? error : new Error(String(error));
            break;
        }
    }
    await client.updateCheckRun(id, {
        status: 'completed',
        conclusion: completion.conclusion,
        output: postingError === undefined ? output : completion.output(posted),
    });
    return {
        requests: client.requestCount - before,
        annotationsPosted: posted,
        annotationsNotPosted: annotations.length - posted,
        postingError,
    };
}
function batches(items, size = ANNOTATIONS_PER_REQUEST) {
    if (!Number.isInteger(size) || size < 1)
        throw new RangeError(`Bad batch size: ${size}`);
    const result = [];
    for (let i = 0; i < items.length; i += size)
        result.push(items.slice(i, i + size));
    return result;
}

;// CONCATENATED MODULE: ./.build/action/github/pr-files.js

/**
 * `changedFiles` is the event payload's `pull_request.changed_files`. GitHub lists at most
 * 3,000 files: `truncated` when the pull request has more, or may have (3,000 came back and
 * the payload does not say that is all, or the pages did not end). Over the cap, nothing is
 * fetched: the list could only be incomplete.
 */
async function fetchChangedFiles(client, pullNumber, changedFiles) {
    if (changedFiles !== undefined && changedFiles > PULL_REQUEST_FILES_CAP)
        return { files: [], truncated: true };
    const { files, capped } = await client.listPullRequestFiles(pullNumber);
    const complete = changedFiles === PULL_REQUEST_FILES_CAP && files.length === changedFiles;
    return { files, truncated: capped && !complete };
}

;// CONCATENATED MODULE: ./.build/action/github/sticky-comment.js
/**
 * The sticky comment: one per project on a pull request, found by its hidden marker and edited
 * in place every run, so the conversation never fills with reports.
 */


async function upsertStickyComment(client, params) {
    const before = client.requestCount;
    const { comments, capped } = await client.listIssueComments(params.issueNumber);
    // Only the token's own comment is ours, and GitHub alone knows whose that is: a candidate it
    // refuses to let this token edit was another app's, which anyone's workflow could have written.
    for (const candidate of stickyCandidates(comments, params.marker).slice(0, MAX_CANDIDATES)) {
        let written;
        try {
            written = await client.updateIssueComment(candidate.id, params.render(candidate.body));
        }
        catch (error) {
            if (error instanceof PermissionError)
                continue;
            throw error;
        }
        return { action: 'updated', url: written.url, requests: client.requestCount - before };
    }
    // Past the cap ours may be unseen; listing is oldest first and stable, so each later run would
    // miss the new comment too and post one more. A comment found before the cap is safe to update.
    if (capped) {
        throw new Error(`this pull request has more comments than the ${ISSUE_COMMENTS_MAX_PAGES * 100} read to find ` +
            "this action's comment, so no new one was written (it would be repeated every run)");
    }
    const written = await client.createIssueComment(params.issueNumber, params.render(undefined));
    return { action: 'created', url: written.url, requests: client.requestCount - before };
}
/** Comments tried as ours, newest first: a few, so a pull request full of decoys costs little. */
const MAX_CANDIDATES = 3;
/**
 * The comments carrying the marker written by a bot (the workflow token's `github-actions[bot]`,
 * or an app), newest first. Anyone can paste the marker: adopting a person's comment would let
 * them author the report's "previous run" or block its updates.
 */
function stickyCandidates(comments, marker) {
    return comments
        .filter((comment) => comment.author?.isBot === true && comment.body.includes(marker))
        .sort((a, b) => b.id - a.id);
}

;// CONCATENATED MODULE: ./.build/action/github/channels.js






/** After the audit's own deadline, the GitHub channels get at most this long to report it. */
const GITHUB_GRACE_MS = 60_000;
/**
 * The channels this run asked for, or undefined when it uses none, has no token, or is a
 * fork's run that is skipped anyway (it gets a read-only token and no key).
 */
function openGitHubChannels(settings, run) {
    const { context, log } = run;
    const [owner, repo] = context.repository.split('/');
    const wanted = settings.checkRun.enabled || settings.pullRequestComment || settings.scope !== 'all';
    if (!wanted || !owner || !repo || (context.untrustedPullRequest && !settings.apiKey))
        return undefined;
    if (!settings.githubToken) {
        log.info('No `github-token`: no check run, pull-request comment or changed-files scope this run.');
        return undefined;
    }
    try {
        return new GitHubChannels({
            client: createGitHubClient({ apiUrl: context.apiUrl, token: settings.githubToken, owner, repo }, {
                // The channels report the audit after its deadline, so they get a little longer.
                deadline: {
                    at: Math.max(run.deadline.at, run.deadline.now()) + GITHUB_GRACE_MS,
                    now: run.deadline.now,
                },
                redact: run.redact,
                // Octokit's notices quote the API's headers: through the logger, which cleans them.
                log: { debug: (message) => log.debug(message) },
            }),
            pullRequest: context.pullRequest,
            headSha: context.pullRequest?.headSha ?? context.sha,
            checkRun: settings.checkRun,
            comment: settings.pullRequestComment,
            log,
        });
    }
    catch (error) {
        log.warning(`No check run, pull-request comment or changed-files scope this run: ${errorMessage(error)}`);
        return undefined;
    }
}
const WHY = {
    'checks: write': 'the check run with every finding as an annotation; findings are annotated in the log instead (10 of each kind)',
    'checks: read': 'the check runs left pending, so none is finished',
    'pull-requests: write': 'the pull-request comment',
    'pull-requests: read': "the pull request's changed files, so `scope` falls back to all",
    'actions: read': "the triggering run's artifact",
    'contents: read': "the triggering run's head commit",
};
/**
 * The GitHub API calls of a run. Rendering is the caller's: these methods take what to send.
 * None of them may fail the step.
 */
class GitHubChannels {
    #options;
    #warned = new Set();
    #checkRun;
    #checkRunFailed = false;
    #starting;
    constructor(options) {
        this.#options = options;
        this.#checkRun = options.existingCheckRun;
    }
    /** Whether the findings will be annotated on a check run, as far as is known yet. */
    get annotatesCheckRun() {
        return (this.#options.client !== undefined && this.#options.checkRun.enabled && !this.#checkRunFailed);
    }
    /**
     * Creates the check run in progress as soon as the audit id is known. Callers need not wait:
     * the audit goes on meanwhile, and `completeCheckRun` waits for it. It never rejects.
     */
    auditStarted(start) {
        this.#starting = this.#createCheckRun(start);
        return this.#starting;
    }
    async #createCheckRun(start) {
        const { client, checkRun, headSha } = this.#options;
        if (!client || !checkRun.enabled || this.#checkRunFailed)
            return;
        try {
            this.#checkRun = await startCheckRun(client, { name: checkRun.name, headSha, ...start });
            this.#options.log.info(`Check run: ${this.#checkRun.url}`);
        }
        catch (error) {
            this.#checkRunFailed = true;
            this.#fallBack(error, 'Could not create the check run');
        }
    }
    /** The pull request's files, or undefined when they cannot be had (the caller uses scope `all`). */
    async changedFiles() {
        const { client, pullRequest, log } = this.#options;
        if (!client || !pullRequest)
            return undefined;
        try {
            const { files, truncated } = await fetchChangedFiles(client, pullRequest.number, pullRequest.changedFiles);
            if (truncated) {
                log.warning('This pull request changes more than 3,000 files, more than GitHub lists, so `scope` falls back to all: every finding counts.');
                return undefined;
            }
            return files;
        }
        catch (error) {
            this.#fallBack(error, "Could not read the pull request's changed files; `scope` falls back to all");
            return undefined;
        }
    }
    /**
     * Annotates and completes the check run (creating it first if the audit never started).
     * Undefined when check runs are off or the run could not be created.
     */
    async completeCheckRun(report) {
        const { client, checkRun, headSha, log } = this.#options;
        await this.#starting;
        if (!client || !checkRun.enabled || this.#checkRunFailed)
            return undefined;
        let run = this.#checkRun;
        try {
            run ??= await startCheckRun(client, { name: checkRun.name, headSha, ...report.start });
            this.#checkRun = run;
            const completed = await completeCheckRun(client, run.id, report);
            log.info(`Check run completed with ${completed.annotationsPosted} annotation(s) in ${completed.requests} request(s): ${run.url}`);
            return { url: run.url, completed };
        }
        catch (error) {
            this.#fallBack(error, 'Could not complete the check run');
            return run && { url: run.url, completed: undefined };
        }
    }
    /**
     * Where this run's check run is, when check runs are on, as far as is known yet: what a
     * pending record is sealed for.
     */
    get checkRunTarget() {
        const { headSha, checkRun } = this.#options;
        return this.annotatesCheckRun ? { headSha, checkName: checkRun.name } : undefined;
    }
    /**
     * Leaves the check run in progress, with `pending`'s record and output (creating it if the audit
     * never announced one). Undefined when check runs are off or it could not be made; `left` false
     * when it exists but could not be given the record (said in the log).
     */
    async leaveCheckRunPending(pending) {
        const { client, checkRun, headSha } = this.#options;
        await this.#starting;
        if (!client || !checkRun.enabled || this.#checkRunFailed)
            return undefined;
        const run = this.#checkRun;
        try {
            if (run !== undefined)
                await client.updateCheckRun(run.id, { status: 'in_progress', ...pending });
            const left = run ?? (await startCheckRun(client, { name: checkRun.name, headSha, ...pending }));
            this.#checkRun = left;
            this.#options.log.info(`Check run left in progress: ${left.url}`);
            return { url: left.url, left: true };
        }
        catch (error) {
            this.#fallBack(error, 'Could not leave the check run pending');
            return run && { url: run.url, left: false };
        }
    }
    /** Creates or updates the project's sticky comment; undefined when off or not a pull request. */
    async upsertComment(marker, render) {
        const { client, comment, pullRequest, log } = this.#options;
        if (!client || !comment || !pullRequest)
            return undefined;
        try {
            const result = await upsertStickyComment(client, {
                issueNumber: pullRequest.number,
                marker,
                render,
            });
            log.info(`Pull-request comment ${result.action}: ${result.url}`);
            return result.url;
        }
        catch (error) {
            this.#fallBack(error, 'Could not write the pull-request comment');
            return undefined;
        }
    }
    async close() {
        await this.#options.client?.close();
    }
    /** A missing permission is said once, with what to add; anything else is a plain warning. */
    #fallBack(error, what) {
        const { log } = this.#options;
        if (error instanceof PermissionError) {
            if (this.#warned.has(error.permission))
                return;
            this.#warned.add(error.permission);
            log.warning(`The GitHub token may not do this (${error.status}), so this run goes without ${WHY[error.permission]}. ` +
                `To enable it, add \`${error.permission}\` to the job's \`permissions:\`. ` +
                '(Pull requests from forks get a read-only token: there this is expected.)');
            return;
        }
        // The client's errors already name the operation ("Could not create the check run on GitHub…").
        const message = errorMessage(error);
        const said = message.startsWith(`${what} `) ? message : `${what}: ${message}`;
        log.warning(`${said}. The audit result is unaffected.`);
    }
}

;// CONCATENATED MODULE: ./.build/files/output-file.js
/**
 * Writes a report file the user may have named, into a folder the checkout controls: a symbolic
 * link planted there must not redirect the write anywhere else on the runner.
 */



/**
 * Writes the chunks of `content` to `file` (resolved against the current directory) as they
 * come, and returns its absolute path. Only inside one of `roots`, which are trusted as given
 * (RUNNER_TEMP may lie behind a link); below the root no symbolic link is followed: missing
 * folders are created one by one, a link among the folders is refused, and a link or file at
 * the final name is replaced. Throws an Error saying why it refused, or why the content could
 * not be written; then no file is left at the name.
 */
async function writeOutputFile(file, content, roots) {
    const target = external_node_path_.resolve(file);
    const root = roots.map((r) => external_node_path_.resolve(r)).find((r) => isInside(r, target));
    if (root === undefined) {
        throw new Error(`${target} is outside ${roots.join(' and ')}, where output files may go.`);
    }
    let directory = root;
    for (const name of external_node_path_.relative(root, target).split(external_node_path_.sep).slice(0, -1)) {
        directory = external_node_path_.join(directory, name);
        try {
            await promises_.mkdir(directory);
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
        }
        // mkdir leaves an existing link alone, so whatever is there now is looked at, not followed.
        const stats = await promises_.lstat(directory);
        if (stats.isSymbolicLink()) {
            throw new Error(`${directory} is a symbolic link; output files are never written through one.`);
        }
        if (!stats.isDirectory())
            throw new Error(`${directory} is not a directory.`);
    }
    const existing = await promises_.lstat(target).catch(() => undefined);
    if (existing?.isDirectory())
        throw new Error(`${target} is a directory.`);
    // Removing a link removes the link, not its target; `wx` (O_CREAT | O_EXCL) then creates a
    // new file and fails rather than follow a link put back in between.
    await promises_.rm(target, { force: true });
    const handle = await promises_.open(target, 'wx');
    let failure;
    try {
        // One write per chunk: no stream pipeline to set up for what is usually one small file.
        await handle.writeFile(content);
    }
    catch (error) {
        failure = { error };
    }
    // After a failed write, its error is the one to tell: a close that fails too would hide it.
    await handle.close().catch((error) => (failure ??= { error }));
    if (failure === undefined)
        return target;
    // A report cut short would read as a whole one. What is there now is the file made above,
    // or a link put in its place, which `rm` removes without following.
    await promises_.rm(target, { force: true });
    throw failure.error;
}
/** One short path segment (names can come from the service): a file system's 255 bytes hold it. */
function fileSafe(name) {
    return name.replace(/[^\w.-]+/g, '_').slice(0, 100);
}

;// CONCATENATED MODULE: ./.build/action/pending-check.js
/**
 * A run left pending keeps its record on its check run, which stays in progress on the head
 * commit: in `external_id` when it is short, else in the output's text. GitHub documents no
 * maximum length for `external_id` (its REST reference gives a plain string), so the record goes
 * there only up to EXTERNAL_ID_MAX_CHARS; a longer one (one with its uploads' file lists, most)
 * goes in the text, whose limit (65,535 characters) is documented, compressed (file lists repeat
 * their folders), and `external_id` then says so.
 */



/** Our bound on a record in `external_id`, where GitHub documents none. */
const EXTERNAL_ID_MAX_CHARS = 1_024;
/** `external_id` when the record is in the output's text. */
const RECORD_IN_TEXT = 'contract-audit-pending:text';
/**
 * How a record in `external_id` starts (pendingRecordText writes its version first): a waiting
 * run's check run holds its audit ids there, which are no record and are left alone.
 */
const RECORD_START = '{"v":';
/** Opens and closes the record in the text: an HTML comment, which GitHub does not show. */
const TEXT_OPEN = '<!-- contract-audit-pending-record ';
const TEXT_CLOSE = ' -->';
/** What finishing a pending run needs, from its report and what the run was asked. */
function pendingRecordOf(report, run) {
    return {
        projectName: report.projectName,
        audits: report.projects.flatMap(({ name, path, auditId, digest, manifest }) => auditId === undefined
            ? []
            : [
                {
                    name,
                    path,
                    auditId,
                    ...(digest !== undefined && { digest }),
                    ...(manifest !== undefined && { manifest }),
                },
            ]),
        several: report.several,
        failOn: report.failOn,
        scope: run.scope,
        timeoutMinutes: run.timeoutMs / 60_000,
        startedAt: new Date(run.startedAt).toISOString(),
        pullRequest: run.pullRequest,
        comment: run.comment,
        baseline: report.baseline,
        headCommit: report.headCommit,
        service: pendingService(run.service),
    };
}
/** The check run as a pending run leaves it: its output, and the record sealed for `target`. */
function renderPendingCheckRun(report, summaryMarkdown, record, key) {
    const text = pendingRecordText(record, key);
    const inExternalId = text.length <= EXTERNAL_ID_MAX_CHARS;
    const output = checkRunOutput({
        title: checkRunTitle(report),
        summaryMarkdown,
        // Base64url: the record's own text could close the comment.
        ...(!inExternalId && {
            text: `${TEXT_OPEN}${(0,external_node_zlib_.deflateRawSync)(Buffer.from(text, 'utf8')).toString('base64url')}${TEXT_CLOSE}`,
        }),
    });
    return { externalId: inExternalId ? text : RECORD_IN_TEXT, output };
}
/**
 * Why a finishing run could not read the record back from the check run `render` makes, or
 * undefined when it can: the writer's bounds are the reader's (a name with an invisible
 * character, a record cut to fit the output's text), so a record the reader refuses is never left.
 */
function unreadablePendingRecord(pending, record, key) {
    const text = recordOfCheckRun({
        externalId: pending.externalId,
        text: pending.output.text ?? null,
    });
    // The output's text is cut to GitHub's bound: a cut record is no record.
    if (text !== pendingRecordText(record, key))
        return 'the record does not fit on the check run';
    const read = readPendingRecord(text, {
        ...key,
        service: record.service,
        now: Date.parse(record.startedAt),
    });
    return typeof read === 'string' ? read : undefined;
}
/**
 * The report of a run whose record cannot be left: an error, which fails the step and completes
 * its check run as a failure. Left in progress with no record the check run would stay so for
 * ever, and with the record a finishing run would complete it as a failure for a reason not the
 * code's; waiting instead would take a second pass through the engine from the publishing step,
 * after the run's one poll. The audits go on at the service: the hint says how to collect them.
 */
function refusedPendingReport(report, record, why) {
    const { several, vocabulary } = report;
    return {
        ...report,
        verdict: 'error',
        reason: `This pending run's record cannot be kept on the check run (${why}), so no finishing run could complete it. ` +
            `A record keeps each project's name and folder up to ${MAX_PROJECT_FIELD_LENGTH} characters with no invisible ` +
            "(zero-width, format or control) character, and fits the check run's output (some 6,000 files in all); " +
            `to audit these projects as they are, run with ${vocabulary.setting('wait', 'true')}, or split them over jobs.`,
        resumeHint: `${several ? 'The audits go' : 'The audit goes'} on at the service. To collect ` +
            `${several ? "every project's" : 'its'} results by hand without uploading again, run with ` +
            `${vocabulary.resume(pendingAuditIds(record))}.`,
    };
}
/**
 * The record's text as a pending check run holds it, for readPendingRecord; undefined when the
 * check run holds none (a waiting run's, another tool's). When `external_id` says the record is
 * in the text but none there decodes (missing, cut, not base64url, not deflate, more than a record
 * may hold), it is given as empty: the reader refuses it, saying so, rather than the check run
 * being passed over for ever.
 */
function recordOfCheckRun(checkRun) {
    const { externalId, text } = checkRun;
    if (externalId === null || externalId === '')
        return undefined;
    if (externalId !== RECORD_IN_TEXT)
        return externalId.startsWith(RECORD_START) ? externalId : undefined;
    const start = text?.lastIndexOf(TEXT_OPEN) ?? -1;
    if (text === null || start < 0)
        return '';
    const end = text.indexOf(TEXT_CLOSE, start + TEXT_OPEN.length);
    if (end < 0)
        return '';
    const encoded = text.slice(start + TEXT_OPEN.length, end);
    if (!/^[A-Za-z0-9_-]*$/.test(encoded))
        return '';
    try {
        const bytes = Buffer.from(encoded, 'base64url');
        return (0,external_node_zlib_.inflateRawSync)(bytes, { maxOutputLength: MAX_PENDING_RECORD_BYTES }).toString('utf8');
    }
    catch {
        return '';
    }
}

;// CONCATENATED MODULE: ./.build/action/publish-pending.js

/**
 * The pending check run for `target`, its record sealed there, when a finishing run would read
 * that record back; else the run's report as an error saying why (refusedPendingReport).
 */
function pendingCheckRunOf(report, summaryMarkdown, run) {
    const { settings, startedAt, context, target } = run;
    const record = pendingRecordOf(report, {
        scope: settings.scope,
        timeoutMs: settings.timeoutMs,
        startedAt,
        pullRequest: context.pullRequest?.number,
        comment: settings.pullRequestComment,
        service: settings.baseUrl,
    });
    const key = {
        ...target,
        apiKey: settings.apiKey,
        repository: context.repository,
    };
    const left = renderPendingCheckRun(report, summaryMarkdown, record, key);
    const why = unreadablePendingRecord(left, record, key);
    return why === undefined ? { left } : { refused: refusedPendingReport(report, record, why) };
}
/**
 * The check run stays in progress on the head commit, holding the record of what finishing it
 * needs; without one (no check run, or no `checks: write`), nothing can finish it but a run by
 * hand, and the log says so.
 */
async function leavePending(channels, pending, { log, output }) {
    const left = pending && (await channels.leaveCheckRunPending(pending));
    if (left !== undefined)
        output('check-run-url', left.url);
    if (!left?.left) {
        log.warning('The check run holds no record of this pending audit, so no later run can finish it: ' +
            'collect its results by hand as the summary says.');
    }
}

;// CONCATENATED MODULE: ./.build/random-id.js
/**
 * Random hex digits for names that must differ, not stay secret (an output's delimiter, a
 * results file's name): Math.random, so that a run needing nothing else never loads
 * `node:crypto` (src/digest.ts says what that costs).
 */
function randomHex(digits) {
    let hex = '';
    // 32 bits a draw: Math.random gives at least that many, and they fit toString exactly.
    while (hex.length < digits) {
        hex += Math.floor(Math.random() * 2 ** 32)
            .toString(16)
            .padStart(8, '0');
    }
    return hex.slice(0, digits);
}

;// CONCATENATED MODULE: ./.build/report/comment-memory.js
/**
 * The sticky comment's memory: this run's findings, kept hidden and compact in the comment
 * itself, so the next run can tell new findings from fixed ones; and the marker that finds the
 * comment again. Everything read back is untrusted (anyone can edit a comment) and checked.
 */



/** The hidden data never takes more than this, so the visible part always has room. */
const DATA_MAX_CHARS = 28_000;
const KEY_CHARS = 8;
const DATA_TITLE_MAX_CHARS = 100;
const DATA_LOCATION_MAX_CHARS = 120;
/** Longer than any comment GitHub keeps: nothing past it is decoded. */
const MAX_ENCODED_CHARS = 4 * 65_536;
const MARKER_PREFIX = '<!-- smart-contract-audit:';
const DATA_PATTERN = /<!-- smart-contract-audit:data=([A-Za-z0-9_-]*) -->/g;
/** Identifies the project's comment; the name is percent-encoded so it can never end the HTML comment. */
function commentMarker(projectName) {
    return `${MARKER_PREFIX}project=${encodeURIComponent(projectName)} -->`;
}
/** 48 bits of the fingerprint's hash: compact, fixed-length, and unlikely to collide. */
function findingKey(fingerprint) {
    return sha256(fingerprint, 'base64url').slice(0, KEY_CHARS);
}
/** Fixed apart from SEVERITIES' order, so comments written by earlier versions still read. */
const SEVERITY_CODES = [
    'critical',
    'high',
    'medium',
    'low',
    'info',
    'gas',
    'unknown',
];
const DATA_BYTES = Math.floor(DATA_MAX_CHARS / 4) * 3;
/** When not every key fits, room kept for the titles of the most severe ones. */
const DETAILS_RESERVE_BYTES = 4_000;
/** `remember` is called only for the findings kept, the most severe: a long list costs no more. */
function encodeMemory(findings, remember, alreadyPartial) {
    const empty = JSON.stringify({ v: 1, k: '', s: '', d: [], p: 1 }).length;
    const keyBytes = KEY_CHARS + 1;
    const allFit = empty + findings.length * keyBytes <= DATA_BYTES;
    const kept = allFit
        ? findings.length
        : Math.floor((DATA_BYTES - empty - DETAILS_RESERVE_BYTES) / keyBytes);
    const remembered = findings.slice(0, kept).map(remember);
    const data = {
        v: 1,
        k: remembered.map((f) => f.key).join(''),
        s: remembered.map((f) => SEVERITY_CODES.indexOf(f.severity)).join(''),
        d: [],
    };
    if (alreadyPartial || !allFit)
        data.p = 1;
    let budget = DATA_BYTES - empty - kept * keyBytes;
    for (const finding of remembered) {
        const detail = [
            truncateText(finding.title ?? '', DATA_TITLE_MAX_CHARS),
            finding.location === undefined
                ? null
                : truncateText(finding.location, DATA_LOCATION_MAX_CHARS),
        ];
        const size = external_node_buffer_.Buffer.byteLength(JSON.stringify(detail)) + 1;
        if (size > budget)
            break;
        budget -= size;
        data.d.push(detail);
    }
    const encoded = external_node_buffer_.Buffer.from(JSON.stringify(data)).toString('base64url');
    return `${MARKER_PREFIX}data=${encoded} -->`;
}
/** The previous run's findings from its comment; undefined when there are none to be read. */
function readPreviousFindings(body) {
    const match = [...body.matchAll(DATA_PATTERN)].at(-1);
    if (match?.[1] === undefined || match[1].length > MAX_ENCODED_CHARS)
        return undefined;
    let data;
    try {
        data = JSON.parse(external_node_buffer_.Buffer.from(match[1], 'base64url').toString('utf8'));
    }
    catch {
        return undefined;
    }
    if (typeof data !== 'object' || data === null)
        return undefined;
    const { v, k, s, d, p } = data;
    if (v !== 1 || typeof k !== 'string' || typeof s !== 'string')
        return undefined;
    if (k.length !== s.length * KEY_CHARS || !/^[A-Za-z0-9_-]*$/.test(k))
        return undefined;
    const details = Array.isArray(d) ? d : [];
    const findings = [];
    for (let i = 0; i < s.length; i += 1) {
        const severity = SEVERITY_CODES[Number(s[i])];
        if (severity === undefined)
            return undefined;
        const detail = details[i];
        const [title, location] = Array.isArray(detail) ? detail : [];
        findings.push({
            key: k.slice(i * KEY_CHARS, (i + 1) * KEY_CHARS),
            severity,
            title: typeof title === 'string' ? title : undefined,
            location: typeof location === 'string' ? location : undefined,
        });
    }
    return { findings, partial: p === 1 };
}

;// CONCATENATED MODULE: ./.build/report/finding-groups.js
const finding_groups_DEPENDENCIES = '\0dependencies';
/** Which group a finding is listed in. */
function groupKey(entry) {
    return entry.status === 'dependency' ? finding_groups_DEPENDENCIES : (entry.project ?? '');
}
/** `projects`: the audited projects' names, in order; empty groups are left out. */
function groupFindings(ordered, projects) {
    const group = (key) => ({
        project: key === '' || key === finding_groups_DEPENDENCIES ? undefined : key,
        dependencies: key === finding_groups_DEPENDENCIES,
        entries: [],
    });
    const groups = new Map([...projects, ''].map((key) => [key, group(key)]));
    const dependencies = group(finding_groups_DEPENDENCIES);
    for (const entry of ordered) {
        const key = groupKey(entry);
        if (key === finding_groups_DEPENDENCIES) {
            dependencies.entries.push(entry);
            continue;
        }
        let found = groups.get(key);
        if (found === undefined)
            groups.set(key, (found = group(key)));
        found.entries.push(entry);
    }
    return [...groups.values(), dependencies].filter((entries) => entries.entries.length > 0);
}

;// CONCATENATED MODULE: ./.build/report/head-commit-note.js
/**
 * What the Markdown reports say of a `workflow_run` audit: the head commit that was judged, and
 * the triggering run's artifact files that were refused. The commit id is GitHub's; the refused
 * paths are the artifact's own, so they are escaped like any untrusted text.
 */




/** Refused files listed in one report; the results file has them all. */
const LIST_LIMIT = 20;
/** With every row at its longest and escaped, 20 rows would crowd the check run's 65,535 characters. */
const LIST_MAX_BYTES = 8_000;
const PATH_MAX_CHARS = 200;
const REASON_MAX_CHARS = 300;
/** The note's lines: which commit was judged, then the refused files, at most LIST_LIMIT. */
function renderHeadCommitNote(headCommit, links) {
    const lines = [`> 🔎 ${judged(headCommit.sha, links)}`];
    const { refused } = headCommit;
    if (refused.length === 0)
        return [...lines, ''];
    const files = refused.length === 1 ? '1 file' : `${refused.length} files`;
    lines.push('>', `> ⚠️ **${files} of the triggering run's artifact ${refused.length === 1 ? 'was' : 'were'} refused** ` +
        'and not sent: where the head commit holds the path, its own file was audited instead.', '', '| Refused file | Why |', '| --- | --- |');
    let budget = LIST_MAX_BYTES;
    let shown = 0;
    for (const file of refused.slice(0, LIST_LIMIT)) {
        const row = `| ${escapeMarkdown(truncateText(removeInvisibleCharacters(file.path), PATH_MAX_CHARS)) || '—'} ` +
            `| ${escapeMarkdown(truncateText(removeInvisibleCharacters(file.reason), REASON_MAX_CHARS)) || '—'} |`;
        budget -= external_node_buffer_.Buffer.byteLength(row, 'utf8');
        if (budget < 0)
            break;
        lines.push(row);
        shown += 1;
    }
    lines.push('');
    // A table goes on over any line that follows it: the count stands after a blank line.
    if (shown < refused.length)
        lines.push(`…and ${refused.length - shown} more, listed in the results file.`, '');
    return lines;
}
function judged(sha, links) {
    const short = shortCommit(sha);
    const url = short === undefined || links === undefined ? undefined : commitUrl(links, sha);
    const name = short === undefined
        ? escapeMarkdown(truncateText(removeInvisibleCharacters(sha), 100))
        : `\`${short}\``;
    return (`**Audited commit ${url === undefined ? name : `[${name}](${url})`}**, the head of the run that ` +
        'triggered this one, as GitHub serves it: this workflow chooses its contracts, and only that ' +
        "commit's bytes are sent for them. The triggering run's artifact supplies only files that " +
        'match it, and dependencies.');
}

;// CONCATENATED MODULE: ./.build/report/pr-comment.js
/**
 * The sticky pull request comment: verdict, counts, what changed since the previous run and the
 * most severe findings, found again next run by a hidden marker. The findings of this run are
 * kept in the comment itself, hidden and compact, so the next run can tell new from fixed.
 * Everything from the service is escaped; the whole fits GitHub's 65,536 characters.
 */










const COMMENT_MAX_CHARS = 65_536;
const pr_comment_LIST_LIMIT = 20;
function renderPrComment(input, maxChars = COMMENT_MAX_CHARS) {
    const results = hasResults(input.verdict);
    // A hash per finding, made at most once: the remembered findings' are kept for the
    // comparison, which hashes the others only as far as it needs to.
    const keys = new Map();
    const remember = (entry) => {
        const key = findingKey(entry.finding.fingerprint);
        keys.set(entry, key);
        return toPrevious(entry.finding, key);
    };
    const keyOf = (entry) => keys.get(entry) ?? findingKey(entry.finding.fingerprint);
    const data = results
        ? encodeMemory(input.findings, remember, false)
        : // No results this run: keep the last real ones for the next comparison.
            encodeMemory(input.previous?.findings ?? [], (p) => p, input.previous?.partial === true);
    // Projects that did report are shown even when another did not; without every project's
    // results there is nothing to compare, and the last complete ones are kept for the next run.
    const partial = !results &&
        input.several &&
        (input.findings.length > 0 || input.projects.some((project) => hasResults(project.verdict)));
    const head = [
        commentMarker(input.projectName),
        ...renderHead(input, results || partial, partial),
        '',
    ].join('\n');
    const sections = results
        ? renderSections(input, keyOf)
        : partial
            ? renderFindings(input, () => false).join('\n')
            : '';
    const footer = renderFooter(input);
    const tail = `\n${footer}\n\n${data}\n`;
    const room = maxChars - head.length - tail.length;
    return head + fitSections(sections, room) + tail;
}
function toPrevious(finding, key) {
    return {
        key,
        severity: finding.severity,
        title: finding.title,
        location: locationText(finding),
    };
}
function renderHead(input, results, partial = false) {
    const name = escapeMarkdown(truncateText(input.projectName, 200));
    const verdict = `${VERDICT_ICONS[input.verdict]} ${VERDICT_WORDS[input.verdict]}`;
    const lines = [
        `### ${verdict}: smart contract audit of ${name}`,
        '',
        escapeMarkdown(truncateText(input.reason, 2_000)),
        '',
    ];
    if (input.headCommit !== undefined)
        lines.push(...renderHeadCommitNote(input.headCommit, input.links));
    if (input.several)
        lines.push(...projectsTable(input.projects));
    if (partial) {
        lines.push('> ⚠️ **Not every project has results**, so this run says nothing about those that have none. ' +
            'The findings below are those of the projects that reported; nothing is compared with the previous run.', '');
    }
    if (!results) {
        lines.push(input.verdict === 'skipped'
            ? '> No audit was run, so there are no results.'
            : input.verdict === 'pending'
                ? '> ⏳ **The audit is still running**, so there are no results yet. ' +
                    'This comment is updated when they are collected.'
                : '> ⚠️ **No complete results were obtained**, so this run says nothing about the code. ' +
                    'It is not a clean result.', '');
        return lines;
    }
    const counts = input.counts.counted;
    const columns = shownSeverities(counts);
    lines.push(`| ${columns.map((s) => SEVERITY_LABELS[s]).join(' | ')} |`, `|${' ---: |'.repeat(columns.length)}`, `| ${columns.map((s) => String(counts[s])).join(' | ')} |`, '');
    const { byStatus } = input.counts;
    const others = describeNotCounted(byStatus, STATUS_REASONS);
    if (others.length > 0)
        lines.push(`Not counted for the gate: ${others.join(', ')}.`, '');
    return lines;
}
function renderSections(input, keyOf) {
    const previous = input.previous;
    const ordered = inReportOrder(input.findings);
    const lines = [];
    let isNew = () => false;
    if (previous === undefined) {
        lines.push('_First run on this pull request: nothing to compare with yet._', '');
    }
    else {
        const previousKeys = new Set(previous.findings.map((p) => p.key));
        // When the previous run's list was cut, only severities above the cut can be compared.
        const floor = previous.partial ? previous.findings.at(-1)?.severity : undefined;
        const comparable = (severity) => floor === undefined || severityRank(severity) > severityRank(floor);
        // One pass, each finding keyed once: whether it is new, and which previous keys are still
        // here. A finding that cannot be new needs no key once every previous key has been seen.
        const news = new Set();
        const kept = new Set();
        for (const entry of input.findings) {
            const canBeNew = comparable(entry.finding.severity);
            if (!canBeNew && kept.size === previousKeys.size)
                continue;
            const key = previousKeys.size === 0 ? undefined : keyOf(entry);
            if (key !== undefined && previousKeys.has(key))
                kept.add(key);
            else if (canBeNew)
                news.add(entry);
        }
        isNew = (entry) => news.has(entry);
        const added = ordered.filter(isNew);
        const fixed = previous.findings.filter((p) => !kept.has(p.key));
        lines.push(`#### 🆕 New since the previous run (${added.length})`, '');
        if (added.length === 0)
            lines.push('None.', '');
        else
            lines.push(...findingTable(added.slice(0, pr_comment_LIST_LIMIT), input, () => false), ...more(added.length));
        lines.push(`#### ✅ Fixed since the previous run (${fixed.length})`, '');
        if (fixed.length === 0)
            lines.push('None.', '');
        else
            lines.push(...fixedTable(fixed.slice(0, pr_comment_LIST_LIMIT)), ...more(fixed.length));
        if (floor !== undefined) {
            lines.push(`_The previous run had more findings than this comment can remember: ${floor} and less ` +
                'severe findings were not compared._', '');
        }
    }
    lines.push(...renderFindings(input, isNew));
    return lines.join('\n');
}
/** The most severe findings of each project, then those in dependencies. */
function renderFindings(input, isNew) {
    const ordered = inReportOrder(input.findings);
    const lines = [];
    if (ordered.length === 0)
        lines.push(`#### Findings (0)`, '', 'No findings.', '');
    for (const group of groupFindings(ordered, input.several ? input.projects.map((project) => project.name) : [])) {
        const what = group.dependencies
            ? 'in dependencies, never counted'
            : group.project === undefined
                ? undefined
                : `of ${escapeMarkdown(truncateText(removeInvisibleCharacters(group.project), 200))}`;
        const shown = group.entries.slice(0, pr_comment_LIST_LIMIT);
        lines.push(shown.length < group.entries.length
            ? `#### Most severe findings${what ? ` ${what}` : ''} (${shown.length} of ${group.entries.length})`
            : `#### Findings${what ? ` ${what}` : ''} (${group.entries.length})`, '', ...findingTable(shown, input, isNew));
    }
    return lines;
}
/** Each project's verdict, in one line each. */
function projectsTable(audits) {
    return [
        '| Project | Verdict | Findings that count |',
        '| --- | --- | ---: |',
        ...audits.map((audit) => `| ${escapeMarkdown(truncateText(removeInvisibleCharacters(audit.name), 200))} | ${VERDICT_ICONS[audit.verdict]} ${VERDICT_WORDS[audit.verdict]} | ` +
            `${hasResults(audit.verdict) ? audit.counts.byStatus.active : '—'} |`),
        '',
    ];
}
function findingTable(entries, input, isNew) {
    return [
        '| Severity | Finding | Location | Note |',
        '| --- | --- | --- | --- |',
        ...entries.map((entry) => {
            const { finding } = entry;
            const notes = [];
            if (isNew(entry))
                notes.push('🆕 new');
            const note = entry.note?.trim();
            const shown = note ? escapeMarkdown(truncateText(note, 100)) : undefined;
            if (entry.status !== 'active') {
                notes.push(STATUS_REASONS[entry.status] + (shown ? `: ${shown}` : ''));
            }
            else if (shown)
                notes.push(shown);
            return `| ${[
                SEVERITY_LABELS[finding.severity],
                escapeMarkdown(truncateText(finding.title, 150)) || '—',
                locationCell(finding, input, 150),
                notes.join('; '),
            ].join(' | ')} |`;
        }),
        '',
    ];
}
function fixedTable(entries) {
    return [
        '| Severity | Finding | Was at |',
        '| --- | --- | --- |',
        ...entries.map((p) => `| ${SEVERITY_LABELS[p.severity]} | ${escapeMarkdown(p.title ?? '') || '—'} | ` +
            `${p.location === undefined ? '—' : escapeMarkdown(p.location)} |`),
        '',
    ];
}
function more(total) {
    return total > pr_comment_LIST_LIMIT ? [`…and ${total - pr_comment_LIST_LIMIT} more.`, ''] : [];
}
function renderFooter(input) {
    const parts = [];
    // With several projects, each one's id is in the summary's table.
    if (input.auditId !== undefined && !input.several)
        parts.push(`Audit ID: ${escapeMarkdown(truncateText(input.auditId, 200))}`);
    const report = input.reportUrl === undefined ? undefined : safeHttpUrl(input.reportUrl);
    if (report !== undefined)
        parts.push(`[Full report](${report})`);
    const run = input.runUrl === undefined ? undefined : safeHttpUrl(input.runUrl);
    if (run !== undefined)
        parts.push(`[Workflow run](${run})`);
    const commit = input.links === undefined ? undefined : shortCommit(input.links.sha);
    if (commit !== undefined)
        parts.push(`Commit ${commit}`);
    return parts.length > 0 ? `<sub>${parts.join(' · ')}</sub>` : '';
}
const pr_comment_CUT_NOTE = "\n\n> ✂️ Cut here to fit GitHub's limit for comments. The job summary of the workflow run " +
    'lists every finding.\n';
/** Whole lines only, so no table row or link is split. */
function fitSections(sections, room) {
    if (sections.length <= room)
        return sections;
    const lineEnd = sections.lastIndexOf('\n', room - pr_comment_CUT_NOTE.length);
    return (lineEnd > 0 ? sections.slice(0, lineEnd) : '') + pr_comment_CUT_NOTE;
}

;// CONCATENATED MODULE: ./.build/report/json-chunks.js
/**
 * A report file with one long list, written a piece at a time: the whole text is never held,
 * and elements are built only when their turn comes. The document reads as
 * `JSON.stringify(document, null, 2)` writes it, except that each element of the list is on one
 * line of its own: at 100,000 findings, indenting them would add a fifth to the results file and
 * two thirds to SARIF, paid again by every step after (redaction, gzip, the disk).
 */
/** Elements per chunk: tens of kilobytes of report, few writes, little held. */
const CHUNK_ELEMENTS = 100;
/**
 * `json` (a document as `JSON.stringify(document, null, 2)` writes it, with `key` an empty list)
 * with `toElement` of each of `items` in that list, then `end`. `"key": []` can only be the key
 * itself: inside a JSON string, its quotes would be escaped.
 */
function* jsonChunks(json, key, items, toElement, end = '') {
    const list = `${JSON.stringify(key)}: [`;
    const at = json.indexOf(`${list}]`);
    if (at < 0)
        throw new Error(`the document has no empty "${key}" list`);
    const indent = ' '.repeat(at - json.lastIndexOf('\n', at) - 1);
    const elementStart = `\n${indent}  `;
    let chunk = json.slice(0, at + list.length);
    for (let start = 0; start < items.length; start += CHUNK_ELEMENTS) {
        items.slice(start, start + CHUNK_ELEMENTS).forEach((item, offset) => {
            // As in a list: what JSON cannot write (undefined, a function) is null.
            const element = JSON.stringify(toElement(item)) ?? 'null';
            chunk += `${start + offset === 0 ? '' : ','}${elementStart}${element}`;
        });
        yield chunk;
        chunk = '';
    }
    const close = items.length === 0 ? '' : `\n${indent}`;
    yield `${chunk}${close}${json.slice(at + list.length)}${end}`;
}

;// CONCATENATED MODULE: ./.build/report/results-file.js

/** The file as it is written, a piece at a time: it can run to tens of megabytes. */
function resultsFileChunks(input) {
    const document = {
        schemaVersion: 1,
        auditId: input.auditId ?? null,
        projectName: input.projectName,
        status: input.rawStatus ?? null,
        verdict: input.verdict,
        failOn: input.failOn,
        scope: input.scope,
        counts: input.counts.bySeverity,
        // Findings the scope kept in: all but those outside the change.
        inScopeCount: input.counts.inScope,
        statusCounts: input.counts.byStatus,
        // With several projects: each one's audit; a finding's `project` names its own.
        projects: input.several
            ? input.projects.map((audit) => ({
                name: audit.name,
                path: audit.path,
                auditId: audit.auditId ?? null,
                verdict: audit.verdict,
                status: audit.rawStatus ?? null,
                reportUrl: audit.reportUrl ?? null,
                fileCount: audit.fileCount ?? null,
                counts: audit.counts.bySeverity,
                statusCounts: audit.counts.byStatus,
                reused: audit.reused ?? null,
            }))
            : null,
        // The earlier audit whose results these are, its upload being byte-identical.
        reused: input.reused ?? null,
        repeatedDependencyFindings: input.repeatedDependencyFindings,
        // On `workflow_run`: the commit whose files were judged, and every artifact file refused.
        headCommit: input.headCommit === undefined
            ? null
            : {
                sha: input.headCommit.sha,
                refused: input.headCommit.refused.map(({ path, reason }) => ({ path, reason })),
            },
        findings: [],
    };
    return jsonChunks(JSON.stringify(document, null, 2), 'findings', input.findings, toRecord, '\n');
}
/** The whole file as one text. */
function renderResultsFile(input) {
    return [...resultsFileChunks(input)].join('');
}
function toRecord({ finding, status, note, project }) {
    return {
        fingerprint: finding.fingerprint,
        serviceId: finding.serviceId ?? null,
        severity: finding.severity,
        severityLabel: finding.severityLabel,
        title: finding.title,
        ruleId: finding.ruleId ?? null,
        swcId: finding.swcId ?? null,
        cweId: finding.cweId ?? null,
        description: finding.description,
        recommendation: finding.recommendation ?? null,
        file: finding.file ?? null,
        startLine: finding.startLine ?? null,
        endLine: finding.endLine ?? null,
        status,
        note: note ?? null,
        project: project ?? null,
    };
}

// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(78474);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(46466);
;// CONCATENATED MODULE: ./.build/report/sarif-rules.js
/**
 * SARIF rules (`reportingDescriptor`s): one per rule id, with the properties GitHub code scanning
 * reads to rank and filter alerts (`security-severity`, `tags`, `precision`, `problem.severity`).
 * Text from the service is untrusted: plain text is cleaned, Markdown is escaped.
 */





/** GitHub reads these as critical (> 9.0), high (7.0–8.9), medium (4.0–6.9), low (< 4); 0.0 is none. */
const SECURITY_SEVERITY = {
    critical: '9.5',
    high: '8.0',
    medium: '5.5',
    low: '3.0',
    info: '0.0',
    gas: '0.0',
    // It fails the gate like a high finding, so code scanning ranks it with them.
    unknown: '7.0',
};
const RULE_ID_MAX_CHARS = 200;
const TITLE_SLUG_MAX_CHARS = 80;
/** GitHub's limit for a rule name. */
const RULE_NAME_MAX_CHARS = 255;
/** GitHub keeps 10 tags of a rule (and refuses more than 20). */
const MAX_TAGS = 10;
const BASE_TAGS = ['security', 'smart-contract'];
/** The same levels as the log annotations, under SARIF's names. */
const SARIF_LEVELS = {
    error: 'error',
    warning: 'warning',
    notice: 'note',
};
function sarifLevel(severity) {
    return SARIF_LEVELS[annotationLevel(severity)];
}
function problemSeverity(severity) {
    const level = sarifLevel(severity);
    return level === 'note' ? 'recommendation' : level;
}
/**
 * The rule a finding belongs to: the service's rule id, else its SWC id, else a slug of its
 * title with line references dropped, so the id stays the same from run to run.
 */
function ruleIdOf(finding) {
    const id = oneLine(finding.ruleId ?? '') ||
        oneLine(finding.swcId ?? '') ||
        titleSlug(finding.title) ||
        'finding';
    return truncateText(id, RULE_ID_MAX_CHARS);
}
function titleSlug(title) {
    const slug = normalizeTitle(removeInvisibleCharacters(title))
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-+|-+$/g, '');
    return Array.from(slug).slice(0, TITLE_SLUG_MAX_CHARS).join('').replace(/-+$/, '');
}
/** `reentrancy-eth` → `ReentrancyEth`, for GitHub's rule filter. */
function ruleName(id) {
    const name = id
        .split(/[^\p{L}\p{N}]+/u)
        .filter((part) => part !== '')
        .map((part) => {
        const [first = '', ...rest] = Array.from(part);
        return first.toUpperCase() + rest.join('');
    })
        .join('');
    return truncateText(name || 'Rule', RULE_NAME_MAX_CHARS);
}
/**
 * The rules for the findings, in order of first appearance, and the index of each rule id.
 * The first non-empty title, description and recommendation seen describe the rule; its
 * severity is the highest among its findings.
 */
function buildRules(findings, caps) {
    const drafts = new Map();
    for (const finding of findings) {
        const id = ruleIdOf(finding);
        const draft = drafts.get(id) ?? newDraft(id, finding.severity);
        drafts.set(id, draft);
        if (severityRank(finding.severity) > severityRank(draft.severity))
            draft.severity = finding.severity;
        draft.title ||= oneLine(finding.title);
        draft.description ||= plainText(finding.description);
        draft.recommendation ||= plainText(finding.recommendation ?? '');
        if (finding.swcId !== undefined && /^SWC-\d+$/.test(finding.swcId))
            draft.swcIds.add(finding.swcId);
        if (finding.cweId !== undefined && /^CWE-\d+$/.test(finding.cweId))
            draft.cweIds.add(finding.cweId);
    }
    const rules = [...drafts.values()].map((draft) => toDescriptor(draft, caps));
    return { rules, indexOf: new Map(rules.map((rule, index) => [rule.id, index])) };
}
function newDraft(id, severity) {
    return {
        id,
        severity,
        title: '',
        description: '',
        recommendation: '',
        swcIds: new Set(),
        cweIds: new Set(),
    };
}
function toDescriptor(draft, caps) {
    // GitHub refuses empty strings where it needs text.
    const title = truncateText(draft.title || draft.id, caps.description);
    const references = [
        ...[...draft.swcIds].map((id) => ({ id, url: `https://swcregistry.io/docs/${id}` })),
        ...[...draft.cweIds].map((id) => ({
            id,
            url: `https://cwe.mitre.org/data/definitions/${id.slice('CWE-'.length)}.html`,
        })),
    ];
    const recommendation = truncateText(draft.recommendation, caps.help);
    const helpText = [
        recommendation ? `Recommendation: ${recommendation}` : 'No recommendation given.',
        ...(references.length > 0
            ? ['References:', ...references.map((ref) => `${ref.id}: ${ref.url}`)]
            : []),
    ].join('\n');
    const helpMarkdown = [
        recommendation
            ? `**Recommendation:** ${escapeMarkdown(recommendation)}`
            : '_No recommendation given._',
        ...(references.length > 0
            ? ['', '**References**', ...references.map((ref) => `- [${ref.id}](${ref.url})`)]
            : []),
    ].join('\n');
    const tags = [
        ...BASE_TAGS,
        ...[...draft.swcIds].map((id) => `external/swc/${id}`),
        ...[...draft.cweIds].map((id) => `external/cwe/${id.toLowerCase()}`),
    ].slice(0, MAX_TAGS);
    return {
        id: draft.id,
        name: ruleName(draft.id),
        shortDescription: { text: title },
        fullDescription: { text: truncateText(draft.description || title, caps.description) },
        help: { text: helpText, markdown: helpMarkdown },
        defaultConfiguration: { level: sarifLevel(draft.severity) },
        properties: {
            'security-severity': SECURITY_SEVERITY[draft.severity],
            tags,
            precision: 'medium',
            'problem.severity': problemSeverity(draft.severity),
        },
    };
}
/** Untrusted text without invisible characters (bidirectional overrides and the like). */
function plainText(text) {
    return removeInvisibleCharacters(text).replace(/\r\n?/g, '\n').trim();
}

;// CONCATENATED MODULE: ./.build/report/sarif.js
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







const TOOL_NAME = 'Smart contract audit';
/** GitHub's maximum of results in one run. */
const MAX_RESULTS_PER_RUN = 25_000;
/** Under GitHub's 10 MB per gzipped SARIF file, with a margin. */
const MAX_GZIPPED_BYTES = 9_500_000;
/** Our own key, for other SARIF consumers; GitHub reads only `primaryLocationLineHash`. */
const FINGERPRINT_KEY = 'auditFingerprint/v1';
/** Characters kept of each text when the file is small enough. */
const FULL_CAPS = { message: 8_000, description: 1_024, help: 4_000, note: 1_000 };
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
async function writeSarif(input, write) {
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
        const size = {};
        const chunks = logChunks(input, {
            entries: placeable.slice(0, kept),
            leftOut: placeable.length - kept,
            unlocated,
            anchor,
            caps: scaledCaps(base, scale),
            shortened: scale < 1,
        });
        await write(measured(chunks, size, level));
        if (size.bytes === undefined)
            throw new Error('the SARIF log was not written to its end');
        if (kept === 0 || size.bytes <= MAX_GZIPPED_BYTES)
            return { resultCount: kept, truncated: placeable.length - kept, unlocated };
        if (size.gzipLevel === QUICK_GZIP_LEVEL &&
            size.bytes <= MAX_GZIPPED_BYTES * QUICK_LEVEL_SLACK) {
            level = GITHUB_GZIP_LEVEL;
            continue;
        }
        if (Math.max(...Object.values(base)) * scale > MIN_TEXT_CHARS) {
            // Texts make up most of a large file: shrink them about as much as the file is over.
            scale /= 2 ** Math.ceil(Math.log2(size.bytes / MAX_GZIPPED_BYTES));
        }
        else {
            kept = Math.floor(kept / 2);
        }
    }
}
/** The full caps, lowered to the longest text of each kind, so scaling them cuts at once. */
function longestTexts(entries) {
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
function scaledCaps(base, scale) {
    if (scale === 1)
        return FULL_CAPS;
    const scaled = (max) => Math.max(Math.min(max, MIN_TEXT_CHARS), Math.floor(max * scale));
    return {
        message: scaled(base.message),
        description: scaled(base.description),
        help: scaled(base.help),
        note: scaled(base.note),
    };
}
/**
 * The chunks, passed on, and their size: the plain size while it is surely small enough, else
 * the size gzipped at `level` (gzip is costly: it starts only past that, with the chunks held
 * till then).
 */
async function* measured(chunks, size, level) {
    let plain = 0;
    let held = [];
    let gzip;
    let gzipped = 0;
    try {
        for (const chunk of chunks) {
            plain += external_node_buffer_.Buffer.byteLength(chunk);
            if (gzip) {
                if (!gzip.write(chunk))
                    await (0,external_node_events_.once)(gzip, 'drain');
            }
            else {
                held.push(chunk);
                if (plain > SURELY_SMALL_BYTES) {
                    // Loaded only here: a run without a large log (a skipped one) never needs zlib.
                    const { createGzip } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 38522, 19));
                    gzip = createGzip({ level }).on('data', (data) => {
                        gzipped += data.length;
                    });
                    for (const text of held)
                        gzip.write(text);
                    held = [];
                }
            }
            yield chunk;
        }
        if (gzip)
            await (0,external_node_stream_promises_.finished)(gzip.end());
        size.bytes = gzip ? gzipped : plain;
        if (gzip)
            size.gzipLevel = level;
    }
    finally {
        gzip?.destroy();
    }
}
function logChunks(input, plan) {
    const { rules, indexOf } = buildRules(plan.entries.map((entry) => entry.finding), plan.caps);
    const notes = [
        plan.leftOut > 0 &&
            `${plan.leftOut} of ${plan.leftOut + plan.entries.length} findings were left out to stay ` +
                `within GitHub's limits (${MAX_RESULTS_PER_RUN} results per run, 10 MB gzipped); ` +
                'the most severe were kept.',
        plan.shortened && 'Messages and rule help were shortened to stay under 10 MB gzipped.',
        plan.unlocated > 0 &&
            `${plan.unlocated} findings without a file were left out: GitHub refuses results ` +
                'without a location.',
    ].filter((note) => typeof note === 'string');
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
    const uris = new Map();
    const uriOf = (path) => {
        let uri = uris.get(path);
        if (uri === undefined)
            uris.set(path, (uri = fileUri(path)));
        return uri;
    };
    // Each result is made as its turn to be written comes.
    return jsonChunks(JSON.stringify(log, null, 2), 'results', plan.entries, (entry) => {
        const ruleId = ruleIdOf(entry.finding);
        return toResult(entry, ruleId, indexOf.get(ruleId) ?? -1, plan, uriOf);
    });
}
function toolDriver(input, rules) {
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
function automationId(projectName) {
    const name = truncateText(plainText(projectName)
        .replace(/[^\p{L}\p{N}._-]+/gu, '-')
        .replace(/^-+|-+$/g, ''), 100);
    return `smart-contract-audit/${name || 'default'}/`;
}
function toResult(entry, ruleId, ruleIndex, plan, uriOf) {
    const { finding } = entry;
    // `placeable` guarantees a file or an anchor.
    const path = finding.file || plan.anchor || '';
    const unplaced = !finding.file;
    const result = {
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
function resultMessage(finding, max, anchoredAt) {
    const title = plainText(finding.title).replace(/\s+/g, ' ') || 'Untitled finding';
    const description = plainText(finding.description);
    const placement = anchoredAt === undefined
        ? ''
        : `\n\nThe audit service gave no file for this finding; it is shown at the top of ${anchoredAt}.`;
    // GitHub shows the first sentence as the alert's title: keep the title first.
    const body = description && description !== title ? `${title}\n\n${description}` : title;
    return truncateText(body, Math.max(max - placement.length, 1)) + placement;
}
function region(finding) {
    const start = finding.startLine;
    if (start === undefined || !Number.isInteger(start) || start < 1)
        return {};
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
function fileUri(path) {
    return path.split('/').map(encodeURIComponent).join('/');
}

;// CONCATENATED MODULE: ./.build/report/reuse-note.js



/** One line per reused audit: the run's own, or each project's of several. */
function renderReuseNotes({ reused, several, projects, }) {
    if (several) {
        return projects.flatMap((audit) => audit.reused === undefined
            ? []
            : [`- ${escapeMarkdown(truncateText(audit.name, 200))}: ${sentence(audit.reused)}`]);
    }
    return reused === undefined ? [] : [`> ♻️ ${sentence(reused)}`];
}
function sentence({ auditId, auditedAt, runUrl }) {
    const when = `${auditedAt.slice(0, 10)} ${auditedAt.slice(11, 16)} UTC`;
    const link = runUrl === undefined ? undefined : httpUrl(runUrl);
    return (`Reused audit ${escapeMarkdown(truncateText(auditId, 200))}: the upload is byte-identical to the one audited on ${when}` +
        (link === undefined ? '' : ` by [the run that started it](${link})`) +
        '; nothing was uploaded, and the results were read from the service again.');
}

;// CONCATENATED MODULE: ./.build/report/summary.js
/**
 * The job summary (GitHub-flavoured Markdown). Everything from the service is escaped; the
 * whole stays under a byte budget, because GitHub rejects a step summary over 1 MiB.
 */












/** Under GitHub's 1 MiB (1,048,576 bytes) per step, with room for anything else the step adds. */
const DEFAULT_MAX_BYTES = 1_000_000;
const DETAILS_TEXT_MAX_CHARS = 10_000;
/** `notAnnotated`: findings the log's annotations had no room for, by level. */
function renderSummary(report, maxBytes = DEFAULT_MAX_BYTES, notAnnotated = { error: 0, warning: 0, notice: 0 }) {
    const findings = inReportOrder(report.findings);
    const reportUrl = report.reportUrl === undefined ? undefined : safeHttpUrl(report.reportUrl);
    const head = summary_renderHead(report, findings, reportUrl, notAnnotated);
    if (findings.length === 0) {
        const results = hasResults(report.verdict) ? '### Findings\n\nNo findings.\n' : '';
        return fitBytes(head + results, maxBytes);
    }
    // The status column appears only when a finding of the audited files does not count, or
    // counts with a note (the baseline accepted it at a lower severity).
    const withStatus = findings.some((entry) => (entry.status !== 'active' && entry.status !== 'dependency') ||
        (entry.status === 'active' && entry.note !== undefined));
    const projects = report.several ? report.projects.map((project) => project.name) : [];
    const groupSizes = new Map();
    for (const entry of findings)
        groupSizes.set(groupKey(entry), (groupSizes.get(groupKey(entry)) ?? 0) + 1);
    const opening = (entry) => groupOpening(entry, report.several, withStatus, groupSizes.get(groupKey(entry)) ?? 0);
    const heading = '### Findings\n\n';
    const detailsHeading = '\n### Details\n\n';
    // Room for the longest note the cuts below could need.
    const noteReserve = Math.max(summary_bytes(omissionNote(findings.length, findings.length, findings.length, reportUrl)), summary_bytes(omissionNote(0, findings.length, findings.length, reportUrl)));
    let budget = maxBytes - summary_bytes(head) - summary_bytes(heading) - noteReserve;
    if (budget < 0) {
        const allCut = omissionNote(findings.length, findings.length, findings.length, reportUrl);
        return fitBytes(head + heading + allCut, maxBytes);
    }
    // Cut the least severe first: details go before any table row does. Rows are chosen in report
    // order while they fit, then listed by group, so a list far over the limit costs what the
    // summary can show.
    const rows = new Map();
    const opened = new Set();
    for (const entry of findings) {
        const row = renderRow(entry, report, withStatus && entry.status !== 'dependency');
        const key = groupKey(entry);
        const size = summary_bytes(row) + (opened.has(key) ? 0 : summary_bytes(opening(entry)) + 1);
        if (size > budget)
            break;
        budget -= size;
        opened.add(key);
        rows.set(entry, row);
    }
    const rowsShown = rows.size;
    const details = [];
    if (rowsShown === findings.length && budget > summary_bytes(detailsHeading)) {
        budget -= summary_bytes(detailsHeading);
        for (const entry of findings) {
            const block = renderDetails(entry, report);
            const size = summary_bytes(block);
            if (size > budget)
                break;
            budget -= size;
            details.push(block);
        }
    }
    const note = omissionNote(findings.length - rowsShown, findings.length - details.length, findings.length, reportUrl);
    const tables = groupFindings([...rows.keys()], projects)
        .map((group) => {
        const [first] = group.entries;
        if (first === undefined)
            return '';
        return opening(first) + group.entries.map((entry) => rows.get(entry) ?? '').join('');
    })
        .join('\n');
    const detailsSection = details.length > 0 ? detailsHeading + details.join('') : '';
    return fitBytes(head + heading + note + tables + detailsSection, maxBytes);
}
/** A group's heading, when the run has more than one group to tell apart, and its table header. */
function groupOpening(first, several, withStatus, size) {
    if (first.status === 'dependency') {
        return (`#### In dependencies (${size})\n\n` +
            'Files uploaded only because the audited files import them: their findings never count.\n\n' +
            TABLE_HEADER);
    }
    const header = withStatus ? TABLE_HEADER_WITH_STATUS : TABLE_HEADER;
    if (!several || first.project === undefined)
        return header;
    return `#### ${escapeMarkdown(truncateText(removeInvisibleCharacters(first.project), 200))} (${size})\n\n${header}`;
}
const TABLE_HEADER = '| Severity | Rule | Title | Location |\n| --- | --- | --- | --- |\n';
const TABLE_HEADER_WITH_STATUS = '| Severity | Rule | Title | Location | Status |\n| --- | --- | --- | --- | --- |\n';
function summary_renderHead(report, findings, reportUrl, notAnnotated) {
    const lines = [
        `## Smart contract audit: ${escapeMarkdown(truncateText(report.projectName, 200))}`,
        '',
        `${VERDICT_ICONS[report.verdict]} **${VERDICT_WORDS[report.verdict]}**: ` +
            escapeMarkdown(truncateText(report.reason, 2_000)),
        '',
    ];
    lines.push(...verdictNotes(report, findings.length > 0));
    if (report.headCommit !== undefined)
        lines.push(...renderHeadCommitNote(report.headCommit, report.links));
    const reuseNotes = renderReuseNotes(report);
    if (reuseNotes.length > 0)
        lines.push(...reuseNotes, '');
    const facts = [];
    if (report.auditId !== undefined && !report.several)
        facts.push(`- **Audit ID:** ${escapeMarkdown(truncateText(report.auditId, 200))}`);
    if (report.rawStatus !== undefined)
        facts.push(`- **Status:** ${escapeMarkdown(truncateText(report.rawStatus, 100))}`);
    facts.push(`- **Fail on:** \`${report.failOn}\``);
    if (report.scopeNote !== undefined)
        facts.push(`- **Scope:** ${escapeMarkdown(truncateText(report.scopeNote, 500))}`);
    if (report.fileCount !== undefined)
        facts.push(`- **Files uploaded:** ${report.fileCount}`);
    if (reportUrl !== undefined)
        facts.push(`- **Report:** [open the full report](${reportUrl})`);
    lines.push(...facts, '');
    if (report.several)
        lines.push(...summary_projectsTable(report.projects), '');
    if (hasResults(report.verdict) || findings.length > 0)
        lines.push(...countsTable(report), '');
    const repeats = report.repeatedDependencyFindings;
    if (repeats > 0)
        lines.push(repeatsNote(repeats), '');
    const annotationNote = renderNotAnnotatedNote(notAnnotated);
    if (annotationNote !== undefined)
        lines.push(annotationNote, '');
    return `${lines.join('\n')}\n`;
}
/** Each project's audit, in one line: a run of several is read project by project. */
function summary_projectsTable(audits) {
    return [
        '| Project | Verdict | Findings that count | Files uploaded | Audit ID |',
        '| --- | --- | ---: | ---: | --- |',
        ...audits.map((audit) => {
            const id = audit.auditId === undefined ? '—' : escapeMarkdown(truncateText(audit.auditId, 100));
            const url = audit.reportUrl === undefined ? undefined : safeHttpUrl(audit.reportUrl);
            return `| ${[
                escapeMarkdown(truncateText(removeInvisibleCharacters(audit.name), 200)),
                `${VERDICT_ICONS[audit.verdict]} ${VERDICT_WORDS[audit.verdict]}`,
                hasResults(audit.verdict) ? String(audit.counts.byStatus.active) : '—',
                audit.fileCount === undefined ? '—' : String(audit.fileCount),
                url === undefined ? id : `[${id}](${url})`,
            ].join(' | ')} |`;
        }),
    ];
}
/** An error or timeout must never read as a clean result. */
function verdictNotes(report, hasFindings) {
    const notes = [];
    if (report.verdict === 'error' || report.verdict === 'timeout') {
        if (hasFindings) {
            notes.push('> ⚠️ **The run did not complete:** the findings below may be incomplete.');
        }
        else {
            const why = report.verdict === 'timeout'
                ? 'The audit did not finish in time'
                : 'The audit did not complete';
            notes.push(`> ⚠️ **No results were obtained.** ${why}, so this run says nothing about the code. This is not a clean result.`);
        }
    }
    else if (report.verdict === 'skipped') {
        notes.push('> ⏭️ **No audit was run**, so there are no results.');
    }
    else if (report.verdict === 'pending') {
        const someFinished = report.several && report.projects.some((p) => p.verdict !== 'pending');
        notes.push(someFinished
            ? '> ⏳ **Not every audit has finished**, so the run has no verdict yet: it is given once every project has results. ' +
                (hasFindings ? 'The findings below are those of the projects that finished. ' : '') +
                'This run says nothing about the code of the others until theirs are collected.'
            : '> ⏳ **The audit is still running**, so there are no results yet: this run says nothing about the code until they are collected.');
    }
    if (report.resumeHint !== undefined) {
        notes.push(`${notes.length > 0 ? '>\n' : ''}> ${escapeMarkdown(truncateText(report.resumeHint, 10_000))}`);
    }
    return notes.length > 0 ? [notes.join('\n'), ''] : [];
}
/** Every finding by severity; when some do not count, how many do, and why the rest do not. */
function countsTable({ counts, failOn, vocabulary, }) {
    const { bySeverity, counted, byStatus, total } = counts;
    const gate = vocabulary.setting('fail-on', failOn);
    const fails = (s) => (isBlocking(s, failOn) ? 'yes' : 'no');
    if (byStatus.active === total) {
        return [
            `| Severity | Findings | Fails the job (${gate}) |`,
            '| --- | ---: | --- |',
            ...shownSeverities(bySeverity).map((s) => `| ${SEVERITY_LABELS[s]} | ${bySeverity[s]} | ${fails(s)} |`),
            `| **Total** | **${total}** | |`,
        ];
    }
    const reasons = describeNotCounted(byStatus, STATUS_REASONS);
    return [
        `| Severity | Findings | Counted | Fails the job (${gate}) |`,
        '| --- | ---: | ---: | --- |',
        ...shownSeverities(bySeverity).map((s) => `| ${SEVERITY_LABELS[s]} | ${bySeverity[s]} | ${counted[s]} | ${fails(s)} |`),
        `| **Total** | **${total}** | **${byStatus.active}** | |`,
        '',
        `Only counted findings can fail the job. Not counted: ${reasons.join(', ')}.`,
    ];
}
/** Said wherever the findings of several projects are listed together. */
function repeatsNote(repeats) {
    return (`ℹ️ ${repeats} more finding${repeats === 1 ? '' : 's'} in dependencies ${repeats === 1 ? 'repeats' : 'repeat'} another finding of this run ` +
        '(in a file that several projects import, or that a project of this run audits itself) and ' +
        `${repeats === 1 ? 'is' : 'are'} listed once.`);
}
function renderNotAnnotatedNote(notAnnotated) {
    const parts = ['error', 'warning', 'notice']
        .filter((level) => notAnnotated[level] > 0)
        .map((level) => `${notAnnotated[level]} ${level}${notAnnotated[level] === 1 ? '' : 's'}`);
    if (parts.length === 0)
        return undefined;
    const total = notAnnotated.error + notAnnotated.warning + notAnnotated.notice;
    return (`ℹ️ GitHub shows only 10 annotations of each level per step, so ${total} ` +
        `finding${total === 1 ? ' was' : 's were'} not annotated in the log (${parts.join(', ')}). ` +
        'They are counted here and written to the results file.');
}
/** Findings the check run does not annotate, past its cap or after GitHub refused more. */
function renderCheckRunNotAnnotatedNote(count) {
    return (`ℹ️ ${count} finding${count === 1 ? ' is' : 's are'} not annotated on the check run: it carries ` +
        `the most severe ones, at most ${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')}. ` +
        'They are counted here and written to the results file.');
}
function omissionNote(rowsOmitted, detailsOmitted, total, reportUrl) {
    if (rowsOmitted === 0 && detailsOmitted === 0)
        return '';
    const elsewhere = 'Every finding is in the results file written by this step' +
        (reportUrl === undefined ? '.' : ` and in the [full report](${reportUrl}).`);
    const what = rowsOmitted > 0
        ? `**${rowsOmitted} of ${total} findings not shown here**, and no details,`
        : `**Details of ${detailsOmitted} of ${total} findings not shown here**,`;
    return `> ✂️ ${what} to stay within GitHub's job summary size limit. ${elsewhere}\n\n`;
}
function renderRow(entry, report, withStatus) {
    const { finding } = entry;
    const rule = ruleText(finding);
    const cells = [
        SEVERITY_LABELS[finding.severity],
        rule === undefined ? '—' : escapeMarkdown(truncateText(rule, 100)),
        escapeMarkdown(truncateText(finding.title, 200)) || '—',
        locationCell(finding, report, 200),
    ];
    if (withStatus)
        cells.push(statusCell(entry));
    return `| ${cells.join(' | ')} |\n`;
}
function statusCell(entry) {
    const mark = STATUS_WORDS[entry.status];
    // Notes on findings that count say why the baseline no longer accepts them.
    if (entry.status !== 'accepted' && entry.status !== 'active')
        return mark;
    if (!entry.note?.trim())
        return mark;
    return `${mark}: ${escapeMarkdown(truncateText(entry.note.trim(), 100))}`;
}
function renderDetails(entry, report) {
    const { finding } = entry;
    const location = locationText(finding);
    const summary = [
        `${SEVERITY_LABELS[finding.severity]}`,
        `<b>${escapeHtml(truncateText(finding.title, 200))}</b>`,
        ...(location === undefined ? [] : [escapeHtml(truncateText(location, 200))]),
        ...(entry.status === 'active' ? [] : [`<i>${STATUS_WORDS[entry.status]}</i>`]),
    ].join(' · ');
    const facts = [];
    const status = statusDetail(entry);
    if (status !== undefined)
        facts.push(status);
    const url = fileUrl(finding, report);
    if (location !== undefined) {
        const text = escapeHtml(truncateText(location, 200));
        facts.push(url === undefined
            ? `Location: ${text}`
            : `Location: <a href="${escapeHtml(url)}">${text}</a>`);
    }
    for (const [label, value] of [
        ['Rule', finding.ruleId],
        ['SWC', finding.swcId],
        ['CWE', finding.cweId],
    ]) {
        if (value !== undefined)
            facts.push(`${label}: ${escapeHtml(truncateText(value, 100))}`);
    }
    if (!sameSeverityWord(finding.severityLabel, finding.severity)) {
        facts.push(`Reported severity: ${escapeHtml(truncateText(finding.severityLabel, 50))}`);
    }
    facts.push(`Fingerprint: <code>${escapeHtml(truncateText(finding.fingerprint, 100))}</code>`);
    // One raw-HTML block: no blank line inside, so Markdown never starts inside it.
    const lines = [
        `<details><summary>${summary}</summary>`,
        `<p>${summary_htmlText(finding.description) || '<i>No description given.</i>'}</p>`,
    ];
    if (finding.recommendation?.trim()) {
        lines.push(`<p><b>Recommendation:</b> ${summary_htmlText(finding.recommendation)}</p>`);
    }
    lines.push(`<p>${facts.join(' · ')}</p>`, '</details>', '', '');
    return lines.join('\n');
}
/** Why a finding does not count, in one line of HTML. */
function statusDetail(entry) {
    const note = entry.note?.trim() ? escapeHtml(truncateText(entry.note.trim(), 500)) : undefined;
    switch (entry.status) {
        case 'active':
            return note === undefined ? undefined : `Counts: ${note}`;
        case 'outside-change':
            return `Not counted: outside the change${note === undefined ? '' : ` (${note})`}`;
        case 'accepted':
            return `Not counted: accepted in the baseline${note === undefined ? '' : ` (${note})`}`;
        case 'suppressed':
            return `Not counted: suppressed${note === undefined ? '' : ` by <code>${note}</code>`}`;
        case 'dependency':
            return 'Not counted: in a dependency (uploaded because an audited file imports it)';
    }
}
/** Whether the service's word is just a spelling of ours ("H", "Informational"), not worth showing. */
function sameSeverityWord(label, severity) {
    const word = label.trim().toLowerCase();
    return word !== '' && (word.startsWith(severity) || severity.startsWith(word));
}
/** Untrusted text as HTML on a single line, its line breaks kept as `<br>`. */
function summary_htmlText(text) {
    return escapeHtmlLines(truncateText(text.trim(), DETAILS_TEXT_MAX_CHARS));
}
function ruleText(finding) {
    const { ruleId, swcId } = finding;
    if (ruleId !== undefined && swcId !== undefined && ruleId !== swcId)
        return `${ruleId} (${swcId})`;
    return ruleId ?? swcId;
}
function summary_bytes(text) {
    return external_node_buffer_.Buffer.byteLength(text, 'utf8');
}
/** Last resort when even the head does not fit: cut at a character boundary. */
function fitBytes(text, maxBytes) {
    if (summary_bytes(text) <= maxBytes)
        return text;
    const buffer = external_node_buffer_.Buffer.from(text, 'utf8');
    let end = Math.max(0, maxBytes);
    // Back up from a continuation byte to the start of its character.
    while (end > 0 && ((buffer[end] ?? 0) & 0xc0) === 0x80)
        end -= 1;
    return buffer.subarray(0, end).toString('utf8');
}

;// CONCATENATED MODULE: ./.build/action/publish.js
/**
 * The one module that publishes a run: outputs, the SARIF and results files, the job summary, the
 * job's result, log annotations, and then the GitHub channels (a pending run's check run by
 * publish-pending.ts). Everything the runner keeps is written before anything talks to GitHub, so
 * a slow or hostile API can delay only itself. Every text passes the redactor on its way out.
 */


















const CHECK_RUN_SUMMARY_MAX = 65_000;
/** Findings listed in the log, as many as the check run annotates. */
const MAX_LOGGED_FINDINGS = MAX_CHECK_RUN_ANNOTATIONS;
async function publish(given, deps) {
    const { channels, log, redactor } = deps;
    // A pending record no finishing run could read makes the run an error before anything is
    // written, so that every channel says the same.
    const pending = pendingCheckRun(given, deps);
    const report = pending?.refused ?? given;
    const { findings } = report;
    const failsJob = !['pass', 'skipped', 'pending'].includes(report.verdict);
    const output = (name, value) => core/* setOutput */.uH(name, redactor.redact(String(value)));
    // Every annotation is planned before anything is rendered: the summary says what they left out.
    // A pending check run is annotated when it is finished, not now.
    const checkRunAnnotates = report.verdict !== 'pending' && (channels?.annotatesCheckRun ?? false);
    const logAnnotations = checkRunAnnotates ? undefined : planLogAnnotations(findings, failsJob);
    logFindings(findings, log);
    warnUnreadSeverities(findings, report.failOn, log);
    setCountOutputs(report, output);
    if (deps.settings)
        await writeReportFiles(report, { ...deps, settings: deps.settings }, output);
    if (logAnnotations)
        annotateInLog(logAnnotations, log);
    const notAnnotated = logAnnotations?.notAnnotated;
    await writeSummary(() => renderSummary(report, undefined, notAnnotated), deps);
    const verdictLine = `Verdict: ${report.verdict}. ${report.reason}`;
    if (report.resumeHint)
        log.info(report.resumeHint);
    if (failsJob)
        core/* setFailed */.C1(redactor.redact(verdictLine));
    else
        log.info(verdictLine);
    if (channels) {
        await publishToGitHub(channels, report, {
            ...deps,
            checkRunAnnotates,
            notAnnotated,
            failsJob,
            output,
            pendingCheckRun: pending?.left,
        });
    }
}
/**
 * A pending report's check run, as publish leaves it (the summary as publish renders it: the
 * findings of projects already done are annotated in the log, and a pending run does not fail);
 * undefined when no check run can hold it.
 */
function pendingCheckRun(report, { settings, startedAt, context, channels }) {
    const target = channels?.checkRunTarget;
    if (report.verdict !== 'pending' || !settings || !target)
        return undefined;
    const { notAnnotated } = planLogAnnotations(report.findings, false);
    const summaryMarkdown = renderSummary(report, CHECK_RUN_SUMMARY_MAX, notAnnotated);
    return pendingCheckRunOf(report, summaryMarkdown, { settings, startedAt, context, target });
}
/**
 * The check run and the comment, after everything else is written: a pending report's check run
 * is left in progress (publish-pending.ts). The log annotates findings only when the check run
 * carries none; findings past its cap are counted in the summary. A finishing run reports each
 * pending run it completes through this too. True when the check run was completed.
 */
async function publishToGitHub(channels, report, deps) {
    const { log, checkRunAnnotates, notAnnotated: logNotAnnotated, failsJob, output } = deps;
    const { findings, verdict } = report;
    if (verdict === 'pending') {
        await leavePending(channels, deps.pendingCheckRun, { log, output });
        await upsertComment(channels, report);
        return false;
    }
    const summaryMarkdown = renderSummary(report, CHECK_RUN_SUMMARY_MAX, logNotAnnotated);
    const active = activeFindings(findings);
    const plan = checkRunAnnotations(active);
    const title = checkRunTitle(report);
    const total = plan.annotations.length + plan.overCap;
    const checkRun = await channels.completeCheckRun({
        start: renderCheckRunStart(report.auditId ?? 'none'),
        conclusion: checkRunConclusion(verdict),
        annotations: plan.annotations,
        output: (posted) => renderCheckRunCompletion({ title, summaryMarkdown, total, overCap: plan.overCap, posted }),
    });
    if (checkRun)
        output('check-run-url', checkRun.url);
    const completed = checkRun?.completed;
    if (!completed && deps.onlyOnceCompleted)
        return false;
    if (completed?.postingError !== undefined) {
        log.warning(`Posted ${completed.annotationsPosted} of ${total} check run annotations; ` +
            `${total - completed.annotationsPosted} were not: ${errorMessage(completed.postingError)}. ` +
            'The check run says so; every finding is in the job summary and the results file.');
    }
    else if (completed && plan.overCap > 0) {
        log.info(`${plan.overCap} finding(s) are not annotated on the check run: it gets at most ` +
            `${MAX_CHECK_RUN_ANNOTATIONS.toLocaleString('en-US')}, the most severe, to spare the token's request limit.`);
    }
    await upsertComment(channels, report);
    // Check runs on, yet some findings are on no check run: past its cap, or it failed.
    const notAnnotated = completed ? plan.overCap + completed.annotationsNotPosted : total;
    if (checkRun && completed && notAnnotated === 0) {
        log.info(`The ${active.length} finding(s) that count are annotated on the check run: ${checkRun.url}`);
    }
    if (!checkRunAnnotates || notAnnotated === 0)
        return completed !== undefined;
    let note;
    if (notAnnotated < total) {
        // The check run carries the most severe; the log's 10 per level would only repeat them.
        note = renderCheckRunNotAnnotatedNote(notAnnotated);
    }
    else {
        log.info('The check run carries no annotations; annotating in the log instead.');
        const fallback = planLogAnnotations(findings, failsJob);
        annotateInLog(fallback, log);
        note = renderNotAnnotatedNote(fallback.notAnnotated);
    }
    if (note !== undefined)
        await writeSummary(() => `\n${note}\n`, deps);
    return completed !== undefined;
}
function upsertComment(channels, report) {
    return channels.upsertComment(commentMarker(report.projectName), (previousBody) => renderPrComment({
        ...report,
        previous: previousBody === undefined ? undefined : readPreviousFindings(previousBody),
    }));
}
/**
 * The verdict, the counts and what the service said of the audit, as step outputs. A pending
 * run's counts are the word `pending`: left unset they would read as '' and GitHub's expressions
 * take '' == 0 as true, so a later step's check for no findings would pass an audit not yet done.
 */
function setCountOutputs(report, output) {
    const { counts } = report;
    const count = (value) => (report.verdict === 'pending' ? 'pending' : value);
    output('verdict', report.verdict);
    output('findings-count', count(counts.total));
    for (const severity of SEVERITIES) {
        output(`${severity}-count`, count(counts.bySeverity[severity]));
    }
    output('in-scope-count', count(counts.inScope));
    if (report.rawStatus)
        output('status', report.rawStatus);
    if (report.reportUrl)
        output('report-url', report.reportUrl);
    if (report.detectedProjects)
        output('projects', JSON.stringify(report.detectedProjects));
    output('reused', String(report.allReused));
}
/**
 * The SARIF file, only for a complete audit (an empty or partial upload would close open
 * alerts), and the results file. Each is rendered and written on its own: one that cannot be
 * made is a warning, never the end of the run's report.
 */
async function writeReportFiles(report, deps, output) {
    const { settings, context, log } = deps;
    if (report.resultsObtained && hasResults(report.verdict)) {
        const sarif = await writeFile(settings.sarifFile ?? defaultPath(settings, 'smart-contract-audit', report, '.sarif', deps), (write) => writeSarifFile(report, context, log, write), 'SARIF file', deps);
        if (sarif)
            output('sarif-file', sarif);
    }
    const results = await writeFile(defaultPath(settings, 'audit-results', report, '.json', deps), (write) => write(resultsFileChunks(report)), 'results file', deps);
    if (results)
        output('results-file', results);
}
/**
 * Log annotations, most severe first, within GitHub's 10 per level per step; `setFailed` writes
 * an error annotation too, so one is kept for it.
 */
function planLogAnnotations(findings, failsJob) {
    return planAnnotations(activeFindings(findings), { reserved: { error: failsJob ? 1 : 0 } });
}
function annotateInLog(plan, log) {
    for (const annotation of plan.annotations) {
        log[annotation.level](annotation.message, {
            title: annotation.title,
            file: annotation.file,
            startLine: annotation.startLine,
            endLine: annotation.endLine,
        });
    }
    const left = plan.notAnnotated.error + plan.notAnnotated.warning + plan.notAnnotated.notice;
    if (left > 0) {
        log.info(`${left} finding(s) were not annotated: GitHub shows at most 10 annotations of each kind per step. ` +
            'All findings are in the job summary and the results file (a check run shows them all: see `check-run`).');
    }
}
/**
 * One line per finding, most severe first, up to MAX_LOGGED_FINDINGS: past that, a log is
 * scrolled rather than read, and writing it costs more than the rest of the report.
 */
function logFindings(findings, log) {
    if (findings.length === 0)
        return;
    const lines = findings.slice(0, MAX_LOGGED_FINDINGS).map(({ finding, status }) => {
        const where = finding.file
            ? `${finding.file}${finding.startLine ? `:${finding.startLine}` : ''}`
            : '(no location)';
        const rule = finding.swcId ?? finding.ruleId;
        const mark = status === 'active' ? '' : `  (${STATUS_WORDS[status]}: not counted)`;
        return `${finding.severity.toUpperCase().padEnd(8)} ${where}  ${finding.title}${rule ? ` [${rule}]` : ''}${mark}`;
    });
    const unlogged = findings.length - lines.length;
    if (unlogged > 0) {
        lines.push(`… and ${unlogged} more, not logged: the log lists the ${MAX_LOGGED_FINDINGS.toLocaleString('en-US')} ` +
            'most severe. The results file has every finding.');
    }
    log.group(`Findings (${findings.length})`, lines);
}
/** A severity word the action could not place is never silently below the gate: say which. */
function warnUnreadSeverities(findings, failOn, log) {
    const words = new Map();
    for (const { finding } of findings) {
        if (finding.severity === 'unknown')
            words.set(finding.severityLabel, (words.get(finding.severityLabel) ?? 0) + 1);
    }
    for (const [word, count] of words) {
        const effect = failOn === 'none' ? 'they are listed as unknown' : `they fail the gate (fail-on: ${failOn})`;
        // The parser labels a finding that came without any severity `unknown`.
        const given = word === 'unknown'
            ? 'no severity'
            : `the severity "${word}", which the action cannot place on critical/high/medium/low/info/gas`;
        log.warning(`The service gave ${count} finding(s) ${given}; ${effect}. Check the findings in the job summary.`);
    }
}
/**
 * `<prefix>-<project>-<audit><extension>` in RUNNER_TEMP: unique per project and audit, so two
 * runs of one job never overwrite each other. Made file-safe, a name could spell the key again
 * (`sk!live` becomes `sk_live`): then a hash of it stands in.
 */
function defaultPath(settings, prefix, report, extension, { redactor }) {
    // Several audits' ids make a JSON object: a hash of it names them all, and stays short.
    const audit = report.several && report.auditId !== undefined
        ? `${report.projects.length}-projects-${sha256(report.auditId, 'hex').slice(0, 12)}`
        : (report.auditId ?? `run-${randomHex(8)}`);
    const name = `${prefix}-${fileSafe(redactor.redact(settings.projectName))}-${fileSafe(redactor.redact(audit))}`;
    const safe = redactor.appearsIn(name) ? `${prefix}-${sha256(name, 'hex').slice(0, 16)}` : name;
    return external_node_path_.join(settings.outputDirectory, `${safe}${extension}`);
}
async function writeSarifFile(report, context, log, write) {
    const sarif = await writeSarif({
        ...report,
        toolVersion: ACTION_VERSION,
        informationUri: context.actionRepository
            ? `${context.serverUrl}/${context.actionRepository}`
            : undefined,
    }, write);
    if (sarif.truncated > 0) {
        log.warning(`The SARIF file holds ${sarif.resultCount} results; ${sarif.truncated} were left out to stay within GitHub's limits.`);
    }
}
/**
 * Inside the workspace or RUNNER_TEMP only, never through a link, redacted as it is written
 * (a file may be written again: the last one stays); a failure is a warning.
 */
async function writeFile(file, render, what, { settings, redactor, log }) {
    const roots = [settings.workspace, settings.outputDirectory];
    let written;
    try {
        await render(async (chunks) => {
            written = await writeOutputFile(file, redactor.redactChunks(chunks), roots);
        });
        return written;
    }
    catch (error) {
        log.warning(`Could not write the ${what} ${file}: ${errorMessage(error)}`);
        return undefined;
    }
}
/** Appends to the job summary; a summary that cannot be made or written is a warning. */
async function writeSummary(render, { redactor, log }) {
    if (!process.env['GITHUB_STEP_SUMMARY'])
        return;
    try {
        await core/* summary */.z.addRaw(redactor.redact(render()), true).write();
    }
    catch (error) {
        // core keeps what it could not write, and would append it with the next text.
        core/* summary */.z.emptyBuffer();
        log.warning(`Could not write the job summary: ${errorMessage(error)}`);
    }
}

;// CONCATENATED MODULE: ./.build/action/finish/finishing-summary.js
/**
 * The job summary of a finishing run: each pending check run it took up, and what became of it.
 * Pure: made from the run's result alone.
 */



/** What the summary says of a check run the finishing run did not complete. */
const OUTCOME_WORDS = {
    left: 'Still running',
    unanswered: 'No status from the service (see the log); left in progress',
    refused: 'Not completed: GitHub refused it',
    elsewhere: 'Left for the finishing run of its own `base-url`',
    overtaken: 'Completed by another run',
};
/** The job summary of a finishing run: each pending check run, and what became of it. */
function renderFinishingSummary({ checkRuns, capped, formerHeads, warnings, }) {
    const completed = checkRuns.filter(isCompleted).length;
    const refused = checkRuns.filter((each) => each.outcome === 'refused').length;
    const former = checkRuns.filter((each) => each.formerHead).length;
    const lines = [
        '## Smart contract audit: pending check runs',
        '',
        `${completed} of ${checkRuns.length} check run(s) left pending were completed.` +
            (refused > 0 ? ` GitHub would not complete ${refused} (see the log).` : '') +
            (completed + refused < checkRuns.length
                ? ' The others are left in progress (see below).'
                : '') +
            (capped ? ' More were left for a later run.' : ''),
        '',
    ];
    if (former > 0)
        lines.push(`${former} check run(s) (marked "former head") were on commits no longer a head: a pull request ` +
            'pushed again, or the default branch moved on. No pull request comment is written for ' +
            'those, as a comment is about its head, and a `scope` of changed files or lines counts every ' +
            "finding there: the pull request's changed files are now its new head's.", '');
    if (formerHeads.found > formerHeads.looked)
        lines.push(`${formerHeads.looked} of ${formerHeads.found} commits no longer a head were looked at, ` +
            'those seen longest ago; the others are for a later run.', '');
    for (const warning of warnings)
        lines.push(`> ${escapeMarkdown(warning)}`, '');
    if (checkRuns.length > 0) {
        lines.push('| Check run | Commit | Pull request | Outcome |', '| --- | --- | --- | --- |');
        for (const each of checkRuns) {
            const outcome = isCompleted(each)
                ? VERDICT_WORDS[each.outcome]
                : OUTCOME_WORDS[each.outcome];
            const url = safeHttpUrl(each.url);
            lines.push(`| ${url === undefined ? 'check run' : `[check run](${url})`} | ${shortCommit(each.headSha) ?? '—'}${each.formerHead ? ' (former head)' : ''} | ${each.pullRequest === undefined ? '—' : `#${each.pullRequest}`} | ${escapeMarkdown(outcome)} |`);
        }
        lines.push('');
    }
    return `${lines.join('\n')}\n`;
}
function isCompleted(each) {
    return !Object.hasOwn(OUTCOME_WORDS, each.outcome);
}

;// CONCATENATED MODULE: ./.build/action/finish/former-heads.js
/**
 * Commits that were a head once and are no longer (a pull request pushed again, closed or merged,
 * the default branch moved on), where a check run left pending would otherwise stay in progress
 * for ever. GitHub lists no repository's check runs, only a commit's, so they are found through
 * what ran on them: the heads of the recently closed pull requests (one request) and the commits
 * of the repository's newest workflow runs (one request, needing `actions: read`), which hold
 * every commit a run of this action left a check run on lately. A check run looked at there while
 * its audit still runs may drop out of both lists before it finishes, so the workflow runs made
 * eight days ago are read too (one request): any check run on their commits is past its time
 * limit (a week at most), so it is completed when looked at, with its results or as timed out.
 * Each commit costs one listing, so at most MAX_FORMER_HEADS_PER_RUN recent ones and
 * MAX_OVERDUE_HEADS_PER_RUN older ones are looked at per run, those seen longest ago first: the
 * next to drop out.
 */


/** Recent commits no longer a head whose check runs are listed per run. */
const MAX_FORMER_HEADS_PER_RUN = 20;
/** Commits of workflow runs older than OVERDUE_AFTER_MS whose check runs are listed per run. */
const MAX_OVERDUE_HEADS_PER_RUN = 10;
/**
 * The longest `timeout-minutes`, a week, and a day for the job's wait in the queue before its
 * step started: a check run left by a workflow run this old is past its time limit.
 */
const OVERDUE_AFTER_MS = (MAX_TIMEOUT_MINUTES + 24 * 60) * 60_000;
const COMMIT = /^[0-9a-f]{40}$/;
/** The former heads to look at this run, none of them one of `heads`. */
async function findFormerHeads(client, heads, now) {
    const warnings = [];
    const attempt = async (what, list) => {
        try {
            return await list();
        }
        catch (error) {
            warnings.push(`${errorMessage(error)} Until then, check runs left pending on commits no longer a head ` +
                `are not looked for among the ${what}.`);
            return undefined;
        }
    };
    const closed = await attempt('recently closed pull requests', () => client.listClosedPullRequests());
    const runs = await attempt('recent workflow runs', () => client.listRecentRunCommits());
    // The same permission as the recent runs': refused there, it would be refused again.
    const old = runs &&
        (await attempt('workflow runs of eight days ago', () => client.listRecentRunCommits(now - OVERDUE_AFTER_MS)));
    const recent = longestAgoFirst([...(closed ?? []), ...(runs ?? [])], heads);
    const overdue = longestAgoFirst(old ?? [], new Set([...heads, ...recent]));
    return {
        commits: [
            ...recent.slice(0, MAX_FORMER_HEADS_PER_RUN),
            ...overdue.slice(0, MAX_OVERDUE_HEADS_PER_RUN),
        ],
        found: recent.length + overdue.length,
        warnings,
    };
}
/** Each commit once, none of `except`, by when it was last seen, longest ago first. */
function longestAgoFirst(seen, except) {
    const lastSeen = new Map();
    for (const { headSha, seenAt } of seen) {
        if (except.has(headSha) || !COMMIT.test(headSha))
            continue;
        const time = Date.parse(seenAt);
        const at = Number.isNaN(time) ? 0 : time;
        lastSeen.set(headSha, Math.max(at, lastSeen.get(headSha) ?? at));
    }
    return [...lastSeen].sort(([, a], [, b]) => a - b).map(([sha]) => sha);
}

;// CONCATENATED MODULE: ./.build/action/finish/pending-check-runs.js
/**
 * Where a finishing run looks for runs left pending: this action's check runs in progress (its
 * check name, created by the GitHub Actions app, as the workflow token's are) on the head commits
 * of the open pull requests and of the default branch, and on former heads (former-heads.ts),
 * each with its record read back. Bounded per run: the newest open pull requests (one page), at
 * most MAX_FORMER_HEADS_PER_RUN + MAX_OVERDUE_HEADS_PER_RUN former heads, at most
 * MAX_PENDING_PER_RUN check runs whose audits are polled, those whose time limit comes first, and
 * MAX_UNREADABLE_PER_RUN whose records do not read.
 */



/**
 * Check runs whose record reads, and so whose audits are polled, taken up per run: those whose
 * time limit comes first, so that they are never starved by newer ones.
 */
const MAX_PENDING_PER_RUN = 20;
/** Check runs whose record does not read, taken up per run besides: completed, never polled. */
const MAX_UNREADABLE_PER_RUN = 20;
/** Pages of 100 open pull requests whose head commits are looked at: the newest. */
const OPEN_PULLS_MAX_PAGES = 1;
/** The app a workflow's GITHUB_TOKEN acts as, whose check runs this action's are. */
const ACTIONS_APP_SLUG = 'github-actions';
/**
 * Every commit is listed first (one request each, bounded by the pages of pull requests read), so
 * that what is taken up is chosen among all of them: those whose time limit comes first, first.
 */
async function findPendingCheckRuns(client, key) {
    const { pulls, capped: morePulls } = await client.listOpenPullRequests(OPEN_PULLS_MAX_PAGES);
    const heads = [
        ...pulls.map((pull) => ({ ref: pull.headSha, formerHead: false })),
        { ref: await client.getDefaultBranch(), formerHead: false },
    ];
    const former = await findFormerHeads(client, new Set(pulls.map((pull) => pull.headSha)), key.now);
    const refs = [...heads, ...former.commits.map((ref) => ({ ref, formerHead: true }))];
    // Heads first: a check run found on one is not on a former head, whatever else lists it.
    const listed = new Map();
    let capped = morePulls;
    const malformed = [];
    for (const { ref, formerHead } of refs) {
        const onRef = await client.listCheckRunsInProgress(ref, key.checkName);
        capped ||= onRef.capped;
        if (onRef.malformed > 0)
            malformed.push(`GitHub listed ${onRef.malformed} item(s) that are no check run on ${ref}; they were left out.`);
        for (const checkRun of onRef.checkRuns) {
            if (checkRun.app?.slug !== ACTIONS_APP_SLUG || listed.has(checkRun.id))
                continue;
            const text = recordOfCheckRun(checkRun);
            // A waiting run in progress, or another tool's: no pending record, not ours to finish.
            if (text === undefined)
                continue;
            const record = readPendingRecord(text, { ...key, headSha: checkRun.headSha });
            listed.set(checkRun.id, { checkRun, record, formerHead });
        }
    }
    const soonestFirst = [...listed.values()].sort((a, b) => timeLimit(a) - timeLimit(b));
    const left = { polled: MAX_PENDING_PER_RUN, unreadable: MAX_UNREADABLE_PER_RUN };
    const found = soonestFirst.filter(({ record }) => {
        // Another service's, left with a line in the log: it costs no request, and takes no slot.
        if (record === RECORD_OF_ANOTHER_SERVICE)
            return true;
        const kind = typeof record === 'string' ? 'unreadable' : 'polled';
        left[kind] -= 1;
        return left[kind] >= 0;
    });
    return {
        found,
        capped: capped || found.length < soonestFirst.length,
        formerHeads: { looked: former.commits.length, found: former.found },
        warnings: [...former.warnings, ...malformed],
    };
}
/**
 * When the run's time is up: its sealed record's (pendingTimeLimit), else (a record that does not
 * read) the check run's own start, else the epoch, as nothing says it is recent.
 */
function timeLimit({ checkRun, record }) {
    const time = typeof record === 'string' ? Date.parse(checkRun.startedAt ?? '') : pendingTimeLimit(record);
    return Number.isNaN(time) ? 0 : time;
}

;// CONCATENATED MODULE: ./.build/action/finish/finish-pending.js
/**
 * A finishing run (`finish-pending: true`, on a schedule): for each check run left pending, its
 * audits polled once by their ids, and a finished one reported exactly as a waiting run reports
 * (conclusion, summary, annotations, the sticky comment). Nothing is uploaded. An audit still
 * running is left; one past its run's `timeout-minutes` completes as timed out, with how to
 * resume. A record that does not hold is never completed as success: it completes as a failure
 * saying why. Running again does nothing to what was completed: only check runs in progress are
 * taken up.
 */













async function finishPendingRuns(settings, step) {
    const { client, log } = step;
    const { found, capped, formerHeads, warnings } = await findPendingCheckRuns(client, {
        apiKey: settings.apiKey,
        repository: step.context.repository,
        checkName: settings.checkRun.name,
        service: pendingService(settings.baseUrl),
        now: step.deadline.now(),
    });
    for (const warning of warnings)
        log.warning(warning);
    log.info(`${found.length} check run(s) left pending found${capped ? ' (more are left for a later run)' : ''}.`);
    const checkRuns = [];
    for (const each of found)
        checkRuns.push(await finishOne(each, settings, step));
    return { checkRuns, capped, formerHeads, warnings };
}
async function finishOne({ checkRun, record, formerHead }, settings, step) {
    const { log } = step;
    if (record === RECORD_OF_ANOTHER_SERVICE) {
        // A real record, for the finishing run configured for that service: not this one's to fail.
        log.warning(`${checkRun.url}: its audits were started at another service than this run's \`base-url\`; left in progress for the finishing run that has it.`);
        return { ...shownOf(checkRun, undefined, formerHead), outcome: 'elsewhere' };
    }
    const sealed = typeof record === 'string' ? undefined : record;
    // Sealed with this key for another service (a `base-url` changed since): never polled here,
    // but timed out once past its limit, or it would stay in progress with no run to finish it.
    const elsewhere = sealed !== undefined && sealed.service !== pendingService(settings.baseUrl);
    if (elsewhere && !pastTimeLimit(sealed, step.deadline.now())) {
        log.warning(`${checkRun.url}: its audits were started at ${sealed.service}, not at this run's \`base-url\`; left in progress for the finishing run that has it, or until its time limit.`);
        return { ...shownOf(checkRun, undefined, formerHead), outcome: 'elsewhere' };
    }
    let pull;
    try {
        pull = await pullRequestOf(sealed, checkRun.headSha, step.client);
    }
    catch (error) {
        // Its pull request decides `scope` and the comment; past the time limit it is timed out all
        // the same, or a pull request GitHub never lets this token read would keep it for ever.
        const past = sealed !== undefined && pastTimeLimit(sealed, step.deadline.now());
        log.warning(`${checkRun.url}: could not read its pull request (${errorMessage(error)}); ` +
            (past ? 'finished without it, its time limit past.' : 'left for the next finishing run.'));
        if (!past)
            return { ...shownOf(checkRun, undefined, formerHead), outcome: 'refused' };
    }
    const context = { ...step.context, sha: checkRun.headSha, pullRequest: pull };
    const channels = new GitHubChannels({
        client: step.client,
        pullRequest: pull,
        headSha: checkRun.headSha,
        checkRun: { enabled: true, name: checkRun.name },
        existingCheckRun: { id: checkRun.id, url: checkRun.url },
        comment: sealed?.comment ?? settings.pullRequestComment,
        log,
    });
    const runSettings = {
        ...settings,
        ...(sealed && {
            failOn: sealed.failOn,
            scope: sealed.scope,
            timeoutMs: sealed.timeoutMinutes * 60_000,
            projectName: sealed.projectName,
        }),
        auditId: undefined,
        vocabulary: FINISHING_VOCABULARY,
    };
    // Recorded for reuse only once the check run is completed: held until then.
    const held = [];
    const result = sealed
        ? elsewhere
            ? notPolled(sealed, runSettings)
            : await collect(sealed, runSettings, { ...step, context, channels }, held)
        : stoppedRun(errorResult(new ConfigurationError(`This check run was left pending, but its record does not hold (${record}), so it was not finished. ` +
            'Run the audit again for a verdict.'), {}, { vocabulary: ACTION_VOCABULARY, log }));
    const report = buildReport(result, {
        projectName: runSettings.projectName,
        failOn: runSettings.failOn,
        vocabulary: ACTION_VOCABULARY,
        links: context.repository
            ? { serverUrl: context.serverUrl, repository: context.repository, sha: checkRun.headSha }
            : undefined,
        runUrl: context.runUrl,
    });
    // Not its pull request's head any more: no comment, as on any former head.
    const shown = shownOf(checkRun, pull, formerHead || sealed?.pullRequest !== undefined);
    if (report.verdict === 'pending') {
        // A poll that got no status says nothing of whether the audit still runs.
        const unanswered = result.projects.filter((project) => project.verdict === 'pending' && project.rawStatus === undefined);
        if (unanswered.length > 0) {
            for (const project of unanswered)
                log.warning(`${checkRun.url}: ${project.reason}`);
            return { ...shown, outcome: 'unanswered' };
        }
        log.info(`${checkRun.url}: the audit is still running; left in progress.`);
        return { ...shown, outcome: 'left' };
    }
    // Another finishing run may have completed it since it was listed: completing it again would
    // post every annotation twice.
    let now;
    try {
        now = await step.client.getCheckRunStatus(checkRun.id);
    }
    catch (error) {
        log.warning(`${checkRun.url}: could not read the check run again (${errorMessage(error)}); left for the next finishing run.`);
        return { ...shown, outcome: 'refused' };
    }
    if (now.status !== 'in_progress' || now.externalId !== checkRun.externalId) {
        log.info(`${checkRun.url}: completed or changed by another run meanwhile; left as it is.`);
        return { ...shown, outcome: 'overtaken' };
    }
    // Every channel guards itself: what GitHub refuses is a warning, and the check run stays.
    const completed = await publishToGitHub(channels, report, {
        settings: runSettings,
        startedAt: step.deadline.now(),
        context,
        channels,
        log,
        redactor: step.redactor,
        checkRunAnnotates: channels.annotatesCheckRun,
        notAnnotated: undefined,
        failsJob: false,
        output: () => undefined,
        onlyOnceCompleted: true,
    });
    if (!completed) {
        log.warning(`${checkRun.url}: GitHub did not complete the check run, so it stays in progress for the next finishing run; no comment or reuse record was written.`);
        return { ...shown, outcome: 'refused' };
    }
    for (const save of held)
        await save();
    return { ...shown, outcome: report.verdict };
}
/**
 * The pull request the sealed record names, while the check run's commit is its head, open or
 * closed (one merged fast-forward has its head on the default branch): its changed files decide
 * `scope` and its comment is updated, as a waiting run's would be. Read by its number: a listing
 * shows a commit with whichever pull request it lists first. Undefined when the record names
 * none or the pull request has moved on to another head: its changed files and comment are that
 * head's. Throws when GitHub cannot say: a verdict under another scope would not be the run's.
 */
async function pullRequestOf(record, headSha, client) {
    if (record?.pullRequest === undefined)
        return undefined;
    const now = await client.getPullRequest(record.pullRequest);
    if (now?.headSha !== headSha)
        return undefined;
    return { number: now.number, headSha, changedFiles: now.changedFiles };
}
/** What the summary shows of a check run: `formerHead` when no pull request's head is on it. */
function shownOf(checkRun, pull, formerHead) {
    return {
        url: checkRun.url,
        headSha: checkRun.headSha,
        pullRequest: pull?.number,
        formerHead: pull === undefined && formerHead,
    };
}
/**
 * The record's audits, polled once each and triaged as the run that started them would; one
 * still running past the run's time limit is a timeout, with how to resume. Records for reuse
 * are pushed onto `held`, to be kept once the check run is completed.
 */
async function collect(record, settings, step, held) {
    const engine = engineDependencies(settings, step);
    const reuse = engine.reuse && { ...engine.reuse, store: holding(engine.reuse.store, held) };
    const deps = { ...engine, pollOnce: true, auditStarted: () => undefined, reuse };
    const detection = { projects: [], summaries: [] };
    const { audits, several, startedAt, baseline, headCommit } = record;
    const given = { audits, several, startedAt, baseline };
    const collected = await audit(settings, detection, step.deadline, deps, given);
    // The fork's head commit the run judged, and the artifact's files it refused, shown again.
    const result = headCommit === undefined ? collected : { ...collected, headCommit };
    if (!pastTimeLimit(record, step.deadline.now()))
        return result;
    const late = (project) => project.verdict !== 'pending'
        ? project
        : {
            ...project,
            verdict: 'timeout',
            reason: `The audit did not finish within ${formatDuration(settings.timeoutMs)} of the run that started it ` +
                `(last status: ${project.rawStatus ?? 'unknown'}). No results were obtained.`,
            resumable: 'timeout',
        };
    return { ...result, projects: result.projects.map(late) };
}
function pastTimeLimit(record, now) {
    return now > pendingTimeLimit(record);
}
/** A record of another service past its time limit: each audit timed out, with how to resume. */
function notPolled(record, settings) {
    const projects = record.audits.map(({ name, path, auditId, manifest }) => ({
        name,
        path,
        ...timeoutResult({ auditId, resumed: true, fileCount: manifest?.files.length }, settings.timeoutMs, undefined),
        reason: `The run's time limit (${formatDuration(settings.timeoutMs)}) has passed, and its audit was started at ` +
            `${record.service}, which is not this finishing run's \`base-url\`, so it was not polled. No results were obtained.`,
    }));
    const { several, headCommit } = record;
    return { projects, several, ...(headCommit !== undefined && { headCommit }) };
}
/** `store`, its records pushed onto `held` to be kept later instead of kept at once. */
function holding(store, held) {
    return {
        find: (digest) => store.find(digest),
        save: async (digest, text) => {
            held.push(() => store.save(digest, text));
        },
    };
}
/**
 * The finishing run's whole step: GitHub's client for the repository, the pending check runs
 * finished, the job summary. It needs the key (to read the records and the audits) and the
 * token; without either, or when GitHub cannot be listed, the step fails saying what to fix.
 */
async function runFinishing(settings, step) {
    const { context, log, redactor } = step;
    const [owner, repo] = context.repository.split('/');
    if (!settings.apiKey)
        return fail(ACTION_VOCABULARY.noKey, step);
    if (!settings.githubToken || !owner || !repo)
        return fail('`finish-pending` needs `github-token` and the repository: keep its default, and give the job `checks: write` and `pull-requests: write`.', step);
    let client;
    try {
        client = createGitHubClient({ apiUrl: context.apiUrl, token: settings.githubToken, owner, repo }, {
            deadline: step.deadline,
            redact: (text) => redactor.redact(text),
            log: { debug: (message) => log.debug(message) },
        });
        const finished = await finishPendingRuns(settings, { ...step, client });
        const summary = renderFinishingSummary(finished);
        const completed = finished.checkRuns.filter(isCompleted).length;
        log.info(`Completed ${completed} of ${finished.checkRuns.length} check run(s) left pending.`);
        if (process.env['GITHUB_STEP_SUMMARY'])
            await core/* summary */.z.addRaw(redactor.redact(summary), true).write();
    }
    catch (error) {
        fail(`Could not finish the pending check runs: ${errorMessage(error)}`, step);
    }
    finally {
        await client?.close();
    }
}
function fail(message, { redactor }) {
    core/* setFailed */.C1(redactor.redact(message));
}

;// CONCATENATED MODULE: ./.build/action/inputs.js
/**
 * The Action's inputs, read with `@actions/core`: the engine's settings and what only the Action
 * has (the GitHub token and channels). Secrets are masked before anything else is read, since an
 * error message could echo an input.
 *
 * The runner expands `${{ }}` expressions, in defaults too; one still there was set by a tool that
 * does not (local-action passes action.yml's `${{ github.token }}` as it is), and is taken as not
 * given, with one notice: sent on, it would be a credential that is a template.
 */






const FORK_PULL_REQUESTS = ['skip', 'collect'];
const UNEXPANDED = /\$\{\{[\s\S]*\}\}/;
/**
 * `redactor` learns each secret as soon as it is read, with the runner's mask: an error about a
 * later input may quote what a workflow passed it, a secret by mistake.
 */
function getInputs(log, redactor, env = process.env) {
    const unexpanded = new Set();
    const input = (name) => {
        const value = core/* getInput */.V4(name);
        if (!UNEXPANDED.test(value))
            return value;
        unexpanded.add(name);
        return '';
    };
    for (const secret of ['api-key', 'github-token']) {
        const value = input(secret);
        if (value)
            core/* setSecret */.Pq(value);
        redactor.add(value);
    }
    const source = { get: input, vocabulary: ACTION_VOCABULARY };
    const read = inputReader(source);
    const action = {
        ...readSettings(source, env, log),
        githubToken: read.text('github-token'),
        checkRun: {
            enabled: read.boolean('check-run', true),
            name: read.text('check-name') || 'Smart contract audit',
        },
        pullRequestComment: read.boolean('pr-comment', true),
        forkPullRequests: read.choice('fork-pull-requests', FORK_PULL_REQUESTS, 'skip'),
        wait: read.boolean('wait', true),
        finishPending: read.boolean('finish-pending', false),
    };
    if (!action.wait && !action.finishPending)
        checkPendingProjectName(action.projectName);
    if (unexpanded.size > 0) {
        const names = [...unexpanded];
        log.notice(`${names.map((name) => `\`${name}\``).join(', ')} held an unexpanded \`\${{ … }}\` expression, so ${names.length === 1 ? 'it was' : 'they were'} taken as not given. ` +
            'The runner expands expressions; a tool that runs the action locally (such as @github/local-action) does not: set the value itself in its .env.');
    }
    return action;
}
/**
 * A run with `wait: false` keeps `project-name` in its pending record, whose reader refuses what
 * this refuses: found out after uploading, the run could only fail with its audit started. A
 * waiting run keeps no record, and takes any name.
 */
function checkPendingProjectName(projectName) {
    const input = sentenceStart(ACTION_VOCABULARY.optionNamed('project-name'));
    const kept = 'with `wait: false` it is kept in the pending record on the check run, which a finishing run would not read';
    const invisible = pending_record_CONTROL.exec(projectName)?.[0];
    let problem;
    if (projectName.length > MAX_PROJECT_FIELD_LENGTH) {
        problem =
            `${input} is ${projectName.length} characters long: ${kept} with a name over ${MAX_PROJECT_FIELD_LENGTH} characters. ` +
                `Shorten \`project-name\` to at most ${MAX_PROJECT_FIELD_LENGTH} characters`;
    }
    else if (invisible !== undefined) {
        problem =
            `${input} holds the invisible character ${codePoint(invisible)}: ${kept} with a zero-width, format or control character in it. ` +
                'Remove it from `project-name`';
    }
    if (problem === undefined)
        return;
    throw new ConfigurationError(`${problem}, or run with \`wait: true\`. Nothing was uploaded.`);
}
/** "U+200D". */
function codePoint(character) {
    return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
;// CONCATENATED MODULE: ./.build/action/logger.js
/**
 * The one way the Action writes to the job log, through `@actions/core`. Every line, title and
 * annotation is redacted first (the runner masks only the key as it is, not the forms a hostile
 * service can disguise it in), and quoted text in a plain line cannot run a workflow command
 * (core escapes an annotation's message and properties, but writes `info` lines as they are).
 */



function createActionLogger(redactor) {
    const line = (message) => neutralizeWorkflowCommands(redactor.redact(message));
    const annotation = (write) => (message, properties = {}) => write(redactor.redact(message), redactProperties(redactor, properties));
    return {
        debug: (message) => core/* debug */.Yz(line(message)),
        info: (message) => core/* info */.pq(line(message)),
        notice: annotation(core/* notice */.lm),
        warning: annotation(core/* warning */.$e),
        error: annotation(core/* error */.z3),
        group(title, lines) {
            core/* startGroup */.Oh(line(title));
            // One write: stdout is synchronous on a pipe, and a line at a time cost a system call each.
            if (lines.length > 0)
                core/* info */.pq(lines.map(line).join(external_node_os_.EOL));
            core/* endGroup */.N4();
        },
    };
}
function redactProperties(redactor, properties) {
    const { title, file } = properties;
    return {
        ...properties,
        ...(title === undefined ? {} : { title: redactor.redact(title) }),
        ...(file === undefined ? {} : { file: redactor.redact(file) }),
    };
}

;// CONCATENATED MODULE: ./.build/action/main.js
/**
 * The story of the Action's run: inputs → projects → audit → report → publish. Whatever happens,
 * the run ends in one result, its report is built once, and publishing it is the last thing the
 * step does.
 */


















async function run() {
    const startedAt = Date.now();
    const redactor = new Redactor();
    const log = createActionLogger(redactor);
    let context = readRunContext();
    let settings;
    let channels;
    let triggering;
    let result;
    try {
        settings = getInputs(log, redactor);
        const deadline = { at: startedAt + settings.timeoutMs, now: Date.now };
        if (settings.finishPending)
            return await runFinishing(settings, { context, log, redactor, deadline });
        const redact = (text) => redactor.redact(text);
        if (context.eventName === 'workflow_run') {
            // The reports go where GitHub's facts of the triggering run say, never its artifact.
            triggering = await openTriggeringRun(settings, context, { deadline, redact, log });
            context = triggering.context;
        }
        channels = openGitHubChannels(settings, { context, deadline, redact, log });
        const step = { context, channels, log, redactor, deadline };
        result = triggering
            ? await auditArtifact(settings, triggering, step)
            : await auditCheckout(settings, step);
    }
    catch (error) {
        result = stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }));
    }
    const report = buildReport(result, {
        projectName: settings?.projectName ?? (context.repository.split('/')[1] || 'unknown'),
        failOn: settings?.failOn ?? 'low',
        vocabulary: ACTION_VOCABULARY,
        links: context.repository && context.sha
            ? { serverUrl: context.serverUrl, repository: context.repository, sha: context.sha }
            : undefined,
        runUrl: context.runUrl,
    });
    try {
        await publish(report, { settings, startedAt, context, channels, log, redactor });
    }
    catch (error) {
        // Every sink guards itself; reaching here is a bug, and it must not read as a clean run.
        core/* setFailed */.C1(redactor.redact(`Unexpected error while reporting (a bug in this action; please report it): ${errorMessage(error)}`));
    }
    finally {
        await channels?.close();
        await triggering?.close();
    }
}
/** Projects are found on every run (the `projects` output); the audit only with a key. */
async function auditCheckout(settings, step) {
    const { context, log } = step;
    let detection;
    try {
        detection = await findCheckoutProjects(settings, log, step.deadline);
    }
    catch (error) {
        return stoppedRun(errorResult(error, {}, { vocabulary: ACTION_VOCABULARY, log }));
    }
    const facts = { detectedProjects: detection.summaries };
    if (settings.detectOnly) {
        const reason = `\`detect-only\`: ${detection.summaries.length} project(s) listed in the \`projects\` output; nothing was audited.`;
        return stoppedRun(skippedResult(reason, {}), facts);
    }
    if (!settings.apiKey && context.untrustedPullRequest && settings.forkPullRequests === 'collect') {
        return collectUploads(settings, detection, context.untrustedPullRequest, step);
    }
    if (!settings.apiKey) {
        const stopped = noApiKeyResult(context.untrustedPullRequest, {});
        if (stopped.verdict === 'skipped')
            log.notice(stopped.reason);
        return stoppedRun(stopped, facts);
    }
    return audit(settings, detection, step.deadline, engineDependencies(settings, step));
}


/***/ })

};
