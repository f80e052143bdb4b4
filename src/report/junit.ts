/**
 * JUnit XML, which Jenkins, Azure DevOps, CircleCI and GitLab's test reports read: a test case
 * per finding, failed when it fails the gate (at or above `fail-on`), skipped when it does not
 * count (in a dependency, suppressed, accepted), passed otherwise. An audit without findings is
 * one passed case, so a report never reads as "no tests ran".
 */
import { isBlocking, type FailOn } from '../audit/gate.ts';
import { STATUS_WORDS, type TriagedFinding } from '../audit/triage.ts';
import type { Report } from './model.ts';

export function renderJunit({
  projectName,
  failOn,
  findings,
}: Pick<Report, 'projectName' | 'failOn' | 'findings'>): string {
  const cases = findings.map((entry) => testCase(entry, failOn));
  const failures = cases.filter((each) => each.failed).length;
  const skipped = cases.filter((each) => each.skipped).length;
  const body =
    cases.length > 0
      ? cases.map((each) => each.xml)
      : [`    <testcase classname="${xml(projectName)}" name="audit: no findings"/>`];
  const counts = `tests="${Math.max(cases.length, 1)}" failures="${failures}" errors="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // Jenkins' schema has no `skipped` on <testsuites>: the suite carries it.
    `<testsuites name="contract-audit" ${counts}>`,
    `  <testsuite name="${xml(projectName)}" ${counts} skipped="${skipped}">`,
    ...body,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testCase({ finding, status, project }: TriagedFinding, failOn: FailOn) {
  const where = finding.file
    ? `${finding.file}${finding.startLine ? `:${finding.startLine}` : ''}`
    : '(no location)';
  const rule = finding.swcId ?? finding.ruleId;
  const name = `${finding.severity.toUpperCase()} ${where}  ${finding.title}${rule ? ` [${rule}]` : ''}`;
  const open = `    <testcase classname="${xml(project ?? finding.file ?? 'contracts')}" name="${xml(name)}"`;
  if (status !== 'active') {
    return {
      failed: false,
      skipped: true,
      xml: `${open}>\n      <skipped message="${xml(`${STATUS_WORDS[status]}: not counted`)}"/>\n    </testcase>`,
    };
  }
  if (!isBlocking(finding.severity, failOn))
    return { failed: false, skipped: false, xml: `${open}/>` };
  const text = [where, finding.description, finding.recommendation].filter(Boolean).join('\n\n');
  return {
    failed: true,
    skipped: false,
    xml:
      `${open}>\n      <failure message="${xml(finding.title)}" type="${xml(finding.severity)}">` +
      `${xml(text)}</failure>\n    </testcase>`,
  };
}

/**
 * Text as XML 1.0 character data or an attribute value: the five special characters as
 * entities, and what XML 1.0 cannot hold at all (controls but tab and line breaks, lone
 * surrogates, U+FFFE and U+FFFF) as U+FFFD, so a hostile service cannot break the document.
 */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd')
    .replace(
      /[&<>"']/g,
      (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
    );
}
