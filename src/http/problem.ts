import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { uniqueViolation } from '../db/constraint-errors.js';
import { AppError, type ErrorCode, type ParameterError } from '../shared/errors.js';
import { CALENDAR_DATE_PATTERN, NO_NUL_PATTERN, type ProblemSchema } from '../shared/schemas.js';

/** Messages for the shared patterns, which say more than the schema's description would. */
const KNOWN_PATTERNS = new Map([
  [NO_NUL_PATTERN, 'must not contain the NUL character'],
  [CALENDAR_DATE_PATTERN, 'must be a calendar date YYYY-MM-DD in the years 0001 to 9999'],
]);

/** The one place where failures become RFC 9457 problem+json responses (SPEC §6). */

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  'invalid-input': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'cursor-expired': 410,
  'method-not-allowed': 405,
  'not-acceptable': 406,
  conflict: 409,
  unprocessable: 422,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'expectation-failed': 417,
  'headers-too-large': 431,
  'request-timeout': 408,
  'rate-limited': 429,
  'service-unavailable': 503,
  internal: 500,
};

const CODE_BY_STATUS = new Map<number, ErrorCode>(
  Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
);

/**
 * A problem body: the members `ProblemSchema` declares, plus the extension members of RFC 9457
 * (e.g. `conflictingReservation`, `currentStatus`) that an AppError carries.
 */
export type Problem = Static<typeof ProblemSchema> & Record<string, unknown>;

export function problemFor(
  code: ErrorCode,
  detail: string,
  errors?: ParameterError[],
  extensions?: Record<string, unknown>,
): Problem {
  const status = STATUS_BY_CODE[code];
  return {
    type: `urn:booking-service:problem:${code}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
    ...extensions,
  };
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  const problem = problemFor(error.code, error.detail, error.options.errors, error.options.extensions);
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/** `/accommodation/id` → `accommodation.id`; ajv names a missing or extra property in its params. */
function parameterName(error: NonNullable<FastifyError['validation']>[number], context: string | undefined): string {
  const params = error.params;
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (typeof params.missingProperty === 'string') path.push(params.missingProperty);
  if (typeof params.additionalProperty === 'string') path.push(params.additionalProperty);
  return path.join('.') || (context ?? 'request');
}

function validationMessage(
  error: NonNullable<FastifyError['validation']>[number],
  context: string | undefined,
): string {
  if (error.keyword === 'additionalProperties') return 'is not a known field';
  if (error.keyword === 'required') return 'is required';
  // A repeated query parameter arrives as an array (verbose errors carry the value); in a body an
  // array is just the wrong type.
  if (context === 'querystring' && error.keyword === 'type' && Array.isArray((error as { data?: unknown }).data)) {
    return 'must be given only once';
  }
  const known = error.keyword === 'pattern' && KNOWN_PATTERNS.get((error.params as { pattern?: string }).pattern ?? '');
  if (known) return known;
  if (error.keyword === 'format' && (error.params as { format?: string }).format === 'date') {
    return 'must be a real calendar date (YYYY-MM-DD)';
  }
  const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
  if (error.keyword === 'enum' && allowed) return `must be one of ${allowed.join(', ')}`;
  // A regular expression says little to a person; the schema's description says what is meant.
  const description = (error as { parentSchema?: { description?: string } }).parentSchema?.description;
  if (error.keyword === 'pattern' && description) return `must be of the form: ${description}`;
  return error.message ?? 'is invalid';
}

const isNullBranch = (item: NonNullable<FastifyError['validation']>[number]) =>
  item.keyword === 'type' && (item.params as { type?: unknown }).type === 'null';

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    const seen = new Set<string>();
    const errors: ParameterError[] = [];
    // A value that may also be null (`anyOf: [schema, null]`) that breaks its schema is told what the
    // schema wants: Ajv's two lines about the null branch and the union say nothing more.
    const explained = fastifyError.validation
      .filter((item) => item.keyword !== 'anyOf' && !isNullBranch(item))
      .map((item) => item.instancePath);
    const isExplained = (path: string) => explained.some((p) => p === path || p.startsWith(`${path}/`));
    for (const item of fastifyError.validation) {
      if ((item.keyword === 'anyOf' || isNullBranch(item)) && isExplained(item.instancePath)) continue;
      const parameter = parameterName(item, fastifyError.validationContext);
      const message = validationMessage(item, fastifyError.validationContext);
      // allErrors reports union branches separately; one line per parameter and message is enough.
      if (seen.has(`${parameter}\0${message}`)) continue;
      seen.add(`${parameter}\0${message}`);
      errors.push({ parameter, message });
    }
    const names = [...new Set(errors.map((e) => e.parameter))].join(', ');
    return new AppError('invalid-input', `Invalid ${fastifyError.validationContext ?? 'request'}: ${names}`, {
      errors,
    });
  }
  // Fastify's own client errors (bad JSON, body too large, unsupported media type) are safe to describe.
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS.get(status) ?? 'invalid-input';
    return new AppError(code, fastifyError.message ?? STATUS_CODES[status] ?? 'Client error');
  }
  return undefined;
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error) ?? uniqueViolation(error) ?? databaseUnavailable(error);
  if (appError) return sendProblem(reply, appError);
  // Anything else is a bug: log it in full, tell the client nothing about it.
  request.log.error({ err: error }, 'unhandled error');
  return sendProblem(reply, new AppError('internal', 'The server could not complete the request.'));
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections,
  // statement timeout (57014 is also a cancelled query: both mean "try again").
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);

/**
 * A database that cannot be reached, is busy or is locked is a temporary condition: 503 with
 * Retry-After (SPEC §6), never a 500. Covers pg's own client errors (connect timeout, a connection
 * that died mid-query, a query past its timeout) and SQLite's busy/locked codes, extended ones too.
 */
function databaseUnavailable(error: unknown): AppError | undefined {
  const e = error as { code?: string; message?: string };
  const unreachable =
    (e.code !== undefined && (UNAVAILABLE_CODES.has(e.code) || /^SQLITE_(BUSY|LOCKED)/.test(e.code))) ||
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection ended|connect ECONNREFUSED/i.test(
      e.message ?? '',
    );
  return unreachable
    ? new AppError('service-unavailable', 'The database is unavailable; try again shortly.', {
        headers: { 'retry-after': '5' },
      })
    : undefined;
}
