/** Money travels as a decimal string with two decimals and is stored as integer minor units. */

const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "412.5" → 41250; undefined when the text is not a non-negative amount with at most two decimals. */
export function parseAmount(text: string): number | undefined {
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) return undefined;
  const [, units, decimals = ''] = match;
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** 41250 → "412.50" */
export function formatAmount(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
