import type { Kysely } from 'kysely';
import type { Database, StayRuleRow } from '../../db/schema.js';
import type { WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { formatTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput, type ParameterError } from '../../shared/errors.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import { type LockedOrganization, lockRecordForChange } from '../organizations/organizations.service.js';
import { conflictingRule, STAY_RULE_FIELDS, type StayRule, stayRuleOf } from './stay-rules.js';
import {
  deleteStayRuleRow,
  insertStayRule,
  listStayRuleRows,
  settingsJson,
  stayRuleRecords,
  toStayRule,
  toStayRuleRecord,
  updateStayRuleRow,
} from './stay-rules.repository.js';
import {
  type CreateStayRuleBody,
  MAX_STAY_RULES,
  type StayRuleRecord,
  type UpdateStayRuleBody,
} from './stay-rules.schemas.js';

/**
 * An organization's stay rules (SPEC §13), changed by admins. Each write locks the organization
 * first, so two writes of rules that would overlap cannot both pass the overlap check; the lock also
 * moves the organization's change counter, so every cached availability answer is dropped.
 */

type Conn = Kysely<Database>;

function notFound(id: number): AppError {
  return new AppError('not-found', `No stay rule ${id}.`);
}

/**
 * The problems of a rule as it would be stored; the same for a new rule, a changed one and one
 * `booking import` loads.
 */
export function stayRuleProblems(rule: StayRule): ParameterError[] {
  const problems: ParameterError[] = [];
  if (rule.dateTo < rule.dateFrom) problems.push({ parameter: 'dateTo', message: 'must not be before dateFrom' });
  if (rule.accommodation != null && rule.type != null) {
    problems.push({ parameter: 'type', message: 'a rule is for one accommodation or for a type, not both' });
  }
  if (STAY_RULE_FIELDS.every((field) => rule[field] == null)) {
    problems.push({
      parameter: 'minNights',
      message: 'a rule must set at least one of ' + STAY_RULE_FIELDS.join(', '),
    });
  }
  if (rule.minNights != null && rule.maxNights != null && rule.maxNights < rule.minNights) {
    problems.push({ parameter: 'maxNights', message: 'must not be below minNights' });
  }
  if (
    rule.minDaysBeforeArrival != null &&
    rule.maxDaysBeforeArrival != null &&
    rule.maxDaysBeforeArrival < rule.minDaysBeforeArrival
  ) {
    problems.push({ parameter: 'maxDaysBeforeArrival', message: 'must not be below minDaysBeforeArrival' });
  }
  return problems;
}

/** Checks the rule against the organization's others, under its lock; 400 or 409 when it may not be stored. */
async function checkRule(trx: Conn, organizationId: number, rule: StayRule): Promise<void> {
  const problems = stayRuleProblems(rule);
  if (problems.length > 0) throw invalidInput(problems);
  if (rule.accommodation != null && !(await findAccommodationRow(trx, [organizationId], rule.accommodation))) {
    throw invalidInput([{ parameter: 'accommodation', message: 'no such accommodation in this organization' }]);
  }
  const stored = (await listStayRuleRows(trx, organizationId)).map(toStayRule);
  if (rule.id === 0 && stored.length >= MAX_STAY_RULES) {
    throw new AppError('conflict', `An organization keeps at most ${MAX_STAY_RULES} stay rules.`);
  }
  const conflict = conflictingRule(stored, rule);
  if (conflict) {
    throw new AppError(
      'conflict',
      `Stay rule ${conflict.rule.id} already sets ${conflict.field} for the same scope and overlapping arrival days.`,
      { extensions: { conflictingRule: conflict.rule.id, field: conflict.field } },
    );
  }
}

export async function stayRulesOf(conn: Conn, organizationId: number): Promise<StayRuleRecord[]> {
  return (await listStayRuleRows(conn, organizationId)).map(toStayRuleRecord);
}

export async function createStayRule(
  trx: WriteTransaction,
  clock: Clock,
  organization: LockedOrganization,
  body: CreateStayRuleBody,
): Promise<StayRuleRecord> {
  const organizationId = organization.id;
  const rule = stayRuleOf(body, 0);
  await checkRule(trx, organizationId, rule);
  const now = formatTimestamp(clock());
  const row = await insertStayRule(trx, {
    organization_id: organizationId,
    accommodation_id: rule.accommodation ?? null,
    type: rule.type ?? null,
    date_from: rule.dateFrom,
    date_to: rule.dateTo,
    settings: settingsJson(rule),
    created: now,
    modified: now,
  });
  return toStayRuleRecord(row);
}

async function lockRule(trx: WriteTransaction, organizationIds: readonly number[], id: number): Promise<StayRuleRow> {
  const row = await lockRecordForChange(trx, stayRuleRecords, organizationIds, id);
  if (!row) throw notFound(id);
  return row;
}

/** PATCH: the fields given change; a setting given as null is no longer set by this rule. */
export async function updateStayRule(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  changes: UpdateStayRuleBody,
): Promise<StayRuleRecord> {
  const row = await lockRule(trx, organizationIds, id);
  const stored = toStayRule(row);
  const rule: StayRule = { ...stored };
  for (const field of STAY_RULE_FIELDS) {
    if (changes[field] === null) delete rule[field];
    else if (changes[field] !== undefined) (rule as unknown as Record<string, unknown>)[field] = changes[field];
  }
  if (changes.accommodation !== undefined) rule.accommodation = changes.accommodation;
  if (changes.type !== undefined) rule.type = changes.type;
  rule.dateFrom = changes.dateFrom ?? rule.dateFrom;
  rule.dateTo = changes.dateTo ?? rule.dateTo;
  await checkRule(trx, row.organization_id, rule);
  const updated = await updateStayRuleRow(trx, id, {
    accommodation_id: rule.accommodation ?? null,
    type: rule.type ?? null,
    date_from: rule.dateFrom,
    date_to: rule.dateTo,
    settings: settingsJson(rule),
    modified: formatTimestamp(clock()),
    version: row.version + 1,
  });
  return toStayRuleRecord(updated);
}

export async function deleteStayRule(
  trx: WriteTransaction,
  organizationIds: readonly number[],
  id: number,
): Promise<StayRuleRecord> {
  const row = await lockRule(trx, organizationIds, id);
  await deleteStayRuleRow(trx, id);
  return toStayRuleRecord(row);
}
