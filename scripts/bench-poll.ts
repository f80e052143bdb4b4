/**
 * Benchmark: what it costs to notice that an audit finished, with the action's default polling
 * (action.yml's `poll-interval-seconds` and `timeout-minutes`, src/api/poll.ts) on a virtual
 * clock. The audit takes 10 minutes; every poll before then answers `running`. Prints the
 * requests made and how long after completion the finish was noticed: without jitter, and over
 * many runs with it. Run: node scripts/bench-poll.ts
 */
import type { AuditSnapshot } from '../src/audit/findings.ts';
import { pollPolicy, waitForAudit } from '../src/api/poll.ts';
import { actionDefaults } from '../test/support/run-action.ts';
// Seeded, so every run of the bench prints the same.
import { seeded } from '../test/support/random.ts';

const AUDIT_MS = 10 * 60_000;
const RUNS = 1_000;

interface Detection {
  requests: number;
  delayMs: number;
}

function snapshot(state: AuditSnapshot['state']): AuditSnapshot {
  return {
    auditId: 'bench',
    state,
    rawStatus: state,
    message: undefined,
    reportUrl: undefined,
    findings: state === 'completed' ? [] : undefined,
    incomplete: undefined,
  };
}

async function detect(
  settings: { pollIntervalMs: number; timeoutMs: number },
  random: () => number,
): Promise<Detection> {
  let now = 0;
  let requests = 0;
  const outcome = await waitForAudit(
    'bench',
    pollPolicy({
      deadline: { at: settings.timeoutMs, now: () => now },
      pollIntervalMs: settings.pollIntervalMs,
      resumed: false,
      initialWaitMs: undefined,
    }),
    {
      client: {
        getAudit: async () => {
          requests += 1;
          return {
            snapshot: snapshot(now >= AUDIT_MS ? 'completed' : 'running'),
            retryAfterMs: undefined,
          };
        },
      },
      sleep: async (ms) => {
        now += ms;
      },
      random,
      log: { info: () => undefined, warning: () => undefined, debug: () => undefined },
    },
  );
  if (outcome.kind !== 'finished') throw new Error('the audit was not noticed before the deadline');
  return { requests, delayMs: now - AUDIT_MS };
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

const defaults = await actionDefaults();
const settings = {
  pollIntervalMs: Number(defaults['poll-interval-seconds']) * 1000,
  timeoutMs: Number(defaults['timeout-minutes']) * 60_000,
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `An audit that finishes after ${AUDIT_MS / 60_000} minutes; default polling: first wait ` +
    `${seconds(settings.pollIntervalMs)}, growing 1.5x to 60 s, deadline ${settings.timeoutMs / 60_000} min`,
);

const steady = await detect(settings, () => 0.5);
console.log(
  `without jitter:        ${steady.requests} requests, noticed ${seconds(steady.delayMs)} after it finished`,
);

const random = seeded(10);
const runs: Detection[] = [];
for (let i = 0; i < RUNS; i += 1) runs.push(await detect(settings, random));
const requests = runs.map((run) => run.requests).sort((a, b) => a - b);
const delays = runs.map((run) => run.delayMs).sort((a, b) => a - b);
console.log(
  `with jitter (${RUNS} runs): requests median ${percentile(requests, 0.5)} ` +
    `(${requests[0]}–${requests.at(-1)}); noticed after median ${seconds(percentile(delays, 0.5))}, ` +
    `p95 ${seconds(percentile(delays, 0.95))}, at most ${seconds(delays.at(-1)!)}`,
);

// For scale: a fixed interval as short as the first wait notices sooner, at this many requests.
const fixed = Math.floor(AUDIT_MS / settings.pollIntervalMs) + 1;
console.log(
  `fixed ${seconds(settings.pollIntervalMs)} polling, for comparison: ${fixed} requests ` +
    `(${(fixed / steady.requests).toFixed(1)}x), noticed at most ${seconds(settings.pollIntervalMs)} after`,
);
