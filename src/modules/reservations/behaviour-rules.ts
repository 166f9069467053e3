/**
 * Dated behaviour changes (SPEC §4.5), kept as data: each entry says from which day a rule set
 * applies. The rules for a request are those in force on the credential's compatibility date, or
 * else on the request's own date, so a pinned credential keeps the behaviour it was built against.
 */

export type MaxPeriod = { kind: 'days'; days: number } | { kind: 'years'; years: number };

export interface SummaryRules {
  /** Whether a request naming neither `limit` nor `offset` is paginated (with limit 100, offset 0). */
  paginateByDefault: boolean;
  maxPeriod: MaxPeriod;
}

export interface BehaviourChange {
  /** First day on which `rules` apply, `YYYY-MM-DD`. */
  effective: string;
  announcement: string;
  rules: SummaryRules;
}

/** The rules before any announced change. */
export const ORIGINAL_RULES: SummaryRules = {
  paginateByDefault: false,
  maxPeriod: { kind: 'days', days: 31 },
};

/** Ordered by `effective`. */
export const BEHAVIOUR_CHANGES: readonly BehaviourChange[] = [
  {
    effective: '2025-04-17',
    announcement: 'Reservation summaries: pagination defaults (limit 100, offset 0) and periods of up to one year',
    rules: { paginateByDefault: true, maxPeriod: { kind: 'years', years: 1 } },
  },
];

export function rulesInForce(date: string, changes: readonly BehaviourChange[] = BEHAVIOUR_CHANGES): SummaryRules {
  let rules = ORIGINAL_RULES;
  for (const change of changes) if (change.effective <= date) rules = change.rules;
  return rules;
}
