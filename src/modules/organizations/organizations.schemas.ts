import { type Static, Type } from 'typebox';
import { CalendarDate, Currency, RecordId, text } from '../../shared/schemas.js';
import { TITLE_MAX } from '../accommodations/accommodations.schemas.js';

/** The organizations a credential is bound to (SPEC §1), with the date it is there now. */
export const OrganizationSchema = Type.Object(
  {
    id: RecordId,
    name: text(TITLE_MAX),
    timezone: text(64, 'IANA time zone, e.g. Europe/Amsterdam'),
    today: { ...CalendarDate, description: 'The current calendar date in the organization’s time zone' },
    currency: { ...Currency, description: 'Every amount of its prices is in it (SPEC §14)' },
  },
  {
    $id: 'Organization',
    additionalProperties: false,
    description: 'An organization the credential is bound to (SPEC §1)',
    examples: [
      { id: 1, name: 'Duinhoeve Holiday Park', timezone: 'Europe/Amsterdam', today: '2025-07-14', currency: 'EUR' },
    ],
  },
);
export type Organization = Static<typeof OrganizationSchema>;
