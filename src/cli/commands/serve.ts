import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import type { Command } from 'commander';
import { buildApp } from '../../app.js';
import { type Config, loadConfig } from '../../config.js';
import { closeDb, createDb } from '../../db/database.js';
import { readThreadsPerProcess } from '../../db/sqlite-read-pool.js';
import { PrimaryProcessStore, serveRateLimitsToWorkers } from '../../http/rate-limit/primary-store.js';
import { systemClock } from '../../shared/clock.js';
import { addDays } from '../../shared/dates.js';
import { invalidInput } from '../../shared/errors.js';
import {
  DEMO_DATABASE_URL,
  ensureDemoApiKey,
  ensureDemoSignIn,
  ensureDemoWebhookSecretKey,
  seedDemoIfEmpty,
} from '../demo.js';
import { print, withMigratedDb } from '../with-db.js';
import { startDeliveryIfEnabled } from './worker.js';

interface ServeOptions {
  port?: string;
  host?: string;
  demo?: boolean;
  databaseUrl?: string;
  logLevel?: string;
  logFormat?: string;
  workers: string;
}

/** How a client reaches a server bound to `host` (a wildcard bind is reached on loopback). */
function reachableBaseUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

function workerCount(value: string): number {
  if (value === 'auto') return availableParallelism();
  if (!/^[1-9]\d{0,2}$/.test(value))
    throw invalidInput([{ parameter: 'workers', message: 'must be auto or 1 to 999' }]);
  return Number(value);
}

function configFor(options: ServeOptions): Config {
  const config = loadConfig(process.env, {
    ...options,
    // --demo brings its own database unless one is named on the command line.
    databaseUrl: options.databaseUrl ?? (options.demo ? DEMO_DATABASE_URL : undefined),
  });
  // --demo on SQLite keeps its own webhook secret key beside the database, as it keeps its API key;
  // WEBHOOK_SECRET_KEY, when set, is the one used. Read here so every worker process has it.
  if (!options.demo || config.database.dialect !== 'sqlite' || config.webhooks.secretKey) return config;
  const secretKey = ensureDemoWebhookSecretKey(config.database.filename);
  return Object.freeze({ ...config, webhooks: Object.freeze({ ...config.webhooks, secretKey }) });
}

/** Migrates, and for --demo loads the demo data and its key: done once, before any worker starts. */
function prepare(config: Config, demo: boolean) {
  return withMigratedDb(config, async (db) => {
    if (!demo) return { demoReport: undefined, demoKey: undefined, demoSignIn: undefined };
    const demoReport = await seedDemoIfEmpty(db, systemClock);
    if (config.database.dialect !== 'sqlite') return { demoReport, demoKey: undefined, demoSignIn: undefined };
    const demoKey = await ensureDemoApiKey(db, systemClock, config.database.filename);
    const demoSignIn = await ensureDemoSignIn(db, systemClock, config.database.filename);
    return { demoReport, demoKey, demoSignIn };
  });
}

/**
 * Turns off V8's allocation-site pretenuring in a serving process. Under steady load, V8 sometimes
 * (17 of 48 twenty-second runs) settles into a state where about 0.9 MB of each young-generation
 * collection survives and is promoted, so the old space fills with dead request objects and is only
 * emptied by a full collection every ~3 s: the process sits at ~225 MiB instead of ~135 MiB and
 * answers ~10% fewer requests. With the flag off, that state did not occur in 34 runs, and throughput
 * was the same as in the good runs (bench/README.md, "Memory"). Request objects die young here;
 * the only long-lived data (caches) is built once, so pretenuring has nothing to gain.
 */
function keepRequestGarbageYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

/**
 * One HTTP server on its own database handle (SQLite in WAL mode, or a PostgreSQL pool). On
 * SIGTERM/SIGINT Fastify stops accepting, answers new requests on open connections with 503 and
 * lets in-flight ones finish; then the database closes and the process exits 0.
 */
async function runServer(config: Config, processes: number): Promise<number> {
  keepRequestGarbageYoung();
  const db = createDb(config.database, { readThreads: readThreadsPerProcess(processes) });
  try {
    // A worker's limits are counted in the primary (or in Redis, when configured), never per worker.
    const rateLimitStore = cluster.isWorker && !config.redisUrl ? new PrimaryProcessStore() : undefined;
    const app = await buildApp(config, { db, clock: systemClock, rateLimitStore });
    await app.listen({ port: config.port, host: config.host });
    // Webhook delivery (SPEC §10): stopped with the server, before the database closes.
    const delivery = startDeliveryIfEnabled(config, db, app.log);
    let closing = false;
    const shutdown = async () => {
      if (closing) return;
      closing = true;
      app.readiness.draining = true;
      const drainMs = config.serverLimits.shutdownDrainMs;
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await Promise.all([app.close(), delivery.stop()]);
      await closeDb(db);
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown());
    process.once('SIGINT', () => void shutdown());
    const address = app.server.address();
    return typeof address === 'object' && address ? address.port : config.port;
  } catch (error) {
    await closeDb(db);
    throw error;
  }
}

/**
 * `--workers N`: the primary prepares the database, forks N servers sharing one port, and stops them
 * all. Without Redis it also keeps the rate-limit counters of every worker (http/rate-limit/primary-store.ts),
 * so each limit is counted once for the port, as announced, not once per worker.
 */
async function runPrimary(count: number, config: Config): Promise<number> {
  let stopping = false;
  const stopServingRateLimits = config.redisUrl ? async () => {} : serveRateLimitsToWorkers();
  const fork = () => cluster.fork();
  const port = new Promise<number>((resolve, reject) => {
    // Announced once every worker listens (a worker also sends rate-limit operations on this channel).
    let waitingFor = count;
    const listening = (_worker: unknown, message: { listening?: unknown } | null) => {
      if (typeof message?.listening !== 'number' || --waitingFor > 0) return;
      cluster.off('message', listening);
      resolve(message.listening);
    };
    cluster.on('message', listening);
    cluster.once('exit', (worker, code) => {
      if (!stopping) reject(new Error(`worker ${worker.process.pid} exited with ${code} before listening`));
    });
  });
  for (let i = 0; i < count; i++) fork();
  const listening = await port;
  cluster.on('exit', (worker, code, signal) => {
    // A worker that dies on its own is replaced; on shutdown they are expected to go.
    if (stopping) return;
    process.stderr.write(`booking: worker ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    fork();
  });
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let alive = workers.length;
    const exit = () => void stopServingRateLimits().finally(() => process.exit(0));
    if (alive === 0) exit();
    for (const worker of workers) {
      worker?.once('exit', () => {
        alive -= 1;
        if (alive === 0) exit();
      });
      worker?.process.kill('SIGTERM');
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  return listening;
}

async function serve(options: ServeOptions): Promise<void> {
  const config = configFor(options);
  const workers = workerCount(options.workers);

  if (cluster.isWorker) {
    const port = await runServer(config, workers);
    process.send?.({ listening: port });
    return;
  }

  const { demoReport, demoKey, demoSignIn } = await prepare(config, Boolean(options.demo));
  const port = workers > 1 ? await runPrimary(workers, config) : await runServer(config, 1);
  const baseUrl = reachableBaseUrl(config.host, port);

  print(
    `booking-service listening on ${baseUrl} (${config.database.dialect}${workers > 1 ? `, ${workers} workers` : ''})`,
  );
  if (demoReport) {
    print(
      `Demo data loaded: ${demoReport.organizations} organizations, ${demoReport.accommodations} accommodations, ${demoReport.reservations} reservations, ${demoReport.blocks} blocks.`,
    );
  }
  print(`The console: ${baseUrl}/console/`);
  if (demoSignIn) print(`  sign in as ${demoSignIn.username} with password ${demoSignIn.password}`);
  if (demoKey) {
    print('Try it:');
    print(
      `  curl -H 'Accept: application/json' -H 'X-Api-Key: ${demoKey}' '${baseUrl}/api/accommodations/?organization=1'`,
    );
    const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
    const monthEnd = addDays(`${addDays(monthStart, 31).slice(0, 7)}-01`, -1);
    print('Arrivals this month, 100 per page (see the Link header):');
    print(
      `  curl -i -H 'Accept: application/json' -H 'X-Api-Key: ${demoKey}' '${baseUrl}/api/reservations/summaries?organization=1&dateFrom=${monthStart}&dateTo=${monthEnd}'`,
    );
  }
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the HTTP service (migrates the database first)')
    .option('--port <port>', 'port to listen on (default 3000, env PORT)')
    .option('--host <host>', 'address to bind (default 127.0.0.1, env HOST)')
    .option('--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)')
    .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (env LOG_LEVEL)')
    .option(
      '--log-format <format>',
      'json, or pretty for a person to read (default json; pretty with --demo; env LOG_FORMAT)',
    )
    .option('--workers <n>', 'server processes sharing the port: a number, or auto for one per core', '1')
    .option(
      '--demo',
      'use ./data/demo.sqlite with demo data and print a ready-to-paste request; pretty logs, no line per request',
    )
    .action(serve);
}
