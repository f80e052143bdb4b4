/**
 * Report files checked by their consumers' own rules (test/fixtures/SCHEMAS.md):
 * SARIF by the OASIS schema, code quality by GitLab's schema plus the fields its documentation
 * requires, JUnit by the Jenkins xUnit plugin's XSD through libxml2 (xmllint-wasm).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';
import { fixtureJson, fixtureText } from './fixtures.ts';

// The SARIF schema's `language` pattern (`…{2}]?$`) is not a valid regular expression with the
// `u` flag Ajv uses by default; without it, it reads as a literal `]`, as the schema's authors meant.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
// ajv-formats is CommonJS: under NodeNext its default import is the module object.
(addFormats as unknown as { default: typeof addFormats.default }).default(ajv);

const sarifSchema = ajv.compile(fixtureJson<object>('sarif-schema-2.1.0.json'));
const gitlabEntry = ajv.compile(fixtureJson<object>('gitlab-codeclimate-schema.json'));
const junitSchema = fixtureText('junit-10.xsd');

const GITLAB_SEVERITIES = ['info', 'minor', 'major', 'critical', 'blocker'];

function schemaProblems(validate: ValidateFunction, value: unknown, where = ''): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${where}${error.instancePath} ${error.message}`);
}

export function sarifProblems(log: unknown): string[] {
  return schemaProblems(sarifSchema, log);
}

/** What GitLab would refuse or misread in a code quality report; empty when it takes it whole. */
export function codeQualityProblems(report: unknown): string[] {
  if (!Array.isArray(report)) return ['the report is not a JSON array'];
  const fingerprints = new Set<string>();
  return report.flatMap((entry: Record<string, unknown>, index) => {
    const where = `[${index}]`;
    const problems = schemaProblems(gitlabEntry, entry, where);
    if (problems.length > 0) return problems;
    const location = entry['location'] as { path?: unknown; lines?: { begin?: unknown } };
    const fingerprint = entry['fingerprint'] as string;
    if (typeof entry['check_name'] !== 'string' || entry['check_name'] === '')
      problems.push(`${where} has no check_name`);
    if (!GITLAB_SEVERITIES.includes(entry['severity'] as string))
      problems.push(`${where} severity ${String(entry['severity'])} is not one of GitLab's`);
    const path = location.path;
    if (typeof path !== 'string' || path === '' || /^(\/|\.\/)|(^|\/)\.\.(\/|$)/.test(path))
      problems.push(`${where} location.path ${String(path)} is not a relative repository path`);
    const line = location.lines?.begin;
    if (typeof line !== 'number' || line < 1) problems.push(`${where} has no line (lines.begin)`);
    if (fingerprints.has(fingerprint)) problems.push(`${where} repeats fingerprint ${fingerprint}`);
    fingerprints.add(fingerprint);
    return problems;
  });
}

/** What libxml2 reports when the document is checked against the JUnit XSD; empty when valid. */
export async function junitProblems(document: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'junit.xml', contents: document }],
    schema: [{ fileName: 'junit-10.xsd', contents: junitSchema }],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
