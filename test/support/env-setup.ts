/**
 * Runs before every test file. A runner's proxy settings would send the tests' requests to
 * 127.0.0.1 through a proxy that may be dead; tests that want a proxy set one themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY']) {
  Reflect.deleteProperty(process.env, name);
  Reflect.deleteProperty(process.env, name.toLowerCase());
}

// Run on GitHub (ci.yml), the tests would otherwise reach the runner's real cache service; those
// that want one start the stand-in (test/support/results-service.ts).
for (const name of [
  'ACTIONS_RESULTS_URL',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_CACHE_MODE',
]) {
  Reflect.deleteProperty(process.env, name);
}

// Each test file's temporary folders (checkouts, RUNNER_TEMP, event files) go in one folder of
// its own, removed when the file ends: os.tmpdir() follows TMPDIR, and so do the processes the
// tests start with this environment. Left in /tmp, a full run left hundreds behind.
const scratch = mkdtempSync(path.join(tmpdir(), 'audit-action-test-'));
process.env['TMPDIR'] = scratch;
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});
