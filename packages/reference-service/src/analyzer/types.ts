/** Public shapes of the reference analyzer and the contract every detector implements. */
import type { BaseASTNode } from '@solidity-parser/parser/dist/src/ast-types.js';
import type { ContractInfo, Project, SolidityFile } from './project.ts';

export type AnalyzerSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info' | 'gas';

export interface AnalyzerFinding {
  /** Rule id, e.g. `reentrancy`. */
  detector: string;
  swcId: string | undefined;
  severity: AnalyzerSeverity;
  title: string;
  description: string;
  recommendation: string;
  /** The path as uploaded. */
  file: string;
  startLine: number;
  endLine: number;
}

export interface SourceFile {
  path: string;
  content: string;
}

/** A detector that threw: kept so a bug in one rule never hides the others, and so tests can see it. */
export interface DetectorError {
  detector: string;
  file: string;
  message: string;
}

export interface AnalysisResult {
  findings: AnalyzerFinding[];
  parsedFiles: number;
  failedFiles: number;
  detectorErrors: DetectorError[];
}

/** One place a detector fires: the node whose lines are reported (or an explicit span) and why. */
export interface DetectorHit {
  node: BaseASTNode;
  /** Extends the reported span to this node's last line (e.g. from a call to the later state write). */
  until?: BaseASTNode;
  description: string;
}

export interface Detector {
  id: string;
  swcId: string | undefined;
  severity: AnalyzerSeverity;
  title: string;
  recommendation: string;
  /** Called once per contract of every parsed file. */
  detectContract?(contract: ContractInfo, project: Project): DetectorHit[];
  /** Called once per parsed file, for file-level rules such as pragmas. */
  detectFile?(file: SolidityFile, project: Project): DetectorHit[];
}
