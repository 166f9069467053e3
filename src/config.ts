/**
 * Configuration: flags win over environment variables, which win over defaults (SPEC §8).
 * Everything is validated once, here; a bad value becomes a ConfigError whose message is the
 * single line the CLI prints before it stops.
 */

import { isIP } from 'node:net';
import { parse as parseConnectionString } from 'pg-connection-string';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** JSON lines for a process manager and a log collector; `pretty` (pino-pretty) for a person at a terminal. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly url: string; readonly filename: string }
  | { readonly dialect: 'postgres'; readonly url: string };

/** SPEC §7: the request budget per credential and the throttle on failed authentication. */
export interface RateLimitSettings {
  /** Requests per window per credential. */
  readonly max: number;
  readonly windowSeconds: number;
  /** Failed authentications per window, counted per username (Basic) and per client address. */
  readonly authFailuresPerUsername: number;
  readonly authFailuresPerAddress: number;
  readonly authFailureWindowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = Object.freeze({
  max: 600,
  windowSeconds: 60,
  authFailuresPerUsername: 10,
  authFailuresPerAddress: 50,
  authFailureWindowSeconds: 300,
});

export interface ServerLimits {
  /** Whole request (headers and body) must arrive within this; 408 otherwise. */
  requestTimeoutMs: number;
  /** Headers must arrive within this (Node's slowloris guard); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections per process; further ones are refused by the kernel backlog. */
  maxConnections: number;
  /** Event-loop delay above which new requests get 503 (overload); 0 = not checked. */
  maxEventLoopDelayMs: number;
  /** Resident memory above which new requests get 503 (memory pressure); 0 = not checked. */
  maxRssBytes: number;
  /**
   * From SIGTERM to closing the listener: /ready answers 503 and everything else is served, long
   * enough for a load balancer's health checks to take the instance out (0: close at once).
   */
  shutdownDrainMs: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = Object.freeze({
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 2_048,
  maxEventLoopDelayMs: 1_000,
  maxRssBytes: 1.5 * 2 ** 30,
  shutdownDrainMs: 0,
});

/** SPEC §15: how long a draft holds its nights after its last change, by default. */
export const DEFAULT_DRAFT_MINUTES = 20;

export interface Config {
  readonly database: DatabaseConfig;
  readonly port: number;
  readonly host: string;
  readonly redisUrl: string | undefined;
  /** Prefix of the rate-limit keys in Redis: instances sharing a budget share it. */
  readonly redisKeyPrefix: string;
  readonly logLevel: LogLevel;
  readonly logFormat: LogFormat;
  /** Whether each request gets its two lines (received, completed): not in the demo, whose log a person reads. */
  readonly logRequests: boolean;
  /**
   * SPEC §12: the proxies whose X-Forwarded-For / Forwarded headers are believed, as a hop count
   * or addresses and CIDRs; undefined: none (the client address is the TCP peer).
   */
  readonly trustProxy: TrustProxy | undefined;
  /** The header the trusted proxies write (TRUST_PROXY_HEADER): the other one is never read. */
  readonly trustProxyHeader: TrustProxyHeader;
  readonly rateLimits: RateLimitSettings;
  readonly serverLimits: ServerLimits;
  readonly webhooks: WebhookSettings;
  /** SPEC §15: a draft of the booking flow expires this many minutes after its last change (DRAFT_MINUTES). */
  readonly draftMinutes: number;
  readonly calendars: CalendarSettings;
}

/** SPEC §16: fetching other channels' feeds (by the same workers, under the same kind of lease). */
export interface CalendarSettings {
  /** Seconds between two fetches of one feed (CALENDAR_POLL_SECONDS). */
  readonly pollSeconds: number;
  /** A fetch is cut after this (SPEC: 15 s). */
  readonly timeoutMs: number;
  /** A feed larger than this fails (SPEC: 5 MB). */
  readonly maxBytes: number;
  /** How long a claimed fetch is a process's alone; longer than the timeout. */
  readonly leaseMs: number;
  /** OUTBOUND_ALLOW_PRIVATE_NETWORKS: the same value as the webhooks'. */
  readonly allowPrivateNetworks: boolean;
}

/** SPEC §10: webhook delivery and event retention. */
export interface WebhookSettings {
  /** Whether `booking serve` runs the delivery worker (`booking worker` always does). */
  readonly worker: boolean;
  /** AES-256-GCM key for endpoint secrets at rest (32 bytes); undefined: stored as given. */
  readonly secretKey: Buffer | undefined;
  /** Lifts the SSRF rules and allows http:// (receivers on the operator's own network, tests). */
  readonly allowPrivateNetworks: boolean;
  /** Seconds between a failed attempt and the next; a delivery fails after the last. */
  readonly retryScheduleSeconds: readonly number[];
  readonly eventsRetentionDays: number;
  /** GUEST_RETENTION_DAYS (SPEC §15): the workers erase guests this many days after their last departure; undefined: never. */
  readonly guestRetentionDays: number | undefined;
  /** An attempt is cut after this (SPEC: 15 s). */
  readonly timeoutMs: number;
  /** How long a claimed attempt is a process's alone; longer than the timeout. */
  readonly leaseMs: number;
}

/** Hops to believe, or the addresses, CIDRs and proxy-addr names (`loopback`, …) of trusted proxies. */
export type TrustProxy = number | readonly string[];
export const TRUST_PROXY_HEADERS = ['x-forwarded-for', 'forwarded'] as const;
export type TrustProxyHeader = (typeof TRUST_PROXY_HEADERS)[number];

export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** Values given on the command line; undefined means "not given". */
export interface ConfigFlags {
  databaseUrl?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  logLevel?: string | undefined;
  logFormat?: string | undefined;
  /**
   * `serve --demo`: someone trying the service at a terminal, so logs are pretty unless LOG_FORMAT
   * or --log-format says otherwise, and requests are not logged line by line.
   */
  demo?: boolean | undefined;
}

/** Environment variables of the limits of SPEC §7, with the setting each one fills. */
const RATE_LIMIT_VARIABLES = [
  ['RATE_LIMIT_MAX', 'max'],
  ['RATE_LIMIT_WINDOW', 'windowSeconds'],
  ['AUTH_FAILURE_MAX', 'authFailuresPerUsername'],
  ['AUTH_FAILURE_MAX_PER_ADDRESS', 'authFailuresPerAddress'],
  ['AUTH_FAILURE_WINDOW', 'authFailureWindowSeconds'],
] as const satisfies readonly (readonly [string, keyof RateLimitSettings])[];

/** Environment variables of the server's own limits (issue 7), with the setting and unit of each. */
const SERVER_LIMIT_VARIABLES = [
  ['REQUEST_TIMEOUT_MS', 'requestTimeoutMs'],
  ['HEADERS_TIMEOUT_MS', 'headersTimeoutMs'],
  ['MAX_CONNECTIONS', 'maxConnections'],
  // 0 turns the two overload checks off (a process that is not a server, such as a test runner).
  ['MAX_EVENT_LOOP_DELAY_MS', 'maxEventLoopDelayMs', 1, 0],
  ['MAX_RSS_MB', 'maxRssBytes', 2 ** 20, 0],
  ['SHUTDOWN_DRAIN_MS', 'shutdownDrainMs', 1, 0],
] as const satisfies readonly (readonly [string, keyof ServerLimits, number?, number?])[];

export const DEFAULT_DATABASE_URL = 'sqlite:./data/booking.sqlite';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface Source {
  value: string;
  /** How the user spelled the setting, so the error names what they must fix. */
  name: string;
}

function pick(
  flag: string | undefined,
  flagName: string,
  env: string | undefined,
  envName: string,
): Source | undefined {
  if (flag !== undefined) return { value: flag, name: flagName };
  if (env !== undefined && env !== '') return { value: env, name: envName };
  return undefined;
}

function invalid(source: Source, expected: string): ConfigError {
  return new ConfigError(
    `Invalid ${source.name}: expected ${expected}, got ${JSON.stringify(withoutPassword(source.value))}`,
  );
}

/**
 * A refused setting as its error may print it: any password masked, written in a URL
 * (`scheme://user:password@`) or as a `password=` parameter or libpq keyword, wherever it stands in
 * the value (quoted, after a stray `NAME=`). The value is refused, so it may be malformed: from the
 * user's name to the last `@` is masked, and an unquoted `password=` value up to the next `&` or
 * `#` (as a URL's query reads it, spaces included, though libpq's keyword form would end it at a
 * space): either may hide more than the password, never less.
 */
export function withoutPassword(value: string): string {
  // Parameters first: a password parameter holding an `@` would otherwise end the URL's mask early.
  return value
    .replace(/(password\s*=\s*)('(?:[^'\\]|\\.)*'?|[^&#]*)/gi, '$1***')
    .replace(/(\/\/[^:@/\s]*:).*@/s, '$1***@');
}

export function parseDatabaseUrl(source: Source): DatabaseConfig {
  const url = source.value;
  if (url.startsWith('sqlite:')) {
    // sqlite:./relative/path, sqlite:/absolute/path, sqlite::memory:
    const filename = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (filename === '') throw invalid(source, 'sqlite:<file> or postgres://…');
    return { dialect: 'sqlite', url, filename };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    // Read as the driver reads it (pg-connection-string): libpq's spellings of a Unix socket, such
    // as postgres://user@/db?host=/var/run/postgresql, which WHATWG URL refuses (a user before an
    // empty host), are valid here because they are valid there.
    try {
      parseConnectionString(url);
    } catch (error) {
      // The driver's reason (it names a missing sslrootcert file, say; it never repeats the URL).
      throw invalid(source, `a postgres:// URL the driver can read (${withoutPassword((error as Error).message)})`);
    }
    return { dialect: 'postgres', url };
  }
  throw invalid(source, 'sqlite:<file> or postgres://…');
}

function parsePort(source: Source): number {
  if (!/^\d{1,5}$/.test(source.value) || Number(source.value) > 65535) {
    throw invalid(source, 'an integer from 0 to 65535');
  }
  return Number(source.value);
}

function parseLogLevel(source: Source): LogLevel {
  const level = source.value.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw invalid(source, `one of ${LOG_LEVELS.join(', ')}`);
  return level as LogLevel;
}

function parseLogFormat(source: Source): LogFormat {
  const format = LOG_FORMATS.find((known) => known === source.value.trim().toLowerCase());
  if (!format) throw invalid(source, LOG_FORMATS.join(' or '));
  return format;
}

function parseRedisUrl(source: Source): string {
  if (!/^rediss?:\/\/\S+$/.test(source.value)) throw invalid(source, 'a redis:// or rediss:// URL');
  return source.value;
}

function parseWholeNumber(source: Source, minimum: number): number {
  if (!/^\d{1,10}$/.test(source.value) || Number(source.value) < minimum) {
    throw invalid(source, `a whole number ≥ ${minimum}`);
  }
  return Number(source.value);
}

/** Defaults overridden by the whole-number environment variables that name a setting. */
function numericSettings<T extends object>(
  env: NodeJS.ProcessEnv,
  defaults: T,
  variables: readonly (readonly [string, keyof T, number?, number?])[],
): Readonly<T> {
  const settings = { ...defaults } as Record<keyof T, number>;
  for (const [variable, setting, unit = 1, minimum = 1] of variables) {
    const source = pick(undefined, '', env[variable], variable);
    if (source) settings[setting] = parseWholeNumber(source, minimum) * unit;
  }
  return Object.freeze(settings) as Readonly<T>;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A hop count (1–64), or a comma-separated list of addresses, CIDRs and proxy-addr range names. */
function parseTrustProxyHeader(source: Source): TrustProxyHeader {
  const value = source.value.trim().toLowerCase();
  const known = TRUST_PROXY_HEADERS.find((header) => header === value);
  if (!known) throw invalid(source, TRUST_PROXY_HEADERS.join(' or '));
  return known;
}

function parseTrustProxy(source: Source): TrustProxy {
  const value = source.value.trim();
  if (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => PROXY_RANGE_NAMES.includes(entry) || isAddressOrCidr(entry))) {
    return Object.freeze(entries);
  }
  throw invalid(
    source,
    `a hop count from 1 to 64, or comma-separated addresses and CIDRs (or ${PROXY_RANGE_NAMES.join(', ')})`,
  );
}

function parseBoolean(source: Source): boolean {
  if (source.value === 'true') return true;
  if (source.value === 'false') return false;
  throw invalid(source, 'true or false');
}

function parseRetrySchedule(source: Source): number[] {
  if (!/^\d{1,6}(,\d{1,6}){0,19}$/.test(source.value)) {
    throw invalid(source, 'up to 20 comma-separated whole numbers of seconds, e.g. 5,300,1800');
  }
  return source.value.split(',').map(Number);
}

/** 32 bytes, as 64 hex digits or base64: the AES-256-GCM key of webhook secrets at rest. */
function parseSecretKey(source: Source): Buffer {
  const value = source.value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : undefined;
  if (!key || key.length !== 32) throw invalid({ ...source, value: '…' }, '32 bytes as 64 hex digits or base64');
  return key;
}

/**
 * OUTBOUND_ALLOW_PRIVATE_NETWORKS lifts the outbound rules of §10 for webhooks and feeds alike;
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS is its other name. Naming both with different values is refused.
 */
function allowPrivateNetworksSource(env: NodeJS.ProcessEnv): Source | undefined {
  const outbound = pick(undefined, '', env.OUTBOUND_ALLOW_PRIVATE_NETWORKS, 'OUTBOUND_ALLOW_PRIVATE_NETWORKS');
  const webhook = pick(undefined, '', env.WEBHOOK_ALLOW_PRIVATE_NETWORKS, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS');
  if (outbound && webhook && outbound.value !== webhook.value) {
    throw new ConfigError(
      'Invalid OUTBOUND_ALLOW_PRIVATE_NETWORKS: WEBHOOK_ALLOW_PRIVATE_NETWORKS is its other name and says otherwise',
    );
  }
  return outbound ?? webhook;
}

function calendarSettings(env: NodeJS.ProcessEnv, webhooks: WebhookSettings): CalendarSettings {
  const poll = pick(undefined, '', env.CALENDAR_POLL_SECONDS, 'CALENDAR_POLL_SECONDS');
  return Object.freeze({
    pollSeconds: poll ? parseWholeNumber(poll, 1) : 900,
    timeoutMs: 15_000,
    maxBytes: 5 * 2 ** 20,
    leaseMs: 60_000,
    allowPrivateNetworks: webhooks.allowPrivateNetworks,
  });
}

function webhookSettings(env: NodeJS.ProcessEnv): WebhookSettings {
  const source = (name: string) => pick(undefined, '', env[name], name);
  const worker = source('WEBHOOK_WORKER');
  const key = source('WEBHOOK_SECRET_KEY');
  const allow = allowPrivateNetworksSource(env);
  const schedule = source('WEBHOOK_RETRY_SCHEDULE');
  const retention = source('EVENTS_RETENTION_DAYS');
  const guestRetention = source('GUEST_RETENTION_DAYS');
  const timeout = source('WEBHOOK_TIMEOUT_SECONDS');
  const lease = source('WEBHOOK_LEASE_SECONDS');
  const timeoutMs = (timeout ? parseWholeNumber(timeout, 1) : 15) * 1000;
  const leaseMs = (lease ? parseWholeNumber(lease, 1) : 60) * 1000;
  if (lease && leaseMs <= timeoutMs) {
    throw invalid(lease, `more seconds than the delivery timeout (${timeoutMs / 1000})`);
  }
  return Object.freeze({
    worker: worker ? parseBoolean(worker) : true,
    secretKey: key ? parseSecretKey(key) : undefined,
    allowPrivateNetworks: allow ? parseBoolean(allow) : false,
    retryScheduleSeconds: Object.freeze(schedule ? parseRetrySchedule(schedule) : [...DEFAULT_RETRY_SCHEDULE_SECONDS]),
    eventsRetentionDays: retention ? parseWholeNumber(retention, 1) : 30,
    guestRetentionDays: guestRetention ? parseWholeNumber(guestRetention, 1) : undefined,
    timeoutMs,
    leaseMs,
  });
}

/** 1 minute to a week: a draft holds nights nobody else can sell, so not for long. */
function parseDraftMinutes(source: Source): number {
  const minutes = parseWholeNumber(source, 1);
  if (minutes > 10_080) throw invalid(source, 'a whole number of minutes from 1 to 10080 (a week)');
  return minutes;
}

export function loadConfig(env: NodeJS.ProcessEnv, flags: ConfigFlags = {}): Config {
  const database = pick(flags.databaseUrl, '--database-url', env.DATABASE_URL, 'DATABASE_URL') ?? {
    value: DEFAULT_DATABASE_URL,
    name: 'DATABASE_URL',
  };
  const port = pick(flags.port, '--port', env.PORT, 'PORT');
  const host = pick(flags.host, '--host', env.HOST, 'HOST');
  const logLevel = pick(flags.logLevel, '--log-level', env.LOG_LEVEL, 'LOG_LEVEL');
  const logFormat = pick(flags.logFormat, '--log-format', env.LOG_FORMAT, 'LOG_FORMAT');
  const redis = pick(undefined, '', env.REDIS_URL, 'REDIS_URL');
  const trustProxy = pick(undefined, '', env.TRUST_PROXY, 'TRUST_PROXY');
  const trustProxyHeader = pick(undefined, '', env.TRUST_PROXY_HEADER, 'TRUST_PROXY_HEADER');
  const draftMinutes = pick(undefined, '', env.DRAFT_MINUTES, 'DRAFT_MINUTES');

  if (host && host.value.trim() === '') throw invalid(host, 'a host name or address');
  const webhooks = webhookSettings(env);

  return Object.freeze({
    database: Object.freeze(parseDatabaseUrl(database)),
    port: port ? parsePort(port) : 3000,
    host: host?.value ?? '127.0.0.1',
    redisUrl: redis ? parseRedisUrl(redis) : undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'booking:rate:',
    logLevel: logLevel ? parseLogLevel(logLevel) : 'info',
    logFormat: logFormat ? parseLogFormat(logFormat) : flags.demo ? 'pretty' : 'json',
    logRequests: !flags.demo,
    trustProxy: trustProxy ? parseTrustProxy(trustProxy) : undefined,
    trustProxyHeader: trustProxyHeader ? parseTrustProxyHeader(trustProxyHeader) : 'x-forwarded-for',
    rateLimits: numericSettings(env, DEFAULT_RATE_LIMITS, RATE_LIMIT_VARIABLES),
    serverLimits: numericSettings(env, DEFAULT_SERVER_LIMITS, SERVER_LIMIT_VARIABLES),
    webhooks,
    draftMinutes: draftMinutes ? parseDraftMinutes(draftMinutes) : DEFAULT_DRAFT_MINUTES,
    calendars: calendarSettings(env, webhooks),
  });
}
