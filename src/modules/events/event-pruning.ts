import { sql } from 'kysely';
import { type Db, isPostgres } from '../../db/database.js';
import { withWriteTransaction } from '../../db/write-transaction.js';

const PRUNE_BATCH = 1_000;

/**
 * Deletes events older than the retention, oldest first, a batch per short transaction, and moves
 * each organization's pruning mark to the last of its events deleted (the feed answers 410 to a
 * cursor before it). An organization's events since migration 012 are numbered in the order they
 * were inserted, under its row lock, so the oldest by position are a prefix of its numbers; where
 * the migration's renumbering differs, the mark is the highest number deleted, which errs toward
 * 410, never toward a silent gap. Then the attempt log
 * and finished deliveries past the retention. Concurrent pruners are harmless: marks only move forward.
 */
export async function pruneExpired(
  db: Db,
  now: number,
  retentionDays: number,
): Promise<{ events: number; attempts: number }> {
  const cutoffMs = now - retentionDays * 86_400_000;
  let events = 0;
  for (;;) {
    const deleted = await withWriteTransaction(db, async (trx) => {
      const batch = await trx
        .selectFrom('events')
        .select(['position', 'organization_id', 'seq', 'occurred'])
        .orderBy('position')
        .limit(PRUNE_BATCH)
        .execute();
      const marks = new Map<number, number>();
      let last: number | undefined;
      for (const row of batch) {
        if (new Date(row.occurred).getTime() >= cutoffMs) break;
        last = Number(row.position);
        marks.set(row.organization_id, Math.max(marks.get(row.organization_id) ?? 0, Number(row.seq)));
      }
      if (last === undefined) return 0;
      const removed = await trx.deleteFrom('events').where('position', '<=', last).executeTakeFirst();
      for (const [organization, seq] of marks) {
        await trx
          .insertInto('events_pruned_by_organization')
          .values({ organization_id: organization, seq })
          .onConflict((oc) =>
            oc.column('organization_id').doUpdateSet({
              seq: isPostgres(trx)
                ? sql`greatest(events_pruned_by_organization.seq, excluded.seq)`
                : sql`max(events_pruned_by_organization.seq, excluded.seq)`,
            }),
          )
          .execute();
      }
      return Number(removed.numDeletedRows);
    });
    events += deleted;
    if (deleted < PRUNE_BATCH) break;
  }
  let attempts = 0;
  for (;;) {
    const removed = await db.kysely
      .deleteFrom('webhook_attempts')
      .where('id', 'in', (eb) =>
        eb.selectFrom('webhook_attempts').select('id').where('attempted_at', '<', cutoffMs).limit(PRUNE_BATCH),
      )
      .executeTakeFirst();
    const n = Number(removed.numDeletedRows);
    attempts += n;
    if (n < PRUNE_BATCH) break;
  }
  for (;;) {
    const removed = await db.kysely
      .deleteFrom('webhook_deliveries')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', 'in', ['delivered', 'failed'])
          .where('created', '<', cutoffMs)
          .limit(PRUNE_BATCH),
      )
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) < PRUNE_BATCH) break;
  }
  return { events, attempts };
}
