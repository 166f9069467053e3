import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { parseDatabaseUrl } from '../../src/config.js';
import { closeDb, createDb, type Db, type Dialect } from '../../src/db/database.js';
import { closeOpenApps } from './open-apps.js';
import { adminQuery, databaseUrl } from './postgres-admin.js';
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

/**
 * A fresh, empty, migrated database of the dialect, made from the run's migrated template
 * (test/setup/template-databases.ts): a copy of its file on SQLite, `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL.
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'booking-test-'));
    const filename = join(dir, 'test.sqlite');
    copyFileSync(inject('sqliteTemplate'), filename);
    const url = `sqlite:${filename}`;
    // Read threads whatever the machine's cores (none on one core by default): every test reads
    // summaries pages and counts as a server of one process does on two cores or more.
    const db = createDb(parseDatabaseUrl({ value: url, name: 'url' }), { readThreads: 2 });
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
  await adminQuery(adminUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = databaseUrl(adminUrl, name);
  const db = createDb(parseDatabaseUrl({ value: url, name: 'url' }));
  return {
    db,
    url,
    async drop() {
      await closeOpenApps(db);
      await closeDb(db);
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Removes every row, children first, so each test starts from nothing. */
export async function emptyDatabase(db: Db): Promise<void> {
  for (const table of [
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_replays',
    'webhook_endpoints',
    'events',
    'events_pruned_by_organization',
    'idempotency_keys',
    'credential_organizations',
    'credentials',
    'calendar_events',
    'calendars',
    'ical_feeds',
    'blocks',
    'stay_rules',
    'price_records',
    'drafts',
    'reservation_order_lines',
    'reservations',
    'guests',
    'accommodations',
    'organizations',
  ] as const) {
    await db.kysely.deleteFrom(table).execute();
  }
}
