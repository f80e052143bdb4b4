/**
 * A plain HTTP caller for the service tests: the three operations over real loopback HTTP, with
 * multipart built by fetch's own FormData, answers returned raw (status, headers, parsed JSON).
 */

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when it is empty. */
  json: unknown;
}

export interface UploadFile {
  name: string;
  content: string | Uint8Array;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text === '' ? undefined : JSON.parse(text),
  };
}

function authorization(key: string | undefined): Record<string, string> {
  return key === undefined ? {} : { authorization: `Bearer ${key}` };
}

export function uploadForm(
  projectName: string | undefined,
  files: readonly UploadFile[],
): FormData {
  const form = new FormData();
  if (projectName !== undefined) form.append('project_name', projectName);
  for (const file of files) form.append('contracts', new Blob([file.content]), file.name);
  return form;
}

export async function post(
  baseUrl: string,
  key: string | undefined,
  body: FormData | string | Blob,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return answer(
    await fetch(`${baseUrl}/v1/audits`, {
      method: 'POST',
      headers: { ...authorization(key), ...headers },
      body,
    }),
  );
}

export async function startAudit(
  baseUrl: string,
  key: string | undefined,
  projectName: string,
  files: readonly UploadFile[],
): Promise<Answer> {
  return post(baseUrl, key, uploadForm(projectName, files));
}

export async function get(baseUrl: string, key: string | undefined, path: string): Promise<Answer> {
  return answer(await fetch(`${baseUrl}${path}`, { headers: authorization(key) }));
}

export function getAudit(baseUrl: string, key: string | undefined, id: string): Promise<Answer> {
  return get(baseUrl, key, `/v1/audits/${encodeURIComponent(id)}`);
}

export function listProjects(baseUrl: string, key: string | undefined): Promise<Answer> {
  return get(baseUrl, key, '/v1/projects');
}

/** The id from a documented start answer. */
export function auditIdOf(started: Answer): string {
  return (started.json as { audit_id: string }).audit_id;
}

export const TOKEN_SOL = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

contract Token {
    mapping(address => uint256) public balanceOf;

    function withdraw(uint256 amount) external {
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok);
        balanceOf[msg.sender] -= amount;
    }
}
`;
