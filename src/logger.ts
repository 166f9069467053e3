import type { IncomingHttpHeaders } from 'node:http';
import type { Writable } from 'node:stream';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { LogFormat, LogLevel } from './config.js';

const REDACTED = '[redacted]';

/** Query parameter names that say their value is a secret. */
const SECRET_QUERY_NAME = /key|token|secret|pass|pwd|auth|credential|session|signature/i;

/**
 * Query parameter names whose value may be a guest's personal data (SPEC §15: never in logs): a
 * search text (a reservation or guest searched by name), a name, an e-mail address, a phone number
 * or an address, however a client spells them.
 */
const PERSONAL_QUERY_NAME =
  /^(q|query|search|term|text|name|guest_?name|first_?name|sur_?name|last_?name|e-?mail|phone(_?number)?|address(_?no)?|postal_?code)$/i;

/**
 * An API key by its value (SPEC §5: `bk_` + 30 random base62 characters + a 6-character checksum),
 * and anything close enough to one to be a key mistyped, truncated or run on: whatever the
 * checksum says, `bk_` and 20 or more base62 characters are redacted wherever they appear.
 */
const API_KEY_LIKE = /bk_[0-9A-Za-z]{20,}/g;

/** `scheme://user:password@`: userinfo, e.g. of an absolute-form request target. */
const USERINFO = /([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#\s]*@/g;

/** The path of an iCalendar export feed, whose last segment is its token. */
const ICAL_FEED_PATH = /^\/+ical\/[^/]/i;

/** Below this length a request's own secret is only redacted where a whole piece of the URL is it. */
const SHORT_SECRET = 4;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judged as sent.
    return text;
  }
}

const API_KEY_INSIDE = new RegExp(API_KEY_LIKE.source);
const USERINFO_INSIDE = new RegExp(USERINFO.source);

function containsSecret(piece: string, secrets: readonly string[]): boolean {
  if (API_KEY_INSIDE.test(piece) || USERINFO_INSIDE.test(piece)) return true;
  return secrets.some((secret) => (secret.length < SHORT_SECRET ? piece === secret : piece.includes(secret)));
}

/**
 * A request target as it may be logged. Redaction is by name (query parameters that look like
 * secrets) and by value: every path segment, query name and query value that holds an API key,
 * userinfo, or one of `secrets` (the request's own password, key or Authorization token) is
 * replaced whole, judged both as sent and percent-decoded. Userinfo of an absolute-form target
 * (`http://user:pw@host/…`) is replaced too.
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(url)?.[0] ?? '';
  const origin = authority.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, `$1${REDACTED}@`);
  const rest = url.slice(authority.length).replace(USERINFO, `$1${REDACTED}@`);
  const queryStart = rest.indexOf('?');
  const path = queryStart === -1 ? rest : rest.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : rest.slice(queryStart + 1);

  const piece = (text: string) =>
    containsSecret(text, secrets) || containsSecret(decoded(text), secrets) ? REDACTED : text;
  // An export feed's address is its token (SPEC §16): the segment after /ical/ is a secret by name.
  const redactedPath = ICAL_FEED_PATH.test(path)
    ? `/ical/${REDACTED}`
    : path
        .split(/([/;#])/)
        .map((part, i) => (i % 2 === 1 ? part : piece(part)))
        .join('');
  if (query === undefined) return origin + redactedPath;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? undefined : pair.slice(equals + 1);
      const safeName = piece(name);
      if (value === undefined) return safeName;
      const hidden = SECRET_QUERY_NAME.test(decoded(name)) || PERSONAL_QUERY_NAME.test(decoded(name));
      return `${safeName}=${hidden ? REDACTED : piece(value)}`;
    })
    .join('&');
  return `${origin}${redactedPath}?${redactedQuery}`;
}

const headerValues = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The secrets a request carries in its headers: its API key, its Authorization token and Basic password. */
export function requestSecrets(headers: IncomingHttpHeaders | undefined): string[] {
  if (!headers) return [];
  const secrets = headerValues(headers['x-api-key']).map((value) => value.trim());
  for (const authorization of headerValues(headers.authorization)) {
    // `<scheme> <token>`; a value without a scheme is all token.
    const [, token = authorization] = /^\S+\s+(.*)$/.exec(authorization.trim()) ?? [];
    secrets.push(token.trim());
    if (/^Basic\s/i.test(authorization)) {
      const plain = Buffer.from(token.trim(), 'base64').toString('utf8');
      const colon = plain.indexOf(':');
      if (colon !== -1) secrets.push(plain.slice(colon + 1));
    }
  }
  return secrets.filter((secret) => secret !== '');
}

/**
 * `pretty`: pino's own prettifier, in this process and synchronous, so its lines and what the CLI
 * prints (the demo's banner) reach the terminal in the order they were written. It reads the JSON
 * line pino made, after every redaction below: it formats what would have been logged, never more.
 * Colours only where stdout takes them (pino-pretty's own check: a TTY, NO_COLOR, FORCE_COLOR).
 */
function prettyStream(destination: Writable | undefined): DestinationStream {
  // Loaded only here: its modules took ~80 ms to load, which every JSON start (a process manager's,
  // a CLI command's) would otherwise pay for nothing.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({
    // A stream given (a test's capture) is not a terminal: no colours there.
    ...(destination ? { destination, colorize: false } : { destination: 1, sync: true }),
    ignore: 'pid,hostname',
    translateTime: 'SYS:HH:MM:ss',
  });
}

/**
 * The service's pino logger. Requests are logged without headers, and their target is redacted by
 * name and by value (`redactUrl`). Two more lines of defence: the redact paths, should a header
 * object ever be logged anyway, and a last pass over every line written, which replaces anything
 * shaped like an API key wherever it is (a message, an error, a request id). Both formats are
 * made from the same redacted line.
 */
export function createLogger(level: LogLevel, destination?: Writable, format: LogFormat = 'json'): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'headers.authorization',
        'headers["x-api-key"]',
        // The console's session cookie and CSRF token (SPEC §11).
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers["set-cookie"]',
        'headers["x-csrf-token"]',
        'password',
        '*.password',
        'apiKey',
        '*.apiKey',
        // A PostgreSQL error's detail quotes the row it refused ("Key (email_key)=(…) already
        // exists"): personal data when the row is a guest's (SPEC §15).
        'err.detail',
        '*.err.detail',
      ],
      censor: REDACTED,
    },
    serializers: {
      req(request: { method?: string; url?: string; ip?: string; headers?: IncomingHttpHeaders }) {
        return {
          method: request.method,
          url: redactUrl(request.url ?? '', requestSecrets(request.headers)),
          remoteAddress: request.ip,
        };
      },
    },
    hooks: {
      streamWrite: (line: string) => line.replace(API_KEY_LIKE, REDACTED),
    },
  };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
}
