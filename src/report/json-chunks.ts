/**
 * A report file with one long list, written a piece at a time yet byte for byte as
 * `JSON.stringify(document, null, 2)` would write it whole: the whole text is never held, and
 * elements are built only when their turn comes.
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
  const indent = at - json.lastIndexOf('\n', at) - 1;
  // Nested in as many lists as the key is deep, a chunk's elements come out indented as they
  // are in the document, by one call: each of the `levels` lists adds a line before and after.
  const levels = indent / 2 + 1;
  const frame = levels * (levels + 1);
  let chunk = json.slice(0, at + list.length);
  for (let start = 0; start < items.length; start += CHUNK_ELEMENTS) {
    let nested: unknown = items.slice(start, start + CHUNK_ELEMENTS).map(toElement);
    for (let level = 1; level < levels; level += 1) nested = [nested];
    const text = JSON.stringify(nested, null, 2);
    yield `${chunk}${start === 0 ? '' : ','}\n${text.slice(frame, text.length - frame)}`;
    chunk = '';
  }
  const close = items.length === 0 ? '' : `\n${' '.repeat(indent)}`;
  yield `${chunk}${close}${json.slice(at + list.length)}${end}`;
}
