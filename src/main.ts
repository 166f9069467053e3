#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
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

/**
 * The commands, in the order help lists them, each loaded only when asked for: `booking import` or
 * `booking credentials` then loads what it uses and not the HTTP service as well (Fastify, its
 * schemas and the API document), which took most of a second of a core at every start. Help, an
 * option or an unknown name loads them all.
 */
const COMMANDS = new Map<string, () => Promise<(program: Command) => void>>([
  ['serve', async () => (await import('./cli/commands/serve.js')).registerServe],
  ['migrate', async () => (await import('./cli/commands/migrate.js')).registerMigrate],
  ['import', async () => (await import('./cli/commands/import.js')).registerImport],
  ['dump', async () => (await import('./cli/commands/dump.js')).registerDump],
  ['backup', async () => (await import('./cli/commands/backup.js')).registerBackup],
  ['seed', async () => (await import('./cli/commands/seed.js')).registerSeed],
  ['credentials', async () => (await import('./cli/commands/credentials.js')).registerCredentials],
  ['export', async () => (await import('./cli/commands/export.js')).registerExport],
  ['events', async () => (await import('./cli/commands/events.js')).registerEvents],
  ['worker', async () => (await import('./cli/commands/worker.js')).registerWorker],
]);

try {
  const named = COMMANDS.get(process.argv[2] ?? '');
  for (const load of named ? [named] : COMMANDS.values()) (await load())(program);
  await program.parseAsync(process.argv);
} catch (failure) {
  reportFailure(failure);
}
