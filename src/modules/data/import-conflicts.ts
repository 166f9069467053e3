import type { PriceRecordRow, StayRuleRow } from '../../db/schema.js';
import type { ParameterError } from '../../shared/errors.js';
import { conflictingRule, type StayRule, stayRuleOf } from '../availability/stay-rules.js';
import { toStayRule } from '../availability/stay-rules.repository.js';
import { MAX_STAY_RULES } from '../availability/stay-rules.schemas.js';
import { conflictingRent, type RentScope } from '../prices/price-checks.js';
import { PRICE_KINDS, type PriceRecord, type PriceRecordKind, toPriceRecord } from '../prices/price-records.js';
import { MAX_PRICE_RECORDS } from '../prices/prices.schemas.js';
import { type FilePriceRecord, PRICE_COLLECTIONS } from './import-document.js';
import type { ImportStayRule } from './import.schemas.js';

/**
 * Stay rules and price records as the API keeps them, checked on what a load leaves: the file's
 * records beside the stored ones they do not replace. Pure: the stored rows are read by the caller.
 */

/**
 * Stay rules as the API keeps them (SPEC §13): two rules of one scope whose arrival periods overlap
 * never set the same field, and an organization keeps at most MAX_STAY_RULES. Checked on what the
 * load leaves: the file's rules beside the stored ones it does not replace.
 */
export function stayRuleConflicts(
  rules: readonly ImportStayRule[],
  ruleIds: readonly (number | undefined)[],
  stored: readonly StayRuleRow[],
): ParameterError[] {
  const errors: ParameterError[] = [];
  const replaced = new Set(ruleIds.flatMap((id) => id ?? []));
  const labels = new Map<StayRule, string>();
  const kept = new Map<number, StayRule[]>();
  const keptOf = (organization: number) => {
    let list = kept.get(organization);
    if (!list) kept.set(organization, (list = []));
    return list;
  };
  for (const row of stored) {
    if (replaced.has(row.id)) continue;
    const rule = toStayRule(row);
    labels.set(rule, `stay rule ${row.id}`);
    keptOf(row.organization_id).push(rule);
  }
  rules.forEach((r, i) => {
    // A rule new to the database has no id yet: one that no stored rule has, for the comparison.
    const rule = stayRuleOf(r, ruleIds[i] ?? -1 - i);
    const others = keptOf(r.organization);
    const conflict = conflictingRule(others, rule);
    if (conflict) {
      const other = labels.get(conflict.rule) ?? 'another rule';
      errors.push({
        parameter: `stayRules[${i}]`,
        message: `sets ${conflict.field} for the same scope and overlapping arrival days as ${other}`,
      });
    }
    labels.set(rule, `stayRules[${i}]`);
    others.push(rule);
  });
  for (const [organization, list] of kept) {
    if (list.length > MAX_STAY_RULES)
      errors.push({
        parameter: 'stayRules',
        message: `organization ${organization} would keep ${list.length} stay rules, more than ${MAX_STAY_RULES}`,
      });
  }
  return errors;
}

/**
 * Price records as the API keeps them (SPEC §14), checked on what the load leaves (the file's beside
 * the stored ones it does not replace), per organization: no two rents of one scope and weekday set
 * over one night, every age group a component counts is one of the organization's, and at most
 * MAX_PRICE_RECORDS of each kind.
 */
export function priceConflicts(
  prices: readonly FilePriceRecord[],
  ids: readonly (number | undefined)[],
  stored: readonly PriceRecordRow[],
): ParameterError[] {
  const errors: ParameterError[] = [];
  const replaced = new Set(ids.flatMap((id) => id ?? []));
  const labels = new Map<RentScope, string>();
  const kept = new Map<number, { kind: PriceRecordKind; record: PriceRecord }[]>();
  const keptOf = (organization: number) => {
    let list = kept.get(organization);
    if (!list) kept.set(organization, (list = []));
    return list;
  };
  for (const row of stored) {
    if (replaced.has(row.id)) continue;
    const record = toPriceRecord(row);
    labels.set(record, `${PRICE_KINDS[row.record].noun} ${row.id}`);
    keptOf(row.organization_id).push({ kind: row.record, record });
  }
  // A record new to the database has no id yet: one that no stored record has, for the comparison.
  const files = prices.map((p, i) => ({ ...p, record: { ...p.fields, id: ids[i] ?? -1 - i } as PriceRecord }));
  for (const p of files) {
    const others = keptOf(p.record.organization);
    if (p.kind === 'component') {
      const conflict = conflictingRent(
        others.filter((o) => o.kind === 'component').map((o) => o.record),
        p.record,
      );
      if (conflict)
        errors.push({
          parameter: p.name,
          message: `is a rent of the same scope and weekdays as ${labels.get(conflict) ?? 'another one'} for a night of its period`,
        });
    }
    labels.set(p.record, p.name);
    others.push({ kind: p.kind, record: p.record });
  }
  for (const p of files) {
    if (!Array.isArray(p.record.ageGroups)) continue;
    const groups = new Set(
      (kept.get(p.record.organization) ?? []).flatMap((o) => (o.kind === 'age-group' ? [o.record.id] : [])),
    );
    const unknown = (p.record.ageGroups as number[]).filter((g) => !groups.has(g));
    if (unknown.length > 0)
      errors.push({
        parameter: `${p.name}.ageGroups`,
        message: `no age group specification ${unknown.join(', ')} in organization ${p.record.organization}`,
      });
  }
  for (const [organization, list] of kept) {
    for (const [collection, kind] of PRICE_COLLECTIONS) {
      const count = list.filter((o) => o.kind === kind).length;
      if (count > MAX_PRICE_RECORDS)
        errors.push({
          parameter: collection,
          message: `organization ${organization} would keep ${count} ${PRICE_KINDS[kind].noun}s, more than ${MAX_PRICE_RECORDS}`,
        });
    }
  }
  return errors;
}
