import { addDays } from '../../src/shared/dates.js';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookingApiError,
  createClient,
  type GuestsPage,
  type ReservationSummary,
  type SummariesPage,
  type SummariesQuery,
} from '../../client/index.js';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { DIALECTS } from '../helpers/databases.js';
import { exportDataSet, OTHER, PARK, RESERVATIONS, UNITS } from '../helpers/export-data.js';
import { ROOT, type RunningProcess, runCli, startServer } from '../helpers/processes.js';
import { rememberSecret } from '../helpers/secrets.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * The client SDK and `booking export summaries` against real server processes (issue 5): a normal
 * one, and one with a tiny rate limit that the SDK must wait out.
 */

const run = promisify(execFile);

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
const YEAR_2025: SummariesQuery = { dateFrom: '2025-01-01', dateTo: '2025-12-31' };

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** A fetch that records what it saw, to observe retries and waits from outside the client. */
function recordingFetch() {
  const seen: { status: number; at: number; retryAfter: string | null }[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    seen.push({ status: response.status, at: Date.now(), retryAfter: response.headers.get('retry-after') });
    return response;
  };
  return { fetch: recording, seen };
}

describe.each(DIALECTS)('the client SDK and booking export against a real server on %s', (dialect) => {
  const used = useDatabase(dialect);
  let server: RunningProcess;
  let baseUrl: string;
  let limited: RunningProcess;
  let limitedUrl: string;
  let apiKey: string;
  let basic: { username: string; password: string };
  let legacyKey: string;
  const data = exportDataSet();
  const env = () => ({ DATABASE_URL: used.url });
  const newKey = async (...extra: string[]) => {
    const created = await runCli(['credentials', 'create', '--organization', String(PARK), ...extra, '--json'], env());
    const parsed = JSON.parse(created.stdout) as { apiKey?: string; username?: string; password?: string };
    for (const secret of [parsed.apiKey, parsed.password]) if (secret) rememberSecret(secret);
    return parsed;
  };

  /** What the data set holds for the park, in the service's order for referenceDate=date-from. */
  const arrivalsIn = (from: string, to: string) =>
    data.reservations
      .filter((r) => r.organization === PARK && r.dateFrom >= from && r.dateFrom <= to)
      .sort((a, b) =>
        a.dateFrom === b.dateFrom ? (a.id as number) - (b.id as number) : a.dateFrom < b.dateFrom ? -1 : 1,
      );

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'booking-export-data-')), 'data.json');
    writeFileSync(file, JSON.stringify(data));
    expect((await runCli(['import', file], env())).code).toBe(0);
    apiKey = (await newKey()).apiKey as string;
    const created = await newKey('--basic', 'exporter');
    basic = { username: 'exporter', password: created.password as string };
    legacyKey = (await newKey('--compatibility-date', '2025-04-16')).apiKey as string;
    ({ server, baseUrl } = await startServer([], env()));
    ({ server: limited, baseUrl: limitedUrl } = await startServer([], {
      ...env(),
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW: '2',
    }));
  });

  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    expect(await limited?.stop()).toBe(0);
  });

  describe('the SDK', () => {
    it('iterates every summary across pages, equal to the data set, with an API key and with Basic', async () => {
      const expected = arrivalsIn('2025-01-01', '2025-12-31');
      expect(expected.length).toBeGreaterThan(2000);
      for (const client of [
        createClient({ baseUrl, apiKey }),
        createClient({ baseUrl, username: basic.username, password: basic.password }),
      ]) {
        const items = await collect(client.reservations.summaries(YEAR_2025));
        expect(items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
        const byId = new Map(items.map((r) => [r.id, r]));
        for (const record of expected) {
          expect(byId.get(record.id as number)).toMatchObject({
            reservationNumber: record.reservationNumber,
            accommodation: { id: record.accommodation },
            status: record.status,
            dateFrom: record.dateFrom,
            dateTo: record.dateTo,
            guestName: record.guestName,
            totalAmount: record.totalAmount,
            created: record.created,
            cancelled: record.cancelled,
          });
        }
      }
    });

    it('lists accommodations', async () => {
      const client = createClient({ baseUrl, apiKey });
      const units = await client.accommodations.list();
      expect(units.map((a) => a.id)).toEqual(Array.from({ length: UNITS + 2 }, (_, i) => i + 1));
      expect(units[0]?.title).toBe('Chalet "De Eik", bij het meer');
    });

    it('lists guests page by page as summaries, reads, corrects and erases one (SPEC §15)', async () => {
      const ids: number[] = [];
      for (let n = 0; n < 230; n++) {
        const guest = { firstName: 'Sdk', surname: `Guest ${n}`, email: `sdk.guest${n}@example.com`, locale: 'en' };
        ids.push(await withWriteTransaction(used.db, (trx) => guestForPlacement(trx, PARK, guest, new Date())));
      }
      const reader = createClient({ baseUrl, apiKey });
      const pages: GuestsPage[] = await collect(reader.guests.list().pages());
      expect(pages.map((p) => p.items.length)).toEqual([100, 100, 30]);
      expect(pages[1]).toMatchObject({ total: 230, offsets: { next: 200, last: 200, prev: 0, first: 0 } });
      expect((await collect(reader.guests.list({ limit: 50 }))).map((g) => g.id)).toEqual(ids);
      const first = ids[0] as number;
      expect(await reader.guests.get(first)).toMatchObject({ id: first, surname: 'Guest 0', erased: null });

      const writer = createClient({ baseUrl, apiKey: (await newKey('--scope', 'write')).apiKey as string });
      expect((await writer.guests.update(first, { surname: 'Corrected' })).surname).toBe('Corrected');
      const refused = await writer.guests.erase(first).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BookingApiError);
      expect((refused as BookingApiError).status).toBe(403);
      const admin = createClient({ baseUrl, apiKey: (await newKey('--scope', 'admin')).apiKey as string });
      const erased = await admin.guests.erase(first);
      expect(erased).toMatchObject({ id: first, firstName: null, surname: null, email: null });
      expect(erased.erased).toMatch(/Z$/);
      expect(await admin.guests.erase(first)).toEqual(erased);
    });

    it('keeps prices and quotes a stay with them, typed (SPEC §14)', async () => {
      const admin = createClient({ baseUrl, apiKey: (await newKey('--scope', 'admin')).apiKey as string });
      // A year ahead (the server runs on the real clock; stays are sold up to two years ahead).
      const day = (n: number) => addDays(new Date().toISOString().slice(0, 10), 400 + n);
      const rent = await admin.prices.components.create({
        organization: PARK,
        accommodation: 1,
        description: 'Rent',
        kind: 'rent',
        basis: 'night',
        amount: '100',
        dateFrom: day(0),
        dateTo: day(30),
      });
      const dog = await admin.prices.supplements.create({
        organization: PARK,
        accommodation: 1,
        description: 'Dog',
        basis: 'night',
        amount: '5.00',
        maxQuantity: 2,
      });
      const reader = createClient({ baseUrl, apiKey });
      const stay = { organization: PARK, accommodation: 1, dateFrom: day(6), dateTo: day(8), adults: 2 };
      const quote = await reader.prices.quote({ ...stay, supplements: `${dog.id}:1` });
      expect(quote.orderLines.map((l) => [l.description, l.quantity, l.amount])).toEqual([
        ['Rent', 2, '200.00'],
        ['Dog', 2, '10.00'],
      ]);
      expect([quote.orderLinesTotal, quote.currency]).toEqual(['210.00', 'EUR']);
      const quotations = await reader.prices.quotations(1, { dateFrom: day(0), dateTo: day(2) });
      expect(quotations.map((q) => q.orderLinesTotal)).toEqual(['100.00', '200.00', '100.00']);
      expect((await admin.prices.components.delete(rent.id)).amount).toBe('100.00');
      expect((await reader.prices.quote(stay)).reasons).toContain('no-price');
    });

    it('gives each page with its pagination headers through .pages()', async () => {
      const client = createClient({ baseUrl, apiKey });
      const total = arrivalsIn('2025-01-01', '2025-12-31').length;
      const pages: SummariesPage[] = await collect(client.reservations.summaries(YEAR_2025).pages());
      expect(pages).toHaveLength(Math.ceil(total / 100));
      const last = Math.floor((total - 1) / 100) * 100;
      expect(pages[0]).toMatchObject({ total, offsets: { next: 100, last } });
      expect(pages[0]?.links.next).toMatch(/[?&]offset=100(&|$)/);
      expect(pages[0]?.links.prev).toBeUndefined();
      expect(pages[0]?.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(pages[1]).toMatchObject({ offsets: { next: 200, last, prev: 0, first: 0 } });
      expect(pages.at(-1)?.links.next).toBeUndefined();
      expect(pages.at(-1)?.offsets).toEqual({ last, prev: last - 100, first: 0 });
      expect(pages.at(-1)?.items).toHaveLength(total - last);
    });

    it('waits for Retry-After when the rate limit is reached, and still finishes', async () => {
      const { fetch, seen } = recordingFetch();
      const client = createClient({ baseUrl: limitedUrl, apiKey: (await newKey()).apiKey as string }, { fetch });
      const items = await collect(client.reservations.summaries(YEAR_2025));
      expect(items.map((r) => r.id)).toEqual(arrivalsIn('2025-01-01', '2025-12-31').map((r) => r.id));
      const refused = seen.flatMap((response, i) => (response.status === 429 ? [i] : []));
      expect(refused.length).toBeGreaterThan(0);
      for (const i of refused) {
        const waited = (seen[i + 1]?.at ?? 0) - (seen[i]?.at ?? 0);
        // The next request comes no sooner than the server asked (less a little clock slack).
        expect(waited).toBeGreaterThanOrEqual(Number(seen[i]?.retryAfter) * 1000 - 50);
      }
    });

    it('throws the typed error with the problem body on 401, 400 and 403, without retrying them', async () => {
      const cases: [SummariesQuery, string, number, (e: BookingApiError) => void][] = [
        [YEAR_2025, 'bk_wrong', 401, (e) => expect(e.problem.detail).toMatch(/credentials/i)],
        [
          { dateFrom: '2025-01-01', dateTo: '2025-02-30' },
          apiKey,
          400,
          (e) => expect(e.problem.errors?.map((p) => p.parameter)).toContain('dateTo'),
        ],
        [{ ...YEAR_2025, organization: OTHER }, apiKey, 403, (e) => expect(e.problem.title).toBe('Forbidden')],
      ];
      for (const [query, key, status, check] of cases) {
        const { fetch, seen } = recordingFetch();
        const client = createClient({ baseUrl, apiKey: key }, { fetch });
        const error = await collect(client.reservations.summaries(query)).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BookingApiError);
        const apiError = error as BookingApiError;
        expect([apiError.status, apiError.problem.status]).toEqual([status, status]);
        expect(apiError.problem.type).toMatch(/^urn:booking-service:problem:/);
        check(apiError);
        expect(seen).toHaveLength(1);
      }
    });

    it('stops when its signal is aborted: between pages, and while waiting out a 429', async () => {
      const controller = new AbortController();
      const { fetch, seen } = recordingFetch();
      const client = createClient({ baseUrl, apiKey }, { fetch, signal: controller.signal });
      const items: ReservationSummary[] = [];
      const stopped = await (async () => {
        for await (const item of client.reservations.summaries(YEAR_2025)) {
          items.push(item);
          if (items.length === 150) controller.abort();
        }
      })().catch((e: unknown) => e);
      expect((stopped as Error).name).toBe('AbortError');
      expect(items).toHaveLength(150);
      expect(seen).toHaveLength(2);

      // A fresh key on the limited server: its 5 requests are spent, the 6th is told to wait.
      const key = (await newKey()).apiKey as string;
      const spender = createClient({ baseUrl: limitedUrl, apiKey: key });
      for (let i = 0; i < 5; i++) await spender.accommodations.list();
      const waiting = new AbortController();
      const started = Date.now();
      // Not a wait for a condition: the caller gives up after 200 ms, while the client sits out Retry-After.
      setTimeout(() => waiting.abort(), 200);
      const error = await spender.accommodations.list({}, { signal: waiting.signal }).catch((e: unknown) => e);
      expect((error as Error).name).toBe('AbortError');
      expect(Date.now() - started).toBeLessThan(1000);
    });

    it('is the package entry point booking-service/client, built without any dependency', async () => {
      const script = `import { createClient } from 'booking-service/client';
        const client = createClient({ baseUrl: process.argv[1], apiKey: process.env.KEY });
        console.log((await client.accommodations.list()).length);`;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, baseUrl], {
        cwd: ROOT,
        env: { ...process.env, KEY: apiKey },
      });
      expect(stdout.trim()).toBe(String(UNITS + 2));
      const built = join(ROOT, 'dist', 'client');
      for (const file of readdirSync(built).filter((f) => f.endsWith('.js'))) {
        const source = readFileSync(join(built, file), 'utf8');
        const imports = [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
        for (const specifier of imports) expect([file, specifier]).toEqual([file, expect.stringMatching(/^\.\//)]);
      }
    });
  });

  describe('booking export summaries', () => {
    const exportCli = (args: string[], extraEnv: Record<string, string> = {}) =>
      runCli(['export', 'summaries', '--base-url', baseUrl, ...args], { BOOKING_API_KEY: apiKey, ...extraEnv });
    const apiRecords = (query: SummariesQuery) =>
      collect(createClient({ baseUrl, apiKey }).reservations.summaries(query));

    /** A CSV row back into the API's record (numbers as numbers, an empty cancelled as null). */
    const fromCsv = (row: Record<string, string>): ReservationSummary => ({
      id: Number(row.id),
      reservationNumber: row.reservationNumber as string,
      organization: Number(row.organization),
      accommodation: { id: Number(row.accommodationId), title: row.accommodationTitle as string },
      status: row.status as ReservationSummary['status'],
      dateFrom: row.dateFrom as string,
      dateTo: row.dateTo as string,
      nights: Number(row.nights),
      adults: Number(row.adults),
      children: Number(row.children),
      babies: Number(row.babies),
      guestName: row.guestName as string,
      name: row.name as string,
      guest: row.guest === '' ? null : Number(row.guest),
      totalAmount: row.totalAmount as string,
      currency: row.currency as string,
      channel: row.channel as string,
      created: row.created as string,
      modified: row.modified as string,
      cancelled: row.cancelled === '' ? null : (row.cancelled as string),
    });

    it('writes RFC 4180 CSV with a header row that a CSV library reads back into the API records', async () => {
      const result = await exportCli(['--from', '2025-01-01', '--to', '2025-12-31', '--format', 'csv']);
      expect([result.code, result.stderr]).toEqual([0, '']); // piped: no progress bar
      expect(result.stdout.startsWith('id,reservationNumber,organization,accommodationId,')).toBe(true);
      expect(result.stdout.split('\r\n').length).toBeGreaterThan(2000); // CRLF line ends
      const rows = parse(result.stdout, { columns: true, strict: true } as never) as Record<string, string>[];
      const expected = await apiRecords(YEAR_2025);
      expect(rows.map(fromCsv)).toEqual(expected);
      expect(expected.some((r) => r.guestName.includes('\n') && r.guestName.includes('ü'))).toBe(true);
    });

    it('splits a two-year period into allowed chunks and writes every item once, stays across the edge too', async () => {
      const result = await exportCli([
        '--from',
        '2025-01-01',
        '--to',
        '2026-12-31',
        '--reference-date',
        'stay',
        '--format',
        'ndjson',
      ]);
      expect(result.code).toBe(0);
      const items = result.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ReservationSummary);
      const ids = items.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining([20_001, 20_002]));
      const parkIds = data.reservations.filter((r) => r.organization === PARK).map((r) => r.id);
      expect([...ids].sort((a, b) => a - b)).toEqual([...parkIds].sort((a, b) => (a as number) - (b as number)));
      expect(items).toHaveLength(RESERVATIONS + 2);
    });

    it('writes JSON and NDJSON to --output equal to the API records, with Basic credentials from the environment', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'booking-export-'));
      const expected = await apiRecords(YEAR_2025);
      const basicEnv = { BOOKING_API_KEY: '', BOOKING_USERNAME: basic.username, BOOKING_PASSWORD: basic.password };
      for (const format of ['json', 'ndjson'] as const) {
        const output = join(dir, `summaries.${format}`);
        const result = await exportCli(
          ['--from', '2025-01-01', '--to', '2025-12-31', '--format', format, '--output', output],
          basicEnv,
        );
        expect([result.code, result.stderr]).toEqual([
          0,
          `exported ${expected.length} reservation summaries to ${output}\n`,
        ]);
        expect(result.stdout).toBe('');
        const text = readFileSync(output, 'utf8');
        const parsed =
          format === 'json'
            ? JSON.parse(text)
            : text
                .trim()
                .split('\n')
                .map((l) => JSON.parse(l));
        expect(parsed).toEqual(expected);
      }
      expect(readdirSync(dir).sort()).toEqual(['summaries.json', 'summaries.ndjson']);
    });

    it('draws a progress bar from X-Total-Count on a terminal (and nothing when piped, as above)', async () => {
      const output = join(mkdtempSync(join(tmpdir(), 'booking-export-tty-')), 'out.csv');
      const command = [process.execPath, join(ROOT, 'dist/src/main.js'), 'export', 'summaries']
        .concat(['--base-url', baseUrl, '--from', '2025-01-01', '--to', '2025-12-31', '--output', output])
        .map((word) => `'${word}'`)
        .join(' ');
      // script(1) runs the export on a pseudo-terminal, as a person at a shell would.
      const { stdout } = await run('script', ['-qec', command, '/dev/null'], {
        env: { ...process.env, BOOKING_API_KEY: apiKey },
      });
      const total = arrivalsIn('2025-01-01', '2025-12-31').length.toLocaleString('en');
      expect(stdout).toContain(`[${'#'.repeat(30)}] ${total} / ${total} items`);
      expect(stdout).toContain('\r[');
    });

    it('stops quietly, exit 0, when the reader of its output goes away (| head)', async () => {
      const command = [process.execPath, join(ROOT, 'dist/src/main.js'), 'export', 'summaries']
        .concat(['--base-url', baseUrl, '--from', '2025-01-01', '--to', '2025-12-31', '--format', 'ndjson'])
        .map((word) => `'${word}'`)
        .join(' ');
      const { stdout, stderr } = await run('bash', ['-o', 'pipefail', '-c', `${command} | head -n 2`], {
        env: { ...process.env, BOOKING_API_KEY: apiKey },
      });
      expect(stdout.trim().split('\n')).toHaveLength(2);
      expect(stderr).toBe('');
    });

    it('falls back to 31-day chunks for a credential that keeps the rules from before 2025-04-17', async () => {
      const result = await exportCli(['--from', '2025-01-01', '--to', '2025-03-31', '--format', 'ndjson'], {
        BOOKING_API_KEY: legacyKey,
      });
      expect(result.code).toBe(0);
      const ids = result.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as ReservationSummary).id);
      expect(ids).toEqual(arrivalsIn('2025-01-01', '2025-03-31').map((r) => r.id));
    });

    it('exits non-zero with one clear line, leaving no file behind, when it cannot finish', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'booking-export-fail-'));
      const closed = await closedPort();
      const cases: [string[], Record<string, string>, RegExp][] = [
        [
          ['--output', join(dir, 'out.csv')],
          { BOOKING_API_KEY: 'bk_wrong' },
          /^booking: export failed: 401 Unauthorized: /,
        ],
        [['--organization', String(OTHER)], {}, /^booking: export failed: 403 Forbidden: /],
        [[], { BOOKING_API_KEY: '' }, /^booking: no credential: give --api-key/],
        [
          ['--base-url', `http://127.0.0.1:${closed}`],
          {},
          /^booking: cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED/,
        ],
      ];
      for (const [args, extraEnv, message] of cases) {
        const result = await exportCli(['--from', '2025-01-01', '--to', '2025-01-31', ...args], extraEnv);
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(message);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
      }
      const bad = await exportCli(['--from', '2025-02-30', '--to', '2025-03-31']);
      expect([bad.code, bad.stderr]).toEqual([
        1,
        'booking: --from must be a calendar date YYYY-MM-DD, not "2025-02-30"\n',
      ]);
      expect(readdirSync(dir)).toEqual([]);
    });
  });
});
