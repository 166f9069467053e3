import { Type } from 'typebox';
import { formatClampedTimestamp, isCalendarDate, LAST_INSTANT_MS, parseTimestamp, startOfDayInZone } from './dates.js';
import { invalidInput } from './errors.js';
import { YEAR_PATTERN } from './schemas.js';

/**
 * The `modifiedSince` filter of the lists (SPEC §4.1, §4.2) and its other name `modifiedDateFrom`,
 * the one the original service's published client sends: one rule for accommodations and summaries.
 */

const DESCRIPTION =
  "Only records modified at or after this date (start of the day in the organization's time zone) or RFC 3339 timestamp";

/** A calendar date or an RFC 3339 timestamp: the shape, reported with the other parameters (validity in `modifiedSinceOf`). */
export const DATE_OR_TIMESTAMP_PATTERN = `${YEAR_PATTERN}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|z|[+-]\\d{2}:\\d{2}))?$`;

const ModifiedSinceText = Type.String({
  maxLength: 40,
  pattern: DATE_OR_TIMESTAMP_PATTERN,
  description: DESCRIPTION,
  examples: ['2025-01-01', '2025-01-20T14:03:11Z'],
});

/** The two query parameters, to spread into a list's query schema. */
export const ModifiedSinceParameters = {
  modifiedSince: Type.Optional(ModifiedSinceText),
  modifiedDateFrom: Type.Optional({
    ...ModifiedSinceText,
    description: `Another name of modifiedSince (the original service's clients send it); naming both is a 400. ${DESCRIPTION}`,
  }),
};

/** `modifiedSince` is a calendar date or an instant; which one decides how it is compared. */
export type ModifiedSince = { date: string } | { instant: Date };

/**
 * The filter of a list request, under either of its names. Pure and early: a malformed value, or
 * both names at once, is a 400, which must come before the 403 check (SPEC §6).
 */
export function modifiedSinceOf(query: {
  modifiedSince?: string;
  modifiedDateFrom?: string;
}): ModifiedSince | undefined {
  const { modifiedSince, modifiedDateFrom } = query;
  if (modifiedSince !== undefined && modifiedDateFrom !== undefined) {
    const message = 'is another name of the same filter: give modifiedSince or modifiedDateFrom, not both';
    throw invalidInput([
      { parameter: 'modifiedSince', message },
      { parameter: 'modifiedDateFrom', message },
    ]);
  }
  if (modifiedSince !== undefined) return parseModifiedSince('modifiedSince', modifiedSince);
  if (modifiedDateFrom !== undefined) return parseModifiedSince('modifiedDateFrom', modifiedDateFrom);
  return undefined;
}

function parseModifiedSince(parameter: string, text: string): ModifiedSince {
  if (isCalendarDate(text)) return { date: text };
  const instant = parseTimestamp(text);
  if (instant) return { instant };
  throw invalidInput([{ parameter, message: 'must be a calendar date YYYY-MM-DD or an RFC 3339 timestamp' }]);
}

/**
 * The lower bound to compare stored `modified` timestamps with: a date means the start of that day
 * in the organization's time zone; an instant is rounded up to the whole second, since stored
 * timestamps have whole seconds and "at or after 11.5 s" excludes 11 s. Null when it lies after the
 * last instant a timestamp can hold: nothing was modified then.
 */
export function modifiedLowerBound(timeZone: string, since: ModifiedSince): string | null {
  if ('date' in since) return formatClampedTimestamp(startOfDayInZone(since.date, timeZone).getTime());
  const ms = Math.ceil(since.instant.getTime() / 1000) * 1000;
  return ms > LAST_INSTANT_MS ? null : formatClampedTimestamp(ms);
}
