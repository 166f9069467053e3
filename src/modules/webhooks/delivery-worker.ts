import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { createFeedWaker } from '../events/feed-waker.js';
import { sweepExpiredDrafts } from '../booking-flow/drafts.service.js';
import { sweepRetainedGuests } from '../guests/guests.service.js';
import { createDeliveryClient } from './delivery-client.js';
import { recordAttempts, type FinishedAttempt } from './attempt-recording.js';
import { type ClaimedDelivery, claimDue, pauseLeased, releaseLeases } from './delivery-claims.js';
import { attempt } from './delivery-attempt.js';
import { advanceReplay, fanOut } from './fan-out.js';
import { pruneExpired } from '../events/event-pruning.js';
import type { EndpointRow } from './endpoints.repository.js';
import { type Resolver, systemResolver } from './ssrf.js';

/**
 * The delivery worker (SPEC §10 "Workers"): in every `booking serve` process and in `booking
 * worker`. A loop fans new events out into deliveries, claims due deliveries under a lease and
 * attempts them, at most `concurrency` at once in this process and `perEndpoint` per endpoint.
 * It wakes when events commit (the feed's waker) and when an attempt frees a slot, else every
 * `pollMs` for retries that came due. `stop()` claims nothing more, lets running attempts finish
 * for `graceMs`, then cuts the rest and hands their leases back: they are due again at once.
 */

const CLAIM_COALESCE_MS = 5;
/** Finished attempts written per transaction, at most (12 bound values each, well inside SQLite's limit). */
const RECORD_BATCH = 200;

export interface WorkerOptions {
  concurrency?: number;
  perEndpoint?: number;
  perOrganization?: number;
  pollMs?: number;
  graceMs?: number;
  pruneEveryMs?: number;
  draftSweepEveryMs?: number;
  resolver?: Resolver;
  now?: () => number;
}

export interface WebhookWorker {
  readonly owner: string;
  stop(): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

export function startWebhookWorker(
  db: Db,
  settings: WebhookSettings,
  log: Logger,
  options: WorkerOptions = {},
): WebhookWorker {
  const concurrency = options.concurrency ?? 64;
  const perEndpoint = options.perEndpoint ?? 16;
  // No organization holds more than half the slots, however many of its receivers hang: the other
  // half is always there for the rest, who also come first in each claim (claimDue's turns).
  const perOrganization = options.perOrganization ?? Math.max(1, Math.floor(concurrency / 2));
  const pollMs = options.pollMs ?? 250;
  const graceMs = options.graceMs ?? 10_000;
  const pruneEveryMs = options.pruneEveryMs ?? 10 * 60_000;
  // Expired drafts hold nothing already (SPEC §15); the sweep only keeps their table small.
  const draftSweepEveryMs = options.draftSweepEveryMs ?? 60_000;
  const now = options.now ?? Date.now;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const client = createDeliveryClient({
    timeoutMs: settings.timeoutMs,
    allowPrivateNetworks: settings.allowPrivateNetworks,
    resolver: options.resolver ?? systemResolver,
    // The worker's own limits bound what is sent: sockets per origin as many as it may send at all,
    // so endpoints of different organizations on one host never queue behind each other here.
    maxSockets: concurrency,
  });
  const waker = createFeedWaker(db);
  const inFlight = new Map<number, { endpointId: number; abort: AbortController; done: Promise<void> }>();
  const perEndpointCount = new Map<number, number>();
  const perOrganizationCount = new Map<number, number>();
  let stopping = false;
  let nudge: (() => void) | undefined;
  let lastPrune = 0;
  let lastDraftSweep = 0;
  // Fan-out runs when events may have committed (the waker or the poll timer woke the loop, or
  // the last fan-out found some, so more may wait), and at least every pollMs: not on each
  // finished attempt, which under load would make it one more write transaction per delivery.
  let fanOutDue = true;
  let lastFanOut = 0;
  let replaying = false;
  let nextReplayStep = 0;
  if (!settings.secretKey) {
    log.warn('WEBHOOK_SECRET_KEY is not set: webhook endpoint secrets are stored unencrypted (docs/SECURITY.md)');
  }

  const endpointsById = async (ids: number[]) => {
    const rows = await db.kysely.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [Number(r.id), r]));
  };

  // Finished attempts are written together: while one batch commits, the next one gathers.
  const finished: { attempt: FinishedAttempt; done: (error?: unknown) => void }[] = [];
  let recording = false;
  const flush = async () => {
    recording = true;
    while (finished.length > 0) {
      const batch = finished.splice(0, RECORD_BATCH);
      try {
        await recordAttempts(
          db,
          owner,
          batch.map((b) => b.attempt),
          settings.retryScheduleSeconds,
        );
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.done(error);
      }
    }
    recording = false;
  };
  const record = (attempt: FinishedAttempt) =>
    new Promise<void>((resolve, reject) => {
      // The recording's own error, passed on to every attempt of its batch.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      finished.push({ attempt, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!recording) void flush();
    });

  // The limits count requests being sent, not outcomes being written: a slot is freed as soon as
  // its attempt has an answer, and the delivery stays leased until its outcome is recorded, so no
  // claim takes it again meanwhile. (Holding the slot through the write kept a third fewer
  // requests going on PostgreSQL, where the write waits for a commit.)
  let attempting = 0;
  const count = (counts: Map<number, number>, key: number, by: 1 | -1) => {
    const sum = (counts.get(key) ?? 0) + by;
    if (sum > 0) counts.set(key, sum);
    else counts.delete(key);
  };
  const takeSlot = (delivery: ClaimedDelivery) => {
    attempting++;
    count(perEndpointCount, delivery.endpoint_id, 1);
    count(perOrganizationCount, delivery.organization_id, 1);
  };
  const freeSlot = (delivery: ClaimedDelivery) => {
    attempting--;
    count(perEndpointCount, delivery.endpoint_id, -1);
    count(perOrganizationCount, delivery.organization_id, -1);
    nudge?.();
  };

  const run = (delivery: ClaimedDelivery, endpoint: EndpointRow | undefined) => {
    const abort = new AbortController();
    takeSlot(delivery);
    let slotHeld = true;
    const release = () => {
      if (!slotHeld) return;
      slotHeld = false;
      freeSlot(delivery);
    };
    const done = (async () => {
      try {
        if (!endpoint) {
          // Disabled meanwhile (or deleted, and its deliveries with it): it waits for the endpoint.
          await pauseLeased(db, owner, delivery.id);
          return;
        }
        const attemptedAt = now();
        const result = await attempt(
          client,
          endpoint,
          settings.secretKey,
          delivery.event_id,
          delivery.body,
          abort.signal,
        );
        release();
        if (result.error === 'aborted') {
          await releaseLeases(db, owner, [delivery.id]);
          return;
        }
        await record({ delivery, endpointId: endpoint.id, result, attemptedAt });
      } catch (error) {
        log.error({ err: error, delivery: delivery.id }, 'webhook attempt could not be recorded');
        await releaseLeases(db, owner, [delivery.id]).catch(() => {});
      } finally {
        inFlight.delete(delivery.id);
        release();
        // A written outcome may let a claim go that a backlog of writes held back.
        nudge?.();
      }
    })();
    inFlight.set(delivery.id, { endpointId: delivery.endpoint_id, abort, done });
  };

  const cycle = async (): Promise<boolean> => {
    if (now() - lastDraftSweep >= draftSweepEveryMs) {
      lastDraftSweep = now();
      await sweepExpiredDrafts(db, new Date(now())).catch((error: unknown) =>
        log.error({ err: error }, 'sweeping expired drafts failed'),
      );
    }
    if (now() - lastPrune >= pruneEveryMs) {
      lastPrune = now();
      await pruneExpired(db, now(), settings.eventsRetentionDays).catch((error: unknown) =>
        log.error({ err: error }, 'pruning events failed'),
      );
      const guestDays = settings.guestRetentionDays;
      if (guestDays !== undefined) {
        await sweepRetainedGuests(db, () => new Date(now()), guestDays)
          .then((erased) => {
            if (erased > 0) log.info({ erased }, 'guests erased after GUEST_RETENTION_DAYS');
          })
          .catch((error: unknown) => log.error({ err: error }, 'erasing retained guests failed'));
      }
    }
    if (fanOutDue || now() - lastFanOut >= pollMs) {
      lastFanOut = now();
      const fanned = await fanOut(db, lastFanOut);
      fanOutDue = fanned.created > 0;
      // New replays are looked for as often as new events.
      replaying ||= fanned.replaying;
    }
    // A replay in progress: a window of it per step, and the loop's time after a step left to
    // everything else for as long again (on SQLite a step holds the event loop, and the other
    // organizations' requests wait behind back-to-back steps: a storm's median went 8 → 85 ms).
    if (replaying && now() >= nextReplayStep) {
      const started = now();
      try {
        replaying = await advanceReplay(db, started);
        nextReplayStep = 2 * now() - started;
      } catch (error) {
        // Not a reason to stop delivering: the claims below go on, the step comes again after a poll.
        log.error({ err: error }, 'a webhook replay step failed');
        nextReplayStep = now() + pollMs;
      }
    }
    if (stopping) return false;
    // Outcomes not yet written hold their leases; should writing fall behind, claiming waits for it.
    const free = Math.min(concurrency - attempting, 2 * concurrency - inFlight.size);
    const claimed = await claimDue(db, {
      owner,
      now: now(),
      leaseMs: settings.leaseMs,
      limit: free,
      busy: perEndpointCount,
      maxPerEndpoint: perEndpoint,
      busyOrganizations: perOrganizationCount,
      maxPerOrganization: perOrganization,
    });
    if (claimed.length === 0) return false;
    const endpoints = await endpointsById([...new Set(claimed.map((d) => d.endpoint_id))]);
    for (const delivery of claimed) {
      const endpoint = endpoints.get(delivery.endpoint_id);
      run(delivery, endpoint && (endpoint.enabled === true || endpoint.enabled === 1) ? endpoint : undefined);
    }
    return claimed.length === free;
  };

  const loop = (async () => {
    while (!stopping) {
      let busy = false;
      try {
        busy = await cycle();
      } catch (error) {
        log.error({ err: error }, 'webhook worker cycle failed');
      }
      if (stopping) break;
      if (busy) continue;
      const wake = new AbortController();
      let nudged = false;
      nudge = () => {
        nudged = true;
        wake.abort();
      };
      // A replay's next step comes before the poll: then events committed meanwhile wait for it.
      const pacing = replaying && nextReplayStep - now() < pollMs;
      await waker.wait(pacing ? Math.max(1, nextReplayStep - now()) : pollMs, undefined, wake.signal);
      nudge = undefined;
      if (!nudged && !pacing) fanOutDue = true;
      // Woken by a finished attempt: let the others finishing about now free their slots too, so
      // one claim serves several (a claim per attempt cost more than the attempt under load).
      else if (!stopping) await new Promise((resolve) => setTimeout(resolve, CLAIM_COALESCE_MS));
    }
  })();

  return {
    owner,
    async stop() {
      if (stopping) return;
      stopping = true;
      nudge?.();
      await loop;
      const running = [...inFlight.values()];
      const timer = setTimeout(() => {
        for (const { abort } of running) abort.abort();
      }, graceMs);
      await Promise.all(running.map((r) => r.done));
      clearTimeout(timer);
      client.close();
      await waker.close();
    },
  };
}
