import { type Kysely, sql } from 'kysely';
import { formatTimestamp } from '../../shared/dates.js';
import type { Dialect } from '../database.js';

/**
 * Prices (SPEC §14): an organization's currency, and its price records in one table.
 *
 * The four records of §14 (age group specifications, price components, supplements, discount
 * specifications) share what lists filter and writes check (scope, description, validity period,
 * modified) as columns; what each kind adds, `terms`, is one JSON object, as a stay rule's settings
 * are: an organization has tens of prices, every quote reads them all at once (kept under its change
 * counter), and no query looks inside. Amounts in `terms` are integer minor units and percentages
 * integer hundredths, never floats.
 *
 * Every organization starts with three age groups (§14); those that exist get them here.
 */
export const DEFAULT_AGE_GROUPS = [
  { description: 'Adults', minAge: 18, maxAge: 120, category: 'adult' },
  { description: 'Children', minAge: 3, maxAge: 17, category: 'child' },
  { description: 'Babies', minAge: 0, maxAge: 2, category: 'baby' },
] as const;

export const PRICE_RECORD_KINDS = ['age-group', 'component', 'supplement', 'discount'] as const;

export function pricesSchema(dialect: Dialect) {
  const pg = dialect === 'postgres';
  const date = pg ? 'date' : 'text';
  const timestamp = pg ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('organizations')
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
        .execute();
      await db.schema
        .createTable('price_records')
        .addColumn('id', 'integer', (c) => (pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey()))
        .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.id'))
        .addColumn('record', 'text', (c) =>
          c.notNull().check(sql.raw(`record in (${PRICE_RECORD_KINDS.map((k) => `'${k}'`).join(', ')})`)),
        )
        .addColumn('accommodation_id', 'integer', (c) => c.references('accommodations.id'))
        .addColumn('type', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        // Nights or arrival days (inclusive) for components and discounts; null for the others.
        .addColumn('date_from', date)
        .addColumn('date_to', date)
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('created', timestamp, (c) => c.notNull())
        .addColumn('modified', timestamp, (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addCheckConstraint('price_records_dates', sql`date_to >= date_from`)
        .execute();
      await db.schema
        .createIndex('price_records_org')
        .on('price_records')
        .columns(['organization_id', 'record', 'id'])
        .execute();
      const now = formatTimestamp(new Date());
      for (const group of DEFAULT_AGE_GROUPS) {
        const terms = JSON.stringify({ minAge: group.minAge, maxAge: group.maxAge, category: group.category });
        await sql`
          insert into price_records (organization_id, record, description, terms, created, modified)
          select id, 'age-group', ${group.description}, ${terms}, ${now}, ${now} from organizations
           order by id`.execute(db);
      }
    },
  };
}
