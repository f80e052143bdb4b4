/**
 * Source unit names, as solc forms them for relative imports (docs: "Import Path Resolution";
 * checked against solc 0.8.37 by the reference service's tests).
 */

/** True for `./x` and `../x`: resolved against the importer's name; every other path is direct. */
export function isRelativeImport(importPath: string): boolean {
  return importPath.startsWith('./') || importPath.startsWith('../');
}

/**
 * The unit name a relative import refers to: the importer's name without its last segment, then
 * each segment of the import applied (`.` and empty ones dropped, `..` removes one). A `..` with
 * nothing left to remove is ignored, as solc ignores it.
 */
export function resolveRelativeImport(importerName: string, importPath: string): string {
  const segments = importerName.split('/').slice(0, -1);
  for (const segment of importPath.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}
