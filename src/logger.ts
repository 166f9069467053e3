import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.js';

const SECRET_QUERY_NAME = /key|token|secret|password|passwd|auth/i;

/** Query values whose names look like secrets are replaced before a URL is logged. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; only the value is at stake.
      }
      return SECRET_QUERY_NAME.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
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
