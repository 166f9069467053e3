import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import type { RateLimitStore } from '../../src/http/rate-limit/stores.js';
import type { ScryptParams } from '../../src/modules/credentials/password.js';
import type { Clock } from '../../src/shared/clock.js';
import { checkResponsesAgainstDocument } from './contract.js';
import { CHEAP_PASSWORD_HASHING } from './fixtures.js';
import { closeAutomatically } from './open-apps.js';
import { capturedLogs } from './secrets.js';

/** Every log line the app writes, to prove what never appears in them. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/**
 * Limits high enough that suites making many requests never meet them; the limit tests set their own.
 * The overload thresholds too: an app here lives in a test-runner process, whose memory and event
 * loop belong to the runner and to every test file it ran before (a server process's do not).
 */
const UNLIMITED = {
  RATE_LIMIT_MAX: '1000000000',
  AUTH_FAILURE_MAX: '1000000000',
  AUTH_FAILURE_MAX_PER_ADDRESS: '1000000000',
  MAX_RSS_MB: '0',
  MAX_EVENT_LOOP_DELAY_MS: '0',
};

/**
 * The app on `db`, checked against its own document on every `app.inject`. It closes by itself
 * (test/helpers/open-apps.ts): built inside a test, when the test finishes; otherwise when `db`'s
 * test database is dropped, or at the end of the file. No caller needs `await app.close()`.
 */
export async function testApp(
  db: Db,
  options: {
    clock?: Clock;
    logs?: LogCapture;
    env?: Record<string, string>;
    rateLimitStore?: RateLimitStore;
    /** Extra routes registered before the app is ready (e.g. one that fails on purpose). */
    routes?: (app: FastifyInstance) => void;
    /**
     * The cost of the passwords it hashes and of its decoy: cheap unless hashing is the subject;
     * 'the service's own' builds the app as the server does, without naming one.
     */
    passwordHashing?: ScryptParams | "the service's own";
  } = {},
): Promise<FastifyInstance> {
  // Every app logs at info into a capture, so the suite-wide check sees what each one wrote.
  const logs = options.logs ?? new LogCapture();
  capturedLogs.push(logs);
  const config = loadConfig({ LOG_LEVEL: 'info', ...UNLIMITED, ...options.env });
  const app = await buildApp(config, {
    db,
    clock: options.clock,
    logDestination: logs,
    rateLimitStore: options.rateLimitStore,
    passwordHashing:
      options.passwordHashing === "the service's own" ? undefined : (options.passwordHashing ?? CHEAP_PASSWORD_HASHING),
  });
  closeAutomatically(app, db);
  options.routes?.(app);
  await app.ready();
  checkResponsesAgainstDocument(app);
  return app;
}
