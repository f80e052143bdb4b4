/**
 * Octokit with the REST endpoint methods and pagination, as `@actions/github` builds it. Only
 * api.ts loads it, through `import()` when a client first calls GitHub, so a run that uses no
 * GitHub channel never loads Octokit (the bundler puts it in a chunk of its own).
 */
import { Octokit } from '@octokit/core';
import type { Hooks } from '@octokit/core/types';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';

export const GitHubOctokit = Octokit.plugin(restEndpointMethods, paginateRest);
export type GitHubOctokit = InstanceType<typeof GitHubOctokit>;

type Call = Hooks['request'];
/** What `hook.wrap('request', …)` takes: the request to pass each call on to, and the call. */
export type RequestHook = (
  request: (endpoint: Call['Options']) => Call['Result'] | Promise<Call['Result']>,
  endpoint: Call['Options'],
) => Promise<Call['Result']>;
