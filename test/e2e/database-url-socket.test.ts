import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';
import { runCli } from '../helpers/processes.js';
import { describeRequiring, postgresServer } from '../helpers/requirements.js';

/**
 * An operator whose PostgreSQL runs on the same host connects through its Unix socket, spelled as
 * libpq spells it: `postgres://user@/database?host=/var/run/postgresql`. WHATWG URL refuses a user
 * before an empty host; the driver does not, and neither does DATABASE_URL.
 */
describeRequiring([postgresServer()], 'DATABASE_URL naming a Unix socket as libpq spells it', () => {
  let database: TestDatabase;
  let socketUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const tcp = new URL(database.url);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ dirs: string }>("select current_setting('unix_socket_directories') as dirs");
    await client.end();
    const directory = rows[0]?.dirs.split(',')[0]?.trim() ?? '';
    // The server must be this machine's (CI's is): its socket is a file here.
    expect(existsSync(`${directory}/.s.PGSQL.${tcp.port || 5432}`), `a socket in ${directory}`).toBe(true);
    socketUrl = `postgres://${tcp.username}@${tcp.pathname}?host=${directory}&port=${tcp.port || 5432}`;
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('migrates and seeds through the socket, as a real process', async () => {
    expect(socketUrl).toMatch(/^postgres:\/\/\w+@\/booking_test_\w+\?host=\//);
    const migrate = await runCli(['migrate'], { DATABASE_URL: socketUrl });
    expect(migrate.stderr).toBe('');
    expect(migrate.code).toBe(0);
    const seed = await runCli(['seed', '--synthetic', '--organizations', '1', '--reservations', '10', '--seed', '1'], {
      DATABASE_URL: socketUrl,
    });
    expect(seed.stderr).toBe('');
    expect(seed.code).toBe(0);

    // Through the same URL: the rows the CLI wrote, over a connection without a network address.
    const client = new pg.Client({ connectionString: socketUrl });
    await client.connect();
    const { rows } = await client.query<{ address: string | null; reservations: string }>(
      'select inet_server_addr() as address, (select count(*) from reservations) as reservations',
    );
    await client.end();
    expect(rows[0]).toEqual({ address: null, reservations: '10' });
  });
});
