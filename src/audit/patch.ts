/**
 * Reads the unified diff GitHub gives for one file of a pull request (the `patch` field of
 * "list pull request files") and says which lines of the new file the pull request added or
 * changed.
 */

/** Inclusive, 1-based line numbers in the new version of the file. */
export interface LineRange {
  start: number;
  end: number;
}

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
export function addedLineRanges(patch: string): LineRange[] {
  const ranges: LineRange[] = [];
  let oldLeft = 0;
  let newLeft = 0;
  let newLine = 0;
  for (const line of patch.split(/\r?\n/)) {
    // Content lines start with ' ', '+', '-' or '\\', so '@@' always opens a hunk.
    if (line.startsWith('@@')) {
      const header = HUNK_HEADER.exec(line);
      if (header === null) throw new Error(`Unrecognized hunk header: ${line.slice(0, 80)}`);
      oldLeft = header[2] === undefined ? 1 : Number(header[2]);
      newLeft = header[4] === undefined ? 1 : Number(header[4]);
      newLine = Number(header[3]);
      continue;
    }
    if (oldLeft === 0 && newLeft === 0) continue; // between hunks: file headers, trailing newline
    if (line.startsWith('+')) {
      addLine(ranges, newLine);
      newLine += 1;
      newLeft -= 1;
    } else if (line.startsWith('-')) {
      oldLeft -= 1;
    } else if (line === '' || line.startsWith(' ')) {
      // A context line; some tools strip the space of an empty one, so '' counts too.
      newLine += 1;
      newLeft -= 1;
      oldLeft -= 1;
    } else if (!line.startsWith('\\')) {
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
function addLine(ranges: LineRange[], line: number): void {
  const last = ranges.at(-1);
  if (last !== undefined && line <= last.end + 1) last.end = Math.max(last.end, line);
  else ranges.push({ start: line, end: line });
}
