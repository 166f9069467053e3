import { type Static, Type } from 'typebox';
import { CalendarDate, Currency, FormattedMoney, OrganizationId, RecordId, int32, ref } from '../../shared/schemas.js';
import { SEARCH_REASONS } from '../availability/availability.schemas.js';
import { DESCRIPTION_MAX, MAX_QUANTITY } from './prices.schemas.js';

/** The quote and the original's quotations (SPEC §14), as they are asked for and answered. */

const Persons = int32({ maximum: MAX_QUANTITY });
const QUANTITIES_PATTERN = '^[1-9]\\d{0,9}:\\d{1,4}(,[1-9]\\d{0,9}:\\d{1,4})*$';

/** Who stays and what they choose: the same parameters for a quote and for quotations. */
const PartyParameters = {
  adults: Type.Optional({ ...Persons, minimum: 1 }),
  children: Type.Optional(Persons),
  babies: Type.Optional(Persons),
  ageGroups: Type.Optional(
    Type.String({
      pattern: QUANTITIES_PATTERN,
      maxLength: 1000,
      description: 'Persons by age group specification, `ID:N,…`; replaces adults, children and babies',
      examples: ['1:2,2:1'],
    }),
  ),
  supplements: Type.Optional(
    Type.String({
      pattern: QUANTITIES_PATTERN,
      maxLength: 1000,
      description: 'Chosen supplements, `ID:N,…` (at most each one’s maxQuantity); required ones need not be named',
      examples: ['7:1'],
    }),
  ),
};

export const QuoteQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  accommodation: { ...RecordId, description: 'Accommodation id' },
  dateFrom: { ...CalendarDate, description: 'Arrival day' },
  dateTo: { ...CalendarDate, description: 'Departure day' },
  ...PartyParameters,
});
export type QuoteQuery = Static<typeof QuoteQuery>;

export const LINE_KINDS = ['rent', 'discount', 'fee', 'supplement', 'tax'] as const;

export const OrderLineSchema = Type.Object(
  {
    description: Type.String({ maxLength: DESCRIPTION_MAX }),
    kind: Type.Enum(LINE_KINDS),
    quantity: int32({ description: 'Nights, persons, person-nights or units, as the basis counts' }),
    unitAmount: FormattedMoney,
    amount: { ...FormattedMoney, description: 'quantity × unitAmount, exactly' },
  },
  { $id: 'OrderLine', additionalProperties: false, description: 'One priced line of a quote (SPEC §14)' },
);

export const QuoteSchema = Type.Object(
  {
    accommodation: RecordId,
    dateFrom: CalendarDate,
    dateTo: CalendarDate,
    nights: int32(),
    bookable: Type.Boolean(),
    reasons: Type.Array(Type.Enum(SEARCH_REASONS), {
      maxItems: SEARCH_REASONS.length,
      description: 'Every reason the stay cannot be sold (SPEC §13)',
    }),
    orderLines: Type.Array(ref(OrderLineSchema), {
      maxItems: 10_000,
      description: 'Rent, discount, fees and supplements, taxes',
    }),
    orderLinesTotal: Type.Union([FormattedMoney, Type.Null()], {
      description: 'The sum of the lines; null when a night has no price (`no-price`)',
    }),
    currency: Currency,
  },
  { $id: 'Quote', additionalProperties: false, description: 'The priced order lines of a stay (SPEC §14)' },
);
export type QuoteBody = Static<typeof QuoteSchema>;

export const QuotationsQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  dateFrom: { ...CalendarDate, description: 'First day of the window' },
  dateTo: { ...CalendarDate, description: 'Last day of the window (at most 62 days after dateFrom)' },
  ...PartyParameters,
});
export type QuotationsQuery = Static<typeof QuotationsQuery>;

export const QuotationSchema = Type.Object(
  {
    dateFrom: { ...CalendarDate, description: 'Arrival day' },
    dateTo: { ...CalendarDate, description: 'Departure day' },
    nights: int32({ minimum: 1 }),
    orderLinesTotal: FormattedMoney,
    currency: Currency,
  },
  {
    $id: 'Quotation',
    additionalProperties: false,
    description: 'One sellable stay and its price, as the original service lists them (SPEC §14)',
  },
);
export type QuotationBody = Static<typeof QuotationSchema>;

export const MAX_QUOTATIONS = (62 * 63) / 2;
