import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActionLogger } from '../../src/action/logger.ts';
import { Redactor } from '../../src/redaction.ts';

const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
let written: string[];

beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function logger() {
  const redactor = new Redactor();
  redactor.add(KEY);
  return createActionLogger(redactor);
}

describe('createActionLogger', () => {
  it.each(['debug', 'info'] as const)(
    '%s: redacts the key and neutralizes commands on every line',
    (level) => {
      logger()[level](`key ${[...KEY].join('\u200b')}\n::error::injected\n##[warning]injected`);
      const out = written.join('');
      expect(out).not.toContain(KEY);
      expect(out).toContain('***');
      expect(out).not.toMatch(/(^|\n|%0A)::error::/);
      expect(out).not.toContain('##[');
    },
  );

  it.each(['notice', 'warning', 'error'] as const)(
    '%s: redacts the message, title and file of an annotation',
    (level) => {
      logger()[level](`message ${KEY}`, { title: `title ${KEY}`, file: `src/${KEY}.sol` });
      const [line] = written;
      expect(line).toMatch(new RegExp(`^::${level} `));
      expect(line).not.toContain(KEY);
      expect(line).toContain('title ***');
      expect(line).toContain('src/***.sol');
    },
  );

  it('groups lines, each cleaned like info, in one write', () => {
    logger().group(`Files ${KEY}`, ['a.sol', `::error::${KEY}`]);
    expect(written).toEqual(['::group::Files ***\n', 'a.sol\n: :error::***\n', '::endgroup::\n']);
  });

  it('writes an empty group as its two commands', () => {
    logger().group('Nothing', []);
    expect(written).toEqual(['::group::Nothing\n', '::endgroup::\n']);
  });
});
