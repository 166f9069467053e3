import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, StayRuleRow, StayRuleTable } from '../../db/schema.js';
import { forUpdate } from '../../db/write-transaction.js';
import type { OwnedRecords } from '../organizations/organizations.service.js';
import { STAY_RULE_FIELDS, type StayRule, type StayRuleSettings } from './stay-rules.js';
import type { StayRuleRecord } from './stay-rules.schemas.js';

type Conn = Kysely<Database>;

/** The fields a rule sets, as stored: only those it sets. */
export function settingsJson(settings: StayRuleSettings): string {
  return JSON.stringify(
    Object.fromEntries(STAY_RULE_FIELDS.filter((f) => settings[f] != null).map((f) => [f, settings[f]])),
  );
}

/** A stored rule as the pure rules (stay-rules.ts) take it. */
export function toStayRule(row: StayRuleRow): StayRule {
  return {
    ...(JSON.parse(row.settings) as StayRuleSettings),
    id: row.id,
    accommodation: row.accommodation_id,
    type: row.type,
    dateFrom: row.date_from,
    dateTo: row.date_to,
  };
}

/** A stored rule as the API shows it: every field, null where the rule sets nothing. */
export function toStayRuleRecord(row: StayRuleRow): StayRuleRecord {
  const settings = JSON.parse(row.settings) as Record<string, unknown>;
  return {
    id: row.id,
    organization: row.organization_id,
    accommodation: row.accommodation_id,
    type: row.type,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    ...(Object.fromEntries(STAY_RULE_FIELDS.map((f) => [f, settings[f] ?? null])) as Pick<
      StayRuleRecord,
      (typeof STAY_RULE_FIELDS)[number]
    >),
    created: row.created,
    modified: row.modified,
  };
}

export function listStayRuleRows(conn: Conn, organizationId: number): Promise<StayRuleRow[]> {
  return conn
    .selectFrom('stay_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

/** Values per statement: keeps each IN list under SQLite's limit on bound parameters. */
const VALUES_PER_QUERY = 10_000;

/** The stored rules of these organizations (`booking import` checks a file's rules against them). */
export async function stayRuleRowsOf(conn: Conn, organizationIds: readonly number[]): Promise<StayRuleRow[]> {
  if (organizationIds.length === 0) return [];
  return conn
    .selectFrom('stay_rules')
    .selectAll()
    .where('organization_id', 'in', [...organizationIds])
    .orderBy('id')
    .execute();
}

/** The stored rows of these rules, by id, whichever organization holds them. */
export async function stayRulesByIds(conn: Conn, ids: readonly number[]): Promise<Map<number, StayRuleRow>> {
  const rows = new Map<number, StayRuleRow>();
  for (let i = 0; i < ids.length; i += VALUES_PER_QUERY) {
    const found = await conn
      .selectFrom('stay_rules')
      .selectAll()
      .where('id', 'in', ids.slice(i, i + VALUES_PER_QUERY))
      .execute();
    for (const row of found) rows.set(row.id, row);
  }
  return rows;
}

export const stayRuleRecords: OwnedRecords<StayRuleRow> = {
  async organizationOf(conn, organizationIds, id) {
    if (organizationIds.length === 0) return undefined;
    const row = await conn
      .selectFrom('stay_rules')
      .select('organization_id')
      .where('organization_id', 'in', [...organizationIds])
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.organization_id;
  },
  readForUpdate(conn, organizationId, id) {
    const query = conn
      .selectFrom('stay_rules')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('id', '=', id);
    return forUpdate(conn, query).executeTakeFirst();
  },
};

export function insertStayRule(conn: Conn, values: Insertable<StayRuleTable>): Promise<StayRuleRow> {
  return conn.insertInto('stay_rules').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateStayRuleRow(conn: Conn, id: number, values: Updateable<StayRuleTable>): Promise<StayRuleRow> {
  return conn.updateTable('stay_rules').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteStayRuleRow(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('stay_rules').where('id', '=', id).execute();
}
