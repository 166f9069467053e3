import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/processes.js';

/**
 * `booking export summaries` sends its credential to --base-url's origin only (issue: HTTP that
 * every client, proxy and cache gets right): a page whose Link rel="next" points elsewhere, or a
 * redirect elsewhere, stops the export with one line on stderr, and the other origin hears nothing.
 * Two stub servers on 127.0.0.1, on two ports: two origins.
 */

const KEY = 'bk_exportOriginTestKey000000000000000000';

interface Stub {
  url: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  handle: RequestListener;
  server: Server;
}

async function stub(): Promise<Stub> {
  const requests: Stub['requests'] = [];
  const entry = {} as Stub;
  entry.requests = requests;
  entry.handle = (_request, response) => response.writeHead(404).end();
  entry.server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    entry.handle(request, response);
  });
  await new Promise<void>((resolve) => entry.server.listen(0, '127.0.0.1', resolve));
  entry.url = `http://127.0.0.1:${(entry.server.address() as AddressInfo).port}`;
  return entry;
}

const summary = (id: number) => ({
  id,
  reservationNumber: `R-${id}`,
  organization: 1,
  accommodation: { id: 1, title: 'Unit 1' },
  status: 'confirmed',
  dateFrom: '2025-01-10',
  dateTo: '2025-01-12',
  nights: 2,
  adults: 2,
  children: 0,
  babies: 0,
  guestName: 'Guest',
  totalAmount: '100.00',
  currency: 'EUR',
  channel: 'website',
  created: '2025-01-01T10:00:00Z',
  modified: '2025-01-01T10:00:00Z',
  cancelled: null,
});

describe('booking export and links to another origin', () => {
  let service: Stub;
  let elsewhere: Stub;
  let dir: string;

  beforeAll(async () => {
    [service, elsewhere] = await Promise.all([stub(), stub()]);
    dir = mkdtempSync(join(tmpdir(), 'booking-export-origin-'));
  });
  afterEach(() => {
    service.requests.length = 0;
    elsewhere.requests.length = 0;
  });
  afterAll(async () => {
    for (const s of [service, elsewhere]) await new Promise((resolve) => s.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const exportTo = (output: string) =>
    runCli(
      [
        'export',
        'summaries',
        '--base-url',
        service.url,
        '--from',
        '2025-01-01',
        '--to',
        '2025-01-31',
        '--output',
        output,
      ],
      { BOOKING_API_KEY: KEY },
    );

  it('stops at a rel="next" to another origin and sends it nothing', async () => {
    service.handle = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'x-total-count': '2',
        link: `<${elsewhere.url}/api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-01-31&limit=100&offset=100>; rel="next"`,
      });
      response.end(JSON.stringify([summary(1)]));
    };
    const output = join(dir, 'next.csv');
    const result = await exportTo(output);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('refusing to follow Link rel="next"');
    expect(result.stderr).not.toContain(KEY);
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0]?.headers['x-api-key']).toBe(KEY);
    expect(elsewhere.requests).toEqual([]);
    expect(existsSync(output)).toBe(false);
  });

  it('does not follow a redirect to another origin (fetch would have carried X-Api-Key along)', async () => {
    service.handle = (request, response) => {
      response.writeHead(307, { location: `${elsewhere.url}${request.url}` }).end();
    };
    const result = await exportTo(join(dir, 'redirect.csv'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('refusing to follow a 307 redirect');
    expect(service.requests).toHaveLength(1);
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows rel="next" within its origin to the end', async () => {
    service.handle = (request, response) => {
      const offset = Number(new URL(request.url ?? '/', service.url).searchParams.get('offset') ?? 0);
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'x-total-count': '2',
        ...(offset === 0
          ? { link: '</api/reservations/summaries?dateFrom=2025-01-01&dateTo=2025-01-31&limit=1&offset=1>; rel="next"' }
          : {}),
      });
      response.end(JSON.stringify([summary(offset + 1)]));
    };
    const output = join(dir, 'both.csv');
    const result = await exportTo(output);
    expect(result.stderr).toBe('exported 2 reservation summaries to ' + output + '\n');
    expect(result.code).toBe(0);
    expect(service.requests).toHaveLength(2);
    expect(elsewhere.requests).toEqual([]);
  });
});
