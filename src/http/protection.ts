import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../config.js';
import { AppError, overloaded } from '../shared/errors.js';
import { ownResidentBytes } from './own-memory.js';
import { PROBLEM_CONTENT_TYPE, problemFor } from './problem.js';

/**
 * What keeps one server up under load, slow clients and shutdown (SPEC §7, issue 7): socket-level
 * limits, problem+json for the errors the HTTP parser answers itself, 503 while closing, and 503
 * under overload rather than an ever-growing queue.
 */

export const HEADER_LIMIT_BYTES = 16 * 1024;

/** The Fastify constructor options that carry the limits. */
export function serverOptions(limits: ServerLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Fastify's own 503 while closing is not problem+json; the hook below answers instead.
    return503OnClosing: false,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      maxHeaderSize: HEADER_LIMIT_BYTES,
      // Node would answer a missing Host with an empty 400; the hook below answers in problem+json.
      requireHostHeader: false,
      // How often Node checks the two timeouts above (its default, 30 s, would let them slip).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
  };
}

/** The parser's refusals, which never reach a route: answered as problem+json and the socket closed. */
export function clientErrorResponse(error: Error & { code?: string }): string | undefined {
  let problem;
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return undefined;
  if (error.code === 'HPE_HEADER_OVERFLOW') problem = problemFor('headers-too-large', 'Request headers exceed 16 KiB.');
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT')
    problem = problemFor('request-timeout', 'The request did not arrive in time.');
  else problem = problemFor('invalid-input', 'The request is not valid HTTP.');
  const body = JSON.stringify(problem);
  return `HTTP/1.1 ${problem.status} ${problem.title}\r\nConnection: close\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Checked four times a second, so an overload is noticed (and its end too) within 250 ms. */
const PRESSURE_SAMPLE_INTERVAL_MS = 250;

/** How many Host fields a request carries (Node keeps only the first of several in `headers`). */
function hostFieldCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count;
}

/** Registers the closing and overload guards on the root instance (before any route). */
export async function registerProtection(app: FastifyInstance, limits: ServerLimits): Promise<void> {
  app.server.maxConnections = limits.maxConnections;

  // RFC 9112 §3.2: an HTTP/1.1 request with no Host, or with more than one, is a 400.
  app.addHook('onRequest', async (request) => {
    const hosts = hostFieldCount(request.raw.rawHeaders);
    if (hosts > 1 || (hosts === 0 && request.raw.httpVersion !== '1.0')) {
      throw new AppError('invalid-input', 'A request carries exactly one Host header.', {
        errors: [{ parameter: 'Host', message: hosts > 1 ? 'must be given only once' : 'is required' }],
      });
    }
  });
  // An Expect other than 100-continue never reaches a route (Node answers it with an empty 417).
  app.server.on('checkExpectation', (_request, response) => {
    const body = JSON.stringify(problemFor('expectation-failed', 'Only Expect: 100-continue is supported.'));
    response.writeHead(417, { 'content-type': PROBLEM_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // In-flight requests finish; a request arriving on an open connection during shutdown is told
  // to go elsewhere, and its connection is closed so the client reconnects to another instance.
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError('service-unavailable', 'The server is shutting down; try again.', {
      headers: { 'retry-after': '1' },
    });
  });

  // The loop is late while the app starts (modules loaded, every schema compiled): that is start-up,
  // not overload, yet the first sample after it would turn away the first requests (on a busy machine,
  // 10 of 12 `npm start`s answered the first pasted curl 503). Delay is judged once a whole sample
  // has been taken after the app was ready; memory is judged from the start.
  let delayJudgedFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    delayJudgedFrom = performance.now() + 2 * PRESSURE_SAMPLE_INTERVAL_MS;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    sampleInterval: PRESSURE_SAMPLE_INTERVAL_MS,
    // Memory is judged without the database file's mapped pages (own-memory.ts), not by all of RSS.
    ...(limits.maxRssBytes > 0 && {
      healthCheck: async () => ownResidentBytes() <= limits.maxRssBytes,
      healthCheckInterval: PRESSURE_SAMPLE_INTERVAL_MS,
    }),
    pressureHandler: async (_request, _reply, type) => {
      if (type === 'eventLoopDelay' && performance.now() < delayJudgedFrom) return;
      throw overloaded();
    },
  });
}
