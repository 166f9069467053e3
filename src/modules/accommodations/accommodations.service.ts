import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { formatTimestamp, isCalendarDate, parseTimestamp, startOfDayInZone } from '../../shared/dates.js';
import { invalidInput } from '../../shared/errors.js';
import { findOrganization } from '../organizations/organizations.repository.js';
import { listAccommodations } from './accommodations.repository.js';
import type { Accommodation } from './accommodations.schemas.js';

/** `modifiedSince` is a calendar date or an instant; which one decides how it is compared. */
export type ModifiedSince = { date: string } | { instant: Date };

/** Pure and early: a malformed value is a 400, which must come before the 403 check (SPEC §6). */
export function parseModifiedSince(text: string): ModifiedSince {
  if (isCalendarDate(text)) return { date: text };
  const instant = parseTimestamp(text);
  if (instant) return { instant };
  throw invalidInput([
    { parameter: 'modifiedSince', message: 'must be a calendar date YYYY-MM-DD or an RFC 3339 timestamp' },
  ]);
}

/**
 * The lower bound to compare stored timestamps with: a date means the start of that day in the
 * organization's time zone; an instant is rounded up to the whole second, since stored timestamps
 * have whole seconds and "at or after 11.5 s" excludes 11 s.
 */
async function lowerBound(db: Kysely<Database>, organizationId: number, since: ModifiedSince): Promise<string> {
  if ('instant' in since) return formatTimestamp(new Date(Math.ceil(since.instant.getTime() / 1000) * 1000));
  const organization = await findOrganization(db, organizationId);
  return formatTimestamp(startOfDayInZone(since.date, organization?.timezone ?? 'UTC'));
}

export async function listAccommodationsOf(
  db: Kysely<Database>,
  organizationId: number,
  query: { modifiedSince?: ModifiedSince | undefined; includeInactive?: boolean | undefined },
): Promise<Accommodation[]> {
  const modifiedSince = query.modifiedSince && (await lowerBound(db, organizationId, query.modifiedSince));
  return listAccommodations(db, organizationId, { modifiedSince, includeInactive: query.includeInactive ?? false });
}
