/**
 * Rows in PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html,
 * "Text Format"): one line per row, columns separated by a tab, NULL as `\N`. Within a value a
 * backslash, a tab, a newline and a carriage return are written as backslash escapes; every other
 * character, multi-byte ones included, stands for itself.
 */

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyTextValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // A row's scalar: a number, a string, a bigint.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  const text = String(value);
  // Most values (ids, dates, amounts, names) need no escape: test before replacing.
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPES[c] as string) : text;
}

/** One COPY line (with its newline) for a row of values in column order. */
export function copyTextLine(row: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : '\t') + copyTextValue(row[i]);
  return `${line}\n`;
}
