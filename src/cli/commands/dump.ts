import { once } from 'node:events';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { ConfigError } from '../../config.js';
import { dumpDatabase, type DumpReport } from '../../modules/data/dump.service.js';
import { withDb } from '../with-db.js';

/** Writes and waits for the stream to drain when its buffer is full: the dump reads no faster than it is written. */
function writerTo(out: Writable) {
  return async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
}

function summary(report: DumpReport, seconds: number): string {
  // `stayRules` → `stay rules`
  const counts = Object.entries(report).map(
    ([collection, count]) => `${count} ${collection.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`,
  );
  return `Dumped ${counts.join(', ')} in ${seconds.toFixed(1)} s.`;
}

export function registerDump(program: Command): void {
  program
    .command('dump')
    .description('write the whole database as a `booking import` document, credentials included (as hashes)')
    .argument('<file>', 'where the document goes (must not exist yet), or - for standard output')
    .option('--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)')
    .action(async (file: string, options: { databaseUrl?: string }) => {
      const started = performance.now();
      if (file === '-') {
        const report = await withDb(options, (db) => dumpDatabase(db, writerTo(process.stdout)));
        // Standard output holds the document: the summary goes to standard error.
        process.stderr.write(`${summary(report, (performance.now() - started) / 1000)}\n`);
        return;
      }
      if (existsSync(file)) throw new ConfigError(`${file} exists already; name a new file for the dump`);
      // Into a temporary file renamed at the end: a failed dump never leaves a truncated file behind.
      const temporary = `${file}.partial-${process.pid}`;
      const out = createWriteStream(temporary, { flags: 'wx' });
      try {
        const report = await withDb(options, (db) => dumpDatabase(db, writerTo(out)));
        out.end();
        await once(out, 'finish');
        renameSync(temporary, file);
        process.stdout.write(`${summary(report, (performance.now() - started) / 1000)}\n`);
      } catch (error) {
        out.destroy();
        rmSync(temporary, { force: true });
        throw error;
      }
    });
}
