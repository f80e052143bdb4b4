/**
 * `pragma solidity` version ranges (npm-semver syntax, as solc reads them) as sets of half-open
 * intervals, so rules can ask "may this file be compiled with a version below 0.8.0?".
 */

/** `[from, to)` over encoded versions; `to` is Infinity when unbounded. */
export interface VersionInterval {
  from: number;
  to: number;
}

export function encodeVersion(major: number, minor: number, patch: number): number {
  return major * 1_000_000 + minor * 1_000 + patch;
}

const COMPARATOR = /^(\^|~|>=|<=|>|<|=)?v?(\d+)(?:\.(\d+|x|X|\*))?(?:\.(\d+|x|X|\*))?$/;

function numberPart(part: string | undefined): number | undefined {
  return part === undefined || !/^\d+$/.test(part) ? undefined : Number(part);
}

/** The interval one comparator allows, or undefined when it is not a version comparator. */
function comparatorInterval(text: string): VersionInterval | undefined {
  const match = COMPARATOR.exec(text);
  if (!match) return undefined;
  const operator = match[1] ?? '=';
  const major = Number(match[2]);
  const minor = numberPart(match[3]);
  const patch = minor === undefined ? undefined : numberPart(match[4]);
  const floor = encodeVersion(major, minor ?? 0, patch ?? 0);
  // First version past what the comparator names: past the patch, the minor or the major.
  const next =
    patch !== undefined
      ? floor + 1
      : minor !== undefined
        ? encodeVersion(major, minor + 1, 0)
        : encodeVersion(major + 1, 0, 0);
  switch (operator) {
    case '=':
      return { from: floor, to: next };
    case '>=':
      return { from: floor, to: Infinity };
    case '>':
      return { from: next, to: Infinity };
    case '<':
      return { from: 0, to: floor };
    case '<=':
      return { from: 0, to: next };
    case '~':
      return { from: floor, to: minor === undefined ? next : encodeVersion(major, minor + 1, 0) };
    default: {
      // Caret: the left-most non-zero part may not change.
      if (major > 0 || minor === undefined)
        return { from: floor, to: encodeVersion(major + 1, 0, 0) };
      if (minor > 0 || patch === undefined)
        return { from: floor, to: encodeVersion(0, minor + 1, 0) };
      return { from: floor, to: floor + 1 };
    }
  }
}

/** Intervals a pragma value allows (`||` alternatives of space-separated comparators); undefined if unreadable. */
export function parseVersionRange(value: string): VersionInterval[] | undefined {
  const intervals: VersionInterval[] = [];
  for (const alternative of value.split('||')) {
    const comparators = alternative
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter((part) => part !== '');
    if (comparators.length === 0) return undefined;
    let interval: VersionInterval = { from: 0, to: Infinity };
    for (const comparator of comparators) {
      const next = comparatorInterval(comparator);
      if (!next) return undefined;
      interval = { from: Math.max(interval.from, next.from), to: Math.min(interval.to, next.to) };
    }
    if (interval.from < interval.to) intervals.push(interval);
  }
  return intervals;
}

export function allowsVersionBelow(range: readonly VersionInterval[], version: number): boolean {
  return range.some((interval) => interval.from < version);
}

export function allowsVersionAtOrAbove(
  range: readonly VersionInterval[],
  version: number,
): boolean {
  return range.some((interval) => interval.to > version);
}

/** True unless the pragma pins exactly one full version (`0.8.24` or `=0.8.24`). */
export function isFloatingPragma(value: string): boolean {
  return !/^=?\s*\d+\.\d+\.\d+$/.test(value.trim());
}
