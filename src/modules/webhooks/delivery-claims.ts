import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The leases on due deliveries (SPEC §10): a process claims the deliveries it will attempt, and
 * hands back those it will not (shutting down) or pauses one it may not send. Two processes never
 * hold a delivery at once. When an attempt is recorded, attempt-recording.ts frees its lease.
 */

type Conn = Kysely<Database>;

/** Endpoints per claim statement (SQLite allows 500 terms in a compound SELECT). */
const CLAIM_ENDPOINTS_PER_QUERY = 100;

/** A delivery leased to this process, as `claimDue` returns it. */
export interface ClaimedDelivery {
  id: number;
  endpoint_id: number;
  organization_id: number;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
}

/** What one claim asks for: see `claimDue`. */
export interface Claim {
  owner: string;
  now: number;
  leaseMs: number;
  limit: number;
  /** Per endpoint, the attempts this process is sending to it now. */
  busy: ReadonlyMap<number, number>;
  maxPerEndpoint: number;
  /** Per organization, the attempts this process is sending to its endpoints now. */
  busyOrganizations: ReadonlyMap<number, number>;
  maxPerOrganization: number;
}

/**
 * Leases due deliveries for this process: at most `limit`, at most `maxPerEndpoint` less those it
 * is already sending (`busy`) of one endpoint, at most `maxPerOrganization` less those it is
 * already sending of one organization, the oldest of each endpoint first (event order).
 * Organizations take turns: every organization's first due delivery comes before any one's second,
 * and so on (issue 41: four endpoints of one organization whose receivers never answer held every
 * slot, in id order, and another organization's delivery waited behind their whole backlog).
 * Per endpoint, its first due deliveries are one bounded range of `webhook_deliveries_due`
 * (status, endpoint_id, id): the cost follows what is claimed, not how much is pending. (A window
 * over every pending delivery made each claim read all of them: with 30,000 pending, ~40 claims a
 * second.) Two processes never hold a delivery at once; an expired lease (a crashed process) is
 * taken over like a free one.
 */
export async function claimDue(db: Db, claim: Claim): Promise<ClaimedDelivery[]> {
  if (claim.limit <= 0) return [];
  const claimed = isPostgres(db.kysely)
    ? await claimOnPostgres(db.kysely, claim)
    : await claimOnSqlite(db.kysely, claim);
  return claimed
    .map((r) => ({
      ...r,
      id: Number(r.id),
      endpoint_id: Number(r.endpoint_id),
      organization_id: Number(r.organization_id),
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

const CLAIMED_COLUMNS = ['id', 'endpoint_id', 'organization_id', 'event_id', 'event_type', 'body', 'attempts'];
// SQLite's RETURNING names the table's columns bare; PostgreSQL's must say which of the FROM's `id` it means.
const claimedColumns = (qualifier: string) => sql.join(CLAIMED_COLUMNS.map((c) => sql.ref(`${qualifier}${c}`)));
const isFree = (now: number) => sql`d.status = 'pending' and (d.lease_until is null or d.lease_until < ${now})`;

/**
 * PostgreSQL: one statement (a claim was four round trips, and under load it cost more than the
 * attempt). Rows another claim has locked are skipped; a row changed since the statement began
 * is checked again as it is locked.
 */
async function claimOnPostgres(conn: Conn, claim: Claim): Promise<ClaimedDelivery[]> {
  const { owner, now, leaseMs, limit, busy, maxPerEndpoint, busyOrganizations, maxPerOrganization } = claim;
  const { rows } = await sql<ClaimedDelivery>`
    with candidates as (
      select c.id, c.organization_id from webhook_endpoints e
      left join unnest(${[...busy.keys()]}::integer[], ${[...busy.values()]}::integer[]) as b(endpoint_id, sending)
        on b.endpoint_id = e.id
      cross join lateral (
        select d.id, d.organization_id from webhook_deliveries d
        where d.endpoint_id = e.id and d.next_attempt_at <= ${now} and ${isFree(now)}
        order by d.id
        limit greatest(0, ${maxPerEndpoint}::integer - coalesce(b.sending, 0))
        for update of d skip locked
      ) c
    ),
    due as (
      select t.id from (
        select c.id, c.organization_id, row_number() over (partition by c.organization_id order by c.id) as turn
        from candidates c
      ) t
      left join unnest(
        ${[...busyOrganizations.keys()]}::integer[], ${[...busyOrganizations.values()]}::integer[]
      ) as o(organization_id, sending) on o.organization_id = t.organization_id
      where t.turn <= ${maxPerOrganization}::integer - coalesce(o.sending, 0)
      order by t.turn, t.id
      limit ${limit}
    )
    update webhook_deliveries d set lease_owner = ${owner}, lease_until = ${now + leaseMs}
    from due where d.id = due.id
    returning ${claimedColumns('d.')}`.execute(conn);
  return rows;
}

export interface Candidate {
  id: number;
  organization_id: number;
}

/** Of the candidates, what PostgreSQL's `due` picks: organizations in turns, each within its quota. */
export function takingTurns(
  candidates: Candidate[],
  { limit, busyOrganizations, maxPerOrganization }: Pick<Claim, 'limit' | 'busyOrganizations' | 'maxPerOrganization'>,
): number[] {
  const taken = new Map<number, number>();
  const turns: { id: number; turn: number }[] = [];
  for (const { id, organization_id } of [...candidates].sort((a, b) => Number(a.id) - Number(b.id))) {
    const organization = Number(organization_id);
    const turn = (taken.get(organization) ?? 0) + 1;
    taken.set(organization, turn);
    if (turn <= maxPerOrganization - (busyOrganizations.get(organization) ?? 0)) turns.push({ id: Number(id), turn });
  }
  return turns
    .sort((a, b) => a.turn - b.turn || a.id - b.id)
    .slice(0, limit)
    .map((t) => t.id);
}

/** SQLite: the write lock serialises claims; candidates per endpoint, then one UPDATE. */
async function claimOnSqlite(conn: Conn, claim: Claim): Promise<ClaimedDelivery[]> {
  const { owner, now, leaseMs, busy, maxPerEndpoint } = claim;
  const quota = (endpointId: number) => maxPerEndpoint - (busy.get(endpointId) ?? 0);
  const endpointIds = (await conn.selectFrom('webhook_endpoints').select('id').orderBy('id').execute())
    .map((e) => Number(e.id))
    .filter((endpointId) => quota(endpointId) > 0);
  const candidates: Candidate[] = [];
  for (let i = 0; i < endpointIds.length; i += CLAIM_ENDPOINTS_PER_QUERY) {
    const chunk = endpointIds.slice(i, i + CLAIM_ENDPOINTS_PER_QUERY);
    const found = await sql<Candidate>`${sql.join(
      chunk.map(
        (endpointId) => sql`select * from (
          select d.id, d.organization_id from webhook_deliveries d
          where d.endpoint_id = ${endpointId} and d.next_attempt_at <= ${now} and ${isFree(now)}
          order by d.id limit ${quota(endpointId)}) c${sql.raw(String(endpointId))}`,
      ),
      sql` union all `,
    )}`.execute(conn);
    candidates.push(...found.rows);
  }
  const ids = takingTurns(candidates, claim);
  if (ids.length === 0) return [];
  const { rows } = await sql<ClaimedDelivery>`
    update webhook_deliveries as d set lease_owner = ${owner}, lease_until = ${now + leaseMs}
    where d.id in (${sql.join(ids)}) and ${isFree(now)}
    returning ${claimedColumns('')}`.execute(conn);
  return rows;
}

/** Hands leases back (a process shutting down): the deliveries are due again at once, for anyone. */
export async function releaseLeases(db: Db, owner: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.kysely
    .updateTable('webhook_deliveries')
    .set({ lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('id', 'in', [...ids])
    .execute();
}

/** Pauses a leased delivery whose endpoint was disabled meanwhile: it waits for the endpoint. */
export async function pauseLeased(db: Db, owner: string, id: number): Promise<void> {
  await db.kysely
    .updateTable('webhook_deliveries')
    .set({ status: 'paused', lease_owner: null, lease_until: null })
    .where('lease_owner', '=', owner)
    .where('id', '=', id)
    .execute();
}
