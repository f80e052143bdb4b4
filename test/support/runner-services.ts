/**
 * The runner's results service (cache and artifacts) on Azurite for the tests of one file: Azurite
 * once, a fresh results service for each test, its runtime variables stubbed for the toolkit.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { startAzurite, type Azurite } from './azurite.ts';
import { startResultsService, type ResultsServiceStandIn } from './results-service.ts';

/** The current test's results service; `runId` is the run its runtime token names. */
export function useResultsService(runId?: number): () => ResultsServiceStandIn {
  let azurite: Azurite | undefined;
  let results: ResultsServiceStandIn | undefined;
  beforeAll(async () => {
    azurite = await startAzurite();
  }, 60_000);
  afterAll(() => azurite?.close());
  beforeEach(async () => {
    results = await startResultsService(azurite!);
    for (const [name, value] of Object.entries(results.env(runId))) vi.stubEnv(name, value);
  });
  afterEach(async () => {
    await results?.close();
    results = undefined;
  });
  return () => {
    if (!results) throw new Error('The results service runs only inside a test.');
    return results;
  };
}
