import type { AvailabilityReason, StayWarning } from '../../../client/index.js';
import { href } from '../router.js';

/**
 * The stay rules a stay breaks (SPEC §13), said for the clerk. The service decides which rules a
 * stay breaks — the availability search before saving, the POST's `warnings` after — and the
 * console only words them: it keeps no second copy of the rules.
 */

export type RuleReason = StayWarning['rule'];

const RULE_LABEL: Record<RuleReason, string> = {
  'min-nights': 'Shorter than the minimum stay',
  'max-nights': 'Longer than the maximum stay',
  'arrival-day': 'Arrival weekday not allowed',
  'departure-day': 'Departure weekday not allowed',
  'closed-to-arrival': 'Closed to arrival on that date',
  'closed-to-departure': 'Closed to departure on that date',
  'too-soon': 'Too close to arrival to sell',
  'too-far': 'Too far ahead to sell',
  'not-bookable': 'Not for sale in this period',
};

export function isRuleReason(reason: AvailabilityReason): reason is RuleReason {
  return reason in RULE_LABEL;
}

export function ruleLabel(reason: RuleReason): string {
  return RULE_LABEL[reason];
}

/** The broken rules as a list: labels alone (from the search), or with the service's details (from the POST). */
export function RuleBreaks({
  reasons,
  warnings,
  admin,
}: {
  reasons?: readonly RuleReason[];
  warnings?: readonly StayWarning[];
  admin: boolean;
}) {
  const items: StayWarning[] = warnings ? [...warnings] : (reasons ?? []).map((rule) => ({ rule, detail: '' }));
  return (
    <>
      <ul class="rule-breaks" data-testid="rule-breaks">
        {items.map((item) => (
          <li key={item.rule} data-testid="rule-break" data-rule={item.rule}>
            <strong>{RULE_LABEL[item.rule]}</strong>
            {item.detail ? `: ${item.detail}` : ''}
          </li>
        ))}
      </ul>
      {admin && (
        <p class="hint">
          The rules are under <a href={href('settings')}>Settings → Stay rules</a>.
        </p>
      )}
    </>
  );
}
