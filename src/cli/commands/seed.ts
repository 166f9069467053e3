import type { Command } from 'commander';
import { seedSynthetic } from '../../modules/data/synthetic-data.js';
import { systemClock } from '../../shared/clock.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { seedDemoIfEmpty } from '../demo.js';
import { print, withDb } from '../with-db.js';

interface SeedOptions {
  demo?: boolean;
  synthetic?: boolean;
  organizations: string;
  reservations: string;
  seed: string;
  databaseUrl?: string;
}

function positiveInteger(name: string, value: string, minimum: number): number {
  if (!/^\d+$/.test(value) || Number(value) < minimum) {
    throw invalidInput([{ parameter: name, message: `must be an integer ≥ ${minimum}` }]);
  }
  return Number(value);
}

export function registerSeed(program: Command): void {
  program
    .command('seed')
    .description('fill the database with the demo data set (--demo) or a generated one of any size (--synthetic)')
    .option('--demo', 'the demo data set (only into an empty database)')
    .option('--synthetic', 'a deterministic generated data set')
    .option('--organizations <n>', 'organizations to generate', '10')
    .option('--reservations <n>', 'reservations to generate', '10000')
    .option('--seed <s>', 'random seed', '1')
    .option('--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)')
    .action(async (options: SeedOptions) => {
      if (Boolean(options.demo) === Boolean(options.synthetic)) {
        throw new AppError('invalid-input', 'Choose one of --demo or --synthetic.');
      }
      if (options.demo) {
        const report = await withDb(options, (db) => seedDemoIfEmpty(db, systemClock));
        print(
          report
            ? `Demo data loaded: ${report.organizations} organizations, ${report.accommodations} accommodations, ${report.reservations} reservations, ${report.blocks} blocks.`
            : 'The database already holds organizations; demo data not loaded.',
        );
        return;
      }
      const synthetic = {
        organizations: positiveInteger('organizations', options.organizations, 1),
        reservations: positiveInteger('reservations', options.reservations, 0),
        seed: positiveInteger('seed', options.seed, 0),
      };
      const started = performance.now();
      const report = await withDb(options, (db) => seedSynthetic(db, synthetic));
      const seconds = (performance.now() - started) / 1000;
      print(
        `Generated ${synthetic.organizations} organizations, ${report.accommodations} accommodations, ${synthetic.reservations} reservations in ${seconds.toFixed(1)} s (${Math.round(synthetic.reservations / seconds)} reservations/s).`,
      );
    });
}
