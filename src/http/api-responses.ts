import type { TSchema } from 'typebox';
import { ProblemSchema, ref } from '../shared/schemas.js';
import { WWW_AUTHENTICATE } from './auth.js';
import { CURSOR_MAX_LENGTH } from '../modules/events/cursor.js';

/**
 * Every response a route can give, per status, with its headers: the route schemas are the only
 * description of the API, and `/openapi.json` is generated from them (@fastify/swagger reads the
 * `headers` and `content` of each status). The success body is serialized by Fastify through its
 * schema; problem bodies are already strings (http/problem.ts), so their schemas only describe.
 */

const header = (description: string, schema: Record<string, unknown>) => ({ ...schema, description });
const offsetHeader = (relation: string) =>
  header(`Offset of the ${relation} page (the same value as in Link)`, {
    type: 'integer',
    format: 'int64',
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
  });

/** The headers of the contract (SPEC §4.3, §5, §6, §7), by the name the document shows. */
export const HEADERS = {
  rateLimit: {
    RateLimit: header('Quota left in the current window and seconds until it resets (IETF RateLimit fields)', {
      type: 'string',
      pattern: '^"default";r=\\d+;t=\\d+$',
      maxLength: 64,
      examples: ['"default";r=599;t=60'],
    }),
    'RateLimit-Policy': header('The quota: requests per window of w seconds, per credential', {
      type: 'string',
      pattern: '^"default";q=\\d+;w=\\d+$',
      maxLength: 64,
      examples: ['"default";q=600;w=60'],
    }),
  },
  retryAfter: {
    'Retry-After': header('Seconds to wait before trying again', {
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 86_400,
      examples: [30],
    }),
  },
  etag: {
    ETag: header('Strong entity tag of the response; send it back in If-None-Match', {
      type: 'string',
      pattern: '^"[A-Za-z0-9_-]+"$',
      maxLength: 66,
      examples: ['"3q2-7wFnJtYk1ZC5ZQ8h0A4pXr9bGxMs"'],
    }),
  },
  pagination: {
    Link: header('Related pages in the order next, last, prev, first: `<URL>; rel="name"` joined by `, `', {
      type: 'string',
      maxLength: 16_384,
      examples: [
        '<https://booking.example/api/reservations/summaries?organization=1&dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=200>; rel="next", ' +
          '<https://booking.example/api/reservations/summaries?organization=1&dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=1100>; rel="last", ' +
          '<https://booking.example/api/reservations/summaries?organization=1&dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=0>; rel="prev", ' +
          '<https://booking.example/api/reservations/summaries?organization=1&dateFrom=2025-01-01&dateTo=2025-12-31&limit=100&offset=0>; rel="first"',
      ],
    }),
    'X-Pagination-Next': offsetHeader('next'),
    'X-Pagination-Last': offsetHeader('last'),
    'X-Pagination-Prev': offsetHeader('previous'),
    'X-Pagination-First': offsetHeader('first'),
    'X-Total-Count': header('Number of matching items over all pages', {
      type: 'integer',
      format: 'int64',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
    }),
  },
  eventsCursor: {
    'Events-Cursor': header(
      'Where to follow the changes feed from (GET /api/events?after=…) to see every change this response does not show',
      { type: 'string', maxLength: CURSOR_MAX_LENGTH, examples: ['c2_ATk'] },
    ),
  },
  feed: {
    Link: header('The next page of the feed: `<URL>; rel="next"`, on every response', {
      type: 'string',
      maxLength: CURSOR_MAX_LENGTH + 2_000,
      examples: ['</api/events?organization=1&after=c2_ATk>; rel="next"'],
    }),
  },
  sessionCookie: {
    'Set-Cookie': header('The console session: `__Host-booking-session`, HttpOnly, Secure, SameSite=Strict, Path=/', {
      type: 'string',
      maxLength: 200,
    }),
  },
  wwwAuthenticate: {
    'WWW-Authenticate': header('The accepted scheme', {
      type: 'string',
      const: WWW_AUTHENTICATE,
    }),
  },
  created: {
    Location: header('Path of the created record', {
      type: 'string',
      maxLength: 200,
      examples: ['/api/reservations/4711'],
    }),
    'Idempotent-Replayed': header('Present when the response repeats the first one for this Idempotency-Key', {
      type: 'string',
      const: 'true',
    }),
  },
};

type Headers = Record<string, Record<string, unknown>>;

/** The shape of an operation, from which its error responses follow. */
export interface OperationShape {
  /** No credential (SPEC §4.6): no 401, 403 or 429, and no rate-limit headers. */
  public?: boolean;
  /** It reads query parameters, path parameters or a body: 400 lists the broken ones. */
  input?: boolean;
  /** It addresses one record by id: 404 when absent or another organization's. */
  record?: boolean;
  /** A cacheable list: ETag, and 304 for a matching If-None-Match. */
  list?: boolean;
  /** Paginated (SPEC §4.3): Link, X-Pagination-* and X-Total-Count. */
  paginated?: boolean;
  /** Reads a request body (Fastify parses one on POST, PATCH and DELETE alike): 413, 415. */
  body?: boolean;
  /** 409 when the change conflicts with the data (a taken night, a move outside the state machine). */
  conflict?: boolean;
  /** Creates a record: 201 with Location; Idempotency-Key (422 when reused with another body). */
  create?: boolean;
  /**
   * A create whose replay reads the record again rather than repeat the first response
   * (modules/idempotency `ReplayRead`): 404 when the record the key created was deleted since.
   */
  replayReads?: boolean;
  /** A snapshot of records: Events-Cursor says where the changes feed goes on from it (SPEC §10). */
  snapshot?: boolean;
  /** The changes feed: Link rel="next" and Events-Cursor on every page; 410 for an expired cursor. */
  feed?: boolean;
  /**
   * A console sign-in (SPEC §11): public, but checks a password itself: Set-Cookie on success; 401,
   * 403 for a credential that may not sign in, 429 when failed attempts are throttled.
   */
  signIn?: boolean;
}

function problem(description: string, headers: Headers = {}, example?: Record<string, unknown>) {
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: {
      'application/problem+json': {
        schema: ref(ProblemSchema),
        ...(example ? { example } : {}),
      },
    },
  };
}

/** The response schemas of one operation: its success body and every error it can answer. */
export function apiResponses(success: { description: string; schema: TSchema }, shape: OperationShape = {}) {
  const limited: Headers = shape.public ? {} : HEADERS.rateLimit;
  const successHeaders: Headers = {
    ...limited,
    ...(shape.list ? HEADERS.etag : {}),
    ...(shape.paginated ? HEADERS.pagination : {}),
    ...(shape.create ? HEADERS.created : {}),
    ...(shape.snapshot || shape.feed ? HEADERS.eventsCursor : {}),
    ...(shape.feed ? HEADERS.feed : {}),
    ...(shape.signIn ? HEADERS.sessionCookie : {}),
  };
  const responses: Record<string, unknown> = {
    [shape.create ? 201 : 200]: {
      ...success.schema,
      description: success.description,
      ...(Object.keys(successHeaders).length > 0 ? { headers: successHeaders } : {}),
    },
  };
  if (shape.list) {
    responses[304] = {
      type: 'null',
      description:
        'Not Modified: If-None-Match matched the ETag of the representation this request selects (its content ' +
        'coding included). No body, and none of its metadata: no Content-Type, Content-Length or Content-Encoding',
      headers: { ...limited, ...HEADERS.etag, ...(shape.paginated ? HEADERS.pagination : {}) },
    };
  }
  if (shape.input) {
    responses[400] = problem('Invalid input: `errors` names every broken parameter', limited, {
      type: 'urn:booking-service:problem:invalid-input',
      title: 'Bad Request',
      status: 400,
      detail: 'The request has invalid parameters.',
      errors: [{ parameter: 'dateTo', message: 'must be a real calendar date (YYYY-MM-DD)' }],
    });
  }
  if (!shape.public) {
    responses[401] = problem('Missing or wrong credentials', HEADERS.wwwAuthenticate);
    // A route that needs a scope beyond read says so in its config; http/auth.ts adds it here.
    responses[403] = problem('The organization is not one of the credential’s (or does not exist)', limited);
  }
  if (shape.signIn) {
    responses[401] = problem('Wrong username or password');
    responses[403] = problem('The credential may not sign in to the console (it needs the write or admin scope)');
    responses[429] = problem('Too many failed sign-ins; wait Retry-After seconds', HEADERS.retryAfter);
  }
  if (shape.record) responses[404] = problem('No such record in the credential’s organizations', limited);
  else if (shape.replayReads) {
    responses[404] = problem('The record this Idempotency-Key created was deleted since (a replay)', limited);
  }
  responses[406] = problem('The Accept header rules JSON out');
  if (shape.conflict)
    responses[409] = problem('The change conflicts with the data (a taken night, a state move)', limited);
  if (shape.body) {
    responses[413] = problem('The body is larger than 64 KiB', limited);
    responses[415] = problem('The body is not application/json', limited);
  }
  if (shape.feed) {
    responses[410] = problem('The cursor is older than the events kept: resynchronize from the lists', limited);
  }
  if (shape.create) responses[422] = problem('The Idempotency-Key was used before with another body', limited);
  if (!shape.public) {
    responses[429] = problem('Too many requests (or failed authentications); wait Retry-After seconds', {
      ...HEADERS.retryAfter,
      ...HEADERS.rateLimit,
    });
  }
  responses[500] = problem('An unexpected failure; the body holds no internals');
  // A 503 raised after the request was counted (a full password-hash queue, SQLite busy in a
  // handler) carries the rate-limit headers too.
  responses[503] = problem(
    'Overloaded, shutting down, the database is unreachable, or too many password hashes are waiting; ' +
      'try again after Retry-After seconds',
    { ...HEADERS.retryAfter, ...limited },
  );
  return responses;
}
