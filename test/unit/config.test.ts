import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      database: { dialect: 'sqlite', url: 'sqlite:./data/booking.sqlite', filename: './data/booking.sqlite' },
      port: 3000,
      host: '127.0.0.1',
      redisUrl: undefined,
      redisKeyPrefix: 'booking:rate:',
      logLevel: 'info',
      logFormat: 'json',
      logRequests: true,
      trustProxy: undefined,
      trustProxyHeader: 'x-forwarded-for',
      // SPEC §15: a draft holds its nights this long after its last change.
      draftMinutes: 20,
      rateLimits: {
        max: 600,
        windowSeconds: 60,
        authFailuresPerUsername: 10,
        authFailuresPerAddress: 50,
        authFailureWindowSeconds: 300,
      },
      serverLimits: {
        requestTimeoutMs: 30_000,
        headersTimeoutMs: 10_000,
        keepAliveTimeoutMs: 5_000,
        maxConnections: 2_048,
        maxEventLoopDelayMs: 1_000,
        maxRssBytes: 1.5 * 2 ** 30,
        shutdownDrainMs: 0,
      },
      webhooks: {
        worker: true,
        secretKey: undefined,
        allowPrivateNetworks: false,
        retryScheduleSeconds: [5, 300, 1800, 7200, 18000, 36000, 36000],
        eventsRetentionDays: 30,
        guestRetentionDays: undefined,
        timeoutMs: 15000,
        leaseMs: 60000,
      },
      calendars: {
        pollSeconds: 900,
        timeoutMs: 15000,
        maxBytes: 5 * 2 ** 20,
        leaseMs: 60000,
        allowPrivateNetworks: false,
      },
    });
  });

  it.each([
    ['1', 1],
    ['45', 45],
    ['10080', 10_080],
  ])('reads DRAFT_MINUTES=%s', (value, minutes) => {
    expect(loadConfig({ DRAFT_MINUTES: value }).draftMinutes).toBe(minutes);
  });

  it.each(['0', '-5', '1.5', 'abc', '10081'])('refuses DRAFT_MINUTES=%s naming it', (value) => {
    expect(() => loadConfig({ DRAFT_MINUTES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DRAFT_MINUTES: value })).toThrow(/DRAFT_MINUTES/);
  });

  it('lifts the outbound rules for feeds and webhooks alike, by either name (SPEC §16)', () => {
    for (const env of [{ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }]) {
      const config = loadConfig(env);
      expect([config.webhooks.allowPrivateNetworks, config.calendars.allowPrivateNetworks]).toEqual([true, true]);
    }
    expect(
      loadConfig({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).calendars
        .allowPrivateNetworks,
    ).toBe(true);
    expect(() =>
      loadConfig({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' }),
    ).toThrow(/^Invalid OUTBOUND_ALLOW_PRIVATE_NETWORKS: /);
    expect(() => loadConfig({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow(
      'Invalid OUTBOUND_ALLOW_PRIVATE_NETWORKS: expected true or false, got "yes"',
    );
    expect(loadConfig({ CALENDAR_POLL_SECONDS: '60' }).calendars.pollSeconds).toBe(60);
    expect(() => loadConfig({ CALENDAR_POLL_SECONDS: '0' })).toThrow(/^Invalid CALENDAR_POLL_SECONDS: /);
  });

  it('reads the server limits from the environment, MAX_RSS_MB in MiB', () => {
    expect(
      loadConfig({ REQUEST_TIMEOUT_MS: '2000', MAX_RSS_MB: '300', MAX_EVENT_LOOP_DELAY_MS: '50' }).serverLimits,
    ).toMatchObject({ requestTimeoutMs: 2000, maxRssBytes: 300 * 2 ** 20, maxEventLoopDelayMs: 50 });
    expect(loadConfig({ MAX_RSS_MB: '0', MAX_EVENT_LOOP_DELAY_MS: '0' }).serverLimits).toMatchObject({
      maxRssBytes: 0,
      maxEventLoopDelayMs: 0,
    });
    expect(loadConfig({}).serverLimits.shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '5000' }).serverLimits.shutdownDrainMs).toBe(5000);
  });

  it('reads the limits of SPEC §7 from the environment', () => {
    const env = {
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW: '2',
      AUTH_FAILURE_MAX: '3',
      AUTH_FAILURE_MAX_PER_ADDRESS: '7',
      AUTH_FAILURE_WINDOW: '30',
    };
    expect(loadConfig(env).rateLimits).toEqual({
      max: 5,
      windowSeconds: 2,
      authFailuresPerUsername: 3,
      authFailuresPerAddress: 7,
      authFailureWindowSeconds: 30,
    });
    expect(Object.isFrozen(loadConfig(env).rateLimits)).toBe(true);
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
  });

  it('takes flags over environment over defaults', () => {
    const env = { PORT: '4000', HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@db:5432/x', LOG_LEVEL: 'warn' };
    expect(loadConfig(env)).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      logLevel: 'warn',
      database: { dialect: 'postgres' },
    });
    expect(loadConfig(env, { port: '5000', databaseUrl: 'sqlite::memory:', logLevel: 'debug' })).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      logLevel: 'debug',
      database: { dialect: 'sqlite', filename: ':memory:' },
    });
  });

  it.each([
    // [what the environment says, what the flag says, --demo, the format, requests logged]
    [undefined, undefined, false, 'json', true],
    [undefined, undefined, true, 'pretty', false],
    ['json', undefined, true, 'json', false],
    ['PRETTY', undefined, false, 'pretty', true],
    ['pretty', 'json', false, 'json', true],
    [undefined, 'pretty', false, 'pretty', true],
  ] as const)(
    'LOG_FORMAT=%s, --log-format %s, demo %s: %s logs, requests logged: %s',
    (env, flag, demo, format, requests) => {
      const config = loadConfig(env === undefined ? {} : { LOG_FORMAT: env }, { logFormat: flag, demo });
      expect(config).toMatchObject({ logFormat: format, logRequests: requests });
    },
  );

  it('refuses a LOG_FORMAT it does not know, naming it', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(
      new ConfigError('Invalid LOG_FORMAT: expected json or pretty, got "xml"'),
    );
    expect(() => loadConfig({}, { logFormat: 'text' })).toThrow(/^Invalid --log-format: expected json or pretty/);
  });

  it.each([
    ['sqlite:./data/x.sqlite', { dialect: 'sqlite', filename: './data/x.sqlite' }],
    ['sqlite:/var/lib/booking.sqlite', { dialect: 'sqlite', filename: '/var/lib/booking.sqlite' }],
    ['postgres://postgres@127.0.0.1:5432/test', { dialect: 'postgres' }],
    ['postgresql://u:p@host/db', { dialect: 'postgres' }],
    // libpq's spellings of a Unix socket, as the driver reads them (WHATWG URL refuses the first).
    ['postgres://postgres@/test?host=/var/run/postgresql', { dialect: 'postgres' }],
    ['postgres:///test?host=/var/run/postgresql', { dialect: 'postgres' }],
    ['postgresql://%2Fvar%2Frun%2Fpostgresql/test', { dialect: 'postgres' }],
  ])('reads DATABASE_URL %s', (url, expected) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject(expected);
  });

  it.each([
    ['1', 1],
    ['64', 64],
    ['10.0.0.2', ['10.0.0.2']],
    ['127.0.0.1, 10.0.0.0/8 ,fd00::/8', ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['::ffff:10.0.0.2/128', ['::ffff:10.0.0.2/128']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    [undefined, 'x-forwarded-for'],
    ['X-Forwarded-For', 'x-forwarded-for'],
    [' forwarded ', 'forwarded'],
  ])('reads TRUST_PROXY_HEADER=%s as %s', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY_HEADER: value }).trustProxyHeader).toBe(expected);
  });

  it.each([
    [{ PORT: 'abc' }, {}, 'Invalid PORT: expected an integer from 0 to 65535, got "abc"'],
    [{ PORT: '70000' }, {}, 'Invalid PORT'],
    [{}, { port: '-1' }, 'Invalid --port'],
    [{ DATABASE_URL: 'mysql://x' }, {}, 'Invalid DATABASE_URL'],
    [{}, { databaseUrl: 'sqlite:' }, 'Invalid --database-url'],
    [{ LOG_LEVEL: 'loud' }, {}, 'Invalid LOG_LEVEL'],
    [{ REDIS_URL: 'localhost:6379' }, {}, 'Invalid REDIS_URL'],
    [{}, { host: ' ' }, 'Invalid --host'],
    [{ RATE_LIMIT_MAX: '0' }, {}, 'Invalid RATE_LIMIT_MAX: expected a whole number ≥ 1, got "0"'],
    [{ RATE_LIMIT_WINDOW: '1.5' }, {}, 'Invalid RATE_LIMIT_WINDOW'],
    [{ AUTH_FAILURE_MAX: '-3' }, {}, 'Invalid AUTH_FAILURE_MAX'],
    [{ MAX_RSS_MB: 'lots' }, {}, 'Invalid MAX_RSS_MB'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, {}, 'Invalid SHUTDOWN_DRAIN_MS'],
    [{ RATE_LIMIT_MAX: '00' }, {}, 'Invalid RATE_LIMIT_MAX'],
    [{ TRUST_PROXY: 'true' }, {}, 'Invalid TRUST_PROXY: expected a hop count from 1 to 64'],
    [{ TRUST_PROXY: '0' }, {}, 'Invalid TRUST_PROXY'],
    [{ TRUST_PROXY: '65' }, {}, 'Invalid TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, {}, 'Invalid TRUST_PROXY'],
    [{ TRUST_PROXY: 'fd00::/129' }, {}, 'Invalid TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,' }, {}, 'Invalid TRUST_PROXY'],
    [{ TRUST_PROXY: 'balancer.internal' }, {}, 'Invalid TRUST_PROXY'],
    [{ TRUST_PROXY_HEADER: 'x-real-ip' }, {}, 'Invalid TRUST_PROXY_HEADER: expected x-forwarded-for or forwarded'],
    [{ TRUST_PROXY: '10.0.0.1/8/8' }, {}, 'Invalid TRUST_PROXY'],
  ])('refuses %o %o with one line naming the setting', (env, flags, message) => {
    let error: unknown;
    try {
      loadConfig(env, flags);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('\n');
  });

  /** The message of the setting's refusal, or undefined when it is accepted. */
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return undefined;
  };

  it.each([
    [
      'DATABASE_URL',
      'postgres://booking:s3cret-pw@db.internal:99999/booking',
      'postgres://booking:***@db.internal:99999/booking',
    ],
    ['DATABASE_URL', 'postgres://db.internal:99999/booking?user=booking&password=s3cret-pw', 'password=***'],
    ['DATABASE_URL', 'postgres://booking:s3cret@pw@[::1/booking', 'postgres://booking:***@[::1/booking'],
    // Refused before any URL is read: quoted as an env file may leave it, pasted with its name, or
    // in libpq's keyword form.
    ['DATABASE_URL', '"postgres://booking:s3cret-pw@db/booking"', '\\"postgres://booking:***@db/booking\\"'],
    ['DATABASE_URL', 'DATABASE_URL=postgres://booking:s3cret-pw@db/booking', 'DATABASE_URL=postgres://booking:***@db'],
    ['DATABASE_URL', 'host=/run/postgresql user=booking password=s3cret-pw', 'user=booking password=***'],
    ['DATABASE_URL', 'postgres://db:99999/x?password=s3cret pw&user=booking', 'password=***&user=booking'],
    ['DATABASE_URL', 'postgres://db:99999/x?password=s3cret@pw', 'got "postgres://db:99999/x?password=***"'],
    ['DATABASE_URL', "host=db password = 's3cret pw' dbname=booking", 'password = *** dbname=booking'],
    ['REDIS_URL', 'redis://default:s3cret-pw@cache internal:6379', 'redis://default:***@cache internal:6379'],
  ])('refuses %s without printing its password: %s', (name, value, shown) => {
    const message = refusal({ [name]: value });
    expect(message).toContain(`Invalid ${name}`);
    expect(message).toContain(shown);
    expect(message).not.toContain('s3cret');
  });

  it('gives the driver reason for a postgres:// URL it cannot read', () => {
    const message = refusal({ DATABASE_URL: 'postgres://u:s3cret@db/booking?sslrootcert=/nowhere/ca.crt' });
    expect(message).toContain("ENOENT: no such file or directory, open '/nowhere/ca.crt'");
    expect(message).not.toContain('s3cret');
  });

  it('never prints the password of a refused URL, whatever it holds', () => {
    const password = fc.string({ minLength: 1, maxLength: 40 }).map((s) => `pw${s}`);
    // A query parameter's value ends at `&` or `#`: a password that held one would be two parameters.
    const parameterPassword = password.filter((s) => !/[&#]/.test(s));
    const cases = fc.oneof(
      password.map((secret) => ({ secret, asParameter: false })),
      parameterPassword.map((secret) => ({ secret, asParameter: true })),
    );
    fc.assert(
      fc.property(cases, ({ secret, asParameter }) => {
        // A port past 65535 makes most of them invalid; one the driver still reads (an `@/` in the
        // password makes a host of what follows) says nothing here.
        const value = asParameter
          ? `postgres://db:99999/x?user=u&password=${secret}`
          : `postgres://u:${secret}@db:99999/x`;
        const message = refusal({ DATABASE_URL: value });
        fc.pre(message !== undefined);
        // The value as printed, the password and nothing else masked: it stands last in the parameter
        // form, and right after the user in the other.
        expect(message).toMatch(
          asParameter
            ? /got "postgres:\/\/db:99999\/x\?user=u&password=\*\*\*"$/
            : /got "postgres:\/\/u:\*\*\*@db:99999\/x"$/,
        );
      }),
      { numRuns: 500 },
    );
  });
});
