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

/** A hold of nights (migration 014's `night_holds`): what holds them, and which nights. */
export interface NightHold {
  accommodation: number;
  dateFrom: string;
  dateTo: string;
  /** `reservation`, `block`, or a holder of another kind. */
  kind?: string;
  id?: number;
}

/**
 * The two keys PostgreSQL names when `night_holds_no_overlap` refuses a row, from its message's
 * detail: `Key (accommodation_id, daterange(…))=(10, [2030-01-01,2030-01-03)) conflicts with existing
 * key (…)=(10, [2030-01-01,2030-01-02)).` Empty when the detail reads otherwise.
 */
export function overlapKeys(error: unknown): NightHold[] {
  const detail = (error as { detail?: unknown }).detail;
  if (typeof detail !== 'string') return [];
  return [...detail.matchAll(/=\((\d+), \[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})\)\)/g)].map((m) => ({
    accommodation: Number(m[1]),
    dateFrom: m[2] as string,
    dateTo: m[3] as string,
  }));
}

const described = (hold: NightHold) =>
  `${hold.kind === undefined ? 'a hold' : `${hold.kind} ${hold.id}`} (${hold.dateFrom} … ${hold.dateTo})`;

/**
 * A bulk load refused because two holds of one accommodation overlap (PostgreSQL's deferred check):
 * a conflict naming the accommodation and, where they could be read, the holds (`holds`, else the
 * nights of `keys`). Nothing of the load is stored.
 */
export function nightsHeldTwice(keys: readonly NightHold[], holds: readonly NightHold[]): AppError {
  const accommodation = keys[0]?.accommodation;
  if (accommodation === undefined)
    return new AppError('conflict', 'The load holds a night of an accommodation twice. Nothing was stored.');
  // In the order of their nights (PostgreSQL names the row it checked first, whichever that was).
  const named = [...(holds.length >= 2 ? holds : keys)].sort(
    (a, b) =>
      a.dateFrom.localeCompare(b.dateFrom) || (a.kind ?? '').localeCompare(b.kind ?? '') || (a.id ?? 0) - (b.id ?? 0),
  );
  return new AppError(
    'conflict',
    `The load holds nights of accommodation ${accommodation} twice: ${named.map(described).join(' and ')}. Nothing was stored.`,
    {
      extensions: {
        accommodation,
        heldBy: named.flatMap((h) => (h.kind === undefined ? [] : [{ kind: h.kind, id: h.id }])),
      },
    },
  );
}
