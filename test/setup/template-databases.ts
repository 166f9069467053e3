import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { parseDatabaseUrl } from '../../src/config.js';
import { closeDb, createDb } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { adminQuery, databaseUrl } from '../helpers/postgres-admin.js';

/**
 * Global set-up (run for each Vitest project, in the runner's main process; the first run's
 * databases serve them all): one migrated database of each dialect, from which every test database is made (test/helpers/databases.ts) — a file copy on
 * SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL — instead of running every migration again for
 * each of the suite's ~140 databases.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file, closed: copied, never opened, by the tests. */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database nobody connects to; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

interface Templates {
  sqliteTemplate: string;
  postgresTemplate: string;
  remove(): Promise<void>;
}

/** Made by the first project's set-up and shared by every project's; removed after the last one's tests. */
let shared: { templates: Promise<Templates>; users: number } | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared ??= { templates: migratedTemplates(), users: 0 };
  shared.users += 1;
  const { sqliteTemplate, postgresTemplate } = await shared.templates;
  project.provide('sqliteTemplate', sqliteTemplate);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    if (!shared || --shared.users > 0) return;
    const { templates } = shared;
    shared = undefined;
    await (await templates).remove();
  };
}

async function migratedTemplates(): Promise<Templates> {
  const dir = mkdtempSync(join(tmpdir(), 'booking-template-'));
  const sqliteTemplate = join(dir, 'template.sqlite');
  // No read threads: migrations only write, and the file must be closed whole before it is copied
  // (the last connection's close folds the write-ahead log into it).
  const sqlite = createDb(parseDatabaseUrl({ value: `sqlite:${sqliteTemplate}`, name: 'url' }), { readThreads: 0 });
  try {
    await migrateToLatest(sqlite);
  } finally {
    await closeDb(sqlite);
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = adminUrl ? await migratedPostgresTemplate(adminUrl) : '';
  return {
    sqliteTemplate,
    postgresTemplate,
    async remove() {
      rmSync(dir, { recursive: true, force: true });
      if (adminUrl && postgresTemplate)
        await adminQuery(adminUrl, `drop database if exists ${postgresTemplate} with (force)`);
    },
  };
}

async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `booking_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const db = createDb(parseDatabaseUrl({ value: databaseUrl(adminUrl, name), name: 'url' }));
  try {
    await migrateToLatest(db);
  } finally {
    // A template may have no open connection while a database is made from it.
    await closeDb(db);
  }
  return name;
}
