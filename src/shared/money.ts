/** Money travels as a decimal string with two decimals and is stored as integer minor units. */

/**
 * An amount as the writes and the import accept it: a non-negative decimal with at most 13 integer
 * digits and at most two decimals. The one declaration of the rule: `parseAmount` tests it here
 * and the `Money` schema (shared/schemas.ts) states it as its `pattern`.
 */
export const AMOUNT_PATTERN = '^\\d{1,13}(\\.\\d{1,2})?$';
/** The longest text AMOUNT_PATTERN matches: 13 digits, the point, 2 decimals. */
export const AMOUNT_MAX_LENGTH = 16;

/** An amount as `formatAmount` writes it (and the responses carry it): exactly two decimals, maybe negative. */
export const FORMATTED_AMOUNT_PATTERN = '^-?\\d+\\.\\d{2}$';

// 'u' as in JSON Schema validators (Ajv compiles `pattern` with it), so both read the text alike.
const amount = new RegExp(AMOUNT_PATTERN, 'u');

/** "412.5" → 41250; undefined when the text is not a non-negative amount with at most two decimals. */
export function parseAmount(text: string): number | undefined {
  if (!amount.test(text)) return undefined;
  const [units = '', decimals = ''] = text.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** 41250 → "412.50" */
// Printed the same way by SQL too: the `money` field kind (db/json-fields.ts).
export function formatAmount(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
