/** A throwaway checkout for the end-to-end tests, and a service finding to put in its audit. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServiceFinding } from '@contract-audit/reference-service';

export const CONTRACT = 'pragma solidity ^0.8.0;\ncontract Vault {\n  function f() public {}\n}\n';

/** A new folder holding `files` (path → content). */
export async function workspaceWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'action-ws-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

/** A high reentrancy finding in src/Vault.sol, as the reference service reports one. */
export function serviceFinding(overrides: Partial<ServiceFinding> = {}): ServiceFinding {
  return {
    id: 'f1',
    severity: 'high',
    title: 'Reentrancy',
    swc_id: 'SWC-107',
    description: 'State is written after an external call.',
    recommendation: undefined,
    file: 'src/Vault.sol',
    start_line: 3,
    end_line: 3,
    ...overrides,
  };
}
