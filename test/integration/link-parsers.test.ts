import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import parseStandardLinkHeader from 'parse-link-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { addDays } from '../../src/shared/dates.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, fixedClock, twoOrganizations } from '../helpers/fixtures.js';
import { describeRequiring, type Requirement } from '../helpers/requirements.js';
import { useApp } from '../helpers/use-database.js';

/**
 * SPEC §4.3 (issue 34, item 4): the summaries' `Link` header reads the same in the parsers clients
 * really use — Python's `requests` (`response.links`), PHP's guzzlehttp/psr7 (`Header::parse`) and
 * npm's parse-link-header — whatever the query holds: `;`, `,`, `<`, `>`, `"`, `'`, spaces, non-ASCII,
 * a repeated parameter. Each finds next, last, prev and first at the right offsets, reads exactly the
 * URL the service wrote, and following its `next` gives the next page of the same query, every other
 * parameter decoding to what the client sent.
 */

const PATH = '/api/reservations/summaries';
const ORIGIN = 'http://booking.example';
/** Twelve July stays of organization 1, a third of them cancelled: the filter below keeps eight. */
const STATUSES = ['confirmed', 'option', 'cancelled'] as const;
const FILTER = 'organization=1&dateFrom=2025-07-01&dateTo=2025-07-31';
const MATCHING = 8;
/** With `limit=2&offset=2`: next 4, last 6, prev 0, first 0. */
const OFFSETS = { next: 4, last: 6, prev: 0, first: 0 } as const;
type Relation = keyof typeof OFFSETS;
type Links = Partial<Record<string, string>>;

const reservations: ImportReservation[] = Array.from({ length: 12 }, (_, i) => ({
  reservationNumber: `LP-${i + 1}`,
  organization: 1,
  accommodation: 10,
  status: STATUSES[i % 3],
  dateFrom: addDays('2025-07-01', i),
  dateTo: addDays('2025-07-02', i),
  adults: 2,
  guestName: `Guest ${i + 1}`,
  totalAmount: '100.00',
  currency: 'EUR',
}));

/**
 * One long-lived interpreter running a program that answers each line of JSON text on stdin with one
 * line of JSON on stdout: starting Python and importing requests anew for every header took most
 * of this file's time.
 */
function interpreter(command: string, args: string[]) {
  let child: ChildProcessWithoutNullStreams | undefined;
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  let stdout = '';
  let stderr = '';
  const start = () => {
    const started = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    started.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      for (let end = stdout.indexOf('\n'); end >= 0; end = stdout.indexOf('\n')) {
        waiting.shift()?.resolve(stdout.slice(0, end));
        stdout = stdout.slice(end + 1);
      }
    });
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const fail = (error: Error) => waiting.splice(0).forEach((w) => w.reject(error));
    started.on('error', fail);
    started.on('close', (code) => fail(new Error(`${command} exited with ${code}: ${stderr}`)));
    return started;
  };
  return {
    /** The program's answer to `text`. */
    ask(text: string): Promise<string> {
      child ??= start();
      const answer = new Promise<string>((resolve, reject) => waiting.push({ resolve, reject }));
      child.stdin.write(`${JSON.stringify(text)}\n`, 'utf8');
      return answer;
    },
    close: () => child?.stdin.end(),
  };
}

/** The first of these interpreters that imports `requests` (pyenv's or Debian's python3-requests). */
const PYTHON = ['python3', '/usr/bin/python3'].find(
  (python) => spawnSync(python, ['-c', 'import requests'], { stdio: 'ignore' }).status === 0,
);
/** Exactly what `response.links` gives: each `Link` header through requests.utils.parse_header_links. */
const PYTHON_LINKS = [
  'import json, sys, requests',
  'for line in sys.stdin:',
  '    response = requests.models.Response()',
  "    response.headers['Link'] = json.loads(line)",
  "    print(json.dumps({rel: link['url'] for rel, link in response.links.items()}), flush=True)",
].join('\n');

/** Debian's autoloader of php-guzzlehttp-psr7 (`dpkg -L php-guzzlehttp-psr7`). */
const GUZZLE_AUTOLOAD = '/usr/share/php/GuzzleHttp/Psr7/autoload.php';
const guzzleReady =
  existsSync(GUZZLE_AUTOLOAD) &&
  spawnSync('php', ['-r', `require '${GUZZLE_AUTOLOAD}'; exit(class_exists('GuzzleHttp\\Psr7\\Header') ? 0 : 1);`], {
    stdio: 'ignore',
  }).status === 0;
/** Header::parse gives each entry as [0 => '<url>', 'rel' => 'next']; the URL is read as trim($0, '<>'). */
const PHP_LINKS = [
  `require '${GUZZLE_AUTOLOAD}';`,
  'while (($line = fgets(STDIN)) !== false) {',
  '  $links = [];',
  '  foreach (GuzzleHttp\\Psr7\\Header::parse(json_decode($line)) as $part) {',
  "    $links[$part['rel'] ?? '(no rel)'] = trim($part[0] ?? '', '<>');",
  '  }',
  '  echo json_encode((object) $links), "\\n";',
  '}',
].join('\n');
const python = interpreter(PYTHON ?? 'python3', ['-c', PYTHON_LINKS]);
const php = interpreter('php', ['-r', PHP_LINKS]);
afterAll(() => [python, php].forEach((running) => running.close()));

interface LinkParser {
  readonly name: string;
  readonly requirement: Requirement;
  parse(header: string): Promise<Links>;
}

const PARSERS: LinkParser[] = [
  {
    name: "npm's parse-link-header",
    requirement: { what: 'parse-link-header (a devDependency)' },
    async parse(header) {
      const parsed = parseStandardLinkHeader(header) ?? {};
      return Object.fromEntries(Object.entries(parsed).map(([rel, link]) => [rel, link?.url]));
    },
  },
  {
    name: "Python's requests (response.links)",
    requirement: {
      what: 'python3 with requests (Debian package python3-requests)',
      missing: PYTHON ? undefined : 'no python3 on PATH or /usr/bin/python3 imports requests',
    },
    async parse(header) {
      return JSON.parse(await python.ask(header)) as Links;
    },
  },
  {
    name: "PHP's guzzlehttp/psr7 (Header::parse)",
    requirement: {
      what: `php with guzzlehttp/psr7 at ${GUZZLE_AUTOLOAD} (Debian packages php-cli, php-guzzlehttp-psr7)`,
      missing: guzzleReady ? undefined : 'not installed',
    },
    async parse(header) {
      return JSON.parse(await php.ask(header)) as Links;
    },
  },
];

/** Our own format read strictly: relation → the URL exactly as the service wrote it. */
function writtenLinks(header: string): Links {
  const links: Links = {};
  for (const entry of header.split(', ')) {
    const match = /^<([^>]*)>; rel="(\w+)"$/.exec(entry);
    if (!match) throw new Error(`bad Link entry ${entry} in ${header}`);
    links[match[2] as string] = match[1];
  }
  return links;
}

/** The query's parameters as a form decodes them (as the service reads them), limit and offset set. */
function decoded(query: string, offset: number): [string, string][] {
  const sent = [...new URLSearchParams(query)];
  return sent.map(([name, value]): [string, string] =>
    name === 'limit' ? [name, '2'] : name === 'offset' ? [name, String(offset)] : [name, value],
  );
}

/**
 * Queries of `limit=2&offset=2` over the eight confirmed or optional stays. Some values end the URL
 * (limit and offset before them), where a parser trimming the URL would cut them. `socket` ones go
 * over a real connection: `app.inject` would percent-encode `'`, `<`, `>` and `"` before the service
 * saw them, as browsers do, but curl and raw clients send them as they are.
 */
const CASES: { name: string; query: string; socket?: boolean }[] = [
  {
    name: 'a ; in a value (Python lost every relation)',
    query: `${FILTER}&status=confirmed,option&limit=2&offset=2&x=a;b`,
  },
  { name: 'the status list with a raw ,', query: `limit=2&${FILTER}&offset=2&status=confirmed,option` },
  { name: 'the status list with an escaped ,', query: `${FILTER}&status=confirmed%2Coption&limit=2&offset=2` },
  {
    name: ', and ; in values, with a space after',
    query: `${FILTER}&status=option,confirmed&x=a, <b>;c&limit=2&offset=2`,
  },
  { name: '; and , in parameter names', query: `${FILTER}&status=confirmed,option&a;b=1&c,d=2&limit=2&offset=2&e;=,` },
  {
    name: '<, > and " in a value',
    query: `${FILTER}&status=confirmed,option&limit=2&offset=2&x=<a>"b"`,
  },
  {
    name: '<, >, " and \' sent raw over a socket, ending the URL',
    query: `${FILTER}&status=confirmed,option&limit=2&offset=2&x=<a>"b"&y=it'`,
    socket: true,
  },
  { name: 'spaces as %20 and as +', query: `${FILTER}&status=confirmed,option&x=a%20b+c&limit=2&offset=2&y=+` },
  { name: 'non-ASCII, raw and escaped', query: `${FILTER}&status=confirmed,option&x=大阪&y=%C3%A9;€&limit=2&offset=2` },
  { name: 'a repeated parameter', query: `${FILTER}&t=1;2&status=confirmed,option&t=3,4&t=&limit=2&offset=2&t=5` },
  { name: 'escapes kept as sent', query: `${FILTER}&status=confirmed%2coption&x=%2C%3b%3C%22&limit=2&offset=2` },
  {
    name: "the issue's forged query",
    query: `${FILTER}&status=confirmed,option&limit=2&offset=2&x=a>;rel="first",<http://evil.example/steal`,
  },
];

describe.each(DIALECTS)('Link headers of summaries read by real parsers, on %s', (dialect) => {
  const used = useApp(dialect, {
    data: { ...twoOrganizations, reservations },
    app: { clock: fixedClock('2025-09-01T12:00:00Z') },
  });
  let key: string;
  let port: number;
  /** The ids of the eight matching stays, in the service's order. */
  let all: number[];

  beforeAll(async () => {
    key = await apiKeyFor(used.db, { organizations: [1] });
    await used.app.listen({ port: 0, host: '127.0.0.1' });
    port = (used.app.server.address() as AddressInfo).port;
    all = (await get(`${PATH}?${FILTER}&status=confirmed,option`)).ids;
  });

  interface Page {
    statusCode: number;
    headers: Record<string, unknown>;
    ids: number[];
  }

  const ids = (body: string) => (JSON.parse(body) as { id: number }[]).map((r) => r.id);

  async function get(target: string, socket = false): Promise<Page> {
    const headers = { accept: 'application/json', 'x-api-key': key };
    if (!socket) {
      const response = await used.app.inject({ url: target, headers });
      return { statusCode: response.statusCode, headers: response.headers, ids: ids(response.body) };
    }
    // Node's client sends the path as given (it refuses only spaces, controls and non-Latin-1).
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: target, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, ids: ids(body) }),
        );
      });
      req.on('error', reject).end();
    });
  }

  it('has the data the cases expect', () => {
    expect(all).toHaveLength(MATCHING);
  });

  it("writes ; , and ' percent-encoded, keeps escapes as sent and = & as they are", async () => {
    const query = `${FILTER}&status=confirmed%2coption&x=%2C%3b;,&a;b=c,d&limit=2&offset=2&y=it'`;
    const link = (await get(`${PATH}?${query}`, true)).headers.link as string;
    expect(writtenLinks(link).next).toBe(
      `${PATH}?${FILTER}&status=confirmed%2coption&x=%2C%3b%3B%2C&a%3Bb=c%2Cd&limit=2&offset=4&y=it%27`,
    );
  });

  for (const parser of PARSERS) {
    describeRequiring([parser.requirement], parser.name, () => {
      it.each(CASES)('reads the relations of a query with $name', async ({ query, socket }) => {
        const page = await get(`${PATH}?${query}`, socket);
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-total-count']).toBe(String(MATCHING));
        expect(page.ids).toEqual(all.slice(2, 4));
        const header = page.headers.link as string;
        const links = await parser.parse(header);
        // Exactly the four relations, each the very URL the service wrote.
        expect(links, header).toEqual(writtenLinks(header));
        expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev']);
        for (const [relation, offset] of Object.entries(OFFSETS)) {
          const url = new URL(links[relation as Relation] as string, ORIGIN);
          expect(url.origin).toBe(ORIGIN);
          expect(url.pathname).toBe(PATH);
          expect([...url.searchParams], relation).toEqual(decoded(query, offset));
        }

        // Following next (through app.inject, as the parser gave it): the next page of the same query.
        const next = await get(links.next as string);
        expect(next.statusCode).toBe(200);
        expect(next.headers['x-total-count']).toBe(String(MATCHING));
        expect(next.headers['x-pagination-prev']).toBe('2');
        expect(next.ids).toEqual(all.slice(4, 6));
        const again = await parser.parse(next.headers.link as string);
        expect(Object.keys(again).sort()).toEqual(['first', 'last', 'next', 'prev']);
        expect([...new URL(again.next as string, ORIGIN).searchParams]).toEqual(decoded(query, 6));
        expect([...new URL(again.prev as string, ORIGIN).searchParams]).toEqual(decoded(query, 2));
      });
    });
  }
});
