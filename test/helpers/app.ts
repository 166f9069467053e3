import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import type { RateLimitStore } from '../../src/http/rate-limit/stores.js';
import type { Clock } from '../../src/shared/clock.js';

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
 */
const UNLIMITED = {
  RATE_LIMIT_MAX: '1000000000',
  AUTH_FAILURE_MAX: '1000000000',
  AUTH_FAILURE_MAX_PER_ADDRESS: '1000000000',
};

export async function testApp(
  db: Db,
  options: { clock?: Clock; logs?: LogCapture; env?: Record<string, string>; rateLimitStore?: RateLimitStore } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: options.logs ? 'info' : 'silent', ...UNLIMITED, ...options.env });
  const app = await buildApp(config, {
    db,
    clock: options.clock,
    logDestination: options.logs,
    rateLimitStore: options.rateLimitStore,
  });
  await app.ready();
  return app;
}
