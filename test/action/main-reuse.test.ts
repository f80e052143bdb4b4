/**
 * Paying for each audit once, the whole story in process: run() twice against the reference
 * service, with `@actions/cache` speaking to a stand-in of the runner's results service and
 * Azurite. Every way a record cannot be used falls back to an upload, never to another verdict.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_ACCOUNT,
  type AuditService,
  type StoredAudit,
} from '@contract-audit/reference-service';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/action/main.ts';
import { keyPrefix } from '../../src/action/reuse-cache.ts';
import { seal } from '../../src/engine/record-seal.ts';
import { RECORD_VERSION, recordText } from '../../src/engine/reuse.ts';
import { recorded, resetCore } from '../support/core.ts';
import { useInProcessRun } from '../support/in-process-run.ts';
import { useResultsService } from '../support/runner-services.ts';
import { CONTRACT, serviceFinding, workspaceWith } from '../support/workspace.ts';

vi.mock('@actions/core', () => import('../support/core.ts').then((m) => m.coreStandIn));

const github = await vi.hoisted(async () =>
  (await import('../support/in-process-run.ts')).prepareRunContext('push'),
);
const setUp = useInProcessRun(github);
const results = useResultsService();

beforeEach(async () => {
  // The toolkit writes its own lines with the real @actions/core.
  vi.spyOn(process.stdout, 'write').mockReturnValue(true);
});
afterEach(async () => {
  vi.restoreAllMocks();
});

const MONOREPO = {
  'packages/core/foundry.toml': "[profile.default]\nsrc = 'src'\n",
  'packages/core/src/Vault.sol': CONTRACT,
  'packages/tokens/foundry.toml': "[profile.default]\nsrc = 'src'\n",
  'packages/tokens/src/Token.sol': CONTRACT,
};
const findingsOf = (audit: StoredAudit) => [
  serviceFinding({ id: 'v', file: audit.files[0]?.filename ?? 'x.sol', severity: 'high' }),
];

const KEY_PREFIX = 'contract-audit-v1-';
/** The upload digest a cache entry's key is of. */
const digestOf = (key: string) => key.slice(KEY_PREFIX.length, KEY_PREFIX.length + 64);
/** The record a cache entry's key holds. */
const recordIn = (key: string) =>
  JSON.parse(Buffer.from(key.slice(keyPrefix(digestOf(key)).length), 'base64url').toString()) as {
    auditId: string;
    at: string;
    run?: string;
    seal: string;
  };

/** A run as the same workflow would run it again: the same inputs, a fresh log. */
async function runAgain(inputs: Record<string, string> = {}) {
  resetCore({ ...recorded.inputs, ...inputs });
  await run();
}

describe('reuse of an identical upload', () => {
  it('audits once, then collects the same audit: nothing uploaded, the same verdict, said everywhere', async () => {
    const service = await setUp();
    await run();
    expect(service.uploads).toHaveLength(1);
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', reused: 'false' });
    const first = { ...recorded.outputs };

    await runAgain();
    expect(service.uploads).toHaveLength(1);
    expect(recorded.outputs).toMatchObject({
      verdict: 'fail',
      reused: 'true',
      'audit-id': 'audit-1',
      'findings-count': first['findings-count'],
      'critical-count': first['critical-count'],
    });
    expect(recorded.log).toContainEqual(
      expect.stringMatching(
        /^Reused audit audit-1: the upload is byte-identical to the one audited on \d{4}-\d\d-\d\dT.* by https:\/\/github\.com\/acme\/vaults\/actions\/runs\/42; nothing is uploaded\.$/,
      ),
    );
    expect(recorded.summary).toContain('♻️ Reused audit audit\\-1: the upload is byte-identical');
    expect(recorded.summary).toContain(
      'by [the run that started it](https://github.com/acme/vaults/actions/runs/42)',
    );
    const resultsFile = JSON.parse(await readFile(recorded.outputs['results-file']!, 'utf8')) as {
      reused: { auditId: string } | null;
    };
    expect(resultsFile.reused).toMatchObject({ auditId: 'audit-1' });
    // The check run says it too: its summary is the job summary's.
    expect(github.checkRuns.at(-1)?.output?.summary).toContain('Reused audit audit\\-1');
  });

  it('uploads again when asked not to reuse', async () => {
    const service = await setUp();
    await run();
    await runAgain({ reuse: 'false' });
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs['reused']).toBe('false');
  });

  it.each([
    [
      'no longer knows the recorded audit (404)',
      404,
      (service: AuditService) => service.audits.clear(),
    ],
    [
      'refuses the recorded audit (403)',
      403,
      (service: AuditService) =>
        service.addFault({
          kind: 'status',
          status: 403,
          method: 'GET',
          path: '/v1/audits/audit-1',
        }),
    ],
  ])('uploads again, with one line in the log, when the service %s', async (_, status, breakIt) => {
    const service = await setUp();
    await run();
    breakIt(service);
    await runAgain();
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', reused: 'false' });
    expect(recorded.log).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^The recorded audit audit-1 of this upload cannot be read \\(.*${status}.*\\); uploading again\\.$`,
        ),
      ),
    );
  });

  it('uploads again when the recorded audit now reads as failed', async () => {
    const service = await setUp();
    await run();
    service.audits.get('audit-1')!.failure = 'expired';
    await runAgain();
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', reused: 'false' });
    expect(recorded.log).toContainEqual(
      expect.stringMatching(
        /^The recorded audit audit-1 of this upload now reads as failed; uploading again\.$/,
      ),
    );
  });

  it('uploads again when the record is older than reuse-max-age-days', async () => {
    const service = await setUp({ 'reuse-max-age-days': '0.000001' });
    await run();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await runAgain();
    expect(service.uploads).toHaveLength(2);
    expect(recorded.log).toContainEqual(expect.stringContaining('older than `reuse-max-age-days`'));
  });

  it('never sends a recorded id that holds the key, nor shows it', async () => {
    const service = await setUp();
    await run();
    // A record naming the key as the audit's id, newer than the action's own; sealed with the
    // key, as no run writes one: the check stands behind the seal.
    const [entry] = results().entries;
    const digest = digestOf(entry!.key);
    const hostile = recordText(
      {
        digest,
        auditId: `x${service.apiKey}`,
        auditedAt: new Date().toISOString(),
        runUrl: undefined,
      },
      { apiKey: service.apiKey, runUrlPrefix: undefined },
    );
    results().seed(keyPrefix(digest) + Buffer.from(hostile).toString('base64url'), entry!.version);
    await runAgain();
    expect(service.uploads).toHaveLength(2);
    expect(service.requests.map((request) => request.path).join('\n')).not.toContain(
      service.apiKey,
    );
    expect(recorded.log).toContainEqual(
      expect.stringContaining("the record's audit id holds the API key"),
    );
    // What the runner was given (inputs, secrets to mask) holds it; nothing it shows does.
    const { inputs, secrets, ...shown } = recorded;
    expect([inputs['api-key'], secrets[0]]).toEqual([service.apiKey, service.apiKey]);
    expect(JSON.stringify(shown)).not.toContain(service.apiKey);
  });

  it('rotating the key voids the records written with the old one', async () => {
    const rotated = 'test-rotated-key-71d3c0';
    const service = await setUp(
      {},
      {
        keys: [
          {
            label: 'rotated',
            key: rotated,
            account: DEFAULT_ACCOUNT,
            permissions: ['read', 'write'],
          },
        ],
      },
    );
    await run();
    await runAgain({ 'api-key': rotated });
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', reused: 'false' });
    expect(recorded.log).toContainEqual(
      expect.stringContaining(
        '(the record was not written with this API key for this upload); uploading.',
      ),
    );
    // What the new key wrote is used from then on.
    await runAgain({ 'api-key': rotated });
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs).toMatchObject({
      verdict: 'fail',
      reused: 'true',
      'audit-id': 'audit-2',
    });
  });

  it('in a monorepo, audits again only the project whose upload changed', async () => {
    const service = await setUp({ 'fail-on': 'critical' }, { findings: findingsOf });
    const workspace = await workspaceWith(MONOREPO);
    vi.stubEnv('GITHUB_WORKSPACE', workspace);
    await run();
    expect(service.uploads.map((upload) => upload.projectName).sort()).toEqual([
      'vaults/packages/core',
      'vaults/packages/tokens',
    ]);
    await writeFile(
      path.join(workspace, 'packages/core/src/Vault.sol'),
      `${CONTRACT}\n// changed\n`,
    );
    await runAgain();
    expect(service.uploads.slice(2).map((upload) => upload.projectName)).toEqual([
      'vaults/packages/core',
    ]);
    // Not every project's results came from a reused audit.
    expect(recorded.outputs['reused']).toBe('false');
    expect(recorded.summary).toContain('vaults/packages/tokens: Reused audit');
    const resultsFile = JSON.parse(await readFile(recorded.outputs['results-file']!, 'utf8')) as {
      projects: { path: string; reused: unknown }[];
    };
    expect(resultsFile.projects).toEqual([
      expect.objectContaining({ path: 'packages/core', reused: null }),
      expect.objectContaining({
        path: 'packages/tokens',
        reused: expect.objectContaining({ auditId: expect.any(String) }),
      }),
    ]);
  });
});

describe('a record for the real upload naming an audit of clean code', () => {
  // The service finds a critical issue in any upload but one whose contract says it is clean.
  const critical = (audit: StoredAudit) =>
    audit.files.some((file) => file.content.toString().includes('// clean'))
      ? []
      : [
          serviceFinding({
            id: 'c',
            file: audit.files[0]?.filename ?? 'x.sol',
            severity: 'critical',
          }),
        ];
  const runs = 'https://github.com/acme/vaults/actions/runs/';

  /**
   * Audits clean code (audit-1, pass), then the real code (audit-2, fail); then a cache writer
   * without the key writes, for the real upload's digest, a record naming the clean audit.
   */
  async function forged(forge: (real: { digest: string; key: string; apiKey: string }) => string) {
    const service = await setUp({}, { findings: critical });
    const workspace = await workspaceWith({
      'foundry.toml': "[profile.default]\nsrc = 'src'\n",
      'src/Vault.sol': `${CONTRACT}// clean\n`,
    });
    vi.stubEnv('GITHUB_WORKSPACE', workspace);
    await run();
    expect(recorded.outputs).toMatchObject({ verdict: 'pass', 'audit-id': 'audit-1' });
    await writeFile(path.join(workspace, 'src/Vault.sol'), CONTRACT);
    await runAgain();
    expect(recorded.outputs).toMatchObject({ verdict: 'fail', 'audit-id': 'audit-2' });
    const entries = results().entries;
    const real = entries.at(-1)!;
    const text = forge({ digest: digestOf(real.key), key: real.key, apiKey: service.apiKey });
    results().seed(
      keyPrefix(digestOf(real.key)) + Buffer.from(text).toString('base64url'),
      real.version,
    );
    await runAgain();
    return service;
  }
  const now = () => new Date().toISOString();
  const NOT_SEALED = 'the record was not written with this API key for this upload';

  it.each([
    [
      'in the format before seals',
      'the record is of another format',
      ({ digest }: { digest: string }) =>
        JSON.stringify({ version: 1, digest, auditId: 'audit-1', auditedAt: now() }),
    ],
    [
      'with no seal',
      NOT_SEALED,
      () => JSON.stringify({ version: RECORD_VERSION, auditId: 'audit-1', at: now() }),
    ],
    [
      'with a made-up seal',
      NOT_SEALED,
      () =>
        JSON.stringify({
          version: RECORD_VERSION,
          auditId: 'audit-1',
          at: now(),
          seal: 'A'.repeat(22),
        }),
    ],
    [
      'with another key',
      NOT_SEALED,
      ({ digest }: { digest: string }) =>
        recordText(
          { digest, auditId: 'audit-1', auditedAt: now(), runUrl: undefined },
          { apiKey: 'test-other-account-key-9e4a', runUrlPrefix: runs },
        ),
    ],
    [
      "with the real record's seal, the clean audit's id swapped in",
      NOT_SEALED,
      ({ key }: { key: string }) =>
        JSON.stringify({ version: RECORD_VERSION, ...recordIn(key), auditId: 'audit-1' }),
    ],
    [
      "as the clean upload's own record",
      NOT_SEALED,
      () => {
        const clean = results().entries.find((entry) => recordIn(entry.key).auditId === 'audit-1')!;
        return JSON.stringify({ version: RECORD_VERSION, ...recordIn(clean.key) });
      },
    ],
    [
      'as a pending check-run record, sealed with the key',
      NOT_SEALED,
      ({ digest, apiKey }: { digest: string; apiKey: string }) => {
        const at = now();
        const fields = [String(RECORD_VERSION), digest, 'audit-1', at, undefined];
        return JSON.stringify({
          version: RECORD_VERSION,
          auditId: 'audit-1',
          at,
          seal: seal(apiKey, 'pendingCheck', fields),
        });
      },
    ],
  ])(
    'is passed over when written %s: the real upload is audited, and fails',
    async (_, why, forge) => {
      const service = await forged(forge);
      expect(service.uploads).toHaveLength(3);
      expect(recorded.outputs).toMatchObject({
        verdict: 'fail',
        reused: 'false',
        'audit-id': 'audit-3',
      });
      expect(recorded.log).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `: a record of this upload was found but not used \\(${why}\\); uploading\\.$`,
          ),
        ),
      );
    },
  );

  it('is used when a run holding the key wrote it', async () => {
    // The control: the same story, the record sealed with the key.
    const service = await forged(({ digest, apiKey }) =>
      recordText(
        { digest, auditId: 'audit-1', auditedAt: now(), runUrl: `${runs}7` },
        { apiKey, runUrlPrefix: runs },
      ),
    );
    expect(service.uploads).toHaveLength(2);
    expect(recorded.outputs).toMatchObject({
      verdict: 'pass',
      reused: 'true',
      'audit-id': 'audit-1',
    });
  });
});
