/**
 * The reference audit service's public API: the server (with its options, recordings, faults and
 * answer dialects), the analysis an upload goes through, the Solidity analyzer on its own, and the
 * multipart reader the server parses uploads with (so a client's encoding can be checked by it).
 */
export * from './server.ts';
export { analyseUpload, type AuditOutcome } from './analysis.ts';
export { analyzeSources } from './analyzer/analyze.ts';
export { DETECTORS } from './analyzer/registry.ts';
export { openZeppelinSources } from './analyzer/openzeppelin.ts';
export type {
  AnalysisResult,
  AnalyzerFinding,
  AnalyzerSeverity,
  Detector,
  DetectorError,
  SourceFile,
} from './analyzer/types.ts';
export { boundaryOf, MultipartSyntaxError, parseMultipart, type FormPart } from './multipart.ts';
