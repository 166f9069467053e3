import type { Command } from 'commander';
import { print, withDb } from '../with-db.js';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply database migrations')
    .option('--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)')
    .action(async (options: { databaseUrl?: string }) => {
      // withDb migrates before it hands over the database; what is left is to say so.
      await withDb(options, async (_db, config) => print(`Database is up to date (${config.database.dialect}).`));
    });
}
