/**
 * The analyzer's entry point: parses the uploaded sources, runs every detector over them (each one
 * isolated, so one rule's bug cannot sink the audit) and returns findings with exact line spans.
 */
import { errorMessage } from '../error-message.ts';
import { endLine, startLine } from './ast.ts';
import { parseSource } from './parse-source.ts';
import { buildProject, type Project, type SolidityFile } from './project.ts';
import { DETECTORS } from './registry.ts';
import type {
  AnalysisResult,
  AnalyzerFinding,
  Detector,
  DetectorError,
  DetectorHit,
  SourceFile,
} from './types.ts';

const VYPER = /\.vyi?$/i;

function toFinding(detector: Detector, file: SolidityFile, hit: DetectorHit): AnalyzerFinding {
  return {
    detector: detector.id,
    swcId: detector.swcId,
    severity: detector.severity,
    title: detector.title,
    description: hit.description,
    recommendation: detector.recommendation,
    file: file.path,
    startLine: startLine(hit.node),
    endLine: Math.max(endLine(hit.node), hit.until ? endLine(hit.until) : 0),
  };
}

function runDetector(
  detector: Detector,
  file: SolidityFile,
  project: Project,
  errors: DetectorError[],
): DetectorHit[] {
  const hits: DetectorHit[] = [];
  const guarded = (run: () => DetectorHit[]): void => {
    try {
      hits.push(...run());
    } catch (error) {
      errors.push({ detector: detector.id, file: file.path, message: errorMessage(error) });
    }
  };
  if (detector.detectFile) guarded(() => detector.detectFile!(file, project));
  if (detector.detectContract)
    for (const contract of file.contracts)
      guarded(() => detector.detectContract!(contract, project));
  return hits;
}

function infoFinding(
  detector: string,
  file: string,
  line: number,
  title: string,
  description: string,
  recommendation: string,
): AnalyzerFinding {
  return {
    detector,
    swcId: undefined,
    severity: 'info',
    title,
    description,
    recommendation,
    file,
    startLine: line,
    endLine: line,
  };
}

/**
 * `uploadedNames` are the names of every file of the upload, `files` the ones that are text: a file
 * the analyzer cannot read is still a source unit an import may name.
 */
export function analyzeSources(
  files: readonly SourceFile[],
  detectors: readonly Detector[] = DETECTORS,
  uploadedNames: readonly string[] = files.map((file) => file.path),
): AnalysisResult {
  const findings: AnalyzerFinding[] = [];
  const detectorErrors: DetectorError[] = [];
  const parsed: SolidityFile[] = [];
  let failedFiles = 0;

  for (const source of files) {
    if (VYPER.test(source.path)) {
      findings.push(
        infoFinding(
          'vyper-not-analysed',
          source.path,
          1,
          'Vyper file not analysed',
          `${source.path} is a Vyper source; this analyzer only understands Solidity, so no rule was run on it.`,
          'Review Vyper contracts with a Vyper-aware tool or manually.',
        ),
      );
      continue;
    }
    const outcome = parseSource(source.path, source.content);
    if (outcome.ok) {
      parsed.push(outcome.file);
      continue;
    }
    failedFiles += 1;
    findings.push(
      infoFinding(
        'parse-error',
        source.path,
        outcome.line,
        'File could not be parsed',
        `The Solidity parser stopped at line ${outcome.line}: ${outcome.message}. No rule was run on this file.`,
        'Make the file compile (check the syntax at the reported line and the pragma), then audit again.',
      ),
    );
  }

  const project = buildProject(parsed, uploadedNames);
  const seen = new Set<string>();
  for (const file of parsed)
    for (const detector of detectors)
      for (const hit of runDetector(detector, file, project, detectorErrors)) {
        const finding = toFinding(detector, file, hit);
        const key = JSON.stringify(finding);
        if (seen.has(key)) continue;
        seen.add(key);
        findings.push(finding);
      }

  const order = new Map(files.map((f, index) => [f.path, index]));
  findings.sort(
    (a, b) =>
      (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) ||
      a.startLine - b.startLine ||
      a.endLine - b.endLine ||
      a.detector.localeCompare(b.detector),
  );
  return { findings, parsedFiles: parsed.length, failedFiles, detectorErrors };
}
