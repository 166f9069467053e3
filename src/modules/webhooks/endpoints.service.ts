import type { Kysely } from 'kysely';
import { ulidFactory } from '../../shared/ulid.js';
import type { WebhookSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp, parseTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { decodeCursor } from '../events/cursor.js';
import { currentCursor, cursorOfLegacy, prunedSeqs } from '../events/events.repository.js';
import {
  claimKey,
  type Created,
  type IdempotencyScope,
  rememberLocation,
  type ReplayRead,
} from '../idempotency/idempotency.service.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import type { DeliveryClient } from './delivery-client.js';
import { disableEndpoint, recordAttempt } from './attempt-recording.js';
import { attempt } from './delivery-attempt.js';
import { countReplayed, deliveryOf } from './fan-out.js';
import {
  deleteEndpointRow,
  type EndpointRow,
  findEndpoint,
  insertEndpoint,
  listAttempts,
  listEndpoints,
  resumeDeliveries,
  updateEndpointRow,
} from './endpoints.repository.js';
import type {
  CreateEndpointBody,
  DeliveryAttempt,
  DeliveryLogQuery,
  ReplayBody,
  UpdateEndpointBody,
  WebhookEndpoint,
} from './endpoints.schemas.js';
import { newEndpointSecret, openSecret, sealSecret } from './signing.js';
import { type Resolver, urlProblem } from './ssrf.js';

type Conn = Kysely<Database>;

export interface WebhookDeps {
  db: Db;
  clock: Clock;
  settings: WebhookSettings;
  resolver: Resolver;
  client: DeliveryClient;
}

/** How long the old secret keeps signing beside a new one (SPEC §10). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const REPLAY_MAX = 100_000;

export function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: Number(row.id),
    organization: row.organization_id,
    url: row.url,
    description: row.description,
    types: (row.types ? row.types.split(',') : []) as WebhookEndpoint['types'],
    enabled: row.enabled === true || row.enabled === 1,
    disabledReason: (row.disabled_reason ?? null) as WebhookEndpoint['disabledReason'],
    created: formatTimestamp(new Date(row.created)),
  };
}

function notFound(): AppError {
  return new AppError('not-found', 'No such webhook endpoint in the credential’s organizations.');
}

async function assertUrl(deps: WebhookDeps, url: string): Promise<void> {
  const problem = await urlProblem(url, {
    allowPrivateNetworks: deps.settings.allowPrivateNetworks,
    resolver: deps.resolver,
  });
  if (problem) throw invalidInput([{ parameter: 'url', message: problem }]);
}

/** The endpoint's place in its organization's feed now: it receives what commits after. */
async function cursorNow(conn: Conn, organization: number): Promise<{ cursor_seq: number }> {
  const cursor = await currentCursor(conn, [organization]);
  return { cursor_seq: cursor.get(organization) ?? 0 };
}

type EndpointWithSecret = WebhookEndpoint & { secret: string };

const endpointLocation = (id: number) => `/api/webhook-endpoints/${id}`;
const ENDPOINT_LOCATION = /^\/api\/webhook-endpoints\/([1-9]\d*)$/;

/**
 * Registers an endpoint, once per Idempotency-Key (SPEC §9). A retry with the key answers the
 * endpoint as it is now, read again with its current secret as a creation shows it (after a
 * rotation, the new one), and 404 once it has been deleted: the first response would show a
 * secret that no longer signs, or a 201 for an endpoint that is gone (issue 41). So the key keeps
 * only the endpoint's location, and no secret, sealed or not; a replay reads the endpoint again
 * (even under a key that kept a body, stored before replays read again).
 */
export async function createEndpoint(
  deps: WebhookDeps,
  organization: number,
  body: CreateEndpointBody,
  key: IdempotencyScope | undefined,
): Promise<Created<EndpointWithSecret> | ReplayRead<EndpointWithSecret>> {
  await assertUrl(deps, body.url);
  const secretKey = deps.settings.secretKey;
  const now = deps.clock().getTime();
  return withWriteTransaction(deps.db, async (trx) => {
    await lockOrganization(trx, organization);
    const claim = await claimKey(trx, deps.clock, key);
    if (claim.kind === 'replay') {
      const record = await endpointAsCreated(trx, organization, claim.location, secretKey);
      return unchanged({ kind: 'replay-read' as const, location: claim.location, record });
    }
    // It receives what commits from here on: its cursor starts at its organization's counter.
    const id = await insertEndpoint(trx, {
      organization_id: organization,
      url: body.url,
      description: body.description ?? null,
      types: (body.types ?? []).join(','),
      secret: '',
      ...(await cursorNow(trx, organization)),
      created: now,
      modified: now,
    });
    const secret = newEndpointSecret();
    await updateEndpointRow(trx, id, { secret: sealSecret(secret, secretKey, id) });
    const row = await findEndpoint(trx, [organization], id);
    if (!row) throw notFound();
    await rememberLocation(trx, claim, endpointLocation(id));
    return { kind: 'created' as const, location: endpointLocation(id), record: { ...endpointOf(row), secret } };
  });
}

/**
 * The endpoint a key created, for its replay: as it is now, with its current secret (after a
 * rotation, the new one).
 */
async function endpointAsCreated(
  conn: Conn,
  organization: number,
  location: string,
  secretKey: Buffer | undefined,
): Promise<EndpointWithSecret> {
  const id = Number(ENDPOINT_LOCATION.exec(location)?.[1]);
  if (!Number.isSafeInteger(id)) throw new Error(`an Idempotency-Key of an endpoint creation kept ${location}`);
  const row = await findEndpoint(conn, [organization], id);
  if (!row) {
    throw new AppError(
      'not-found',
      `The webhook endpoint this Idempotency-Key created (${location}) was deleted since; a new key creates another.`,
    );
  }
  return { ...endpointOf(row), secret: openSecret(row.secret, secretKey, id) };
}

export async function getEndpoint(conn: Conn, organizations: readonly number[], id: number): Promise<EndpointRow> {
  const row = await findEndpoint(conn, organizations, id);
  if (!row) throw notFound();
  return row;
}

export async function listEndpointsOf(conn: Conn, organizations: readonly number[]): Promise<WebhookEndpoint[]> {
  return (await listEndpoints(conn, organizations)).map(endpointOf);
}

export async function updateEndpoint(
  deps: WebhookDeps,
  organizations: readonly number[],
  id: number,
  body: UpdateEndpointBody,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined) await assertUrl(deps, body.url);
  const now = deps.clock().getTime();
  return withWriteTransaction(deps.db, async (trx) => {
    const current = await findEndpoint(trx, organizations, id, true);
    if (!current) throw notFound();
    const wasEnabled = endpointOf(current).enabled;
    await updateEndpointRow(trx, id, {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.types !== undefined ? { types: body.types.join(',') } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      modified: now,
    });
    if (body.enabled === false && wasEnabled) await disableEndpoint(trx, id, 'manual', now);
    if (body.enabled === true && !wasEnabled) {
      // Enabled again: the events committed from now on; what it missed comes through replay.
      await updateEndpointRow(trx, id, {
        enabled: true,
        disabled_reason: null,
        failing_since: null,
        ...(await cursorNow(trx, current.organization_id)),
      });
      await resumeDeliveries(trx, id, now);
    }
    const row = await findEndpoint(trx, organizations, id);
    if (!row) throw notFound();
    return endpointOf(row);
  });
}

export async function deleteEndpoint(db: Db, organizations: readonly number[], id: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    const current = await findEndpoint(trx, organizations, id, true);
    if (!current) throw notFound();
    await deleteEndpointRow(trx, id);
  });
}

export async function rotateSecret(
  deps: WebhookDeps,
  organizations: readonly number[],
  id: number,
): Promise<WebhookEndpoint & { secret: string }> {
  const secret = newEndpointSecret();
  const now = deps.clock().getTime();
  return withWriteTransaction(deps.db, async (trx) => {
    const current = await findEndpoint(trx, organizations, id, true);
    if (!current) throw notFound();
    await updateEndpointRow(trx, id, {
      secret: sealSecret(secret, deps.settings.secretKey, id),
      previous_secret: current.secret,
      previous_secret_until: now + ROTATION_OVERLAP_MS,
      modified: now,
    });
    return { ...endpointOf(current), secret };
  });
}

const nextUlid = ulidFactory();

/** Delivers a `ping` now, outside the queue, and logs it like any attempt. */
export async function testEndpoint(deps: WebhookDeps, organizations: readonly number[], id: number) {
  const endpoint = await getEndpoint(deps.db.kysely, organizations, id);
  const now = deps.clock();
  const event = {
    id: `evt_${nextUlid(now.getTime())}`,
    type: 'ping',
    organization: endpoint.organization_id,
    occurred: formatTimestamp(now),
  };
  const body = JSON.stringify(event);
  const delivery = await deps.db.kysely
    .insertInto('webhook_deliveries')
    .values({
      ...deliveryOf(endpoint, body),
      status: 'pending',
      attempts: 0,
      next_attempt_at: Number.MAX_SAFE_INTEGER,
      created: now.getTime(),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const result = await attempt(deps.client, endpoint, deps.settings.secretKey, event.id, body);
  // A test is one attempt, never retried: an empty schedule.
  await recordAttempt(
    deps.db,
    null,
    { ...deliveryOf(endpoint, body), id: Number(delivery.id), attempts: 0 },
    endpoint,
    result,
    [],
    now.getTime(),
  );
  return {
    eventId: event.id,
    delivered: result.delivered,
    statusCode: result.statusCode ?? null,
    error: result.error ?? null,
    durationMs: result.durationMs,
  };
}

export async function deliveryLog(
  conn: Conn,
  organizations: readonly number[],
  id: number,
  query: DeliveryLogQuery,
): Promise<DeliveryAttempt[]> {
  await getEndpoint(conn, organizations, id);
  const rows = await listAttempts(conn, id, { status: query.status, after: query.after, limit: query.limit ?? 50 });
  return rows.map((r) => ({
    id: Number(r.id),
    eventId: r.event_id,
    eventType: r.event_type,
    attempt: r.attempt,
    attempted: formatTimestamp(new Date(Number(r.attempted_at))),
    status: r.status,
    statusCode: r.status_code,
    error: r.error,
    durationMs: r.duration_ms,
    nextAttempt: r.next_attempt_at === null ? null : formatTimestamp(new Date(Number(r.next_attempt_at))),
  }));
}

/**
 * Delivers kept events again (SPEC §10 replay): those after a feed cursor, or those that occurred
 * in [since, until). They keep their ids, so receivers recognise them (`webhook-id`). The request
 * counts them and records the replay; the delivery workers schedule it a window at a time
 * (fan-out.ts `advanceReplay`), so a replay of a hundred thousand events holds no lock and no
 * request for longer than a window takes.
 */
export async function replay(
  deps: WebhookDeps,
  organizations: readonly number[],
  id: number,
  body: ReplayBody,
): Promise<{ scheduled: number }> {
  const hasCursor = body.after !== undefined;
  const hasRange = body.since !== undefined;
  if (hasCursor === hasRange || (body.until !== undefined && !hasRange)) {
    throw invalidInput([
      { parameter: hasCursor ? 'since' : 'after', message: 'give either after, or since (and until)' },
    ]);
  }
  const since = body.since === undefined ? undefined : parseTimestamp(body.since);
  const until = body.until === undefined ? undefined : parseTimestamp(body.until);
  if (body.since !== undefined && !since) throw invalidInput([{ parameter: 'since', message: 'must be a timestamp' }]);
  const conn = deps.db.kysely;
  const endpoint = await getEndpoint(conn, organizations, id);
  const organization = endpoint.organization_id;
  const untilSeq = (await currentCursor(conn, [organization])).get(organization) ?? 0;
  let start: number;
  if (body.after !== undefined) {
    const given = decodeCursor(body.after);
    const cursor = given.kind === 'seq' ? given.cursor : await cursorOfLegacy(conn, [organization], given.position);
    const seq = cursor?.get(organization);
    if (cursor && seq === undefined) {
      throw invalidInput([{ parameter: 'after', message: `is not a cursor of organization ${organization}'s feed` }]);
    }
    const oldest = (await prunedSeqs(conn, [organization])).get(organization) ?? 0;
    if (seq === undefined || seq < oldest) {
      throw invalidInput([{ parameter: 'after', message: 'is older than the events kept' }]);
    }
    start = seq;
  } else {
    // From the first event at or after `since`: not through every number since the oldest kept.
    const first = await conn
      .selectFrom('events')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .where('organization_id', '=', organization)
      .where('occurred', '>=', formatTimestamp(since as Date))
      .executeTakeFirst();
    start = first?.seq === null || first?.seq === undefined ? untilSeq : Number(first.seq) - 1;
  }
  const job = {
    endpoint_id: endpoint.id,
    organization_id: organization,
    after_seq: start,
    until_seq: untilSeq,
    types: endpoint.types,
    since: since ? formatTimestamp(since) : null,
    until: until ? formatTimestamp(until) : null,
  };
  const scheduled = await countReplayed(conn, job, REPLAY_MAX);
  if (scheduled === 0) return { scheduled };
  const { organization_id: _, ...row } = job;
  await withWriteTransaction(deps.db, async (trx) => {
    // Deleted meanwhile: nothing to replay to.
    if (!(await findEndpoint(trx, organizations, id, true))) throw notFound();
    await trx
      .insertInto('webhook_replays')
      .values({ ...row, remaining: scheduled, created: deps.clock().getTime() })
      .execute();
  });
  return { scheduled };
}
