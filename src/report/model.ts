/**
 * The report model: what a run ended with, put together once for every rendering (job summary,
 * annotations, check run, pull request comment, SARIF, results file, terminal, JUnit, code
 * quality). A run of several projects is one report: the worst verdict, every finding marked with
 * its project, the counts over them all. Renderers read it; none derives it again.
 */
import { formatAuditIds, type ProjectAuditId } from '../audit/audit-ids.ts';
import { compareFindings } from '../audit/findings.ts';
import type { FailOn, Verdict } from '../audit/gate.ts';
import type {
  AuditResult,
  JudgedCommit,
  ProjectResult,
  ReusedAudit,
  RunResult,
} from '../audit/result.ts';
import type { Scope } from '../audit/scope.ts';
import {
  countFindings,
  scopeNote,
  type FindingCounts,
  type TriagedFinding,
} from '../audit/triage.ts';
import type { ProjectSummary } from '../project/project-summary.ts';
import type { Vocabulary } from '../vocabulary.ts';
import type { SourceLinks } from './links.ts';

export interface Report {
  /** The name the audits are filed under. */
  projectName: string;
  failOn: FailOn;
  verdict: Verdict;
  /** Plain text: why this verdict. */
  reason: string;
  /** The `audit-id` value: one id, or with several projects a JSON object of ids by folder. */
  auditId: string | undefined;
  /** The service's own word for the audit's status: one project's only. */
  rawStatus: string | undefined;
  /** The service's page of the audit: one project's only. */
  reportUrl: string | undefined;
  /** In the model's order; empty when no results were obtained. Those not `active` do not count. */
  findings: readonly TriagedFinding[];
  /** Whether any audit gave its findings: without, an empty `findings` is no result, not none. */
  resultsObtained: boolean;
  /** Of `findings`. */
  counts: FindingCounts;
  /** The scope in effect, after any fallback to `all`. */
  scope: Scope;
  /** What `scope` did, e.g. "changed-lines: 5 of 12 findings are in the change". */
  scopeNote: string | undefined;
  /** Files uploaded, over every project. */
  fileCount: number | undefined;
  /** How to collect audits started and not reported, without uploading again. Plain text. */
  resumeHint: string | undefined;
  /** The run is of several projects: reports list each, and each finding names its own. */
  several: boolean;
  /** Each project's audit, in the run's order: one project is a list of one. */
  projects: readonly ProjectReport[];
  /** Findings in dependencies left out of `findings` as repeats of one listed there. */
  repeatedDependencyFindings: number;
  /** One project's results, when they are those of an earlier audit of a byte-identical upload. */
  reused: ReusedAudit | undefined;
  /** Every audit's results were reused: nothing was audited again. */
  allReused: boolean;
  /** On `workflow_run`: the head commit judged, and the artifact's files refused. */
  headCommit: JudgedCommit | undefined;
  /** The baseline the findings were triaged against: a pending run's record keeps it. */
  baseline: RunResult['baseline'];
  /** The projects found, once detection ran. */
  detectedProjects: readonly ProjectSummary[] | undefined;
  /** For links to `file#Lstart-Lend` at the audited commit. */
  links: SourceLinks | undefined;
  /** The page of the run that made this report. */
  runUrl: string | undefined;
  /** The door's words, for what a rendering tells the user to do. */
  vocabulary: Vocabulary;
}

/** One project's line of a report: its result, but for the findings the report lists together. */
export type ProjectReport = Omit<ProjectResult, 'findings' | 'scope' | 'scopeNote' | 'resumable'>;

/** What the door knows of the run that the engine does not. */
export interface ReportFacts {
  projectName: string;
  failOn: FailOn;
  vocabulary: Vocabulary;
  links?: SourceLinks | undefined;
  runUrl?: string | undefined;
}

/** Worst first: a run that is not pending is as bad as its worst project. */
const VERDICT_SEVERITY: readonly Verdict[] = [
  'error',
  'timeout',
  'fail',
  'pending',
  'pass',
  'skipped',
];

export function buildReport(result: RunResult, facts: ReportFacts): Report {
  const { projects, several } = result;
  const [only] = projects;
  const merged = several ? mergedFindings(projects) : undefined;
  const listed = merged && withoutRepeats(merged);
  const whole =
    result.stopped ??
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
function projectLine({
  findings: _findings,
  scope: _scope,
  scopeNote: _scopeNote,
  resumable: _resumable,
  ...line
}: ProjectResult): ProjectReport {
  return line;
}

/** The results of several projects as one: the worst verdict, the counts over every finding. */
function combinedResult(
  projects: readonly ProjectResult[],
  findings: TriagedFinding[] | undefined,
  several: boolean,
): AuditResult {
  const verdict = combinedVerdict(projects);
  const counts = countFindings(findings ?? []);
  const scope = projects.find((part) => part.findings !== undefined)?.scope ?? 'all';
  const started = projects.flatMap(({ name, path, auditId }): ProjectAuditId[] =>
    auditId === undefined ? [] : [{ name, path, auditId }],
  );
  const fileCounts = projects.flatMap(({ fileCount }) =>
    fileCount === undefined ? [] : [fileCount],
  );
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
      resumable: verdict === 'pending' ? ('pending' as const) : ('timeout' as const),
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
function combinedVerdict(projects: readonly ProjectResult[]): Verdict {
  const worst = (of: readonly ProjectResult[]) =>
    VERDICT_SEVERITY.find((candidate) => of.some((part) => part.verdict === candidate));
  const withoutAudit = worst(projects.filter((part) => part.auditId === undefined));
  const settledWithoutAudit =
    withoutAudit !== undefined &&
    VERDICT_SEVERITY.indexOf(withoutAudit) < VERDICT_SEVERITY.indexOf('pending');
  if (projects.some((part) => part.verdict === 'pending') && !settledWithoutAudit) return 'pending';
  return worst(projects) ?? 'skipped';
}

/** Every project's findings, each marked with its project, in the model's order; none without results. */
function mergedFindings(projects: readonly ProjectResult[]): TriagedFinding[] | undefined {
  if (projects.every((part) => part.findings === undefined)) return undefined;
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
function withoutRepeats(findings: readonly TriagedFinding[]): TriagedFinding[] {
  const key = ({ finding }: TriagedFinding) =>
    [
      finding.file,
      finding.startLine,
      finding.endLine,
      finding.severity,
      finding.ruleId,
      finding.swcId,
      finding.title,
    ].join('\0');
  const listedBy = new Map<string, string | undefined>();
  for (const entry of findings) {
    if (entry.status !== 'dependency') listedBy.set(key(entry), entry.project);
  }
  return findings.filter((entry) => {
    if (entry.status !== 'dependency') return true;
    const repeated = key(entry);
    if (!listedBy.has(repeated)) listedBy.set(repeated, entry.project);
    return listedBy.get(repeated) === entry.project;
  });
}

/**
 * "3 projects: 1 fail, 2 pass." (pending: "1 of 2 projects finished (1 fail); 1 still running.")
 * and then why each that did not pass did not.
 */
function combinedReason(projects: readonly ProjectResult[], verdict: Verdict): string {
  const tally = (of: readonly ProjectResult[]) =>
    VERDICT_SEVERITY.flatMap((candidate) => {
      const count = of.filter((part) => part.verdict === candidate).length;
      return count === 0 ? [] : [`${count} ${candidate}`];
    }).join(', ');
  const noun = `project${projects.length === 1 ? '' : 's'}`;
  const finished = projects.filter((part) => part.verdict !== 'pending');
  const known =
    verdict === 'pending'
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

function resumeHint(
  whole: AuditResult,
  several: boolean,
  vocabulary: Vocabulary,
): string | undefined {
  const { auditId, resumable } = whole;
  if (resumable === undefined || auditId === undefined) return undefined;
  const resume = vocabulary.resume(auditId);
  if (resumable === 'pending') {
    const whose = several ? "every project's results" : 'its results';
    return (
      `${several ? 'The audits that did not report go on' : 'The audit goes on'} at the service; ` +
      `this run did not wait for ${several ? 'them' : 'it'}. ${vocabulary.pendingCompletion} ` +
      `To collect ${whose} by hand without uploading again, run with ${resume}.`
    );
  }
  const longer = `(and a larger ${vocabulary.option('timeout-minutes')} if needed)`;
  if (several) {
    return (
      'The audits that did not report go on at the service. To collect every ' +
      `project's results without uploading again, re-run with ${resume} ${longer}.`
    );
  }
  return resumable === 'timeout'
    ? 'The audit goes on at the service. To collect its results without uploading again, re-run with ' +
        `${resume} ${longer}.`
    : `The audit ${auditId} was started; re-run with ${resume} to collect its results without uploading again.`;
}
