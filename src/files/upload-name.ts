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
export function uploadNameProblem(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.length > MAX_NAME_LENGTH) return `a name longer than ${MAX_NAME_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'a control character in the name';
  if (name.includes('\\')) return 'a backslash in the name';
  // The artifact service refuses these in a file's path; `:` also rules out drive letters.
  if (/[":<>|*?]/.test(name)) return 'one of " : < > | * ? in the name';
  if (name.startsWith('/')) return 'an absolute path';
  for (const segment of name.split('/')) {
    if (segment === '') return 'an empty path segment (`//` or a trailing `/`)';
    if (segment === '.' || segment === '..') return `a \`${segment}\` segment`;
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
      return `a path segment longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  return undefined;
}
