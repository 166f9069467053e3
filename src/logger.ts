import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';

const SECRET_QUERY_NAME = /key|token|secret|password|passwd|auth/i;

/** Query values whose names look like secrets are replaced before a URL is logged. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_QUERY_NAME.test(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * The service's pino logger. Requests are logged without headers; the redact paths are a second
 * line of defence should a header object ever be logged anyway.
 */
export function createLogger(level: LogLevel, destination?: Writable): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'headers["x-api-key"]',
        'password',
        '*.password',
        'apiKey',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method?: string; url?: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url ?? ''), remoteAddress: request.ip };
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
