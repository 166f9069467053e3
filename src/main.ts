#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerCredentials } from './cli/commands/credentials.js';
import { registerExport } from './cli/commands/export.js';
import { registerImport } from './cli/commands/import.js';
import { registerMigrate } from './cli/commands/migrate.js';
import { registerSeed } from './cli/commands/seed.js';
import { registerServe } from './cli/commands/serve.js';
import { ConfigError } from './config.js';
import { AppError } from './shared/errors.js';

/** One line (plus the broken parameters) on stderr and a non-zero exit: no stack traces for users. */
function reportFailure(error: unknown): never {
  if (error instanceof CommanderError) process.exit(error.exitCode);
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
registerSeed(program);
registerCredentials(program);
registerExport(program);

program.parseAsync(process.argv).catch(reportFailure);
