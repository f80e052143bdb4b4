/** The head commit a `workflow_run` judged, for the renderers' tests: refused files, hostile ones. */
import type { JudgedCommit, RefusedFile } from '../../src/audit/result.ts';

export const HEAD_SHA = '0123abcd0123abcd0123abcd0123abcd0123abcd';

/** Reasons in the words the fork work gives them. */
export const NOT_THE_HEAD = "its bytes are not the head commit's";
export const NOT_IN_THE_HEAD =
  'the head commit has no file at this path, and it is not under a submodule or node_modules';

/** Paths an artifact could give its files, each a way to render something of its own. */
export const HOSTILE_PATHS: readonly string[] = [
  'contracts/[click](https://evil.example/login)/Vault.sol',
  'contracts/<img src=x onerror=alert(1)>.sol',
  '</details><script>alert(1)</script>.sol',
  'contracts/@admin #12 Vault.sol',
  'contracts/Vault.sol\n\n# Heading\n| injected | row |',
  'contracts/\u001b[31mred\u0007\u0000.sol',
  'contracts/\u202elos.tluaV',
  'contracts/a|b.sol',
  'contracts/`code` ![pixel](https://evil.example/x.png).sol',
  'www.evil.example/x.sol',
];

/** The commit, with `refused` files, or that many refused files of plain paths. */
export function judgedCommit(refused: readonly RefusedFile[] | number = []): JudgedCommit {
  return {
    sha: HEAD_SHA,
    refused:
      typeof refused === 'number'
        ? Array.from({ length: refused }, (_, i) => ({
            path: `contracts/Refused${i}.sol`,
            reason: NOT_THE_HEAD,
          }))
        : [...refused],
  };
}

/** Every hostile path refused, each with a reason. */
export function hostileRefusals(): RefusedFile[] {
  return HOSTILE_PATHS.map((path, i) => ({
    path,
    reason: i % 2 === 0 ? NOT_THE_HEAD : `${NOT_IN_THE_HEAD} <b>@admin</b>`,
  }));
}
