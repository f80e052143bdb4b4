/**
 * The human message inside a service answer: error bodies (no shape is documented) and the
 * `message` of a failed audit. The text is untrusted: it comes back as one bounded line.
 */

import { bodyExcerpt, htmlText, looksLikeHtml } from './excerpt.ts';
import { isRecord, type JsonRecord } from '../json.ts';
import { envelopeLevels, field, readJson, text } from './json-fields.ts';

const MAX_MESSAGE = 500;

/** `error` as a string or `{message}`, `message`, `detail`, `errors[].message`, `reason`. */
export function messageIn(levels: readonly JsonRecord[]): string | undefined {
  for (const level of levels) {
    const found =
      messageText(field(level, 'error')) ??
      text(field(level, 'message')) ??
      messageText(field(level, 'detail')) ??
      messageText(field(level, 'errors')) ??
      text(field(level, 'reason')) ??
      text(field(level, 'error_description'));
    if (found !== undefined) return bodyExcerpt(found, MAX_MESSAGE);
  }
  return undefined;
}

/** Fields a service names an error: any text in them is bad news, unless it says there is none. */
const ERROR_FIELDS = [
  'error',
  'errors',
  'error_message',
  'errorMessage',
  'failure',
  'failure_reason',
  'failureReason',
  'exception',
];
/** Fields that carry good news as often as bad: only words of failure in them count. */
const NOTE_FIELDS = [
  'message',
  'msg',
  'detail',
  'details',
  'status_message',
  'statusMessage',
  'status_detail',
  'statusDetail',
  'status_reason',
  'reason',
  'error_description',
];
/** Lists where compilers also put harmless diagnostics: only a failed analysis counts. */
const WARNING_FIELDS = ['warnings', 'warning'];

const SAYS_NO_ERROR =
  /^(?:none|null|nil|n\/a|ok|okay|false|success(?:ful)?|no errors?(?: found)?|0 errors?)\.?$/i;
const FAILURE =
  /\b(?:fail(?:s|ed|ing|ures?)?|errors?|crash(?:es|ed)?|abort(?:s|ed)?|exceptions?|fatal|panic(?:s|ked)?|timed? ?out|unable|cannot|can't|could ?not|couldn't|unsupported|incomplete)\b/gi;
/** `0 files analyzed`, `no Solidity files found`, `compiled 0 contracts`, `nothing to analyze`. */
const NOTHING_ANALYZED = new RegExp(
  [
    String.raw`\b(?:0|no|zero|none of the)\s+(?:(?:solidity|vyper|source|smart|input|uploaded)\s+)?(?:files?|contracts?|sources?)\s+(?:(?:were|was|could be|have been)\s+)?(?:analy[sz]ed|compiled|scanned|processed|found|detected)\b(?!\s+(?:with|that|having|containing)\b)`,
    String.raw`\b(?:analy[sz]ed|compiled|scanned|processed)\s+(?:0|no|zero)\s+(?:\w+\s+)?(?:files?|contracts?|sources?)\b`,
    String.raw`\bnothing\s+(?:was\s+|to\s+)?(?:analy[sz]e[ds]?|compiled?|scan(?:ned)?)\b`,
  ].join('|'),
  'i',
);
/** The subject a warning must name to say the analysis (not the code) went wrong. */
const ANALYSIS =
  /\b(?:analy[sz]\w*|compil\w*|scan\w*|audit\w*|solc|detectors?|slither|mythril|pars(?:er|ing)|build|job|worker|engine|tool)\b/i;
const NEGATION = /\b(?:no|not|without|zero|0|never|none)\b/i;
const ZERO_AFTER = /^(?:-free\b|\s*(?:count|total)?\s*[:=]\s*(?:0|none)\b)/i;

/**
 * In a completed answer: the service's own words that the analysis failed or analysed nothing,
 * as one bounded line; undefined when it says nothing of the kind (`No issues found`, `0 errors`,
 * `completed without errors`). Text in an error field counts unless it says there is no error.
 */
export function failureIn(levels: readonly JsonRecord[]): string | undefined {
  const said = (fields: readonly string[], counts: (text: string) => boolean) =>
    levels.flatMap((level) =>
      fields.flatMap((key) => {
        const parts = messageParts(field(level, key)).filter(counts);
        return parts.length > 0 ? [parts.join('; ')] : [];
      }),
    )[0];
  const found =
    said(ERROR_FIELDS, (text) => !SAYS_NO_ERROR.test(text)) ??
    said(NOTE_FIELDS, (text) => saysFailure(text) || NOTHING_ANALYZED.test(text)) ??
    said(
      WARNING_FIELDS,
      (text) => (saysFailure(text) && ANALYSIS.test(text)) || NOTHING_ANALYZED.test(text),
    );
  return found === undefined ? undefined : bodyExcerpt(found, MAX_MESSAGE);
}

/** A word of failure that no `no`/`without`/`0` before it, nor `: 0` after it, takes back. */
function saysFailure(text: string): boolean {
  for (const match of text.matchAll(FAILURE)) {
    const clause =
      text
        .slice(0, match.index)
        .split(/[.;:!?,\n]/)
        .at(-1) ?? '';
    const before = clause.trim().split(/\s+/).slice(-3).join(' ');
    const after = text.slice(match.index + match[0].length);
    if (!NEGATION.test(before) && !ZERO_AFTER.test(after)) return true;
  }
  return false;
}

/** A string, `{message}` (or `msg`/`detail`), or a list of those joined with '; '. */
function messageText(value: unknown): string | undefined {
  const parts = messageParts(value);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

function messageParts(value: unknown): string[] {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    const part = isRecord(item)
      ? (text(item.message) ?? text(item.msg) ?? text(item.detail))
      : text(item);
    return part === undefined ? [] : [part];
  });
}

/**
 * The service's explanation in an error answer, or undefined when a JSON body holds none.
 * A non-JSON body (a proxy's HTML page, plain text) is quoted as a short excerpt.
 */
export function serviceErrorText(bodyText: string): string | undefined {
  if (bodyText.trim() === '') return undefined;
  const json = readJson(bodyText);
  if (!json.ok) {
    const excerpt = bodyExcerpt(looksLikeHtml(bodyText) ? htmlText(bodyText) : bodyText);
    return excerpt === '' ? undefined : excerpt;
  }
  const { value } = json;
  if (typeof value === 'string') return text(value) === undefined ? undefined : bodyExcerpt(value);
  if (Array.isArray(value)) {
    const list = messageText(value);
    return list === undefined ? undefined : bodyExcerpt(list, MAX_MESSAGE);
  }
  return messageIn(envelopeLevels(value));
}
