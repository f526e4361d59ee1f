import type { ServiceErrorKind, ServiceFailure } from '../../shared/service-errors';

/**
 * The only error the payment-service client throws. It carries a serialisable
 * ServiceFailure and nothing else: no Request, Response, headers or fetch error hangs on it
 * (not even as `cause`), because any of those could carry the API token into a log, the
 * journal or an IPC reply.
 */
export class ServiceError extends Error {
  readonly failure: ServiceFailure;

  constructor(failure: ServiceFailure) {
    super(failure.message);
    this.name = 'ServiceError';
    this.failure = Object.freeze({ ...failure });
  }

  get kind(): ServiceErrorKind {
    return this.failure.kind;
  }

  /** What crosses IPC or goes into the journal: the failure, never the stack. */
  toJSON(): ServiceFailure {
    return { ...this.failure };
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}
