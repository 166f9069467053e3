import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../helpers/processes.js';
import { describeRequiring, postgresServerBinaries } from '../helpers/requirements.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

/**
 * An operator whose PostgreSQL runs on the same host connects through its Unix socket, spelled as
 * libpq spells it: `postgres://user@/database?host=/var/run/postgresql`. WHATWG URL refuses a user
 * before an empty host; the driver does not, and neither does DATABASE_URL. A cluster of the test's
 * own, so its socket's directory and port are known whatever the shared server's settings.
 */
describeRequiring([postgresServerBinaries()], 'DATABASE_URL naming a Unix socket as libpq spells it', () => {
  let cluster: ThrowawayPostgres;
  let socketUrl: string;

  beforeAll(async () => {
    cluster = await createThrowawayPostgres();
    socketUrl = `postgres://postgres@/booking?host=${cluster.socketDirectory}&port=${cluster.port}`;
  }, 60_000);

  afterAll(() => {
    cluster?.destroy();
  });

  it('migrates and seeds through the socket, as a real process', async () => {
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
