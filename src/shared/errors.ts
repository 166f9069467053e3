/**
 * Every failure the service reports on purpose is an AppError with a code from this closed union.
 * HTTP turns them into problem+json in one place (http/problem.ts); the CLI prints `detail`.
 */
export type ErrorCode =
  | 'invalid-input'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'cursor-expired'
  | 'method-not-allowed'
  | 'not-acceptable'
  | 'conflict'
  | 'unprocessable'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'expectation-failed'
  | 'headers-too-large'
  | 'request-timeout'
  | 'rate-limited'
  | 'service-unavailable'
  | 'internal';

export interface ParameterError {
  parameter: string;
  message: string;
}

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly options: {
      errors?: ParameterError[];
      headers?: Record<string, string>;
      /** Extra problem members (RFC 9457 extensions), e.g. the id of a conflicting reservation. */
      extensions?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
  }
}

export function invalidInput(errors: ParameterError[]): AppError {
  const names = [...new Set(errors.map((e) => e.parameter))].join(', ');
  return new AppError('invalid-input', `Invalid parameter${errors.length > 1 ? 's' : ''}: ${names}`, { errors });
}

/** 503 with Retry-After: more work is waiting than the server takes on (SPEC §7). */
export const overloaded = () =>
  new AppError('service-unavailable', 'The server is overloaded; try again shortly.', {
    headers: { 'retry-after': '2' },
  });
