#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerBackup } from './cli/commands/backup.js';
import { registerDump } from './cli/commands/dump.js';
import { registerCredentials } from './cli/commands/credentials.js';
import { registerEvents } from './cli/commands/events.js';
import { registerExport } from './cli/commands/export.js';
import { registerImport } from './cli/commands/import.js';
import { registerMigrate } from './cli/commands/migrate.js';
import { registerSeed } from './cli/commands/seed.js';
import { registerServe } from './cli/commands/serve.js';
import { registerWorker } from './cli/commands/worker.js';
import { ConfigError } from './config.js';
import { uniqueViolation } from './db/constraint-errors.js';
import { AppError } from './shared/errors.js';

/** One line (plus the broken parameters) on stderr and a non-zero exit: no stack traces for users. */
function reportFailure(failure: unknown): never {
  if (failure instanceof CommanderError) process.exit(failure.exitCode);
  const error = uniqueViolation(failure) ?? failure;
  if (error instanceof ConfigError) {
    process.stderr.write(`booking: ${error.message}\n`);
  } else if (error instanceof AppError) {
    process.stderr.write(`booking: ${error.detail}\n`);
    for (const e of error.options.errors ?? []) process.stderr.write(`  ${e.parameter}: ${e.message}\n`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`booking: ${message}\n`);
  }
  process.exit(1);
}

const program = new Command('booking')
  .description('booking-service: accommodations and reservations over a small, exact HTTP API')
  .showHelpAfterError()
  .exitOverride();
registerServe(program);
registerMigrate(program);
registerImport(program);
registerDump(program);
registerBackup(program);
registerSeed(program);
registerCredentials(program);
registerExport(program);
registerEvents(program);
registerWorker(program);

program.parseAsync(process.argv).catch(reportFailure);
