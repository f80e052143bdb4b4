/**
 * A report file with one long list, written a piece at a time: the whole text is never held,
 * and elements are built only when their turn comes. The document reads as
 * `JSON.stringify(document, null, 2)` writes it, except that each element of the list is on one
 * line of its own: at 100,000 findings, indenting them would add a fifth to the results file and
 * two thirds to SARIF, paid again by every step after (redaction, gzip, the disk).
 */

/** Elements per chunk: tens of kilobytes of report, few writes, little held. */
const CHUNK_ELEMENTS = 100;

/**
 * `json` (a document as `JSON.stringify(document, null, 2)` writes it, with `key` an empty list)
 * with `toElement` of each of `items` in that list, then `end`. `"key": []` can only be the key
 * itself: inside a JSON string, its quotes would be escaped.
 */
export function* jsonChunks<T>(
  json: string,
  key: string,
  items: readonly T[],
  toElement: (item: T) => unknown,
  end = '',
): Generator<string> {
  const list = `${JSON.stringify(key)}: [`;
  const at = json.indexOf(`${list}]`);
  if (at < 0) throw new Error(`the document has no empty "${key}" list`);
  const indent = ' '.repeat(at - json.lastIndexOf('\n', at) - 1);
  const elementStart = `\n${indent}  `;
  let chunk = json.slice(0, at + list.length);
  for (let start = 0; start < items.length; start += CHUNK_ELEMENTS) {
    items.slice(start, start + CHUNK_ELEMENTS).forEach((item, offset) => {
      // As in a list: what JSON cannot write (undefined, a function) is null.
      const element = JSON.stringify(toElement(item)) ?? 'null';
      chunk += `${start + offset === 0 ? '' : ','}${elementStart}${element}`;
    });
    yield chunk;
    chunk = '';
  }
  const close = items.length === 0 ? '' : `\n${indent}`;
  yield `${chunk}${close}${json.slice(at + list.length)}${end}`;
}
