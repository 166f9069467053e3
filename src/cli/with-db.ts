import { type Config, type ConfigFlags, loadConfig } from '../config.js';
import { closeDb, createDb, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Opens the configured database, brings its schema up to date, and always closes it again. */
export function withDb<T>(flags: ConfigFlags, work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  return withMigratedDb(loadConfig(process.env, flags), work);
}

export async function withMigratedDb<T>(config: Config, work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    return await work(db, config);
  } finally {
    await closeDb(db);
  }
}

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}
