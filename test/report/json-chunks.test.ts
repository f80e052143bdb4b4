import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/report/json-chunks.ts';

const element = (i: number) => ({
  id: i,
  text: `line ${i}\n"quoted" \\ ${'é'.repeat(i % 3)}`,
  skipped: undefined,
  nested: { list: [i, null, { deep: [] }], empty: {} },
});

const documents = {
  findings: (findings: unknown[]) => ({ schemaVersion: 1, note: '"findings": []', findings }),
  results: (results: unknown[]) => ({ runs: [{ tool: {}, results, properties: { n: 1 } }] }),
};

describe('jsonChunks', () => {
  it.each([0, 1, 99, 100, 101, 250])(
    'writes %i elements as the indented document, one element per line',
    (count) => {
      const items = Array.from({ length: count }, (_, i) => i);
      for (const [key, make] of Object.entries(documents)) {
        const chunks = [
          ...jsonChunks(JSON.stringify(make([]), null, 2), key, items, element, '\n'),
        ];
        const text = chunks.join('');
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(make(items.map(element)))));
        // The frame is the indented document's; the list holds one compact element per line.
        const indent = key === 'findings' ? '  ' : '      ';
        const list =
          count === 0
            ? '[]'
            : `[\n${items.map((i) => `${indent}  ${JSON.stringify(element(i))}`).join(',\n')}\n${indent}]`;
        expect(text).toBe(
          `${JSON.stringify(make([]), null, 2).replace(`"${key}": []`, `"${key}": ${list}`)}\n`,
        );
        expect(chunks.length).toBe(Math.ceil(count / 100) + 1);
      }
    },
  );

  it('writes null for an element JSON cannot write, as in a list', () => {
    const text = [
      ...jsonChunks('{\n  "results": []\n}', 'results', [1, 2], (i) => (i === 1 ? undefined : i)),
    ].join('');
    expect(text).toBe('{\n  "results": [\n    null,\n    2\n  ]\n}');
  });

  it('refuses a document without the empty list to fill', () => {
    expect(() => [...jsonChunks('{\n  "results": {}\n}', 'results', [1], element)]).toThrow(
      'the document has no empty "results" list',
    );
  });
});
