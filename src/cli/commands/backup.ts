import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ConfigError, loadConfig } from '../../config.js';
import { SQLite } from '../../db/sqlite-driver.js';
import { print } from '../with-db.js';

/**
 * Copies every page in one step of SQLite's online backup: the copy is the database as one read
 * transaction saw it, however busy the writers are (in WAL mode they are not held up). Copied in
 * small steps instead, a backup restarts whenever another connection writes, and under a steady
 * write load it might never end.
 */
const ALL_PAGES = 2 ** 31 - 1;

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('copy a SQLite database consistently while the service runs (PostgreSQL: use pg_dump)')
    .argument('<file>', 'where the copy goes; must not exist yet')
    .option('--database-url <url>', 'sqlite:<file> (env DATABASE_URL)')
    .action(async (file: string, options: { databaseUrl?: string }) => {
      const { database } = loadConfig(process.env, options);
      if (database.dialect !== 'sqlite') {
        throw new ConfigError(
          'booking backup copies SQLite databases; for PostgreSQL use pg_dump (docs/OPERATIONS.md, Backups)',
        );
      }
      const target = resolve(file);
      if (existsSync(target)) throw new ConfigError(`${file} exists already; name a new file for the backup`);
      if (!existsSync(database.filename)) throw new ConfigError(`No SQLite database at ${database.filename}`);
      // Not migrated first: a backup copies the database as the running service keeps it.
      const source = new SQLite(database.filename, { fileMustExist: true });
      try {
        const { totalPages } = await source.backup(target, { progress: () => ALL_PAGES });
        print(`Backed up ${database.filename} to ${file} (${totalPages} pages).`);
      } finally {
        source.close();
      }
    });
}
