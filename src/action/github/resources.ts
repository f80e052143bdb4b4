/**
 * What the GitHub client's endpoints take and answer, typed narrowly: the check runs, comments,
 * artifacts, trees and pull requests the reports and the artifact's audit use.
 */
import type {
  CheckAnnotation,
  CheckConclusion,
  CheckRunText,
} from '../../report/check-run-output.ts';

export interface CheckRunOutput extends CheckRunText {
  /** Appended to the check run's annotations; at most 50 per request. */
  annotations?: CheckAnnotation[];
}

export interface CheckRunCreate {
  name: string;
  headSha: string;
  status: 'queued' | 'in_progress';
  externalId?: string;
  detailsUrl?: string;
  output: CheckRunOutput;
}

export interface CheckRunUpdate {
  status?: 'in_progress' | 'completed';
  externalId?: string;
  conclusion?: CheckConclusion;
  output?: CheckRunOutput;
}

export interface CheckRun {
  id: number;
  /** The check run's page on GitHub. */
  url: string;
}

export interface IssueComment {
  id: number;
  url: string;
  body: string;
  author: { login: string; isBot: boolean } | undefined;
}

/** A workflow run's artifact as GitHub lists it. */
export interface RunArtifact {
  id: number;
  name: string;
  /** The zip's size as GitHub records it. */
  sizeInBytes: number;
  expired: boolean;
  /** `sha256:<hex>` of the zip, when GitHub has it. */
  digest: string | undefined;
}

/** An entry of a git tree: a file (`blob`), a folder (`tree`) or a submodule (`commit`). */
export interface TreeEntry {
  /** Relative to the tree read, POSIX. */
  path: string;
  /** Git's: 100644 and 100755 files, 120000 links, 040000 folders, 160000 submodules. */
  mode: string;
  type: string;
  sha: string;
  /** Bytes, for blobs. */
  size: number | undefined;
}

/** A git tree as GitHub serves it: `truncated` when it left entries out. */
export interface GitTree {
  entries: TreeEntry[];
  truncated: boolean;
}

/** An open pull request, as listed by its head. */
export interface HeadPullRequest {
  number: number;
  headSha: string;
}

/** A pull request read by its number, as it is now. */
export interface PullRequestNow {
  number: number;
  headSha: string;
  /** How many files it changes, as GitHub counts them (its files API lists at most 3,000). */
  changedFiles: number | undefined;
}

/** A check run as a commit's listing shows it: what finding a pending run's record needs. */
export interface ListedCheckRun {
  id: number;
  name: string;
  headSha: string;
  /** Its page on GitHub. */
  url: string;
  externalId: string | null;
  /** Its output's text, where a long pending record is kept. */
  text: string | null;
  startedAt: string | null;
  /** The app that created it; only that app may update it. */
  app: { id: number; slug: string } | undefined;
}
