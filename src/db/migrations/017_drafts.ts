import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { holdsTriggers } from './014_blocks_and_stay_rules.js';

/**
 * The original's booking flow (SPEC §15): drafts, and the order lines a placed reservation keeps.
 *
 * A draft is not a reservation (SPEC §3): it lives in a table of its own, so no list, summary,
 * search, export or event of reservations can show one, and their queries and indexes stay as they
 * are. Its id is taken from the reservations' id space (PostgreSQL: their identity sequence; SQLite:
 * above every reservation and draft, see drafts.repository.ts) because the placed reservation keeps
 * it: the original's client uses one id through its three calls.
 *
 * While it is neither placed nor gone, a draft holds its nights: on PostgreSQL the same triggers as
 * migration 014's copy them into `night_holds` (whose holder check already allows 'draft'), so the
 * one exclusion constraint sees reservations, blocks and drafts together. Expiry is time, which no
 * trigger sees: every write that meets an expired draft deletes it first, and a sweep deletes the rest.
 *
 * Only a SHA-256 of the token is stored. The party, the chosen supplements and the priced order
 * lines are JSON: a draft is read whole, by id, and no query looks inside.
 *
 * A placed draft's row stays (placed set, holding nothing) until it would have expired, so a second
 * place with its token is told 409 rather than 404; the sweep removes it then.
 */
export function draftsSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'date' : 'text';
  const timestamp = pg ? 'timestamptz' : 'text';
  const bigint = pg ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('drafts')
        // Assigned by the application from the reservations' id space, never generated here.
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id'))
        .addColumn('date_from', date, (c) => c.notNull())
        .addColumn('date_to', date, (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires', timestamp, (c) => c.notNull())
        .addColumn('party', 'text', (c) => c.notNull())
        .addColumn('choices', 'text', (c) => c.notNull())
        .addColumn('order_lines', 'text', (c) => c.notNull())
        .addColumn('total_minor', bigint, (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('placed', timestamp)
        .addCheckConstraint('drafts_dates', sql`date_to > date_from`)
        .execute();
      // The holds of an accommodation (checks, availability) and what expired (the sweep).
      await db.schema
        .createIndex('drafts_accommodation_dates')
        .on('drafts')
        .columns(['accommodation_id', 'date_from', 'date_to'])
        .execute();
      await db.schema.createIndex('drafts_org_expires').on('drafts').columns(['organization_id', 'expires']).execute();
      await db.schema.createIndex('drafts_expires').on('drafts').column('expires').execute();

      await db.schema
        .createTable('reservation_order_lines')
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        // No foreign key: one to reservations.id would keep its primary key from being set aside
        // while a bulk load fills an empty table (bulk-writer.ts); the lines are written with their
        // reservation, in its transaction.
        .addColumn('reservation_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('rent', 'discount', 'fee', 'supplement', 'tax')`),
        )
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_amount_minor', bigint, (c) => c.notNull())
        .addColumn('amount_minor', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('reservation_order_lines_pk', ['reservation_id', 'position'])
        .execute();

      if (!pg) return;
      for (const statement of holdsTriggers({
        table: 'drafts',
        holder: 'draft',
        holds: (row) => `${row}.placed is null`,
      })) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
