import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, StayRuleRow, StayRuleTable } from '../../db/schema.js';
import { ownedRecords } from '../../db/owned-rows.js';
import { settingsSet, STAY_RULE_FIELDS, type StayRule, type StayRuleSettings } from './stay-rules.js';
import type { StayRuleRecord } from './stay-rules.schemas.js';

type Conn = Kysely<Database>;

/** The fields a rule sets, as stored: only those it sets. */
export function settingsJson(settings: StayRuleSettings): string {
  return JSON.stringify(settingsSet(settings));
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

/** The organization's rules by id; with `arrival`, only those that apply to stays arriving that day. */
export function listStayRuleRows(conn: Conn, organizationId: number, arrival?: string): Promise<StayRuleRow[]> {
  let query = conn.selectFrom('stay_rules').selectAll().where('organization_id', '=', organizationId);
  if (arrival !== undefined) query = query.where('date_from', '<=', arrival).where('date_to', '>=', arrival);
  return query.orderBy('id').execute();
}

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

export const stayRuleRecords = ownedRecords('stay_rules');

export function insertStayRule(conn: Conn, values: Insertable<StayRuleTable>): Promise<StayRuleRow> {
  return conn.insertInto('stay_rules').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateStayRuleRow(conn: Conn, id: number, values: Updateable<StayRuleTable>): Promise<StayRuleRow> {
  return conn.updateTable('stay_rules').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteStayRuleRow(conn: Conn, id: number): Promise<void> {
  await conn.deleteFrom('stay_rules').where('id', '=', id).execute();
}
