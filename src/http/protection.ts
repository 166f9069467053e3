import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { ServerLimits } from '../config.js';
import { AppError } from '../shared/errors.js';
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

const overloaded = () =>
  new AppError('service-unavailable', 'The server is overloaded; try again shortly.', {
    headers: { 'retry-after': '2' },
  });

/** Registers the closing and overload guards on the root instance (before any route). */
export async function registerProtection(app: FastifyInstance, limits: ServerLimits): Promise<void> {
  app.server.maxConnections = limits.maxConnections;

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

  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxRssBytes: limits.maxRssBytes,
    // Checked four times a second, so an overload is noticed (and its end too) within 250 ms.
    sampleInterval: 250,
    pressureHandler: async () => {
      throw overloaded();
    },
  });
}
