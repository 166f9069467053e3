import { connect } from 'node:net';
import { describe, it, type TestFunction } from 'vitest';
import { POSTGRES_BINARIES, postgresBinaries } from './throwaway-postgres.js';

/**
 * Tests that need something outside the repository (a Redis server, PostgreSQL's server binaries,
 * a PostgreSQL server to make databases in) say so through one of these, and never skip in silence:
 *
 * - in CI (`CI` set, as the CI runner and .ci/run do) a missing requirement fails: CI must test it all;
 * - elsewhere the tests are skipped, the reason in the suite's or test's name and in a warning on stderr.
 */
export const IN_CI = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());

export interface Requirement {
  /** What is needed, e.g. "Redis at redis://127.0.0.1:6379". */
  readonly what: string;
  /** Why it is not available; undefined when it is. */
  readonly missing?: string;
}

/** The Redis at `url`, when it answers PING within a second. */
export function redisAt(url: string): Promise<Requirement> {
  const what = `Redis at ${url}`;
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''));
    let answer = '';
    const done = (missing?: string) => {
      socket.destroy();
      resolve({ what, missing });
    };
    socket.setTimeout(1_000, () => done('no answer within 1 s'));
    socket.on('error', (error) => done(error.message));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG') ? undefined : `PING answered ${answer.trim()}`);
    });
  });
}

/** initdb and pg_ctl, for a PostgreSQL cluster of the test's own (test/helpers/throwaway-postgres.ts). */
export function postgresServerBinaries(): Requirement {
  return { what: POSTGRES_BINARIES, missing: postgresBinaries() ? undefined : 'not installed' };
}

/** A PostgreSQL server to make test databases in, named by TEST_DATABASE_URL (test/helpers/databases.ts). */
export function postgresServer(): Requirement {
  return {
    what: 'a PostgreSQL server (TEST_DATABASE_URL)',
    missing: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set',
  };
}

/** Why the requirements are not met ("Redis at …: connect ECONNREFUSED …"), or undefined when they are. */
function unmet(requirements: Requirement[]): string | undefined {
  const missing = requirements.filter((requirement) => requirement.missing !== undefined);
  return missing.length > 0 ? missing.map(({ what, missing: why }) => `${what}: ${why}`).join('; ') : undefined;
}

function failure(name: string, why: string): Error {
  return new Error(`"${name}" needs ${why}. CI runs every test: provide it (outside CI the test is skipped).`);
}

function warnSkipped(name: string, why: string): void {
  console.warn(`SKIPPED "${name}" (not in CI): needs ${why}`);
}

/** `describe(name, body)` when every requirement is met; otherwise fails in CI, or is skipped with the reason. */
export function describeRequiring(requirements: Requirement[], name: string, body: () => void): void {
  const why = unmet(requirements);
  if (why === undefined) {
    describe(name, body);
  } else if (IN_CI) {
    describe(name, () => {
      it('has what it needs', () => {
        throw failure(name, why);
      });
    });
  } else {
    warnSkipped(name, why);
    describe.skip(`${name} [skipped: needs ${why}]`, body);
  }
}

/** `it(name, body, timeout)` when every requirement is met; otherwise fails in CI, or is skipped with the reason. */
export function itRequiring(requirements: Requirement[], name: string, body: TestFunction, timeout?: number): void {
  const why = unmet(requirements);
  if (why === undefined) {
    it(name, body, timeout);
  } else if (IN_CI) {
    it(name, () => {
      throw failure(name, why);
    });
  } else {
    warnSkipped(name, why);
    it.skip(`${name} [skipped: needs ${why}]`, body);
  }
}
