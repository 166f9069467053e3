import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl on a free port), so a test can stop and
 * start it without touching the shared server. Debian keeps the binaries per version.
 */
export interface ThrowawayPostgres {
  url: string;
  /** Where its Unix socket is (`.s.PGSQL.<port>`), for connections that do not go through TCP. */
  socketDirectory: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed version's bin directory, when it has initdb and pg_ctl. */
export function postgresBinaries(): string | undefined {
  const versions = existsSync(POSTGRES_ROOT) ? readdirSync(POSTGRES_ROOT).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length > 0 ? join(POSTGRES_ROOT, versions.at(-1) as string, 'bin') : undefined;
  return bin && existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')) ? bin : undefined;
}

/** What a test needs for a throwaway cluster, and where it looked (test/helpers/requirements.ts). */
export const POSTGRES_BINARIES = `PostgreSQL server binaries (initdb, pg_ctl under ${POSTGRES_ROOT}/<version>/bin)`;

function binaries(): string {
  const bin = postgresBinaries();
  if (!bin) throw new Error(`${POSTGRES_BINARIES} not found: install the postgresql package`);
  return bin;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'booking-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  // PostgreSQL refuses to run as root: the cluster belongs to the postgres user when we are root.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    execFileSync(command, fullArgs, { stdio: 'pipe', timeout: 60_000 });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database booking');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/booking`,
    socketDirectory: dir,
    port,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
