import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseDatabaseUrl } from '../../src/config.js';
import { closeDb, createDb, type Db, type Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { closeOpenApps } from './open-apps.js';
import { IN_CI } from './requirements.js';

/**
 * Database tests run on SQLite always and on PostgreSQL when TEST_DATABASE_URL is set (CI sets it,
 * and in CI its absence fails every database test file rather than leave out half of each in silence).
 * Each test file gets a database of its own, so parallel files never see each other's rows.
 */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (IN_CI && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI runs every database test on PostgreSQL as well: set TEST_DATABASE_URL (.ci/run does)');
}

export interface TestDatabase {
  db: Db;
  /** A DATABASE_URL for child processes (CLI, server) to open the same database. */
  url: string;
  /** Closes the apps `testApp` built on it (an app never outlives its database), then removes it. */
  drop(): Promise<void>;
}

/** A fresh, empty, migrated database of the dialect. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'booking-test-'));
    const url = `sqlite:${join(dir, 'test.sqlite')}`;
    // Read threads whatever the machine's cores (none on one core by default): every test reads
    // summaries pages and counts as a server of one process does on two cores or more.
    const db = createDb(parseDatabaseUrl({ value: url, name: 'url' }), { readThreads: 2 });
    await migrateToLatest(db);
    return {
      db,
      url,
      async drop() {
        await closeOpenApps(db);
        await closeDb(db);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `booking_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(parseDatabaseUrl({ value: url.toString(), name: 'url' }));
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await closeOpenApps(db);
      await closeDb(db);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Removes every row, children first, so each test starts from nothing. */
export async function emptyDatabase(db: Db): Promise<void> {
  for (const table of [
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_endpoints',
    'events',
    'idempotency_keys',
    'credential_organizations',
    'credentials',
    'reservations',
    'accommodations',
    'organizations',
  ] as const) {
    await db.kysely.deleteFrom(table).execute();
  }
}
