/**
 * Stryker on the modules named, with the in-process tests (stryker.config.json):
 *
 *   npm run mutate -- --mutate src/engine/reuse.ts
 *
 * It runs in place: Stryker's sandbox cannot copy the links among the layout fixtures' installed
 * packages (test/fixtures/layouts/yarn-workspaces/node_modules), so tests of the search fail
 * there. In place, Stryker puts back the files it touched without their executable bit; git's
 * modes are restored afterwards, whatever the run's end.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';

const stryker = spawnSync('npx', ['stryker', 'run', '--inPlace', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
const staged = execFileSync('git', ['ls-files', '--stage'], { encoding: 'utf8' });
for (const line of staged.split('\n')) {
  const [info, file] = line.split('\t');
  if (file !== undefined && info?.startsWith('100755 ')) chmodSync(file, 0o755);
}
process.exit(stryker.status ?? 1);
