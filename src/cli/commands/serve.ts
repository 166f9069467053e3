import type { Command } from 'commander';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { closeDb, createDb } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { systemClock } from '../../shared/clock.js';
import { addDays } from '../../shared/dates.js';
import { DEMO_DATABASE_URL, ensureDemoApiKey, seedDemoIfEmpty } from '../demo.js';
import { print } from '../with-db.js';

interface ServeOptions {
  port?: string;
  host?: string;
  demo?: boolean;
  databaseUrl?: string;
  logLevel?: string;
}

/** How a client reaches a server bound to `host` (a wildcard bind is reached on loopback). */
function reachableBaseUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

async function serve(options: ServeOptions): Promise<void> {
  const config = loadConfig(process.env, {
    ...options,
    // --demo brings its own database unless one is named on the command line.
    databaseUrl: options.databaseUrl ?? (options.demo ? DEMO_DATABASE_URL : undefined),
  });
  const db = createDb(config.database);
  const clock = systemClock;
  try {
    await migrateToLatest(db);
    const demoReport = options.demo ? await seedDemoIfEmpty(db, clock) : undefined;
    const demoKey =
      options.demo && config.database.dialect === 'sqlite'
        ? await ensureDemoApiKey(db, clock, config.database.filename)
        : undefined;

    const app = await buildApp(config, { db, clock });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const baseUrl = reachableBaseUrl(config.host, port);

    let closing = false;
    const shutdown = async () => {
      if (closing) return;
      closing = true;
      // Fastify stops accepting, answers new requests on open connections with 503, waits for in-flight ones.
      await app.close();
      await closeDb(db);
      process.exit(0);
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);

    print(`booking-service listening on ${baseUrl} (${config.database.dialect})`);
    if (demoReport) {
      print(
        `Demo data loaded: ${demoReport.organizations} organizations, ${demoReport.accommodations} accommodations, ${demoReport.reservations} reservations.`,
      );
    }
    if (demoKey) {
      print('Try it:');
      print(
        `  curl -H 'Accept: application/json' -H 'X-Api-Key: ${demoKey}' '${baseUrl}/api/accommodations/?organization=1'`,
      );
      const monthStart = `${clock().toISOString().slice(0, 7)}-01`;
      const monthEnd = addDays(`${addDays(monthStart, 31).slice(0, 7)}-01`, -1);
      print('Arrivals this month, 100 per page (see the Link header):');
      print(
        `  curl -i -H 'Accept: application/json' -H 'X-Api-Key: ${demoKey}' '${baseUrl}/api/reservations/summaries?organization=1&dateFrom=${monthStart}&dateTo=${monthEnd}'`,
      );
    }
  } catch (error) {
    await closeDb(db);
    throw error;
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
    .option('--demo', 'use ./data/demo.sqlite with demo data and print a ready-to-paste request')
    .action(serve);
}
