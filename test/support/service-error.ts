/** The ServiceError a call to the audit service is expected to end with. */
import { expect } from 'vitest';
import { ServiceError } from '../../src/errors.ts';

export async function serviceFailure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}
