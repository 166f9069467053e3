import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { formatTimestamp, isCalendarDate, parseTimestamp, startOfDayInZone } from '../../shared/dates.js';
import { invalidInput } from '../../shared/errors.js';
import { type JsonBody, jsonBody } from '../../http/etag.js';
import { VersionedCache } from '../../shared/versioned-cache.js';
import { organizationState } from '../organizations/organizations.repository.js';
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
function lowerBound(timeZone: string, since: ModifiedSince): string {
  if ('instant' in since) return formatTimestamp(new Date(Math.ceil(since.instant.getTime() / 1000) * 1000));
  return formatTimestamp(startOfDayInZone(since.date, timeZone));
}

/** Serialized lists per query, valid while the organization is unchanged; bounded in bytes. */
export function createAccommodationListCache(): VersionedCache<JsonBody> {
  return new VersionedCache<JsonBody>({
    maxEntries: 1_000,
    maxWeight: 32 * 2 ** 20,
    weigh: (body) => body.bytes.byteLength,
  });
}

/** The serialized list of a request; `serialize` is the route's response serializer. */
export async function listAccommodationsOf(
  db: Kysely<Database>,
  organizationId: number,
  query: { modifiedSince?: ModifiedSince | undefined; includeInactive?: boolean | undefined },
  cache: VersionedCache<JsonBody>,
  serialize: (accommodations: Accommodation[]) => string,
): Promise<JsonBody> {
  // Read the change counter before the data: a body cached under it is then never older than it.
  const organization = await organizationState(db, organizationId);
  const version = organization?.version ?? -1;
  const modifiedSince = query.modifiedSince && lowerBound(organization?.timezone ?? 'UTC', query.modifiedSince);
  const includeInactive = query.includeInactive ?? false;
  const key = JSON.stringify([organizationId, modifiedSince ?? null, includeInactive]);
  return cache.getOrLoad(key, version, async () =>
    jsonBody(serialize(await listAccommodations(db, organizationId, { modifiedSince, includeInactive }))),
  );
}
