import { AppError } from '../shared/errors.js';

/**
 * A write refused by a unique constraint is a conflict with data that exists (409), whichever way
 * it arrived: an API write, the import or the CLI. Both dialects report the same constraint in
 * their own words; this names the parameter a client can change. Used by the one error path of
 * each front end (http/problem.ts, main.ts).
 */

interface UniqueRule {
  /** PostgreSQL's constraint name, and SQLite's column list as its message names it. */
  postgres: string;
  sqlite: string;
  parameter: string;
  message: string;
}

const UNIQUE_RULES: readonly UniqueRule[] = [
  {
    postgres: 'reservations_org_number',
    sqlite: 'reservations.organization_id, reservations.reservation_number',
    parameter: 'reservationNumber',
    message: 'is already the number of another reservation of this organization',
  },
  {
    postgres: 'credentials_username_key',
    sqlite: 'credentials.username',
    parameter: 'username',
    message: 'is already taken',
  },
];

export function uniqueViolation(error: unknown): AppError | undefined {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  let rule: UniqueRule | undefined;
  if (e.code === '23505') rule = UNIQUE_RULES.find((r) => r.postgres === e.constraint);
  else if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string') {
    const columns = e.message.replace(/^UNIQUE constraint failed: /, '');
    rule = UNIQUE_RULES.find((r) => r.sqlite === columns);
  } else return undefined;
  if (!rule) return new AppError('conflict', 'The change conflicts with a record that already exists.');
  // `errors` is for 400s (SPEC §6); a conflict names its field as an extension member.
  return new AppError('conflict', `${rule.parameter} ${rule.message}.`, { extensions: { parameter: rule.parameter } });
}
