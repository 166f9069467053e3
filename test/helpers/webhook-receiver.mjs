// A webhook receiver as an integrator would run it: its own process, on 127.0.0.1 only.
//
//   node test/helpers/webhook-receiver.mjs        prints `receiver listening on <port>`
//
// Any POST is a delivery. Each path is configured by `PUT /_config/<path>` with
// `{ "secret": "whsec_…", "statuses": [500, 500, 200], "delayMs": 0 }`: the n-th receipt of one
// webhook-id on that path answers statuses[n - 1] (the last one repeated), after delayMs. An entry
// of `statuses` may also be `{ "status": 302, "headers": { "location": "…" } }`. Each receipt's
// Standard Webhooks signature is verified (package `standardwebhooks`) against the path's secret,
// and, when `secrets` lists several (a rotation), against each of them (`verifiedBy`). `GET /_received/<path>` answers what arrived there (`?summary` only the counts);
// `DELETE /_received/<path>` forgets it. Nothing is ever sent back to the service but the status.
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { URL } from 'node:url';
import { Webhook } from 'standardwebhooks';

const configs = new Map();
const received = new Map();

const listOf = (path) => {
  let list = received.get(path);
  if (!list) received.set(path, (list = { receipts: [], perId: new Map(), inFlight: new Set() }));
  return list;
};

function verified(secret, headers, body) {
  if (!secret) return false;
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': headers['webhook-id'],
      'webhook-timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    });
    return true;
  } catch {
    return false;
  }
}

/** Each receipt still waiting for its answer: its webhook id, and how long ago it arrived in ms. */
function inFlight(list) {
  const now = Date.now();
  return [...list.inFlight].map((r) => ({ id: r.id, ageMs: now - r.at }));
}

function summary(list) {
  let verifiedCount = 0;
  let aborted = 0;
  for (const r of list.receipts) {
    if (r.verified) verifiedCount++;
    if (r.aborted) aborted++;
  }
  return { total: list.receipts.length, distinct: list.perId.size, verified: verifiedCount, aborted };
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (c) => chunks.push(c));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://receiver');
    const send = (status, value) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (url.pathname.startsWith('/_config/') && request.method === 'PUT') {
      configs.set(url.pathname.slice('/_config'.length), JSON.parse(body));
      return send(200, { ok: true });
    }
    if (url.pathname.startsWith('/_received/')) {
      const path = url.pathname.slice('/_received'.length);
      if (request.method === 'DELETE') {
        received.delete(path);
        return send(200, { ok: true });
      }
      const list = listOf(path);
      if (url.searchParams.has('in-flight')) return send(200, inFlight(list));
      return send(200, url.searchParams.has('summary') ? summary(list) : list.receipts);
    }
    if (request.method !== 'POST') return send(404, {});

    const config = configs.get(url.pathname) ?? {};
    const list = listOf(url.pathname);
    const id = String(request.headers['webhook-id'] ?? '');
    const n = (list.perId.get(id) ?? 0) + 1;
    list.perId.set(id, n);
    const statuses = config.statuses ?? [204];
    const answerOf = statuses[Math.min(n, statuses.length) - 1];
    const { status, headers = {} } = typeof answerOf === 'number' ? { status: answerOf } : answerOf;
    const receipt = {
      id,
      n,
      at: Date.now(),
      status,
      verified: verified(config.secret, request.headers, body),
      verifiedBy: (config.secrets ?? []).map((secret) => verified(secret, request.headers, body)),
      aborted: false,
      headers: {
        'webhook-id': request.headers['webhook-id'],
        'webhook-timestamp': request.headers['webhook-timestamp'],
        'webhook-signature': request.headers['webhook-signature'],
        'content-type': request.headers['content-type'],
        'user-agent': request.headers['user-agent'],
      },
      // The event itself only while few arrive (a load test needs only the ids).
      body: list.receipts.length < 100 ? body : undefined,
    };
    list.receipts.push(receipt);
    list.inFlight.add(receipt);
    // The sender went away before the answer (a killed worker): remembered, so a test can tell
    // the attempts that were in flight from the ones that were answered.
    response.on('close', () => {
      list.inFlight.delete(receipt);
      if (!response.writableFinished) receipt.aborted = true;
    });
    const answer = () => response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end('ok');
    if (config.delayMs) setTimeout(answer, config.delayMs);
    else answer();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`receiver listening on ${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
