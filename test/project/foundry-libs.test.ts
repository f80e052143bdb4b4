import { describe, expect, it } from 'vitest';
import { leavesFolder } from '../../src/project/foundry-libs.ts';

describe('leavesFolder', () => {
  it('is true of a libs entry that leads out of the project: up a folder, or an absolute path', () => {
    for (const lib of [
      '..',
      '../',
      '../lib',
      '../../lib/',
      'lib/../..',
      'lib/../../x',
      '/opt/lib',
      ' /opt/lib ',
    ])
      expect(leavesFolder(lib), lib).toBe(true);
  });

  it('is false of one inside it: the folder itself, a folder under it, one whose name starts with two dots', () => {
    for (const lib of ['', '.', './', 'lib', './lib/', 'lib/../deps', '..lib', '...'])
      expect(leavesFolder(lib), lib).toBe(false);
  });
});
