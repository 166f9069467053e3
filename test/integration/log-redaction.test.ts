import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { base62Checksum, generateApiKey } from '../../src/modules/credentials/api-key.js';
import { LOG_FORMATS, type LogFormat } from '../../src/config.js';
import { redactUrl } from '../../src/logger.js';
import { withWriteTransaction } from '../../src/db/write-transaction.js';
import { guestForPlacement } from '../../src/modules/guests/guests.repository.js';
import { LogCapture } from '../helpers/app.js';
import { DIALECTS } from '../helpers/databases.js';
import { apiKeyFor, basicFor, twoOrganizations } from '../helpers/fixtures.js';
import { rememberPersonalData, rememberSecret } from '../helpers/secrets.js';
import { useApp } from '../helpers/use-database.js';

/** One raw HTTP/1.1 exchange with a listening app on 127.0.0.1: for targets fetch cannot send (absolute-form). */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

/** The request targets logged, as each format writes them (pino-pretty: an indented `"url": "…",` line). */
function loggedUrls(logs: LogCapture, format: LogFormat): string[] {
  if (format === 'json') {
    return logs.lines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter(Boolean) as string[];
  }
  return logs.lines.flatMap((line) => {
    const url = /^\s+"url": (".*?"),?$/.exec(line)?.[1];
    return url === undefined ? [] : [JSON.parse(url) as string];
  });
}

/**
 * Issue item 7: secrets reach no log line, wherever in the request target a client put them; in
 * JSON and in the pretty lines of a terminal (issue 39) alike.
 */
describe.each(DIALECTS.flatMap((dialect) => LOG_FORMATS.map((format) => [dialect, format] as const)))(
  'secrets in request targets are not logged, on %s, as %s',
  (dialect, format) => {
    const logs = new LogCapture();
    const used = useApp(dialect, { data: twoOrganizations, app: { logs, env: { LOG_FORMAT: format } } });
    let port: number;

    beforeAll(async () => {
      await used.app.listen({ port: 0, host: '127.0.0.1' });
      const address = used.app.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });

    it('redacts keys, the request’s own password and userinfo by value, in the path, the query and the target’s authority', async () => {
      const key = await apiKeyFor(used.db, { organizations: [1] });
      const basic = await basicFor(used.db, 'log-user', { organizations: [1] });
      // A key mistyped in its last character (bad checksum) is as much a secret.
      const mistyped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
      const unissued = generateApiKey();
      const userinfoPassword = `pw-${unissued.slice(3, 20)}`;
      rememberSecret(mistyped, unissued, userinfoPassword);
      const percentEncoded = key.replace(/^b/, '%62').replace(/k/g, '%6B');

      const withKey = { 'x-api-key': key, accept: 'application/json' };
      const withBasic = { authorization: basic.authorization, accept: 'application/json' };
      const targets: [string, Record<string, string>][] = [
        [`/api/accommodations/?organization=1&pass=${basic.password}`, withBasic],
        [`/api/accommodations/?organization=1&q=${basic.password}`, withBasic],
        [`/api/accommodations/?organization=1&note=x${encodeURIComponent(basic.password)}y`, withBasic],
        [`/api/nowhere/${basic.password}`, withBasic],
        [`/api/accommodations/?organization=1&credential=${key}`, withKey],
        [`/api/accommodations/?${key}`, withKey],
        [`/api/accommodations/?organization=1&${percentEncoded}`, withKey],
        [`/api/${key}`, withKey],
        [`/api/${unissued}/reservations`, withKey],
        [`/api/accommodations/${mistyped}?organization=1`, {}],
        [
          `/api/accommodations/?organization=1&next=${encodeURIComponent(`https://someone:${userinfoPassword}@example.org/`)}`,
          withKey,
        ],
      ];
      for (const [url, headers] of targets) {
        const response = await used.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBeLessThan(500);
      }
      // A request id is logged with every line: one shaped like a key is not.
      await used.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': unissued } });
      // Absolute-form targets with userinfo, over a real socket.
      for (const target of [
        `http://someone:${userinfoPassword}@127.0.0.1:${port}/api/accommodations/?organization=1`,
        `http://log-user:${basic.password}@127.0.0.1:${port}/api/accommodations/?organization=1`,
      ]) {
        const answer = await rawExchange(
          port,
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nAuthorization: ${basic.authorization}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
      }

      const text = logs.text;
      for (const secret of [key, mistyped, unissued, basic.password, userinfoPassword, basic.authorization.slice(6)]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain(percentEncoded);
      // What is not secret is still there to read.
      const urls = loggedUrls(logs, format);
      expect(urls).toContain('/api/accommodations/?organization=1&pass=[redacted]');
      expect(urls).toContain('/api/accommodations/?organization=1&q=[redacted]');
      expect(urls).toContain('/api/accommodations/?[redacted]');
      expect(urls).toContain('/api/[redacted]');
      expect(urls).toContain('/api/[redacted]/reservations');
      expect(urls).toContain(`http://[redacted]@127.0.0.1:${port}/api/accommodations/?organization=1`);
    });
  },
);

describe('redactUrl', () => {
  const random = 'A'.repeat(30);
  const key = `bk_${random}${base62Checksum(random)}`;

  it.each([
    ['/api/accommodations/?organization=1', [], '/api/accommodations/?organization=1'],
    ['/api/accommodations/?api_key=abc&organization=1', [], '/api/accommodations/?api_key=[redacted]&organization=1'],
    [`/api/${key}/x`, [], '/api/[redacted]/x'],
    [`/api/x?${key}`, [], '/api/x?[redacted]'],
    [`/api/x?a=${key}&b=2`, [], '/api/x?a=[redacted]&b=2'],
    ['/api/x?a=s3cret-pw&b=2', ['s3cret-pw'], '/api/x?a=[redacted]&b=2'],
    ['/api/x?a=prefix%20s3cret-pw', ['s3cret-pw'], '/api/x?a=[redacted]'],
    ['/api/s3cret-pw', ['s3cret-pw'], '/api/[redacted]'],
    // A short secret only where a whole piece is it: "ab" does not blank out every word with an "ab" in it.
    ['/api/abc?x=ab', ['ab'], '/api/abc?x=[redacted]'],
    ['http://u:p@host/api/x', [], 'http://[redacted]@host/api/x'],
    ['http://u@x:p@host/api/x', [], 'http://[redacted]@host/api/x'],
    ['/api/x?next=http%3A%2F%2Fu%3Ap%40host%2F', [], '/api/x?next=[redacted]'],
    ['/api/x?next=http://u:p@host/', [], '/api/x?next=[redacted]'],
    // Personal data by name (SPEC §15): a search text, a name, an e-mail address, a phone number.
    [
      '/api/reservations/search?organization=1&q=de%20Vries',
      [],
      '/api/reservations/search?organization=1&q=[redacted]',
    ],
    [
      '/api/x?email=a%40b.example&guestName=Anna&phone_number=0612&limit=5',
      [],
      '/api/x?email=[redacted]&guestName=[redacted]&phone_number=[redacted]&limit=5',
    ],
    // An iCalendar feed's address is its secret token (SPEC §16), whatever it looks like.
    [`/ical/${'x'.repeat(43)}.ics`, [], '/ical/[redacted]'],
    ['/ical/anything-at-all.ics?a=1', [], '/ical/[redacted]?a=1'],
    ['http://host/ical/abc.ics', [], 'http://host/ical/[redacted]'],
    ['/icalendar/abc', [], '/icalendar/abc'],
  ] as [string, string[], string][])('%s', (url, secrets, expected) => {
    expect(redactUrl(url, secrets)).toBe(expected);
  });
});

/** SPEC §15: a guest's personal data reaches no log line, from bodies, query strings or errors. */
describe.each(DIALECTS)('guests’ personal data is not logged, on %s', (dialect) => {
  const logs = new LogCapture();
  const used = useApp(dialect, { data: twoOrganizations, app: { logs } });
  const person = {
    firstName: 'Gerlinde',
    surname: 'Vanderschoot',
    email: 'gerlinde.vanderschoot@mail.example',
    phoneNumber: '+31 10 5550199',
    address: 'Heemraadssingel',
    postalCode: '3021 ZZ',
  };
  rememberPersonalData(...Object.values(person));

  it('logs neither the fields a guest route is sent nor the personal values in a query string', async () => {
    const admin = await apiKeyFor(used.db, { organizations: [1], scope: 'admin' });
    const headers = { 'x-api-key': admin, accept: 'application/json' };
    const id = await withWriteTransaction(used.db, (trx) =>
      guestForPlacement(trx, 1, { email: 'placeholder@mail.example' }, new Date()),
    );
    const requests: { method: 'GET' | 'PATCH' | 'DELETE' | 'POST'; url: string; payload?: unknown }[] = [
      { method: 'PATCH', url: `/api/guests/${id}`, payload: person },
      // Refused bodies: a bad e-mail address, an unknown field, a value too long, a body that is not JSON.
      { method: 'PATCH', url: `/api/guests/${id}`, payload: { email: `${person.surname} at home` } },
      { method: 'PATCH', url: `/api/guests/${id}`, payload: { nickname: person.firstName } },
      { method: 'PATCH', url: `/api/guests/${id}`, payload: { surname: person.surname.repeat(20) } },
      { method: 'PATCH', url: `/api/guests/${id}`, payload: `{"surname":"${person.surname}"` },
      { method: 'PATCH', url: '/api/guests/999999', payload: person },
      { method: 'GET', url: `/api/guests?organization=1&email=${encodeURIComponent(person.email)}` },
      { method: 'GET', url: `/api/reservations/search?organization=1&q=${person.surname}` },
      { method: 'GET', url: `/api/reservations/search?organization=1&q=${encodeURIComponent(person.phoneNumber)}` },
      { method: 'POST', url: '/api/reservations', payload: { organization: 1, guestName: person.surname } },
      { method: 'GET', url: `/api/guests/${id}` },
      { method: 'DELETE', url: `/api/guests/${id}` },
    ];
    for (const request of requests) {
      const response = await used.app.inject({
        ...request,
        payload: request.payload as never,
        headers: { ...headers, ...(typeof request.payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      });
      expect(response.statusCode, request.url).toBeLessThan(500);
    }
    expect(logs.lines.length).toBeGreaterThanOrEqual(requests.length);
    for (const value of Object.values(person)) expect(logs.text).not.toContain(value);
    expect(logs.text).not.toContain(encodeURIComponent(person.email));
    const urls = logs.lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url).filter(Boolean);
    expect(urls).toContain('/api/reservations/search?organization=1&q=[redacted]');
    expect(urls).toContain('/api/guests?organization=1&email=[redacted]');
  });
});
