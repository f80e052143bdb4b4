/**
 * Per-test reference audit service. Call at the top of a test file; every service a test starts
 * through the returned `serve` is closed after that test.
 */
import { afterEach } from 'vitest';
import {
  startAuditService,
  type AuditService,
  type AuditServiceOptions,
} from '@contract-audit/reference-service';

export type ServeAuditService = (options?: AuditServiceOptions) => Promise<AuditService>;

export function useAuditService(): ServeAuditService {
  const started: AuditService[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((service) => service.close()));
  });
  return async (options) => {
    const service = await startAuditService(options);
    started.push(service);
    return service;
  };
}
