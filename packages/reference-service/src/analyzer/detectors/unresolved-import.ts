/**
 * An import that reaches no uploaded file under Solidity's own rules with no remappings: a
 * compiler given this upload alone would stop there.
 *
 * Like every rule it runs only on files that parse: solc stops at a syntax error before it reads
 * that file's imports, and the file already has its `parse-error` finding. Vyper sources are never
 * parsed, so their imports (modules Vyper finds on its own search path) are not checked.
 */
import { importPath, isRelativeImport, sourceUnitName } from '../imports.ts';
import type { Detector, DetectorHit } from '../types.ts';

export const unresolvedImport: Detector = {
  id: 'unresolved-import',
  swcId: undefined,
  // Info, as `parse-error` (a syntax error, the other build failure) is: it leaves the audit
  // incomplete but is no risk in the code, and a higher level would fail a client's gate on a
  // packaging mistake as if it were a vulnerability.
  severity: 'info',
  title: 'Imported file not in the upload',
  recommendation:
    'Upload the imported file under the name the import reaches: a relative import (`./`, `../`) is resolved against the importing file name as uploaded, any other import must equal an uploaded file name exactly (no remappings are applied).',
  detectFile(file, project) {
    const hits: DetectorHit[] = [];
    for (const node of file.ast.children) {
      if (node.type !== 'ImportDirective') continue;
      const path = importPath(node.path);
      const name = sourceUnitName(path, file.path);
      if (project.sourceUnitNames.has(name)) continue;
      const reaches = isRelativeImport(path)
        ? `resolves to source unit \`${name}\``
        : 'names that source unit directly';
      hits.push({
        node,
        description: `\`import "${path}"\` ${reaches}, but no file was uploaded under that name, so a compiler given this upload cannot build \`${file.path}\`.`,
      });
    }
    return hits;
  },
};
