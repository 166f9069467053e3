import type { Command } from 'commander';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { loadConfig } from '../../config.js';
import { closeDb, createDb, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createLogger } from '../../logger.js';
import { startCalendarWorker } from '../../modules/calendars/calendar-worker.js';
import { startWebhookWorker, type WebhookWorker } from '../../modules/webhooks/delivery-worker.js';
import { print } from '../with-db.js';

/**
 * The workers of SPEC §10 and §16: webhook deliveries and calendar fetches, under leases.
 * `stop` finishes or hands back what they hold before the database closes.
 */
function startWorkers(config: Config, db: Db, log: FastifyBaseLogger): WebhookWorker {
  const webhooks = startWebhookWorker(db, config.webhooks, log);
  const calendars = startCalendarWorker(db, config.calendars, log);
  return {
    owner: webhooks.owner,
    async stop() {
      await Promise.all([webhooks.stop(), calendars.stop()]);
    },
  };
}

/** The workers beside a server (`booking serve` calls this): started unless WEBHOOK_WORKER=false. */
export function startDeliveryIfEnabled(config: Config, db: Db, log: FastifyBaseLogger): { stop(): Promise<void> } {
  if (!config.webhooks.worker) return { stop: async () => {} };
  return startWorkers(config, db, log);
}

interface WorkerOptions {
  databaseUrl?: string;
  logLevel?: string;
  logFormat?: string;
}

/** `booking worker`: delivers webhooks without serving HTTP, until SIGTERM or SIGINT. */
async function work(options: WorkerOptions): Promise<void> {
  const config = loadConfig(process.env, options);
  const db = createDb(config.database);
  let worker: WebhookWorker | undefined;
  try {
    await migrateToLatest(db);
    const log = createLogger(config.logLevel, undefined, config.logFormat) as FastifyBaseLogger;
    worker = startWorkers(config, db, log);
  } catch (error) {
    await closeDb(db);
    throw error;
  }
  const running = worker;
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await running.stop();
    await closeDb(db);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  print(`booking worker delivering webhooks (${config.database.dialect}, ${running.owner})`);
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('deliver webhooks without serving HTTP (migrates the database first)')
    .option('--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)')
    .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env LOG_LEVEL)')
    .option('--log-format <format>', 'json (the default) or pretty (env LOG_FORMAT)')
    .action(work);
}
