import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SQLite } from '../../src/db/sqlite-driver.js';
import { DIALECTS } from '../helpers/databases.js';
import { basicHeader, twoOrganizations } from '../helpers/fixtures.js';
import { runCli, startServer } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

const files = mkdtempSync(join(tmpdir(), 'booking-e2e-'));
function jsonFile(name: string, content: unknown): string {
  const path = join(files, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

const dataSet = {
  ...twoOrganizations,
  reservations: [
    {
      id: 7,
      reservationNumber: 'P-1',
      organization: 1,
      accommodation: 10,
      dateFrom: '2025-07-01',
      dateTo: '2025-07-05',
      adults: 2,
      guestName: 'Emma Jansen',
      totalAmount: '500.00',
      currency: 'EUR',
    },
  ],
};

describe.each(DIALECTS)('booking CLI and server as real processes on %s', (dialect) => {
  const used = useDatabase(dialect);
  let env: Record<string, string>;

  beforeAll(() => {
    env = { DATABASE_URL: used.url };
  });

  it('imports data, hands out credentials, serves both schemes over HTTP and honours revocation', async () => {
    const imported = await runCli(['import', jsonFile('data.json', dataSet)], env);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(
      /^Imported 3 organizations, 4 accommodations, 1 reservations, 0 blocks, 0 stay rules, 0 price records, 0 credentials in [\d.]+ s \(\d+ reservations\/s\)\./m,
    );
    expect(imported.code).toBe(0);

    const keyResult = await runCli(
      ['credentials', 'create', '--organization', '1', '--name', 'channel manager', '--json'],
      env,
    );
    expect(keyResult.code).toBe(0);
    const key = JSON.parse(keyResult.stdout);
    expect(key).toEqual({
      id: expect.any(Number),
      type: 'api-key',
      apiKey: expect.stringMatching(/^bk_[0-9A-Za-z]{36}$/),
      organizations: [1],
      scopes: ['read'],
      compatibilityDate: null,
    });

    const basicResult = await runCli(
      [
        'credentials',
        'create',
        '--organization',
        '2',
        '--organization',
        '1',
        '--basic',
        'park-sync',
        '--scope',
        'write',
        '--compatibility-date',
        '2025-04-16',
        '--json',
      ],
      env,
    );
    expect(basicResult.code).toBe(0);
    const basic = JSON.parse(basicResult.stdout);
    expect(basic).toEqual({
      id: expect.any(Number),
      type: 'basic',
      username: 'park-sync',
      password: expect.stringMatching(/^[0-9A-Za-z]{24}$/),
      organizations: [1, 2],
      scopes: ['read', 'write'],
      compatibilityDate: '2025-04-16',
    });

    const { server, baseUrl } = await startServer([], env);
    try {
      const url = `${baseUrl}/api/accommodations/?organization=1`;
      const byKey = await fetch(url, { headers: { accept: 'application/json', 'x-api-key': key.apiKey } });
      expect(byKey.status).toBe(200);
      const records = (await byKey.json()) as { id: number }[];
      expect(records.map((r) => r.id)).toEqual([10, 12]);
      const byBasic = await fetch(url, {
        headers: { accept: 'application/json', authorization: basicHeader('park-sync', basic.password) },
      });
      expect(byBasic.status).toBe(200);
      expect(await byBasic.json()).toEqual(records);
      const anonymous = await fetch(url, { headers: { accept: 'application/json' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="booking", charset="UTF-8"');

      const listed = await runCli(['credentials', 'list', '--json'], env);
      expect(listed.code).toBe(0);
      expect(listed.stdout).not.toContain(key.apiKey);
      expect(listed.stdout).not.toContain(basic.password);
      const listing = JSON.parse(listed.stdout);
      expect(listing.map((c: { id: number }) => c.id)).toEqual([key.id, basic.id]);
      expect(listing[0]).toMatchObject({
        identifier: `${key.apiKey.slice(0, 9)}…`,
        lastUsed: expect.any(String),
        revoked: null,
      });

      // Oversized headers never reach a route: the HTTP parser refuses them, still as problem+json.
      const huge = await fetch(url, { headers: { accept: 'application/json', 'x-filler': 'x'.repeat(20 * 1024) } });
      expect(huge.status).toBe(431);
      expect(huge.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await huge.json()).toMatchObject({ status: 431 });

      // Revoked in another process: the running server refuses the key on the very next request.
      const revoked = await runCli(['credentials', 'revoke', String(key.id)], env);
      expect(revoked.code).toBe(0);
      const afterRevoke = await fetch(url, { headers: { accept: 'application/json', 'x-api-key': key.apiKey } });
      expect(afterRevoke.status).toBe(401);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('refuses a bad import file with the record named, exit code 1, and nothing written', async () => {
    const bad = {
      organizations: [{ id: 40, name: 'New', timezone: 'UTC' }],
      reservations: [{ ...dataSet.reservations[0], id: 8, dateTo: '2025-06-30' }],
    };
    const result = await runCli(['import', jsonFile('bad.json', bad)], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('reservations[0].dateTo: must be after dateFrom');
    const organization = await used.db.kysely
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', 40)
      .executeTakeFirst();
    expect(organization).toBeUndefined();
    const notJson = await runCli(['import', jsonFile('broken.json', '{')], env);
    expect(notJson.code).toBe(1);
  });

  it('generates the same synthetic data set for the same seed', async () => {
    const dump = async () =>
      used.db.kysely
        .selectFrom('reservations')
        .selectAll()
        .where('reservation_number', 'like', 'S%')
        .orderBy('id')
        .execute();
    const first = await runCli(
      ['seed', '--synthetic', '--organizations', '3', '--reservations', '3000', '--seed', '7'],
      env,
    );
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Generated 3 organizations, \d+ accommodations, 3000 reservations/);
    const rows = await dump();
    expect(rows).toHaveLength(3000);
    // Delete and regenerate: ids continue from the table's maximum, everything else must be equal.
    const strip = (list: typeof rows) =>
      list.map(
        ({ id: _id, reservation_number: _n, guest_name: _g, organization_id: _o, accommodation_id: _a, ...rest }) =>
          rest,
      );
    await used.db.kysely.deleteFrom('reservations').where('reservation_number', 'like', 'S%').execute();
    expect(
      (await runCli(['seed', '--synthetic', '--organizations', '3', '--reservations', '3000', '--seed', '7'], env))
        .code,
    ).toBe(0);
    expect(strip(await dump())).toEqual(strip(rows));
    const other = await runCli(
      ['seed', '--synthetic', '--organizations', '3', '--reservations', '10', '--seed', '8'],
      env,
    );
    expect(other.code).toBe(0);
  });
});

describe('booking CLI errors', () => {
  it.each([
    [['serve', '--port', 'abc'], 'booking: Invalid --port: expected an integer from 0 to 65535, got "abc"'],
    [['migrate', '--database-url', 'mysql://x'], 'booking: Invalid --database-url'],
    [['credentials', 'create', '--organization', 'x'], 'organization: must be a positive integer'],
    [['seed'], 'booking: Choose one of --demo or --synthetic.'],
  ])('%j stops with a clear line and exit code 1', async (args, message) => {
    const result = await runCli(args, { DATABASE_URL: `sqlite:${join(files, 'errors.sqlite')}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists every command in its help and after an unknown one, though each command loads alone', async () => {
    const commands = [
      'serve',
      'migrate',
      'import',
      'dump',
      'backup',
      'seed',
      'credentials',
      'export',
      'events',
      'worker',
    ];
    const listed = (text: string) => [...text.matchAll(/^ {2}(\w+) /gm)].map(([, name]) => name);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(listed(help.stdout)).toEqual([...commands, 'help']);
    const unknown = await runCli(['bookings']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("error: unknown command 'bookings'");
    expect(listed(unknown.stderr)).toEqual([...commands, 'help']);
    const one = await runCli(['help', 'import']);
    expect(one.stdout).toMatch(/^Usage: booking import \[options\] <file>/);
  });

  it('stops on a bad environment variable, naming it', async () => {
    const result = await runCli(['migrate'], { DATABASE_URL: 'nonsense' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'booking: Invalid DATABASE_URL: expected sqlite:<file> or postgres://…, got "nonsense"',
    );
  });
});

describe('booking serve --workers', () => {
  it('runs two server processes on one port and stops them all on SIGTERM', async () => {
    const url = `sqlite:${join(files, 'workers.sqlite')}`;
    const env = { DATABASE_URL: url };
    expect((await runCli(['import', jsonFile('workers.json', twoOrganizations)], env)).code).toBe(0);
    const { apiKey } = JSON.parse(
      (await runCli(['credentials', 'create', '--organization', '1', '--json'], env)).stdout,
    );
    const { server, baseUrl } = await startServer(['--workers', '2'], env);
    try {
      expect(server.output()).toContain('2 workers');
      const children = execFileSync('pgrep', ['-P', String(server.child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n');
      expect(children).toHaveLength(2);
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${baseUrl}/api/accommodations/?organization=1`, { headers: { 'x-api-key': apiKey } }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

/** A line as pino-pretty prints it (`[18:15:09] INFO: …`), where JSON would be `{"level":30,…}`. */
const PRETTY_LINE = /^\[\d\d:\d\d:\d\d\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): /;

describe('booking serve logs', () => {
  it('writes JSON lines by default, two per request, and the same for a person with LOG_FORMAT=pretty', async () => {
    const url = `sqlite:${join(files, 'logs.sqlite')}`;
    expect((await runCli(['import', jsonFile('logs.json', twoOrganizations)], { DATABASE_URL: url })).code).toBe(0);
    for (const format of ['json', 'pretty'] as const) {
      const env = { DATABASE_URL: url, LOG_LEVEL: 'info', ...(format === 'pretty' ? { LOG_FORMAT: 'pretty' } : {}) };
      const { server, baseUrl } = await startServer([], env);
      try {
        await fetch(`${baseUrl}/health`);
        await expect.poll(() => server.output()).toContain('request completed');
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const logLines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{') || PRETTY_LINE.test(line));
      const messages = logLines.map((line) =>
        format === 'json' ? (JSON.parse(line) as { msg: string }).msg : line.replace(PRETTY_LINE, ''),
      );
      expect(messages.filter((message) => /^(incoming request|request completed)$/.test(message))).toEqual([
        'incoming request',
        'request completed',
      ]);
      expect(logLines.every((line) => (format === 'json' ? line.startsWith('{') : PRETTY_LINE.test(line)))).toBe(true);
    }
  });

  it('--demo prints its banner with pretty logs, no line per request, and keeps its own webhook secret key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'booking-demo-'));
    const database = join(dir, 'demo.sqlite');
    const env = { LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
    const { server, baseUrl } = await startServer(['--demo', '--database-url', `sqlite:${database}`], env);
    let output: string;
    try {
      const [username, password] = readFileSync(join(dir, 'demo-sign-in.txt'), 'utf8').trim().split(/:(.*)/s);
      const created = await fetch(`${baseUrl}/api/webhook-endpoints`, {
        method: 'POST',
        headers: {
          authorization: basicHeader(username as string, password as string),
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ organization: 1, url: 'http://127.0.0.1:9/hooks', types: ['reservation.created'] }),
      });
      expect(created.status).toBe(201);
      output = server.output();
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const lines = output.split('\n').filter((line) => line !== '');
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([]);
    expect(output).not.toContain('WEBHOOK_SECRET_KEY');
    expect(output).not.toMatch(/incoming request|request completed/);
    const banner = lines.findIndex((line) => line.startsWith('booking-service listening on'));
    expect(lines.slice(0, banner).every((line) => PRETTY_LINE.test(line))).toBe(true);
    expect(lines.slice(banner, banner + 5).join('\n')).toMatch(
      /^booking-service listening on http:\/\/127\.0\.0\.1:\d+ \(sqlite\)\nDemo data loaded: .*\nThe console: .*\/console\/\n {2}sign in as \S+ with password \S+\nTry it:$/,
    );
    // The key beside the database, for its owner only, and the endpoint's secret sealed with it.
    const keyFile = join(dir, 'demo-webhook-secret-key.txt');
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const sqlite = new SQLite(database, { readonly: true });
    try {
      const row = sqlite.prepare('select secret from webhook_endpoints').get() as { secret: string };
      expect(row.secret).toMatch(/^enc1:/);
    } finally {
      sqlite.close();
    }
  });
});
