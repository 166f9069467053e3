import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBlock } from '../../src/modules/blocks/blocks.repository.js';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { importDocument } from '../../src/modules/data/import.service.js';
import { columnsOf, type PriceRecordKind, termsJson } from '../../src/modules/prices/price-records.js';
import { listPriceRows } from '../../src/modules/prices/prices.repository.js';
import { MAX_PRICE_RECORDS } from '../../src/modules/prices/prices.schemas.js';
import { formatTimestamp } from '../../src/shared/dates.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, fixedClock } from '../helpers/fixtures.js';
import { rememberSecret } from '../helpers/secrets.js';
import { type RunningProcess, startProcess, startServer } from '../helpers/processes.js';
import { OTHER, PARK, summariesDataSet } from '../helpers/summaries-data.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * An independent validator over real HTTP (issue: HTTP that every client, proxy and cache gets
 * right): Stoplight Prism, a tool that did not come from us, proxies real server processes with the
 * `/openapi.json` they serve, and judges every response it passes on. The requests cover every
 * operation and every status the document lists that a client can cause (successes, each error,
 * 304 in each coding, replays, conflicts, Basic and API key). Any response violation Prism reports
 * (`sl-violations`) fails the test; request violations are allowed only on the requests marked as
 * broken on purpose, and must be there.
 *
 * Between Prism and the servers sits a recording pass-through on 127.0.0.1: it forwards each
 * request to the server it names (a normal one, one with a rate limit of one request, one that is
 * always overloaded) and keeps what the server itself sent, for the checks on the wire (codings,
 * 304). Prism decodes gzip and br before it validates (node-fetch) and does not pass the coding on.
 */

const require = createRequire(import.meta.url);
/** Prism's CLI, run with this Node: installed as a dev dependency, never fetched at run time. */
const PRISM = join(require.resolve('@stoplight/prism-cli/package.json'), '..', 'dist', 'index.js');

type Upstream = 'normal' | 'limited' | 'overloaded';

interface Step {
  operation: string;
  status: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | object;
  upstream?: Upstream;
  /** A request that breaks the document on purpose (Prism must say so, and only for these). */
  brokenOnPurpose?: boolean;
}

interface Violation {
  location: string[];
  severity: string;
  message: string;
}

interface Outcome {
  step: Step;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  violations: Violation[];
  /** What the server itself answered, as the pass-through saw it. */
  upstream: { status: number; headers: IncomingHttpHeaders } | undefined;
}

/**
 * Documented statuses no request from outside can cause, each with the reason. Everything else the
 * document lists must be met by a step below.
 */
function unreachable(operation: string, status: number): string | undefined {
  if (status === 500) return 'a failure of the service itself: no request may cause one';
  if (operation === 'getIcalFeed' && status === 429) return 'a feed is read without a credential: no quota';
  if (operation === 'getHealth' && status === 503) return 'only while the process shuts down';
  if (operation === 'listEvents' && status === 410) {
    return "needs a cursor older than the events kept: the feed's own tests make one";
  }
  if (operation === 'signOut' && status === 400) {
    return 'only a body that is not JSON, which Prism refuses itself (fuzz.test.ts sends one to the service)';
  }
  if (operation === 'listOrganizations' && (status === 400 || status === 403)) {
    return 'reads no parameter and no organization: it lists the credential’s own';
  }
  if (
    [
      'getAccommodation',
      'getAvailability',
      'getReservation',
      'getGuest',
      'getReservationOrderLines',
      'listCalendars',
    ].includes(operation) &&
    status === 403
  ) {
    return "reads by id name no organization: another organization's record is 404";
  }
  return undefined;
}

/** One request through Prism, written with node:http so that no header is added behind our back. */
function send(prism: string, step: Step, index: number): Promise<Omit<Outcome, 'step' | 'upstream'>> {
  const body =
    step.body === undefined
      ? undefined
      : Buffer.from(typeof step.body === 'string' ? step.body : JSON.stringify(step.body));
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body && !step.headers?.['content-type'] ? { 'content-type': 'application/json' } : {}),
    ...step.headers,
    'x-test-step': String(index),
    'x-test-upstream': step.upstream ?? 'normal',
    ...(body ? { 'content-length': String(body.byteLength) } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${prism}${step.path}`, { method: step.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const reported = response.headers['sl-violations'];
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          violations: reported ? (JSON.parse(String(reported)) as Violation[]) : [],
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${step.method} ${step.path}`)));
    request.end(body);
  });
}

/**
 * The pass-through: forwards each request, untouched, to the server its x-test-upstream names and
 * the server's answer, untouched (raw header lines, body bytes), back to Prism; keeps the status
 * and headers of each answer by x-test-step.
 */
async function startPassThrough(upstreams: Record<Upstream, string>) {
  const seen = new Map<string, { status: number; headers: IncomingHttpHeaders }>();
  const server: Server = createServer((incoming, outgoing) => {
    outgoing.sendDate = false;
    const target = new URL(
      incoming.url ?? '/',
      upstreams[(incoming.headers['x-test-upstream'] as Upstream) ?? 'normal'],
    );
    const forwarded = httpRequest(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      seen.set(String(incoming.headers['x-test-step']), { status: answer.statusCode ?? 0, headers: answer.headers });
      outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      answer.pipe(outgoing);
    });
    forwarded.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)('Prism proxying real servers with their own /openapi.json, on %s', (dialect) => {
  const used = useDatabase(dialect);
  const servers: RunningProcess[] = [];
  let prism: RunningProcess | undefined;
  let passThrough: Awaited<ReturnType<typeof startPassThrough>>;
  let prismUrl: string;
  let documentDir: string;
  let operations: Map<string, number[]>;
  let receiver: Server;
  const data = summariesDataSet();
  const keys = { writer: '', reader: '', admin: '', limited: '', basic: '', otherAdmin: '' };
  let externalBlock = 0;
  const guests: number[] = [];

  beforeAll(async () => {
    await importDocument(used.db, fixedClock(), data);
    // An external block comes only from a subscribed calendar (SPEC §16), which no request of this
    // document makes: the data set holds one as a calendar's import leaves it, on nights nobody holds.
    const stamp = formatTimestamp(fixedClock()());
    externalBlock = (
      await insertBlock(used.db.kysely, {
        organization_id: PARK,
        accommodation_id: 40,
        date_from: '2025-07-20',
        date_to: '2025-07-24',
        kind: 'external',
        note: 'Booked on another channel',
        calendar_id: 1,
        created: stamp,
        modified: stamp,
      })
    ).id;
    // Guests as the booking flow's place step makes them (SPEC §15): three of the park's, one elsewhere.
    for (const [organization, email] of [
      [PARK, 'prism.one@example.com'],
      [PARK, 'prism.two@example.com'],
      [PARK, 'prism.three@example.com'],
      [OTHER, 'prism.other@example.com'],
    ] as const) {
      const guest = { firstName: 'Prism', surname: email.split('@')[0] ?? '', email, locale: 'en' };
      guests.push(
        await withWriteTransaction(used.db, (trx) => guestForPlacement(trx, organization, guest, fixedClock()())),
      );
    }
    keys.writer = await apiKeyFor(used.db, { organizations: [PARK], scope: 'write' });
    keys.reader = await apiKeyFor(used.db, { organizations: [PARK] });
    keys.admin = await apiKeyFor(used.db, { organizations: [PARK], scope: 'admin' });
    // Admin, so that its one request's worth of budget is what refuses it on every route, webhooks included.
    keys.limited = await apiKeyFor(used.db, { organizations: [PARK], scope: 'admin' });
    keys.basic = (await basicFor(used.db, 'integrator', { organizations: [PARK] })).authorization;
    keys.otherAdmin = await apiKeyFor(used.db, { organizations: [OTHER], scope: 'admin' });
    // An accommodation keeps at most 20 subscribed calendars (SPEC §16): unit 40 is given them, due
    // far in the future so that no worker fetches them, for createCalendar's only 409.
    await used.db.kysely
      .insertInto('calendars')
      .values(
        Array.from({ length: 20 }, (_, n) => ({
          organization_id: PARK,
          accommodation_id: 40,
          name: `Channel ${n + 1}`,
          url: `https://feeds.example.com/${n + 1}.ics`,
          created: stamp,
          modified: stamp,
          next_fetch_at: Number.MAX_SAFE_INTEGER,
        })),
      )
      .execute();
    // An organization keeps at most 1,000 price records of a kind (SPEC §14): the other one is
    // given as many age groups, supplements and discounts as stored rows (their only 409 is one
    // more), not by the 3,000 requests that would make them.
    const fillers: [PriceRecordKind, Record<string, unknown>][] = [
      ['age-group', { description: 'Group', minAge: 0, maxAge: 120, category: 'adult' }],
      ['supplement', { description: 'Extra', basis: 'stay', amount: '1.00', required: false, maxQuantity: 1 }],
      [
        'discount',
        { description: 'Off', kind: 'last-minute', percent: 1, dateFrom: '2027-01-01', dateTo: '2027-01-31' },
      ],
    ];
    for (const [kind, record] of fillers) {
      const kept = (await listPriceRows(used.db.kysely, OTHER, { kind })).length;
      const rows = Array.from({ length: MAX_PRICE_RECORDS - kept }, (_, n) => ({
        organization_id: OTHER,
        record: kind,
        ...columnsOf(record),
        description: `${String(record.description)} ${n + 1}`,
        terms: termsJson(kind, record),
        created: stamp,
        modified: stamp,
      }));
      for (let from = 0; from < rows.length; from += 100) {
        await used.db.kysely
          .insertInto('price_records')
          .values(rows.slice(from, from + 100))
          .execute();
      }
    }

    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    // The webhook endpoint's receiver is on 127.0.0.1, so the servers must allow private networks.
    const env = { DATABASE_URL: used.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
    const started = await Promise.all([
      startServer([], { ...env, RATE_LIMIT_MAX: '1000000' }),
      // One failed sign-in per username, too: the console's sign-in is throttled by failures, not budget.
      startServer([], { ...env, RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW: '3600', AUTH_FAILURE_MAX: '1' }),
      // Under-pressure samples the process four times a second: past 1 MiB of RSS, it is always overloaded.
      startServer([], { ...env, RATE_LIMIT_MAX: '1000000', MAX_RSS_MB: '1' }),
    ]);
    servers.push(...started.map((s) => s.server));
    const [normal, limited, overloaded] = started.map((s) => s.baseUrl) as [string, string, string];
    // A server that has just started may still count its start-up as event-loop delay for one
    // sample (250 ms); the overloaded one notices its memory at its first sample.
    const readiness = async (url: string) => (await fetch(`${url}/ready`)).status;
    await vi.waitFor(
      async () => expect(await Promise.all([normal, limited, overloaded].map(readiness))).toEqual([200, 200, 503]),
      { timeout: 15_000, interval: 100 },
    );

    // The document as the service serves it, in a local file: Prism reads it from disk.
    const document = (await (await fetch(`${normal}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; responses: object }>>;
    };
    operations = new Map();
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        operations.set(operation.operationId, Object.keys(operation.responses).map(Number));
      }
    }
    documentDir = mkdtempSync(join(tmpdir(), 'booking-prism-'));
    const documentFile = join(documentDir, 'openapi.json');
    writeFileSync(documentFile, JSON.stringify(document));

    passThrough = await startPassThrough({ normal, limited, overloaded });
    // Prism must run: if it cannot start, this fails (it is a dev dependency, installed by npm ci).
    const started2 = await startProcess(
      process.execPath,
      [PRISM, 'proxy', documentFile, passThrough.url, '--host', '127.0.0.1', '--port', '0', '--errors', 'false'],
      /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/,
      {},
      30_000,
    );
    prism = started2.process;
    prismUrl = started2.match[1] as string;
  });

  afterAll(async () => {
    await prism?.stop();
    for (const server of servers) await server.stop();
    await passThrough?.close();
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    if (documentDir) rmSync(documentDir, { recursive: true, force: true });
  });

  it('finds no response violation in a request for every operation and status, and only the intended request violations', async () => {
    // Soft: every finding of the run is reported, not only the first.
    const outcomes: Outcome[] = [];
    const run = async (step: Step): Promise<Outcome> => {
      const index = outcomes.length;
      const result = await send(prismUrl, step, index);
      const outcome = { step, ...result, upstream: passThrough.seen.get(String(index)) };
      outcomes.push(outcome);
      return outcome;
    };
    const json = (outcome: Outcome) => JSON.parse(outcome.body.toString('utf8')) as Record<string, unknown>;

    const writer = { 'x-api-key': keys.writer };
    const reader = { 'x-api-key': keys.reader };
    const basic = { authorization: keys.basic };
    const nobody = {};
    const wrongKey = { 'x-api-key': 'bk_000000000000000000000000000000000000' };
    const wrongPassword = { authorization: `Basic ${Buffer.from('integrator:wrong').toString('base64')}` };
    const html = { ...writer, accept: 'text/html' };
    const plainText = { ...writer, 'content-type': 'text/plain' };
    const tooLarge = { organization: PARK, title: 'x'.repeat(70 * 1024), type: 'chalet', maxPersons: 2 };
    const accommodations = `/api/accommodations/?organization=${PARK}`;
    const summaries = `/api/reservations/summaries?organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-31`;
    const checkedOut = data.reservations.find((r) => r.organization === PARK && r.status === 'checked-out')?.id;

    // Public operations.
    for (const [operation, path] of [
      ['getHealth', '/health'],
      ['getReadiness', '/ready'],
      ['getOpenApiDocument', '/openapi.json'],
    ] as const) {
      await run({ operation, status: 200, method: 'GET', path });
      await run({ operation, status: 200, method: 'GET', path, headers: { 'accept-encoding': 'gzip' } });
      await run({ operation, status: 406, method: 'GET', path, headers: { accept: 'text/html' } });
    }

    // The two lists: each coding, 304 in each coding, Basic, and their errors.
    for (const [operation, path] of [
      ['listAccommodations', accommodations],
      ['listReservationSummaries', summaries],
      ['listReservationSummaries', `${summaries}&limit=50&offset=100&utm=<"x">`],
    ] as const) {
      for (const coding of ['identity', 'gzip', 'br', 'gzip, br']) {
        const full = await run({
          operation,
          status: 200,
          method: 'GET',
          path,
          headers: { ...writer, 'accept-encoding': coding },
        });
        const etag = String(full.headers.etag);
        await run({
          operation,
          status: 304,
          method: 'GET',
          path,
          headers: { ...writer, 'accept-encoding': coding, 'if-none-match': etag },
        });
      }
      await run({ operation, status: 200, method: 'GET', path, headers: { ...basic, 'accept-encoding': 'gzip' } });
      await run({ operation, status: 401, method: 'GET', path, headers: nobody, brokenOnPurpose: true });
      await run({ operation, status: 401, method: 'GET', path, headers: wrongKey });
      await run({ operation, status: 401, method: 'GET', path, headers: wrongPassword });
      await run({
        operation,
        status: 403,
        method: 'GET',
        path: path.replace(`organization=${PARK}`, `organization=${OTHER}`),
        headers: writer,
      });
      await run({ operation, status: 406, method: 'GET', path, headers: html });
    }
    await run({
      operation: 'listAccommodations',
      status: 400,
      method: 'GET',
      path: `${accommodations}&includeInactive=maybe`,
      headers: writer,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listReservationSummaries',
      status: 400,
      method: 'GET',
      path: `${summaries.replace('2025-07-31', '2025-02-30')}&limit=0`,
      headers: writer,
      brokenOnPurpose: true,
    });

    // Accommodations: create (with an Idempotency-Key, replayed, reused), read, change, deactivate.
    const unit = { organization: PARK, title: 'Chalet Prism', type: 'chalet', maxPersons: 4 };
    const created = await run({
      operation: 'createAccommodation',
      status: 201,
      method: 'POST',
      path: '/api/accommodations/',
      headers: { ...writer, 'idempotency-key': 'prism-unit-1' },
      body: unit,
    });
    const unitId = json(created).id as number;
    const replayed = await run({
      operation: 'createAccommodation',
      status: 201,
      method: 'POST',
      path: '/api/accommodations/',
      headers: { ...writer, 'idempotency-key': 'prism-unit-1' },
      body: unit,
    });
    expect.soft(replayed.headers['idempotent-replayed']).toBe('true');
    expect.soft(json(replayed).id).toBe(unitId);
    await run({
      operation: 'createAccommodation',
      status: 422,
      method: 'POST',
      path: '/api/accommodations/',
      headers: { ...writer, 'idempotency-key': 'prism-unit-1' },
      body: { ...unit, maxPersons: 5 },
    });
    await run({
      operation: 'createAccommodation',
      status: 400,
      method: 'POST',
      path: '/api/accommodations/',
      headers: writer,
      body: { organization: PARK, type: 'chalet' },
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createAccommodation',
      status: 401,
      method: 'POST',
      path: '/api/accommodations/',
      headers: nobody,
      body: unit,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createAccommodation',
      status: 403,
      method: 'POST',
      path: '/api/accommodations/',
      headers: reader,
      body: unit,
    });
    await run({
      operation: 'createAccommodation',
      status: 406,
      method: 'POST',
      path: '/api/accommodations/',
      headers: html,
      body: unit,
    });
    await run({
      operation: 'createAccommodation',
      status: 413,
      method: 'POST',
      path: '/api/accommodations/',
      headers: writer,
      body: tooLarge,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createAccommodation',
      status: 415,
      method: 'POST',
      path: '/api/accommodations/',
      headers: plainText,
      body: 'a chalet',
      brokenOnPurpose: true,
    });

    const unitPath = `/api/accommodations/${unitId}`;
    await run({ operation: 'getAccommodation', status: 200, method: 'GET', path: unitPath, headers: basic });
    await run({
      operation: 'getAccommodation',
      status: 400,
      method: 'GET',
      path: '/api/accommodations/abc',
      headers: writer,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'getAccommodation',
      status: 401,
      method: 'GET',
      path: unitPath,
      headers: nobody,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'getAccommodation',
      status: 404,
      method: 'GET',
      path: '/api/accommodations/999999',
      headers: writer,
    });
    await run({ operation: 'getAccommodation', status: 406, method: 'GET', path: unitPath, headers: html });

    const nights = `dateFrom=2025-07-01&dateTo=2025-07-08`;
    await run({
      operation: 'getAvailability',
      status: 200,
      method: 'GET',
      path: `/api/accommodations/1/availability?${nights}`,
      headers: writer,
    });
    await run({
      operation: 'getAvailability',
      status: 400,
      method: 'GET',
      path: `/api/accommodations/1/availability?dateFrom=2025-07-01`,
      headers: writer,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'getAvailability',
      status: 401,
      method: 'GET',
      path: `/api/accommodations/1/availability?${nights}`,
      headers: nobody,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'getAvailability',
      status: 404,
      method: 'GET',
      path: `/api/accommodations/999999/availability?${nights}`,
      headers: writer,
    });
    await run({
      operation: 'getAvailability',
      status: 406,
      method: 'GET',
      path: `/api/accommodations/1/availability?${nights}`,
      headers: html,
    });

    // PUT takes the whole record (SPEC §9).
    const wholeUnit = { title: 'Chalet Prism', type: 'chalet', maxPersons: 4, bedrooms: null, active: true };
    for (const [operation, method] of [
      ['updateAccommodation', 'PATCH'],
      ['replaceAccommodation', 'PUT'],
      ['deactivateAccommodation', 'DELETE'],
    ] as const) {
      // DELETE takes no body: one sent with it (too large, or not JSON) is against the document too.
      const body =
        method === 'PATCH' ? { title: 'Chalet Prism (renovated)' } : method === 'PUT' ? wholeUnit : undefined;
      await run({
        operation,
        status: 400,
        method,
        path: '/api/accommodations/abc',
        headers: writer,
        body,
        brokenOnPurpose: true,
      });
      await run({ operation, status: 401, method, path: unitPath, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 403, method, path: unitPath, headers: reader, body });
      await run({ operation, status: 404, method, path: '/api/accommodations/999999', headers: writer, body });
      await run({ operation, status: 406, method, path: unitPath, headers: html, body });
      await run({
        operation,
        status: 413,
        method,
        path: unitPath,
        headers: writer,
        body: { title: 'x'.repeat(70 * 1024) },
        brokenOnPurpose: true,
      });
      await run({
        operation,
        status: 415,
        method,
        path: unitPath,
        headers: plainText,
        body: 'renovated',
        brokenOnPurpose: true,
      });
      if (method !== 'DELETE') {
        await run({
          operation,
          status: 400,
          method,
          path: unitPath,
          headers: writer,
          body: { colour: 'green' },
          brokenOnPurpose: true,
        });
      }
      await run({ operation, status: 200, method, path: unitPath, headers: writer, body });
    }

    // Reservations: a booking (replayed, key reused), a double booking, reads, moves, cancellations.
    const booking = {
      organization: PARK,
      accommodation: 1,
      dateFrom: '2027-07-10',
      dateTo: '2027-07-17',
      adults: 2,
      guestName: 'Anna de Vries',
      totalAmount: '875.00',
      currency: 'EUR',
      channel: 'website',
    };
    const booked = await run({
      operation: 'createReservation',
      status: 201,
      method: 'POST',
      path: '/api/reservations',
      headers: { ...writer, 'idempotency-key': 'prism-booking-1' },
      body: booking,
    });
    const reservationId = json(booked).id as number;
    const again = await run({
      operation: 'createReservation',
      status: 201,
      method: 'POST',
      path: '/api/reservations',
      headers: { ...writer, 'idempotency-key': 'prism-booking-1' },
      body: booking,
    });
    expect.soft(again.headers['idempotent-replayed']).toBe('true');
    await run({
      operation: 'createReservation',
      status: 422,
      method: 'POST',
      path: '/api/reservations',
      headers: { ...writer, 'idempotency-key': 'prism-booking-1' },
      body: { ...booking, adults: 3 },
    });
    const conflict = await run({
      operation: 'createReservation',
      status: 409,
      method: 'POST',
      path: '/api/reservations',
      headers: writer,
      body: { ...booking, dateFrom: '2027-07-12', dateTo: '2027-07-14' },
    });
    expect.soft(json(conflict).conflictingReservation).toBeDefined();
    await run({
      operation: 'createReservation',
      status: 400,
      method: 'POST',
      path: '/api/reservations',
      headers: writer,
      body: { ...booking, dateTo: '2027-07-05' },
    });
    await run({
      operation: 'createReservation',
      status: 400,
      method: 'POST',
      path: '/api/reservations',
      headers: writer,
      body: { ...booking, adults: 'two' },
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createReservation',
      status: 401,
      method: 'POST',
      path: '/api/reservations',
      headers: wrongKey,
      body: booking,
    });
    await run({
      operation: 'createReservation',
      status: 403,
      method: 'POST',
      path: '/api/reservations',
      headers: reader,
      body: booking,
    });
    await run({
      operation: 'createReservation',
      status: 406,
      method: 'POST',
      path: '/api/reservations',
      headers: html,
      body: booking,
    });
    await run({
      operation: 'createReservation',
      status: 413,
      method: 'POST',
      path: '/api/reservations',
      headers: writer,
      body: { ...booking, guestName: 'x'.repeat(70 * 1024) },
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createReservation',
      status: 415,
      method: 'POST',
      path: '/api/reservations',
      headers: plainText,
      body: 'a booking',
      brokenOnPurpose: true,
    });

    const reservationPath = `/api/reservations/${reservationId}`;
    await run({
      operation: 'getReservation',
      status: 200,
      method: 'GET',
      path: reservationPath,
      headers: { ...basic, 'accept-encoding': 'gzip, br' },
    });
    await run({
      operation: 'getReservation',
      status: 400,
      method: 'GET',
      path: '/api/reservations/abc',
      headers: writer,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'getReservation',
      status: 401,
      method: 'GET',
      path: reservationPath,
      headers: wrongPassword,
    });
    await run({
      operation: 'getReservation',
      status: 404,
      method: 'GET',
      path: '/api/reservations/999999',
      headers: writer,
    });
    await run({ operation: 'getReservation', status: 406, method: 'GET', path: reservationPath, headers: html });

    await run({
      operation: 'updateReservation',
      status: 200,
      method: 'PATCH',
      path: reservationPath,
      headers: writer,
      body: { adults: 3 },
    });
    await run({
      operation: 'updateReservation',
      status: 409,
      method: 'PATCH',
      path: reservationPath,
      headers: writer,
      body: { status: 'checked-out' },
    });
    await run({
      operation: 'cancelReservation',
      status: 409,
      method: 'DELETE',
      path: `/api/reservations/${checkedOut}`,
      headers: writer,
    });
    const wholeReservation = {
      accommodation: booking.accommodation,
      dateFrom: booking.dateFrom,
      dateTo: booking.dateTo,
      adults: 2,
      children: 0,
      babies: 0,
      guestName: booking.guestName,
      totalAmount: booking.totalAmount,
      currency: booking.currency,
      channel: booking.channel,
      status: 'confirmed',
    };
    await run({
      operation: 'replaceReservation',
      status: 200,
      method: 'PUT',
      path: reservationPath,
      headers: writer,
      body: { organization: PARK, ...wholeReservation },
    });
    await run({
      operation: 'replaceReservation',
      status: 409,
      method: 'PUT',
      path: reservationPath,
      headers: writer,
      body: { ...wholeReservation, status: 'checked-out' },
    });
    for (const [operation, method] of [
      ['updateReservation', 'PATCH'],
      ['replaceReservation', 'PUT'],
      ['cancelReservation', 'DELETE'],
    ] as const) {
      const body = method === 'PATCH' ? { adults: 2 } : method === 'PUT' ? wholeReservation : undefined;
      await run({
        operation,
        status: 400,
        method,
        path: '/api/reservations/abc',
        headers: writer,
        body,
        brokenOnPurpose: true,
      });
      await run({
        operation,
        status: 401,
        method,
        path: reservationPath,
        headers: nobody,
        body,
        brokenOnPurpose: true,
      });
      await run({ operation, status: 403, method, path: reservationPath, headers: reader, body });
      await run({ operation, status: 404, method, path: '/api/reservations/999999', headers: writer, body });
      await run({ operation, status: 406, method, path: reservationPath, headers: html, body });
      await run({
        operation,
        status: 413,
        method,
        path: reservationPath,
        headers: writer,
        body: { guestName: 'x'.repeat(70 * 1024) },
        brokenOnPurpose: true,
      });
      await run({
        operation,
        status: 415,
        method,
        path: reservationPath,
        headers: plainText,
        body: 'two adults',
        brokenOnPurpose: true,
      });
    }
    await run({
      operation: 'cancelReservation',
      status: 200,
      method: 'DELETE',
      path: reservationPath,
      headers: writer,
    });
    await run({
      operation: 'cancelReservation',
      status: 200,
      method: 'DELETE',
      path: reservationPath,
      headers: writer,
    });

    // The changes feed (SPEC §10): what the writes above recorded.
    const feed = `/api/events?organization=${PARK}&limit=5`;
    await run({
      operation: 'listEvents',
      status: 200,
      method: 'GET',
      path: feed,
      headers: { ...writer, 'accept-encoding': 'gzip' },
    });
    await run({ operation: 'listEvents', status: 200, method: 'GET', path: `/api/events?limit=2`, headers: basic });
    await run({
      operation: 'listEvents',
      status: 400,
      method: 'GET',
      path: `/api/events?organization=${PARK}&limit=0`,
      headers: writer,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listEvents',
      status: 401,
      method: 'GET',
      path: feed,
      headers: nobody,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listEvents',
      status: 403,
      method: 'GET',
      path: `/api/events?organization=${OTHER}`,
      headers: writer,
    });
    await run({ operation: 'listEvents', status: 406, method: 'GET', path: feed, headers: html });

    // Webhook endpoints (SPEC §10, scope admin): each operation, then the errors every one shares.
    const admin = { 'x-api-key': keys.admin };
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hook = { organization: PARK, url: hookUrl, types: ['reservation.created'], description: 'Prism' };
    const registered = await run({
      operation: 'createWebhookEndpoint',
      status: 201,
      method: 'POST',
      path: '/api/webhook-endpoints',
      headers: { ...admin, 'idempotency-key': 'prism-hook-1' },
      body: hook,
    });
    const hookId = json(registered).id as number;
    const reregistered = await run({
      operation: 'createWebhookEndpoint',
      status: 201,
      method: 'POST',
      path: '/api/webhook-endpoints',
      headers: { ...admin, 'idempotency-key': 'prism-hook-1' },
      body: hook,
    });
    expect.soft(reregistered.headers['idempotent-replayed']).toBe('true');
    expect.soft(json(reregistered).secret).toBe(json(registered).secret);
    await run({
      operation: 'createWebhookEndpoint',
      status: 422,
      method: 'POST',
      path: '/api/webhook-endpoints',
      headers: { ...admin, 'idempotency-key': 'prism-hook-1' },
      body: { ...hook, description: 'another' },
    });
    await run({
      operation: 'createWebhookEndpoint',
      status: 400,
      method: 'POST',
      path: '/api/webhook-endpoints',
      headers: admin,
      body: { organization: PARK, types: ['reservation.created'] },
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listWebhookEndpoints',
      status: 200,
      method: 'GET',
      path: `/api/webhook-endpoints?organization=${PARK}`,
      headers: admin,
    });
    await run({
      operation: 'listWebhookEndpoints',
      status: 400,
      method: 'GET',
      path: '/api/webhook-endpoints?organization=abc',
      headers: admin,
      brokenOnPurpose: true,
    });
    const hookPath = `/api/webhook-endpoints/${hookId}`;
    await run({ operation: 'getWebhookEndpoint', status: 200, method: 'GET', path: hookPath, headers: admin });
    await run({
      operation: 'updateWebhookEndpoint',
      status: 200,
      method: 'PATCH',
      path: hookPath,
      headers: admin,
      body: { description: 'Prism, changed' },
    });
    const rotated = await run({
      operation: 'rotateWebhookSecret',
      status: 200,
      method: 'POST',
      path: `${hookPath}/rotate-secret`,
      headers: admin,
    });
    // A replay of the creation answers the endpoint as it is now, with the secret that signs now.
    const replayedAfterRotation = await run({
      operation: 'createWebhookEndpoint',
      status: 201,
      method: 'POST',
      path: '/api/webhook-endpoints',
      headers: { ...admin, 'idempotency-key': 'prism-hook-1' },
      body: hook,
    });
    expect.soft(json(replayedAfterRotation)).toMatchObject({ id: hookId, description: 'Prism, changed' });
    expect.soft(json(replayedAfterRotation).secret).toBe(json(rotated).secret);
    const tested = await run({
      operation: 'testWebhookEndpoint',
      status: 200,
      method: 'POST',
      path: `${hookPath}/test`,
      headers: admin,
    });
    expect.soft(json(tested)).toMatchObject({ delivered: true, statusCode: 204 });
    await run({
      operation: 'listWebhookDeliveries',
      status: 200,
      method: 'GET',
      path: `${hookPath}/deliveries?limit=10`,
      headers: admin,
    });
    await run({
      operation: 'listWebhookDeliveries',
      status: 400,
      method: 'GET',
      path: `${hookPath}/deliveries?limit=0`,
      headers: admin,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'replayWebhookEvents',
      status: 200,
      method: 'POST',
      path: `${hookPath}/replay`,
      headers: admin,
      body: { since: '2020-01-01T00:00:00Z' },
    });
    const hookOperations: [string, string, string, object | undefined][] = [
      ['createWebhookEndpoint', 'POST', '/api/webhook-endpoints', hook],
      ['listWebhookEndpoints', 'GET', '/api/webhook-endpoints', undefined],
      ['getWebhookEndpoint', 'GET', hookPath, undefined],
      ['updateWebhookEndpoint', 'PATCH', hookPath, { description: 'Prism' }],
      ['rotateWebhookSecret', 'POST', `${hookPath}/rotate-secret`, undefined],
      ['testWebhookEndpoint', 'POST', `${hookPath}/test`, undefined],
      ['listWebhookDeliveries', 'GET', `${hookPath}/deliveries`, undefined],
      ['replayWebhookEvents', 'POST', `${hookPath}/replay`, { since: '2020-01-01T00:00:00Z' }],
      ['deleteWebhookEndpoint', 'DELETE', hookPath, undefined],
    ];
    for (const [operation, method, path, body] of hookOperations) {
      const documented = operations.get(operation) ?? [];
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      // A write credential is not enough: webhooks need admin.
      await run({ operation, status: 403, method, path, headers: writer, body });
      await run({ operation, status: 406, method, path, headers: { ...admin, accept: 'text/html' }, body });
      // An unknown id; the creation's 404 (a replay after a delete) is met below.
      if (documented.includes(404) && path.startsWith(hookPath)) {
        const missing = path.replace(String(hookId), '999999');
        await run({ operation, status: 404, method, path: missing, headers: admin, body });
        await run({
          operation,
          status: 400,
          method,
          path: path.replace(String(hookId), 'abc'),
          headers: admin,
          body,
          brokenOnPurpose: true,
        });
      }
      if (documented.includes(413)) {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: admin,
          body: { description: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...admin, 'content-type': 'text/plain' },
          body: 'a hook',
          brokenOnPurpose: true,
        });
      }
    }
    await run({ operation: 'deleteWebhookEndpoint', status: 200, method: 'DELETE', path: hookPath, headers: admin });
    // Deleted since: a replay of its creation is 404, not a 201 for an endpoint that is gone.
    await run({
      operation: 'createWebhookEndpoint',
      status: 404,
      method: 'POST',
      path: '/api/webhook-endpoints',
      headers: { ...admin, 'idempotency-key': 'prism-hook-1' },
      body: hook,
    });

    // Blocks (SPEC §13, scope write): made on nights the data set leaves free (unit 39 holds nothing),
    // refused over a reservation that holds nights, then the errors every block operation shares.
    const held = data.reservations.find((r) => r.organization === PARK && r.status === 'checked-out');
    const overHeld = {
      accommodation: typeof held?.accommodation === 'object' ? held.accommodation.id : Number(held?.accommodation),
      dateFrom: String(held?.dateFrom),
      dateTo: String(held?.dateTo),
    };
    const block = {
      organization: PARK,
      accommodation: 39,
      dateFrom: '2027-03-01',
      dateTo: '2027-03-04',
      kind: 'maintenance',
      note: 'New roof',
    };
    const blocked = await run({
      operation: 'createBlock',
      status: 201,
      method: 'POST',
      path: '/api/blocks',
      headers: { ...writer, 'idempotency-key': 'prism-block-1' },
      body: block,
    });
    const blockId = json(blocked).id as number;
    const reblocked = await run({
      operation: 'createBlock',
      status: 201,
      method: 'POST',
      path: '/api/blocks',
      headers: { ...writer, 'idempotency-key': 'prism-block-1' },
      body: block,
    });
    expect.soft(reblocked.headers['idempotent-replayed']).toBe('true');
    expect.soft(json(reblocked).id).toBe(blockId);
    await run({
      operation: 'createBlock',
      status: 422,
      method: 'POST',
      path: '/api/blocks',
      headers: { ...writer, 'idempotency-key': 'prism-block-1' },
      body: { ...block, kind: 'owner' },
    });
    const overBooking = await run({
      operation: 'createBlock',
      status: 409,
      method: 'POST',
      path: '/api/blocks',
      headers: writer,
      body: { ...block, ...overHeld },
    });
    expect.soft(json(overBooking).heldBy).toEqual({ kind: 'reservation', id: held?.id });
    await run({
      operation: 'createBlock',
      status: 400,
      method: 'POST',
      path: '/api/blocks',
      headers: writer,
      body: { ...block, dateTo: block.dateFrom },
    });
    // `external` only comes from a calendar: the document's enum leaves it out.
    await run({
      operation: 'createBlock',
      status: 400,
      method: 'POST',
      path: '/api/blocks',
      headers: writer,
      body: { ...block, kind: 'external' },
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createBlock',
      status: 401,
      method: 'POST',
      path: '/api/blocks',
      headers: wrongKey,
      body: block,
    });
    await run({
      operation: 'createBlock',
      status: 403,
      method: 'POST',
      path: '/api/blocks',
      headers: writer,
      body: { ...block, organization: OTHER },
    });

    const blocksList = `/api/blocks?organization=${PARK}&dateFrom=2027-03-01&dateTo=2027-03-31`;
    const listedBlocks = await run({
      operation: 'listBlocks',
      status: 200,
      method: 'GET',
      path: blocksList,
      headers: reader,
    });
    expect.soft(JSON.parse(listedBlocks.body.toString('utf8'))).toEqual([json(blocked)]);
    await run({
      operation: 'listBlocks',
      status: 200,
      method: 'GET',
      path: `/api/blocks?dateFrom=2025-07-01&dateTo=2025-07-31&accommodation=40`,
      headers: basic,
    });
    await run({
      operation: 'listBlocks',
      status: 400,
      method: 'GET',
      path: `/api/blocks?organization=${PARK}&dateFrom=2027-03-01`,
      headers: reader,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listBlocks',
      status: 400,
      method: 'GET',
      path: `/api/blocks?organization=${PARK}&dateFrom=2027-03-01&dateTo=2028-03-01`,
      headers: reader,
    });
    await run({
      operation: 'listBlocks',
      status: 403,
      method: 'GET',
      path: blocksList.replace(`organization=${PARK}`, `organization=${OTHER}`),
      headers: reader,
    });

    const blockPath = `/api/blocks/${blockId}`;
    await run({
      operation: 'updateBlock',
      status: 200,
      method: 'PATCH',
      path: blockPath,
      headers: writer,
      body: { dateTo: '2027-03-05', note: 'New roof, and the gutters' },
    });
    const moved = await run({
      operation: 'updateBlock',
      status: 409,
      method: 'PATCH',
      path: blockPath,
      headers: writer,
      body: overHeld,
    });
    expect.soft(json(moved).heldBy).toEqual({ kind: 'reservation', id: held?.id });
    await run({
      operation: 'updateBlock',
      status: 400,
      method: 'PATCH',
      path: blockPath,
      headers: writer,
      body: { dateTo: '2027-02-01' },
    });
    // An external block changes only with its calendar.
    for (const [operation, method, body] of [
      ['updateBlock', 'PATCH', { note: 'Ours now' }],
      ['deleteBlock', 'DELETE', undefined],
    ] as const) {
      await run({ operation, status: 409, method, path: `/api/blocks/${externalBlock}`, headers: writer, body });
    }
    const blockOperations: [string, string, string, object | undefined][] = [
      ['listBlocks', 'GET', blocksList, undefined],
      ['createBlock', 'POST', '/api/blocks', block],
      ['updateBlock', 'PATCH', blockPath, { note: 'Prism' }],
      ['deleteBlock', 'DELETE', blockPath, undefined],
    ];
    for (const [operation, method, path, body] of blockOperations) {
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: html, body });
      // Reading needs no more than read; every change needs write.
      if (method !== 'GET') await run({ operation, status: 403, method, path, headers: reader, body });
      if (path === blockPath) {
        await run({ operation, status: 404, method, path: '/api/blocks/999999', headers: writer, body });
        await run({
          operation,
          status: 400,
          method,
          path: '/api/blocks/abc',
          headers: writer,
          body,
          brokenOnPurpose: true,
        });
      }
      if (method === 'PATCH' || method === 'POST') {
        await run({
          operation,
          status: 400,
          method,
          path,
          headers: writer,
          body: { ...body, colour: 'green' },
          brokenOnPurpose: true,
        });
      }
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: writer,
          body: { note: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: plainText,
          body: 'a block',
          brokenOnPurpose: true,
        });
      }
    }
    const unblocked = await run({
      operation: 'deleteBlock',
      status: 200,
      method: 'DELETE',
      path: blockPath,
      headers: writer,
    });
    expect.soft(json(unblocked)).toMatchObject({ id: blockId, dateTo: '2027-03-05' });
    await run({ operation: 'deleteBlock', status: 404, method: 'DELETE', path: blockPath, headers: writer });

    // Guests (SPEC §15): listed and read with read, corrected with write, erased with admin.
    const [guestId, secondGuest, , otherGuest] = guests;
    const guestsPage = `/api/guests/?organization=${PARK}&limit=2&offset=1`;
    const guestPage = await run({
      operation: 'listGuests',
      status: 200,
      method: 'GET',
      path: guestsPage,
      headers: reader,
    });
    expect.soft(guestPage.headers['x-pagination-prev']).toBe('0');
    expect.soft(guestPage.headers['x-total-count']).toBe('3');
    await run({
      operation: 'listGuests',
      status: 304,
      method: 'GET',
      path: guestsPage,
      headers: { ...reader, 'if-none-match': String(guestPage.headers.etag) },
    });
    await run({
      operation: 'listGuests',
      status: 200,
      method: 'GET',
      path: '/api/guests/?modifiedDateFrom=2025-01-01',
      headers: basic,
    });
    await run({
      operation: 'listGuests',
      status: 400,
      method: 'GET',
      path: `/api/guests/?organization=${PARK}&limit=0`,
      headers: reader,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listGuests',
      status: 400,
      method: 'GET',
      path: `/api/guests/?organization=${PARK}&modifiedSince=2025-01-01&modifiedDateFrom=2025-01-01`,
      headers: reader,
    });
    await run({
      operation: 'listGuests',
      status: 403,
      method: 'GET',
      path: `/api/guests/?organization=${OTHER}`,
      headers: reader,
    });
    const guestPath = `/api/guests/${guestId}`;
    await run({ operation: 'getGuest', status: 200, method: 'GET', path: guestPath, headers: reader });
    await run({
      operation: 'getGuest',
      status: 404,
      method: 'GET',
      path: `/api/guests/${otherGuest}`,
      headers: reader,
    });
    await run({
      operation: 'updateGuest',
      status: 200,
      method: 'PATCH',
      path: guestPath,
      headers: writer,
      body: { surname: 'Corrected', phoneNumber: '+31 6 00000000' },
    });
    await run({
      operation: 'updateGuest',
      status: 409,
      method: 'PATCH',
      path: guestPath,
      headers: writer,
      body: { email: 'PRISM.TWO@example.com' },
    });
    await run({
      operation: 'updateGuest',
      status: 400,
      method: 'PATCH',
      path: guestPath,
      headers: writer,
      body: { email: 'no address' },
      brokenOnPurpose: true,
    });
    const guestOperations: [string, string, string, object | undefined][] = [
      ['listGuests', 'GET', guestsPage, undefined],
      ['getGuest', 'GET', guestPath, undefined],
      ['updateGuest', 'PATCH', guestPath, { locale: 'nl' }],
      ['eraseGuest', 'DELETE', `/api/guests/${secondGuest}`, undefined],
    ];
    for (const [operation, method, path, body] of guestOperations) {
      const scoped = operation === 'eraseGuest' ? admin : writer;
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: { ...scoped, accept: 'text/html' }, body });
      if (method !== 'GET') await run({ operation, status: 403, method, path, headers: reader, body });
      if (operation === 'eraseGuest') await run({ operation, status: 403, method, path, headers: writer, body });
      if (method !== 'GET' || operation === 'getGuest') {
        await run({ operation, status: 404, method, path: '/api/guests/999999', headers: scoped, body });
        await run({
          operation,
          status: 400,
          method,
          path: '/api/guests/abc',
          headers: scoped,
          body,
          brokenOnPurpose: true,
        });
      }
      if (method === 'PATCH') {
        await run({
          operation,
          status: 400,
          method,
          path,
          headers: scoped,
          body: { ...body, nickname: 'P' },
          brokenOnPurpose: true,
        });
      }
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: scoped,
          body: { surname: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...scoped, 'content-type': 'text/plain' },
          body: 'a guest',
          brokenOnPurpose: true,
        });
      }
    }
    const erasedGuest = await run({
      operation: 'eraseGuest',
      status: 200,
      method: 'DELETE',
      path: guestPath,
      headers: admin,
    });
    expect.soft(json(erasedGuest)).toMatchObject({ id: guestId, surname: null, email: null });
    await run({ operation: 'eraseGuest', status: 200, method: 'DELETE', path: guestPath, headers: admin });
    await run({
      operation: 'updateGuest',
      status: 409,
      method: 'PATCH',
      path: guestPath,
      headers: writer,
      body: { locale: 'nl' },
    });

    // Calendar sync (SPEC §16): the feed's address (admin), the feed itself (no credential, any
    // Accept), and subscriptions (read to list, admin to change) on unit 39.
    const tokenPath = '/api/accommodations/39/ical-token';
    const minted = await run({
      operation: 'rotateIcalToken',
      status: 200,
      method: 'POST',
      path: tokenPath,
      headers: admin,
    });
    const feedPath = String(json(minted).path);
    rememberSecret(feedPath.slice('/ical/'.length, -'.ics'.length));
    const feedAccept = { accept: 'text/calendar' };
    const served = await run({
      operation: 'getIcalFeed',
      status: 200,
      method: 'GET',
      path: feedPath,
      headers: feedAccept,
    });
    expect.soft(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
    await run({
      operation: 'getIcalFeed',
      status: 304,
      method: 'GET',
      path: feedPath,
      headers: { ...feedAccept, 'if-none-match': String(served.headers.etag) },
    });
    await run({ operation: 'getIcalFeed', status: 404, method: 'GET', path: '/ical/unknown.ics', headers: feedAccept });
    const calendarsPath = '/api/accommodations/39/calendars';
    const subscription = { url: 'http://127.0.0.1:9/feed.ics', name: 'Airbnb' };
    const subscribed = await run({
      operation: 'createCalendar',
      status: 201,
      method: 'POST',
      path: calendarsPath,
      headers: { ...admin, 'idempotency-key': 'prism-calendar-1' },
      body: subscription,
    });
    const calendarPath = `${calendarsPath}/${json(subscribed).id}`;
    await run({
      operation: 'createCalendar',
      status: 422,
      method: 'POST',
      path: calendarsPath,
      headers: { ...admin, 'idempotency-key': 'prism-calendar-1' },
      body: { ...subscription, name: 'Vrbo' },
    });
    await run({
      operation: 'createCalendar',
      status: 409,
      method: 'POST',
      path: '/api/accommodations/40/calendars',
      headers: admin,
      body: subscription,
    });
    await run({
      operation: 'createCalendar',
      status: 400,
      method: 'POST',
      path: calendarsPath,
      headers: admin,
      body: { ...subscription, url: 'ftp://feeds.example.com/a.ics' },
    });
    const listed = await run({
      operation: 'listCalendars',
      status: 200,
      method: 'GET',
      path: calendarsPath,
      headers: reader,
    });
    // (Its fetch state is the server's worker's: it may have tried the feed already.)
    expect
      .soft(JSON.parse(listed.body.toString('utf8')).map((c: { id: number; name: string }) => [c.id, c.name]))
      .toEqual([[json(subscribed).id, 'Airbnb']]);
    const calendarOperations: [string, string, string, object | undefined][] = [
      ['rotateIcalToken', 'POST', tokenPath, undefined],
      ['listCalendars', 'GET', calendarsPath, undefined],
      ['createCalendar', 'POST', calendarsPath, subscription],
      ['deleteCalendar', 'DELETE', calendarPath, undefined],
    ];
    for (const [operation, method, path, body] of calendarOperations) {
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: { ...admin, accept: 'text/html' }, body });
      if (method !== 'GET') await run({ operation, status: 403, method, path, headers: writer, body });
      await run({
        operation,
        status: 404,
        method,
        path: path.replace('/accommodations/39/', '/accommodations/999999/'),
        headers: admin,
        body,
      });
      await run({
        operation,
        status: 400,
        method,
        path: path.replace('/accommodations/39/', '/accommodations/abc/'),
        headers: admin,
        body,
        brokenOnPurpose: true,
      });
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: admin,
          body: { name: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...admin, 'content-type': 'text/plain' },
          body: 'a calendar',
          brokenOnPurpose: true,
        });
      }
    }
    await run({ operation: 'deleteCalendar', status: 200, method: 'DELETE', path: calendarPath, headers: admin });

    // Stay rules (SPEC §13): read with read, written with admin. Unit 39 in September 2027: at most
    // three nights, arriving on Saturdays; October 2027: at most a week.
    const rule = {
      organization: PARK,
      accommodation: 39,
      dateFrom: '2027-09-01',
      dateTo: '2027-09-30',
      maxNights: 3,
      arrivalDays: [6],
    };
    const ruled = await run({
      operation: 'createStayRule',
      status: 201,
      method: 'POST',
      path: '/api/stay-rules',
      headers: { ...admin, 'idempotency-key': 'prism-rule-1' },
      body: rule,
    });
    const ruleId = json(ruled).id as number;
    const reruled = await run({
      operation: 'createStayRule',
      status: 201,
      method: 'POST',
      path: '/api/stay-rules',
      headers: { ...admin, 'idempotency-key': 'prism-rule-1' },
      body: rule,
    });
    expect.soft(reruled.headers['idempotent-replayed']).toBe('true');
    expect.soft(json(reruled).id).toBe(ruleId);
    await run({
      operation: 'createStayRule',
      status: 422,
      method: 'POST',
      path: '/api/stay-rules',
      headers: { ...admin, 'idempotency-key': 'prism-rule-1' },
      body: { ...rule, maxNights: 4 },
    });
    const overlapping = await run({
      operation: 'createStayRule',
      status: 409,
      method: 'POST',
      path: '/api/stay-rules',
      headers: admin,
      body: { ...rule, dateFrom: '2027-09-15', dateTo: '2027-10-15', arrivalDays: undefined, maxNights: 5 },
    });
    expect.soft(json(overlapping)).toMatchObject({ conflictingRule: ruleId, field: 'maxNights' });
    const october = await run({
      operation: 'createStayRule',
      status: 201,
      method: 'POST',
      path: '/api/stay-rules',
      headers: admin,
      body: { organization: PARK, accommodation: 39, dateFrom: '2027-10-01', dateTo: '2027-10-31', maxNights: 7 },
    });
    // A rule that sets nothing: the document cannot say so, the service does.
    await run({
      operation: 'createStayRule',
      status: 400,
      method: 'POST',
      path: '/api/stay-rules',
      headers: admin,
      body: { organization: PARK, dateFrom: '2027-09-01', dateTo: '2027-09-30' },
    });
    await run({
      operation: 'createStayRule',
      status: 400,
      method: 'POST',
      path: '/api/stay-rules',
      headers: admin,
      body: { organization: PARK, dateFrom: '2027-09-01', minNights: 0, arrivalDays: [8] },
      brokenOnPurpose: true,
    });
    await run({
      operation: 'createStayRule',
      status: 403,
      method: 'POST',
      path: '/api/stay-rules',
      headers: admin,
      body: { ...rule, organization: OTHER },
    });
    const rulesList = `/api/stay-rules?organization=${PARK}`;
    const listedRules = await run({
      operation: 'listStayRules',
      status: 200,
      method: 'GET',
      path: rulesList,
      headers: reader,
    });
    expect
      .soft((JSON.parse(listedRules.body.toString('utf8')) as { id: number }[]).map((r) => r.id))
      .toEqual([ruleId, json(october).id]);
    await run({ operation: 'listStayRules', status: 200, method: 'GET', path: '/api/stay-rules', headers: basic });
    await run({
      operation: 'listStayRules',
      status: 400,
      method: 'GET',
      path: '/api/stay-rules?organization=abc',
      headers: reader,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'listStayRules',
      status: 403,
      method: 'GET',
      path: `/api/stay-rules?organization=${OTHER}`,
      headers: reader,
    });

    // A §9 write records a stay sold elsewhere: the rules it breaks are its 201's warnings.
    const warned = await run({
      operation: 'createReservation',
      status: 201,
      method: 'POST',
      path: '/api/reservations',
      headers: writer,
      body: { ...booking, accommodation: 39, dateFrom: '2027-09-06', dateTo: '2027-09-11' },
    });
    expect
      .soft((json(warned).warnings as { rule: string }[]).map((w) => w.rule).sort())
      .toEqual(['arrival-day', 'max-nights']);

    const rulePath = `/api/stay-rules/${ruleId}`;
    const octoberPath = `/api/stay-rules/${json(october).id as number}`;
    await run({
      operation: 'updateStayRule',
      status: 200,
      method: 'PATCH',
      path: rulePath,
      headers: admin,
      body: { minNights: 2, arrivalDays: null },
    });
    const movedRule = await run({
      operation: 'updateStayRule',
      status: 409,
      method: 'PATCH',
      path: octoberPath,
      headers: admin,
      body: { dateFrom: '2027-09-20' },
    });
    expect.soft(json(movedRule)).toMatchObject({ conflictingRule: ruleId, field: 'maxNights' });
    await run({
      operation: 'updateStayRule',
      status: 400,
      method: 'PATCH',
      path: rulePath,
      headers: admin,
      body: { maxNights: 1 },
    });
    const stayRuleOperations: [string, string, string, object | undefined][] = [
      ['listStayRules', 'GET', rulesList, undefined],
      ['createStayRule', 'POST', '/api/stay-rules', rule],
      ['updateStayRule', 'PATCH', octoberPath, { maxNights: 6 }],
      ['deleteStayRule', 'DELETE', octoberPath, undefined],
    ];
    for (const [operation, method, path, body] of stayRuleOperations) {
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: { ...admin, accept: 'text/html' }, body });
      // Any credential reads them; a write credential is not enough to change them.
      if (method !== 'GET') await run({ operation, status: 403, method, path, headers: writer, body });
      if (path === octoberPath) {
        await run({ operation, status: 404, method, path: '/api/stay-rules/999999', headers: admin, body });
        await run({
          operation,
          status: 400,
          method,
          path: '/api/stay-rules/abc',
          headers: admin,
          body,
          brokenOnPurpose: true,
        });
      }
      if (method === 'PATCH' || method === 'POST') {
        await run({
          operation,
          status: 400,
          method,
          path,
          headers: admin,
          body: { ...body, colour: 'green' },
          brokenOnPurpose: true,
        });
      }
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: admin,
          body: { closedToArrival: Array.from({ length: 7000 }, () => '2027-09-01') },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...admin, 'content-type': 'text/plain' },
          body: 'a rule',
          brokenOnPurpose: true,
        });
      }
    }
    await run({ operation: 'deleteStayRule', status: 200, method: 'DELETE', path: octoberPath, headers: admin });
    await run({ operation: 'deleteStayRule', status: 404, method: 'DELETE', path: octoberPath, headers: admin });

    // Availability (SPEC §13): the grid and the search, cached under the organization's change
    // counter like the lists: each coding, 304 in each coding, Basic, and their errors.
    const grid = `/api/availability?organization=${PARK}&dateFrom=2025-07-01&dateTo=2025-07-31`;
    const stay = `/api/availability/search?organization=${PARK}&dateFrom=2027-09-06&dateTo=2027-09-11&adults=2&children=1`;
    for (const [operation, path] of [
      ['getAvailabilityGrid', grid],
      ['getAvailabilityGrid', `${grid.replace('2025-07-31', '2026-06-30')}&type=chalet`],
      ['searchAvailability', stay],
      ['searchAvailability', `${stay}&babies=1&type=chalet`],
    ] as const) {
      for (const coding of ['identity', 'gzip', 'br', 'gzip, br']) {
        const full = await run({
          operation,
          status: 200,
          method: 'GET',
          path,
          headers: { ...reader, 'accept-encoding': coding },
        });
        await run({
          operation,
          status: 304,
          method: 'GET',
          path,
          headers: { ...reader, 'accept-encoding': coding, 'if-none-match': String(full.headers.etag) },
        });
      }
      await run({ operation, status: 200, method: 'GET', path, headers: { ...basic, 'accept-encoding': 'gzip' } });
      await run({ operation, status: 401, method: 'GET', path, headers: nobody, brokenOnPurpose: true });
      await run({ operation, status: 401, method: 'GET', path, headers: wrongKey });
      await run({ operation, status: 401, method: 'GET', path, headers: wrongPassword });
      await run({
        operation,
        status: 403,
        method: 'GET',
        path: path.replace(`organization=${PARK}`, `organization=${OTHER}`),
        headers: reader,
      });
      await run({ operation, status: 406, method: 'GET', path, headers: { ...reader, accept: 'text/html' } });
    }
    const gridBody = JSON.parse(
      outcomes.find((o) => o.step.path === grid && o.status === 200)?.body.toString('utf8') ?? '{}',
    ) as { accommodations?: { id: number; held: unknown[] }[] };
    expect
      .soft(gridBody.accommodations?.find((a) => a.id === 40)?.held)
      .toEqual([{ dateFrom: '2025-07-20', dateTo: '2025-07-24', kind: 'block', id: externalBlock }]);
    const found39 = (
      JSON.parse(outcomes.find((o) => o.step.path === stay && o.status === 200)?.body.toString('utf8') ?? '[]') as {
        accommodation: { id: number };
        reasons: string[];
      }[]
    ).find((r) => r.accommodation.id === 39);
    // No rent prices a night yet (the prices come below): every stay of the search is `no-price`.
    expect.soft(found39?.reasons).toEqual(['taken', 'max-nights', 'no-price']);
    for (const [operation, path] of [
      ['getAvailabilityGrid', `/api/availability?organization=${PARK}&dateFrom=2025-07-01`],
      [
        'searchAvailability',
        `/api/availability/search?organization=${PARK}&dateFrom=2027-09-04&dateTo=2027-09-07&adults=0`,
      ],
    ] as const) {
      await run({ operation, status: 400, method: 'GET', path, headers: reader, brokenOnPurpose: true });
    }
    // Within the document, refused by the service: more than 366 nights; a stay without a night.
    await run({
      operation: 'getAvailabilityGrid',
      status: 400,
      method: 'GET',
      path: `/api/availability?organization=${PARK}&dateFrom=2025-07-01&dateTo=2026-07-02`,
      headers: reader,
    });
    await run({
      operation: 'searchAvailability',
      status: 400,
      method: 'GET',
      path: `/api/availability/search?organization=${PARK}&dateFrom=2027-09-04&dateTo=2027-09-04&adults=2`,
      headers: reader,
    });
    const availabilityOperations: [string, string, string, object | undefined][] = [
      ['getAvailabilityGrid', 'GET', grid, undefined],
      ['searchAvailability', 'GET', stay, undefined],
    ];

    // Prices (SPEC §14): the four record kinds at the original's paths, read with read and written
    // with admin, then the quote and the original's quotations. Chalets in May 2027: a rent a night
    // and a dearer one on Fridays and Saturdays; a dog, a long stay's discount, a tax on teenagers.
    const teenagers = { organization: PARK, description: 'Teenagers', minAge: 12, maxAge: 17, category: 'child' };
    const rent = {
      organization: PARK,
      type: 'chalet',
      description: 'Rent',
      kind: 'rent',
      basis: 'night',
      amount: '90.00',
      dateFrom: '2027-05-01',
      dateTo: '2027-05-31',
    };
    const dog = { organization: PARK, description: 'Dog', basis: 'night', amount: '5.00', maxQuantity: 2 };
    const longStay = {
      organization: PARK,
      description: 'Long stay',
      kind: 'long-stay',
      percent: 10,
      minNights: 7,
      dateFrom: '2027-01-01',
      dateTo: '2027-12-31',
    };
    // Each kind: its path, a record, a change, and fields the document allows that the service refuses.
    const priceKinds = [
      {
        one: 'AgeGroupSpecification',
        many: 'AgeGroupSpecifications',
        path: '/api/age_group_specifications',
        body: teenagers,
        change: { maxAge: 16 },
        refused: { minAge: 18 },
      },
      {
        one: 'PriceComponent',
        many: 'PriceComponents',
        path: '/api/accommodation_price_components',
        body: rent,
        change: { amount: '95.00' },
        refused: { dateTo: '2027-04-30' },
      },
      {
        one: 'Supplement',
        many: 'Supplements',
        path: '/api/supplements',
        body: dog,
        change: { maxQuantity: 3 },
        refused: { accommodation: 2, type: 'chalet' },
      },
      {
        one: 'DiscountSpecification',
        many: 'DiscountSpecifications',
        path: '/api/discount_specifications',
        body: longStay,
        change: { percent: 12.5 },
        refused: { minDaysBeforeArrival: 30, maxDaysBeforeArrival: 10 },
      },
    ] as const;
    const priceIds = new Map<string, number>();
    for (const kind of priceKinds) {
      const operation = `create${kind.one}`;
      const keyed = { ...admin, 'idempotency-key': `prism-${kind.one}-1` };
      const made = await run({
        operation,
        status: 201,
        method: 'POST',
        path: kind.path,
        headers: keyed,
        body: kind.body,
      });
      const id = json(made).id as number;
      priceIds.set(kind.one, id);
      expect.soft(made.headers.location).toBe(`${kind.path}/${id}`);
      const remade = await run({
        operation,
        status: 201,
        method: 'POST',
        path: kind.path,
        headers: keyed,
        body: kind.body,
      });
      expect.soft(remade.headers['idempotent-replayed']).toBe('true');
      expect.soft(json(remade).id).toBe(id);
      await run({
        operation,
        status: 422,
        method: 'POST',
        path: kind.path,
        headers: keyed,
        body: { ...kind.body, description: 'Another' },
      });
      await run({
        operation,
        status: 400,
        method: 'POST',
        path: kind.path,
        headers: admin,
        body: { ...kind.body, ...kind.refused },
      });
      await run({
        operation,
        status: 403,
        method: 'POST',
        path: kind.path,
        headers: admin,
        body: { ...kind.body, organization: OTHER },
      });
      // The other organization keeps 1,000 of each kind but components (beforeAll): one more is 409.
      if (kind.one !== 'PriceComponent') {
        await run({
          operation,
          status: 409,
          method: 'POST',
          path: kind.path,
          headers: { 'x-api-key': keys.otherAdmin },
          body: { ...kind.body, organization: OTHER },
        });
      }

      const list = `${kind.path}?organization=${PARK}`;
      const listOperation = `list${kind.many}`;
      for (const coding of ['identity', 'gzip']) {
        const full = await run({
          operation: listOperation,
          status: 200,
          method: 'GET',
          path: list,
          headers: { ...reader, 'accept-encoding': coding },
        });
        expect.soft((JSON.parse(full.body.toString('utf8')) as { id: number }[]).map((r) => r.id)).toContain(id);
        await run({
          operation: listOperation,
          status: 304,
          method: 'GET',
          path: list,
          headers: { ...reader, 'accept-encoding': coding, 'if-none-match': String(full.headers.etag) },
        });
      }
      const filtered = await run({
        operation: listOperation,
        status: 200,
        method: 'GET',
        path: `${kind.path}?accommodation=2&dateFrom=2027-05-01&dateTo=2027-05-31&modifiedDateFrom=2020-01-01&required=false`,
        headers: basic,
      });
      expect.soft((JSON.parse(filtered.body.toString('utf8')) as { id: number }[]).map((r) => r.id)).toContain(id);
      await run({
        operation: listOperation,
        status: 400,
        method: 'GET',
        path: `${list}&accommodation=abc`,
        headers: reader,
        brokenOnPurpose: true,
      });
      // Within the document, refused by the service: an accommodation the organization has not; a
      // period that ends before it starts; both names of modifiedSince.
      for (const query of [
        'accommodation=999999',
        'dateFrom=2027-05-31&dateTo=2027-05-01',
        'modifiedSince=2020-01-01&modifiedDateFrom=2020-01-01',
      ]) {
        await run({ operation: listOperation, status: 400, method: 'GET', path: `${list}&${query}`, headers: reader });
      }
      await run({
        operation: listOperation,
        status: 403,
        method: 'GET',
        path: `${kind.path}?organization=${OTHER}`,
        headers: reader,
      });
    }
    const teenagersId = priceIds.get('AgeGroupSpecification') as number;
    const rentId = priceIds.get('PriceComponent') as number;
    const dogId = priceIds.get('Supplement') as number;
    const overlappingRent = await run({
      operation: 'createPriceComponent',
      status: 409,
      method: 'POST',
      path: '/api/accommodation_price_components',
      headers: admin,
      body: { ...rent, dateFrom: '2027-05-31', dateTo: '2027-06-30' },
    });
    expect.soft(json(overlappingRent).conflictingComponent).toBe(rentId);
    // A rent naming weekdays beats the plain one: they may overlap.
    const weekendRent = await run({
      operation: 'createPriceComponent',
      status: 201,
      method: 'POST',
      path: '/api/accommodation_price_components',
      headers: admin,
      body: { ...rent, description: 'Weekend rent', amount: '120.00', weekdays: [5, 6] },
    });
    const touristTax = await run({
      operation: 'createPriceComponent',
      status: 201,
      method: 'POST',
      path: '/api/accommodation_price_components',
      headers: admin,
      body: {
        organization: PARK,
        description: 'Tourist tax',
        kind: 'tax',
        basis: 'person-night',
        amount: '2.35',
        ageGroups: [teenagersId],
        dateFrom: '2027-01-01',
        dateTo: '2027-12-31',
      },
    });

    for (const kind of priceKinds) {
      const operation = `update${kind.one}`;
      const path = `${kind.path}/${priceIds.get(kind.one)}`;
      const changed = await run({ operation, status: 200, method: 'PATCH', path, headers: admin, body: kind.change });
      expect.soft(json(changed)).toMatchObject(kind.change);
      await run({ operation, status: 400, method: 'PATCH', path, headers: admin, body: kind.refused });
    }
    // Another kind's id is not found at this path.
    await run({
      operation: 'updateSupplement',
      status: 404,
      method: 'PATCH',
      path: `/api/supplements/${rentId}`,
      headers: admin,
      body: { maxQuantity: 1 },
    });
    const plainWeekends = await run({
      operation: 'updatePriceComponent',
      status: 409,
      method: 'PATCH',
      path: `/api/accommodation_price_components/${json(weekendRent).id as number}`,
      headers: admin,
      body: { weekdays: null },
    });
    expect.soft(json(plainWeekends).conflictingComponent).toBe(rentId);

    // The quote and the quotations, cached under the organization's change counter like the lists.
    // (Another username's wrong password: ten failures of one username would lock the integrator out.)
    const strangerPassword = { authorization: `Basic ${Buffer.from('prism-stranger:wrong').toString('base64')}` };
    const quote = `/api/quotes?organization=${PARK}&accommodation=2&dateFrom=2027-05-10&dateTo=2027-05-17&adults=2&children=1&supplements=${dogId}:2`;
    const quotations = `/api/accommodations/2/quotations?organization=${PARK}&dateFrom=2027-05-01&dateTo=2027-05-15`;
    for (const [operation, path] of [
      ['getQuote', quote],
      // Nights without a rent (June): a quote without a total.
      ['getQuote', `/api/quotes?accommodation=2&dateFrom=2027-05-29&dateTo=2027-06-02&ageGroups=${teenagersId}:2`],
      ['listQuotations', quotations],
      ['listQuotations', `/api/accommodations/2/quotations?dateFrom=2027-05-20&dateTo=2027-06-05&adults=1&babies=1`],
    ] as const) {
      for (const coding of ['identity', 'gzip', 'br', 'gzip, br']) {
        const full = await run({
          operation,
          status: 200,
          method: 'GET',
          path,
          headers: { ...reader, 'accept-encoding': coding },
        });
        await run({
          operation,
          status: 304,
          method: 'GET',
          path,
          headers: { ...reader, 'accept-encoding': coding, 'if-none-match': String(full.headers.etag) },
        });
      }
      await run({ operation, status: 200, method: 'GET', path, headers: { ...basic, 'accept-encoding': 'gzip' } });
      await run({ operation, status: 401, method: 'GET', path, headers: nobody, brokenOnPurpose: true });
      await run({ operation, status: 401, method: 'GET', path, headers: wrongKey });
      await run({ operation, status: 401, method: 'GET', path, headers: strangerPassword });
      if (path.includes(`organization=${PARK}`)) {
        await run({
          operation,
          status: 403,
          method: 'GET',
          path: path.replace(`organization=${PARK}`, `organization=${OTHER}`),
          headers: reader,
        });
      }
      await run({ operation, status: 406, method: 'GET', path, headers: { ...reader, accept: 'text/html' } });
    }
    const bodyOf = (path: string) =>
      JSON.parse(outcomes.find((o) => o.step.path === path && o.status === 200)?.body.toString('utf8') ?? 'null') as {
        bookable?: boolean;
        orderLines?: { kind: string }[];
        orderLinesTotal?: string | null;
        length?: number;
      } | null;
    expect.soft(bodyOf(quote)).toMatchObject({ bookable: true, reasons: [], currency: 'EUR' });
    expect
      .soft([...new Set(bodyOf(quote)?.orderLines?.map((l) => l.kind))])
      .toEqual(['rent', 'discount', 'supplement']);
    expect.soft(bodyOf(quotations)?.length).toBeGreaterThan(0);
    await run({
      operation: 'getQuote',
      status: 400,
      method: 'GET',
      path: quote.replace('adults=2', 'adults=0'),
      headers: reader,
      brokenOnPurpose: true,
    });
    // Within the document, refused by the service: no night; children without adults; more dogs than allowed.
    for (const path of [
      quote.replace('dateTo=2027-05-17', 'dateTo=2027-05-10'),
      quote.replace('adults=2&', ''),
      quote.replace(`${dogId}:2`, `${dogId}:4`),
    ]) {
      await run({ operation: 'getQuote', status: 400, method: 'GET', path, headers: reader });
    }
    // Unknown, another organization's (unit 100), and inactive (the chalet deactivated above).
    for (const [status, accommodation] of [
      [404, 999999],
      [404, 100],
      [409, unitId],
    ] as const) {
      await run({
        operation: 'getQuote',
        status,
        method: 'GET',
        path: quote.replace('accommodation=2', `accommodation=${accommodation}`),
        headers: reader,
      });
    }
    for (const path of [
      quotations.replace('/2/', '/abc/'),
      quotations.replace('&dateTo=2027-05-15', ''),
      `${quotations}&adults=0`,
    ]) {
      await run({
        operation: 'listQuotations',
        status: 400,
        method: 'GET',
        path,
        headers: reader,
        brokenOnPurpose: true,
      });
    }
    // More than 62 days.
    await run({
      operation: 'listQuotations',
      status: 400,
      method: 'GET',
      path: quotations.replace('2027-05-15', '2027-07-05'),
      headers: reader,
    });
    for (const accommodation of [999999, 100]) {
      await run({
        operation: 'listQuotations',
        status: 404,
        method: 'GET',
        path: quotations.replace('/2/', `/${accommodation}/`),
        headers: reader,
      });
    }

    // A §9 write without totalAmount is priced by its quote; refused where a night has no rent.
    const { totalAmount: _totalAmount, currency: _currency, ...unpriced } = booking;
    const pricedStay = { ...unpriced, accommodation: 3, dateFrom: '2027-05-10', dateTo: '2027-05-12' };
    const itsQuote = await run({
      operation: 'getQuote',
      status: 200,
      method: 'GET',
      path: `/api/quotes?organization=${PARK}&accommodation=3&dateFrom=2027-05-10&dateTo=2027-05-12&adults=2`,
      headers: writer,
    });
    const priced = await run({
      operation: 'createReservation',
      status: 201,
      method: 'POST',
      path: '/api/reservations',
      headers: { ...writer, 'idempotency-key': 'prism-booking-priced' },
      body: pricedStay,
    });
    expect.soft(json(priced)).toMatchObject({ totalAmount: json(itsQuote).orderLinesTotal, currency: 'EUR' });
    const noPrice = await run({
      operation: 'createReservation',
      status: 409,
      method: 'POST',
      path: '/api/reservations',
      headers: writer,
      body: { ...pricedStay, dateFrom: '2027-06-10', dateTo: '2027-06-12' },
    });
    expect.soft(json(noPrice).reasons).toEqual(['no-price']);

    // The original's booking flow (SPEC §15): a draft of chalet 2 in May 2027 (priced by the rent
    // above, before the prices go), configured with a dog, placed; its order lines read back.
    const drafted = await run({
      operation: 'createReservation',
      status: 201,
      method: 'POST',
      path: `/api/reservations?organization=${PARK}`,
      headers: writer,
      body: { accommodation: { id: 2 }, dateFrom: '2027-05-20', dateTo: '2027-05-23' },
    });
    const { id: draftId, token: draftToken } = json(drafted) as { id: number; token: string };
    rememberSecret(draftToken);
    await run({
      operation: 'createReservation',
      status: 409,
      method: 'POST',
      path: `/api/reservations?organization=${PARK}`,
      headers: writer,
      body: { accommodation: { id: '2' }, dateFrom: '2027-05-22', dateTo: '2027-05-24' },
    });
    const configurePath = `/api/reservations/${draftId}?token=${draftToken}`;
    await run({
      operation: 'replaceReservation',
      status: 200,
      method: 'PUT',
      path: configurePath,
      headers: writer,
      body: { supplementOrderLines: [{ quantity: '1', supplement: { id: dogId } }] },
    });
    await run({
      operation: 'replaceReservation',
      status: 404,
      method: 'PUT',
      path: `/api/reservations/${draftId}?token=wrong`,
      headers: writer,
      body: { supplementOrderLines: [] },
    });
    const placePath = `/api/reservations/${draftId}/place?token=${draftToken}`;
    const place = { guest: { firstName: 'Pia', surname: 'Prism', email: '' }, source: 'web', confirmed: true };
    await run({
      operation: 'placeDraft',
      status: 400,
      method: 'PUT',
      path: placePath,
      headers: writer,
      body: { ...place, confirmed: 'yes' },
      brokenOnPurpose: true,
    });
    await run({ operation: 'placeDraft', status: 403, method: 'PUT', path: placePath, headers: reader, body: place });
    await run({ operation: 'placeDraft', status: 200, method: 'PUT', path: placePath, headers: writer, body: place });
    await run({ operation: 'placeDraft', status: 409, method: 'PUT', path: placePath, headers: writer, body: place });
    await run({
      operation: 'placeDraft',
      status: 404,
      method: 'PUT',
      path: `/api/reservations/${draftId}/place?token=wrong`,
      headers: writer,
      body: place,
    });
    const orderLinesPath = `/api/reservations/${draftId}/order-lines`;
    const placedLines = await run({
      operation: 'getReservationOrderLines',
      status: 200,
      method: 'GET',
      path: orderLinesPath,
      headers: reader,
    });
    const linesBody = JSON.parse(placedLines.body.toString('utf8')) as unknown;
    expect
      .soft(Array.isArray(linesBody) ? [...new Set(linesBody.map((l: { kind: string }) => l.kind))] : linesBody)
      .toEqual(['rent', 'supplement']);
    await run({
      operation: 'getReservationOrderLines',
      status: 404,
      method: 'GET',
      path: '/api/reservations/999999/order-lines',
      headers: reader,
    });
    const flowOperations: [string, string, string, object | undefined][] = [
      ['placeDraft', 'PUT', placePath, place],
      ['getReservationOrderLines', 'GET', orderLinesPath, undefined],
    ];
    for (const [operation, method, path, body] of flowOperations) {
      const scoped = method === 'GET' ? reader : writer;
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: { ...scoped, accept: 'text/html' }, body });
      await run({
        operation,
        status: 400,
        method,
        path: path.replace(`/${draftId}/`, '/abc/'),
        headers: scoped,
        body,
        brokenOnPurpose: true,
      });
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: scoped,
          body: { guest: { surname: 'x'.repeat(70 * 1024) } },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...scoped, 'content-type': 'text/plain' },
          body: 'a guest',
          brokenOnPurpose: true,
        });
      }
    }

    // An age group a component counts cannot go.
    const counted = await run({
      operation: 'deleteAgeGroupSpecification',
      status: 409,
      method: 'DELETE',
      path: `/api/age_group_specifications/${teenagersId}`,
      headers: admin,
    });
    expect.soft(json(counted).conflictingComponent).toBe(json(touristTax).id);
    const priceOperations: [string, string, string, object | undefined][] = priceKinds.flatMap((kind) => {
      const path = `${kind.path}/${priceIds.get(kind.one)}`;
      return [
        [`list${kind.many}`, 'GET', `${kind.path}?organization=${PARK}`, undefined],
        [`create${kind.one}`, 'POST', kind.path, kind.body],
        [`update${kind.one}`, 'PATCH', path, kind.change],
        [`delete${kind.one}`, 'DELETE', path, undefined],
      ] as [string, string, string, object | undefined][];
    });
    for (const [operation, method, path, body] of priceOperations) {
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: { ...admin, accept: 'text/html' }, body });
      // Any credential reads them; a write credential is not enough to change them.
      if (method !== 'GET') await run({ operation, status: 403, method, path, headers: writer, body });
      const id = /\/(\d+)$/.exec(path)?.[1];
      if (id !== undefined) {
        await run({ operation, status: 404, method, path: path.replace(id, '999999'), headers: admin, body });
        await run({
          operation,
          status: 400,
          method,
          path: path.replace(id, 'abc'),
          headers: admin,
          body,
          brokenOnPurpose: true,
        });
      }
      if (method === 'PATCH' || method === 'POST') {
        await run({
          operation,
          status: 400,
          method,
          path,
          headers: admin,
          body: { ...body, colour: 'green' },
          brokenOnPurpose: true,
        });
      }
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: admin,
          body: { description: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...admin, 'content-type': 'text/plain' },
          body: 'a price',
          brokenOnPurpose: true,
        });
      }
    }
    // The tax first: then nothing counts the teenagers.
    const removals: [string, string][] = [
      ['deletePriceComponent', `/api/accommodation_price_components/${json(touristTax).id as number}`],
      ...priceKinds.map((kind): [string, string] => [`delete${kind.one}`, `${kind.path}/${priceIds.get(kind.one)}`]),
    ];
    for (const [operation, path] of removals) {
      const removed = await run({ operation, status: 200, method: 'DELETE', path, headers: admin });
      expect.soft(json(removed).id).toBe(Number(path.split('/').pop()));
      await run({ operation, status: 404, method: 'DELETE', path, headers: admin });
    }
    const quoteOperations: [string, string, string, object | undefined][] = [
      ['getQuote', 'GET', quote, undefined],
      ['listQuotations', 'GET', quotations, undefined],
      ...flowOperations,
    ];

    // The console's operations (SPEC §11), ordinary API operations: organizations, search, credentials.
    for (const coding of ['identity', 'br']) {
      await run({
        operation: 'listOrganizations',
        status: 200,
        method: 'GET',
        path: '/api/organizations',
        headers: { ...reader, 'accept-encoding': coding },
      });
    }
    const search = `/api/reservations/search?organization=${PARK}&q=guest&limit=100`;
    const found = await run({
      operation: 'searchReservations',
      status: 200,
      method: 'GET',
      path: search,
      headers: basic,
    });
    await run({
      operation: 'searchReservations',
      status: 304,
      method: 'GET',
      path: search,
      headers: { ...basic, 'if-none-match': String(found.headers.etag) },
    });
    await run({
      operation: 'searchReservations',
      status: 400,
      method: 'GET',
      path: `/api/reservations/search?organization=${PARK}&q=%20&limit=0`,
      headers: reader,
      brokenOnPurpose: true,
    });
    await run({
      operation: 'searchReservations',
      status: 403,
      method: 'GET',
      path: search.replace(`organization=${PARK}`, `organization=${OTHER}`),
      headers: reader,
    });
    const credentialsList = `/api/credentials?organization=${PARK}`;
    await run({ operation: 'listCredentials', status: 200, method: 'GET', path: credentialsList, headers: admin });
    await run({
      operation: 'listCredentials',
      status: 400,
      method: 'GET',
      path: '/api/credentials?organization=x',
      headers: admin,
      brokenOnPurpose: true,
    });
    const newKey = await run({
      operation: 'createCredential',
      status: 201,
      method: 'POST',
      path: '/api/credentials',
      headers: admin,
      body: { type: 'api-key', name: 'Prism', scope: 'write' },
    });
    rememberSecret(String(json(newKey).apiKey));
    const newBasic = await run({
      operation: 'createCredential',
      status: 201,
      method: 'POST',
      path: '/api/credentials',
      headers: admin,
      body: { type: 'basic', username: `prism-${dialect}` },
    });
    rememberSecret(String(json(newBasic).password));
    await run({
      operation: 'createCredential',
      status: 409,
      method: 'POST',
      path: '/api/credentials',
      headers: admin,
      body: { type: 'basic', username: `prism-${dialect}` },
    });
    await run({
      operation: 'createCredential',
      status: 400,
      method: 'POST',
      path: '/api/credentials',
      headers: admin,
      body: { type: 'api-key', secret: 'x' },
      brokenOnPurpose: true,
    });
    const credentialPath = `/api/credentials/${json(newKey).id as number}`;
    await run({ operation: 'revokeCredential', status: 204, method: 'DELETE', path: credentialPath, headers: admin });
    await run({ operation: 'revokeCredential', status: 204, method: 'DELETE', path: credentialPath, headers: admin });
    await run({
      operation: 'revokeCredential',
      status: 404,
      method: 'DELETE',
      path: '/api/credentials/999999',
      headers: admin,
    });
    await run({
      operation: 'revokeCredential',
      status: 400,
      method: 'DELETE',
      path: '/api/credentials/abc',
      headers: admin,
      brokenOnPurpose: true,
    });
    const credentialOperations: [string, string, string, object | undefined][] = [
      ['listOrganizations', 'GET', '/api/organizations', undefined],
      ['searchReservations', 'GET', search, undefined],
      ['listCredentials', 'GET', credentialsList, undefined],
      ['createCredential', 'POST', '/api/credentials', { type: 'api-key' }],
      ['revokeCredential', 'DELETE', `/api/credentials/${json(newBasic).id as number}`, undefined],
    ];
    for (const [operation, method, path, body] of credentialOperations) {
      await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      await run({ operation, status: 406, method, path, headers: { ...admin, accept: 'text/html' }, body });
      // The credentials need admin: a write credential is not enough.
      if (operation.includes('Credential')) await run({ operation, status: 403, method, path, headers: writer, body });
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: admin,
          body: { name: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...admin, 'content-type': 'text/plain' },
          body: 'a credential',
          brokenOnPurpose: true,
        });
      }
    }

    // The console's sign-in, session and sign-out (SPEC §11), through Prism like any operation.
    const clerk = await run({
      operation: 'createCredential',
      status: 201,
      method: 'POST',
      path: '/api/credentials',
      headers: admin,
      body: { type: 'basic', username: `prism-clerk-${dialect}`, scope: 'write' },
    });
    const clerkLogin = { username: String(json(clerk).username), password: String(json(clerk).password) };
    rememberSecret(clerkLogin.password);
    const signedIn = await run({
      operation: 'signIn',
      status: 200,
      method: 'POST',
      path: '/api/session',
      body: clerkLogin,
    });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
    const consoleHeaders = {
      cookie,
      'x-csrf-token': String(json(signedIn).csrfToken),
      'sec-fetch-site': 'same-origin',
    };
    await run({ operation: 'getSession', status: 200, method: 'GET', path: '/api/session', headers: { cookie } });
    await run({
      operation: 'signIn',
      status: 401,
      method: 'POST',
      path: '/api/session',
      body: { ...clerkLogin, password: 'not the password' },
    });
    await run({
      operation: 'signIn',
      status: 403,
      method: 'POST',
      path: '/api/session',
      body: { username: String(json(newBasic).username), password: String(json(newBasic).password) },
    });
    await run({
      operation: 'signIn',
      status: 400,
      method: 'POST',
      path: '/api/session',
      body: { username: clerkLogin.username },
      brokenOnPurpose: true,
    });
    // A second failed sign-in of one username on the server that allows one.
    for (const status of [401, 429]) {
      await run({
        operation: 'signIn',
        status,
        method: 'POST',
        path: '/api/session',
        body: { username: 'prism-throttled', password: 'wrong' },
        upstream: 'limited',
      });
    }
    await run({ operation: 'getSession', status: 403, method: 'GET', path: '/api/session', headers: admin });
    await run({ operation: 'signOut', status: 403, method: 'DELETE', path: '/api/session', headers: admin });
    const sessionOperations: [string, string, string, object | undefined][] = [
      ['signIn', 'POST', '/api/session', clerkLogin],
      ['getSession', 'GET', '/api/session', undefined],
      ['signOut', 'DELETE', '/api/session', undefined],
    ];
    for (const [operation, method, path, body] of sessionOperations) {
      await run({ operation, status: 406, method, path, headers: { ...consoleHeaders, accept: 'text/html' }, body });
      // (429 and 503 of the session and sign-out: with the other operations, below.)
      if (operation === 'signIn') {
        await run({ operation, status: 503, method, path, headers: consoleHeaders, body, upstream: 'overloaded' });
      } else {
        await run({ operation, status: 401, method, path, headers: nobody, body, brokenOnPurpose: true });
      }
      if (method !== 'GET') {
        await run({
          operation,
          status: 413,
          method,
          path,
          headers: consoleHeaders,
          body: { password: 'x'.repeat(70 * 1024) },
          brokenOnPurpose: true,
        });
        await run({
          operation,
          status: 415,
          method,
          path,
          headers: { ...consoleHeaders, 'content-type': 'text/plain' },
          body: 'a session',
          brokenOnPurpose: true,
        });
      }
    }
    await run({ operation: 'signOut', status: 200, method: 'DELETE', path: '/api/session', headers: consoleHeaders });
    await run({ operation: 'getSession', status: 401, method: 'GET', path: '/api/session', headers: { cookie } });

    // Paths and methods the document does not have: Prism says so about the request, not the answer.
    await run({
      operation: '(none)',
      status: 404,
      method: 'GET',
      path: '/api/nothing-here',
      headers: writer,
      brokenOnPurpose: true,
    });
    await run({
      operation: '(none)',
      status: 405,
      method: 'PUT',
      // A path no operation with a path parameter could match (PUT /api/accommodations/{id} exists).
      path: '/api/events',
      headers: writer,
      body: unit,
      brokenOnPurpose: true,
    });

    // The rate-limited server: one request is the whole budget; then every operation is 429.
    await run({
      operation: 'listAccommodations',
      status: 200,
      method: 'GET',
      path: accommodations,
      headers: { 'x-api-key': keys.limited },
      upstream: 'limited',
    });
    // The overloaded server: every operation but /health is 503.
    const probes: [string, string, string, object | undefined][] = [
      ['listAccommodations', 'GET', accommodations, undefined],
      ['createAccommodation', 'POST', '/api/accommodations/', unit],
      ['getAccommodation', 'GET', unitPath, undefined],
      ['updateAccommodation', 'PATCH', unitPath, { title: 'Chalet Prism' }],
      ['replaceAccommodation', 'PUT', unitPath, wholeUnit],
      ['deactivateAccommodation', 'DELETE', unitPath, undefined],
      ['getAvailability', 'GET', `/api/accommodations/1/availability?${nights}`, undefined],
      ['listReservationSummaries', 'GET', summaries, undefined],
      ['createReservation', 'POST', '/api/reservations', { ...booking, dateFrom: '2027-08-01', dateTo: '2027-08-03' }],
      ['getReservation', 'GET', reservationPath, undefined],
      ['updateReservation', 'PATCH', reservationPath, { adults: 2 }],
      ['replaceReservation', 'PUT', reservationPath, wholeReservation],
      ['cancelReservation', 'DELETE', reservationPath, undefined],
      ['listEvents', 'GET', feed, undefined],
      ...hookOperations,
      ...blockOperations,
      ...guestOperations,
      ...calendarOperations,
      ...stayRuleOperations,
      ...availabilityOperations,
      ...priceOperations,
      ...quoteOperations,
      ...credentialOperations,
      ['getSession', 'GET', '/api/session', undefined],
      ['signOut', 'DELETE', '/api/session', undefined],
    ];
    for (const [operation, method, path, body] of probes) {
      const limited = await run({
        operation,
        status: 429,
        method,
        path,
        headers: { 'x-api-key': keys.limited },
        body,
        upstream: 'limited',
      });
      expect.soft(limited.headers['retry-after']).toMatch(/^\d+$/);
      await run({ operation, status: 503, method, path, headers: writer, body, upstream: 'overloaded' });
    }
    for (const [operation, path] of [
      ['getReadiness', '/ready'],
      ['getOpenApiDocument', '/openapi.json'],
    ] as const) {
      await run({ operation, status: 503, method: 'GET', path, upstream: 'overloaded' });
    }
    await run({ operation: 'getHealth', status: 200, method: 'GET', path: '/health', upstream: 'overloaded' });
    // A feed has no quota (no credential): only the overload answers it otherwise.
    await run({
      operation: 'getIcalFeed',
      status: 503,
      method: 'GET',
      path: feedPath,
      headers: { accept: 'text/calendar' },
      upstream: 'overloaded',
    });

    // Each status is the server's own, passed on: Prism answers 500 itself when it cannot read one.
    const wrongStatus = outcomes
      .filter((o) => o.status !== o.step.status || o.upstream?.status !== o.step.status)
      .map(
        (o) =>
          `${o.step.method} ${o.step.path}: expected ${o.step.status}, Prism gave ${o.status}, the server ${o.upstream?.status}: ${o.body.toString('utf8').slice(0, 300)}`,
      );
    expect.soft(wrongStatus).toEqual([]);

    const responseViolations = outcomes.flatMap((o) =>
      o.violations
        .filter((v) => v.location[0] !== 'request')
        .map((v) => `${o.step.method} ${o.step.path} → ${o.status}: ${v.location.join('.')} ${v.message}`),
    );
    expect.soft(responseViolations).toEqual([]);
    const requestViolations = (o: Outcome) => o.violations.filter((v) => v.location[0] === 'request');
    const unexpected = outcomes
      .filter((o) => !o.step.brokenOnPurpose && requestViolations(o).length > 0)
      .map(
        (o) =>
          `${o.step.method} ${o.step.path}: ${requestViolations(o)
            .map((v) => v.message)
            .join('; ')}`,
      );
    expect.soft(unexpected).toEqual([]);
    const unnoticed = outcomes
      .filter((o) => o.step.brokenOnPurpose && requestViolations(o).length === 0)
      .map((o) => `${o.step.method} ${o.step.path} (${o.step.status})`);
    expect.soft(unnoticed).toEqual([]);

    // Every documented status of every operation was met, or cannot be caused from outside.
    const met = new Set(outcomes.map((o) => `${o.step.operation} ${o.status}`));
    const missing = [...operations].flatMap(([operation, statuses]) =>
      statuses
        .filter((status) => !met.has(`${operation} ${status}`) && !unreachable(operation, status))
        .map((status) => `${operation} ${status}`),
    );
    expect.soft(missing).toEqual([]);

    // On the wire, as the server sent it: the coding asked for, Vary with it, and 304s without content.
    for (const outcome of outcomes) {
      const wire = outcome.upstream?.headers ?? {};
      const asked = outcome.step.headers?.['accept-encoding'];
      if (wire['content-encoding'] !== undefined) expect.soft(String(wire.vary)).toMatch(/accept-encoding/i);
      if (outcome.status === 304) {
        expect.soft(wire['content-type']).toBeUndefined();
        expect.soft(wire['content-length']).toBeUndefined();
        expect.soft(wire['content-encoding']).toBeUndefined();
      }
      if (outcome.status === 200 && outcome.step.method === 'GET' && outcome.body.byteLength > 1024) {
        // Prism asks for `*` itself when the client names no coding (br is the service's first choice).
        const effective = asked ?? '*';
        const expected = effective === 'identity' ? undefined : /br|\*/.test(effective) ? 'br' : 'gzip';
        expect.soft(wire['content-encoding'], `${outcome.step.path} with Accept-Encoding ${asked}`).toBe(expected);
      }
    }
    const compressed = outcomes.filter((o) => o.upstream?.headers['content-encoding'] !== undefined);
    expect.soft(compressed.length).toBeGreaterThan(10);
    // What Prism passed on decodes to JSON (it strips Content-Encoding after decoding): nothing lost.
    for (const outcome of compressed) expect.soft(() => JSON.parse(outcome.body.toString('utf8'))).not.toThrow();
    // Some 1,500 requests in order through Prism: a minute and more on a busy two-core machine.
  }, 240_000);
});
