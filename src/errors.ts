/**
 * Typed errors, so main.ts can tell the user what to fix (configuration), what the
 * service did wrong (service), and what is our own bug (any other Error).
 */

/** Something the user must change: an input, a secret, the workflow's permissions. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** The service answered in a way that ends the operation (after any retries). */
export class ServiceError extends Error {
  override name = 'ServiceError';
  /** HTTP status of the final answer, when there was one. */
  readonly status: number | undefined;

  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

/** The service answered 2xx, but with a body we could not read. */
export class ResponseFormatError extends ServiceError {
  override name = 'ResponseFormatError';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The run's time limit passed before the contracts to audit were found: the run ends with verdict
 * `timeout`, nothing uploaded. A configuration error too, for its remedy.
 */
export class DeadlineError extends ConfigurationError {
  override name = 'DeadlineError';
  /** The step of the search that was cut short, which the engine words in the door's words. */
  readonly doing: string | undefined;

  constructor(message: string, doing?: string) {
    super(message);
    this.doing = doing;
  }
}
