import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { importDocument } from '../../modules/data/import.service.js';
import { systemClock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { print, withDb } from '../with-db.js';

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AppError('invalid-input', `Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('invalid-input', `${file} is not valid JSON: ${(error as Error).message}`);
  }
}

export function registerImport(program: Command): void {
  program
    .command('import')
    .description(
      'load organizations, accommodations, reservations, blocks, stay rules, prices and credentials from a JSON file (all or nothing, upsert by id)',
    )
    .argument(
      '<file>',
      'JSON document { "organizations": [...], "accommodations": [...], "guests": [...], "reservations": [...], "blocks": [...], "stayRules": [...], "ageGroups": [...], "priceComponents": [...], "supplements": [...], "discounts": [...], "credentials": [...] } (booking dump writes one)',
    )
    .option('--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)')
    .action(async (file: string, options: { databaseUrl?: string }) => {
      const started = performance.now();
      const document = await readJson(file);
      const report = await withDb(options, (db) => importDocument(db, systemClock, document));
      const seconds = (performance.now() - started) / 1000;
      print(
        `Imported ${report.organizations} organizations, ${report.accommodations} accommodations, ${report.guests} guests, ${report.reservations} reservations, ${report.blocks} blocks, ${report.stayRules} stay rules, ${report.ageGroups + report.priceComponents + report.supplements + report.discounts} price records, ${report.credentials} credentials in ${seconds.toFixed(1)} s (${Math.round(report.reservations / seconds)} reservations/s).`,
      );
    });
}
