/** A file of the upload as imports reach it, and what resolving one import gives. */

export interface SourceNode {
  /** The name it is uploaded under: importers' import strings resolve to it without remappings. */
  name: string;
  /** The name the project's compiler gives it: what remapping contexts are matched against. */
  unitName: string;
  /** Absolute, links resolved, inside the workspace. */
  absolutePath: string;
  size: number;
}

/** A file, why none was found, or a module built into the compiler (Vyper's `ethereum.ercs`). */
export type Resolution = { node: SourceNode } | { problem: string } | { builtIn: string };

/** A file found on disk: its real path and size. */
export type FoundFile = { absolutePath: string; size: number };
