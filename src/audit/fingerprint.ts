/**
 * Fingerprints identify "the same finding" across runs (sticky comments, SARIF
 * partialFingerprints, baselines). They hash what a finding is (rule, file, title), never where
 * it is, so they survive unrelated lines moving.
 */
import { sha256 } from '../digest.ts';
import { severityRank, type Finding } from './findings.ts';

type Unfingerprinted = Omit<Finding, 'fingerprint'>;

/**
 * Findings with identical keys (the same rule twice in one file) are told apart by their order
 * of `startLine`: the first keeps the bare hash, the next get `:2`, `:3`…. Input order is kept.
 */
export function assignFingerprints(findings: readonly Unfingerprinted[]): Finding[] {
  const keyOf = fingerprintKeys();
  const keyed = findings.map((finding, index) => ({ finding, index, key: keyOf(finding) }));
  const groups = new Map<string, (typeof keyed)[number][]>();
  for (const entry of keyed) {
    const group = groups.get(entry.key);
    if (group) group.push(entry);
    else groups.set(entry.key, [entry]);
  }

  const suffixes: (string | undefined)[] = [];
  for (const group of groups.values()) {
    if (group.length === 1) continue;
    group
      .sort((a, b) => compareForOrder(a.finding, b.finding) || a.index - b.index)
      .forEach((entry, rank) => {
        if (rank > 0) suffixes[entry.index] = `:${rank + 1}`;
      });
  }
  return keyed.map(({ finding, index, key }) => ({
    ...finding,
    fingerprint: key + (suffixes[index] ?? ''),
  }));
}

/**
 * Keys for one list: its titles and (rule, file, title) triples repeat, so each is worked once.
 * The triple is looked up part by part: findings share each part's string, so no key is built.
 */
function fingerprintKeys(): (finding: Unfingerprinted) => string {
  const titles = new Map<string, string>();
  const hashes = new Map<string, Map<string, Map<string, string>>>();
  return (finding) => {
    let title = titles.get(finding.title);
    if (title === undefined) {
      title = normalizeTitle(finding.title);
      titles.set(finding.title, title);
    }
    const rule = finding.ruleId ?? finding.swcId ?? title;
    const file = finding.file ?? '';
    let byFile = hashes.get(rule);
    if (byFile === undefined) hashes.set(rule, (byFile = new Map()));
    let byTitle = byFile.get(file);
    if (byTitle === undefined) byFile.set(file, (byTitle = new Map()));
    let hash = byTitle.get(title);
    if (hash === undefined) {
      const material = [rule, file, title].join('\u0000');
      hash = sha256(material, 'hex').slice(0, 16);
      byTitle.set(title, hash);
    }
    return hash;
  };
}

/** Case and spacing ignored; line references (`#12-20`, `#L12`, `line 12`) dropped, as they move. */
export function normalizeTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/#l?\d+(?:\s*-\s*l?\d+)?/g, ' ')
    .replace(/\blines?\s*\d+(?:\s*(?:-|to)\s*\d+)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A total order on everything the service says of a finding, so that the suffixes never depend
 * on the order it lists them in: two findings that differ only in severity keep their own.
 */
function compareForOrder(a: Unfingerprinted, b: Unfingerprinted): number {
  const unknown = Number.MAX_SAFE_INTEGER;
  return (
    (a.startLine ?? unknown) - (b.startLine ?? unknown) ||
    (a.endLine ?? unknown) - (b.endLine ?? unknown) ||
    compareText(a.description, b.description) ||
    severityRank(b.severity) - severityRank(a.severity) ||
    compareText(a.severityLabel, b.severityLabel) ||
    compareText(a.title, b.title) ||
    compareText(a.swcId, b.swcId) ||
    compareText(a.cweId, b.cweId) ||
    compareText(a.recommendation, b.recommendation) ||
    compareText(a.serviceId, b.serviceId)
  );
}

/** Plain code-unit order, not localeCompare: the same on every runner; absent sorts last. */
function compareText(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined || b === undefined) return a === undefined ? 1 : -1;
  return a < b ? -1 : 1;
}
