/**
 * The findings a completed audit reports are the analyzer's, on the files as uploaded: the sample
 * Foundry project's contracts (a copy of the action's examples/foundry-demo/src, so this package
 * reads nothing outside itself), with exact lines, in the documented body; and an import that
 * names no file of the upload is a finding of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startAuditService, type AuditService, type ServiceFinding } from '../src/server.ts';
import { auditIdOf, getAudit, startAudit } from './service-client.ts';

const sourceDir = fileURLToPath(new URL('fixtures/foundry-demo/src/', import.meta.url));
const uploaded = readdirSync(sourceDir)
  .filter((name) => name.endsWith('.sol'))
  .sort()
  .map((name) => ({
    name: `src/${name}`,
    content: readFileSync(path.join(sourceDir, name), 'utf8'),
  }));

let service: AuditService | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

interface CompletedAudit {
  audit_id: string;
  project_name: string;
  status: string;
  summary: Record<string, number>;
  findings: ServiceFinding[];
  report_url: string;
}

describe('findings of the sample Foundry project', () => {
  it('are the analyzer findings, file names as uploaded, exact lines', async () => {
    service = await startAuditService({ pollsUntilDone: 0 });
    const id = auditIdOf(await startAudit(service.url, service.apiKey, 'vaults', uploaded));
    const body = (await getAudit(service.url, service.apiKey, id)).json as CompletedAudit;

    expect(body).toMatchObject({ audit_id: id, project_name: 'vaults', status: 'completed' });
    expect(body.report_url).toBe(`${service.url}/reports/${id}`);
    expect(
      body.findings.map(
        (f) => `${f.severity} ${f.file}:${f.start_line}-${f.end_line} ${f.rule_id} ${f.swc_id}`,
      ),
    ).toEqual([
      'low src/LegacyToken.sol:2-2 floating-pragma SWC-103',
      'low src/LegacyToken.sol:2-2 outdated-compiler SWC-102',
      'high src/LegacyToken.sol:10-10 integer-overflow SWC-101',
      'high src/LegacyToken.sol:11-11 integer-overflow SWC-101',
      'high src/LegacyToken.sol:15-15 integer-overflow SWC-101',
      'high src/LegacyToken.sol:16-16 integer-overflow SWC-101',
      'gas src/Lottery.sol:7-7 gas-constant-or-immutable undefined',
      'low src/Lottery.sol:19-19 timestamp-dependence SWC-116',
      'high src/Lottery.sol:20-20 weak-randomness SWC-120',
      'high src/Lottery.sol:25-25 unprotected-ether-withdrawal SWC-105',
      'low src/Vault.sol:2-2 floating-pragma SWC-103',
      'high src/Vault.sol:16-18 reentrancy SWC-107',
      'gas src/Vault.sol:22-22 gas-cache-array-length undefined',
      'gas src/Vault.sol:22-22 gas-prefix-increment undefined',
      'medium src/Vault.sol:22-24 unbounded-loop SWC-128',
      'medium src/Vault.sol:23-23 unchecked-call SWC-104',
      'gas src/Wallet.sol:6-6 gas-constant-or-immutable undefined',
      'high src/Wallet.sol:14-14 tx-origin SWC-115',
      'low src/Wallet.sol:15-15 missing-zero-check undefined',
      'critical src/Wallet.sol:25-25 unprotected-selfdestruct SWC-106',
    ]);
    expect(body.summary).toEqual({ critical: 1, high: 8, medium: 2, low: 5, info: 0, gas: 4 });
    expect(new Set(body.findings.map((f) => f.id)).size).toBe(body.findings.length);
    for (const finding of body.findings) {
      expect(finding.title).not.toBe('');
      expect(finding.description).not.toBe('');
      expect(finding.recommendation).not.toBe('');
    }
  });

  it('point at the lines that hold the problem', async () => {
    service = await startAuditService({ pollsUntilDone: 0 });
    const id = auditIdOf(await startAudit(service.url, service.apiKey, 'vaults', uploaded));
    const { findings } = (await getAudit(service.url, service.apiKey, id)).json as CompletedAudit;
    const lines = (finding: ServiceFinding) => {
      const source = uploaded.find((file) => file.name === finding.file)!.content.split('\n');
      return source.slice(finding.start_line - 1, finding.end_line).map((line) => line.trim());
    };
    const byRule = (rule: string) => findings.find((f) => f.rule_id === rule)!;

    expect(lines(byRule('unprotected-selfdestruct'))).toEqual([
      expect.stringContaining('selfdestruct('),
    ]);
    expect(lines(byRule('tx-origin'))).toEqual([expect.stringContaining('tx.origin')]);
    const reentrancy = lines(byRule('reentrancy'));
    expect(reentrancy[0]).toContain('msg.sender.call{value: amount}');
    expect(reentrancy.at(-1)).toBe('balances[msg.sender] = 0;');
  });

  it('keep unusual upload names exactly as sent', async () => {
    service = await startAuditService({ pollsUntilDone: 0 });
    const vault = uploaded.find((file) => file.name === 'src/Vault.sol')!;
    const name = 'packages/core/contracts/My Vault (v2).sol';
    const id = auditIdOf(
      await startAudit(service.url, service.apiKey, 'odd', [{ ...vault, name }]),
    );
    const { findings } = (await getAudit(service.url, service.apiKey, id)).json as CompletedAudit;
    expect(new Set(findings.map((f) => f.file))).toEqual(new Set([name]));
    expect(service.audits.get(id)!.analysis).toMatchObject({ parsedFiles: 1, detectorErrors: [] });
  });
});

describe('imports that name no uploaded file', () => {
  const math = {
    name: 'src/Math.sol',
    content: '// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\nlibrary Math {}\n',
  };
  const vault = {
    name: 'src/Vault.sol',
    content: `// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {Math} from "./Math.sol";
import {IERC20} from "./interfaces/IERC20.sol";

contract Vault {}
`,
  };

  async function findingsOf(files: { name: string; content: string | Uint8Array }[]) {
    service = await startAuditService({ pollsUntilDone: 0 });
    const id = auditIdOf(await startAudit(service.url, service.apiKey, 'imports', files));
    return (await getAudit(service.url, service.apiKey, id)).json as CompletedAudit;
  }

  it('are one info finding each, on the import line, in the documented shape', async () => {
    const body = await findingsOf([vault, math]);
    expect(body.status).toBe('completed');
    expect(body.findings.filter((f) => f.rule_id === 'unresolved-import')).toEqual([
      {
        id: `${body.audit_id}-1`,
        severity: 'info',
        title: 'Imported file not in the upload',
        rule_id: 'unresolved-import',
        description:
          '`import "./interfaces/IERC20.sol"` resolves to source unit `src/interfaces/IERC20.sol`, but no file was uploaded under that name, so a compiler given this upload cannot build `src/Vault.sol`.',
        recommendation: expect.stringContaining('no remappings are applied'),
        file: 'src/Vault.sol',
        start_line: 5,
        end_line: 5,
      },
    ]);
    expect(body.summary.info).toBe(1);
  });

  it('are none in a self-contained upload', async () => {
    const interfaceFile = {
      name: 'src/interfaces/IERC20.sol',
      content: '// SPDX-License-Identifier: MIT\npragma solidity 0.8.24;\ninterface IERC20 {}\n',
    };
    const body = await findingsOf([vault, math, interfaceFile]);
    expect(body.findings.filter((f) => f.rule_id === 'unresolved-import')).toEqual([]);
  });

  it('are none for an uploaded file that is not text: it was uploaded all the same', async () => {
    const body = await findingsOf([
      vault,
      math,
      { name: 'src/interfaces/IERC20.sol', content: new Uint8Array([0xff, 0xfe, 0, 0x69]) },
    ]);
    expect(body.findings.map((f) => `${f.file} ${f.rule_id}`)).toEqual([
      'src/interfaces/IERC20.sol parse-error',
    ]);
  });
});
