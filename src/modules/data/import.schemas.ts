import { type Static, type TProperties, Type } from 'typebox';
import { TITLE_MAX, UNIT_TYPE_MAX } from '../accommodations/accommodations.schemas.js';
import { CalendarDate, Currency, InputTimestamp, RecordId, inputText, int32 } from '../../shared/schemas.js';
import { inputProperties } from '../../db/json-fields.js';
import { SUMMARY } from '../reservations/summary-fields.js';
import { TEXT_MAX } from '../reservations/text-limits.js';
import { SCOPES, USERNAME_PATTERN } from '../credentials/credentials.service.js';
import { PASSWORD_HASH_PATTERN } from '../credentials/password.js';
import { KEY_HASH_PATTERN, KEY_PREFIX_PATTERN } from '../credentials/api-key.js';
import { BLOCK_KINDS, CreateBlockBody } from '../blocks/blocks.schemas.js';
import { CreateStayRuleBody } from '../availability/stay-rules.schemas.js';
import { AgeGroupKind, DESCRIPTION_MAX, DiscountKind, PriceComponentKind, SupplementKind } from '../prices/prices.schemas.js';
import { LINE_KINDS } from '../prices/quotes.schemas.js';
import { FORMATTED_AMOUNT_PATTERN } from '../../shared/money.js';
import { GuestFieldsSchema } from '../guests/guests.schemas.js';

/**
 * The document `booking import` reads: SPEC §2 field names (§13 for blocks and stay rules). Ids, statuses and
 * timestamps may be given (an export from another system keeps them) or left out (they are generated).
 * Unknown fields are refused, so a typo cannot silently drop data.
 */
// Stored as 32-bit integers in both dialects: the API's bounds.
const Id = RecordId;
const Count = int32();
const DateText = CalendarDate;
const TimestampText = InputTimestamp;
const strict = { additionalProperties: false } as const;

export const ImportOrganization = Type.Object(
  {
    id: Type.Optional(Id),
    name: inputText({ minLength: 1, maxLength: TITLE_MAX }),
    timezone: inputText({ minLength: 1, maxLength: 64 }),
    /** Every amount of its prices is in it (SPEC §14): EUR for a new organization without one. */
    currency: Type.Optional(Currency),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
  },
  strict,
);

export const ImportAccommodation = Type.Object(
  {
    id: Type.Optional(Id),
    organization: Id,
    title: inputText({ minLength: 1, maxLength: TITLE_MAX }),
    type: inputText({ minLength: 1, maxLength: UNIT_TYPE_MAX }),
    maxPersons: Count,
    bedrooms: Type.Optional(Type.Union([Count, Type.Null()])),
    active: Type.Optional(Type.Boolean()),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
  },
  strict,
);

/**
 * An order line a reservation keeps (SPEC §15: placed through the original's booking flow), as
 * `GET /api/reservations/{id}/order-lines` shows it. Amounts are signed (a discount is negative).
 */
export const ImportOrderLine = Type.Object(
  {
    description: inputText({ minLength: 1, maxLength: DESCRIPTION_MAX }),
    kind: Type.Enum(LINE_KINDS),
    quantity: int32({ maximum: 1_000_000 }),
    unitAmount: Type.String({ pattern: FORMATTED_AMOUNT_PATTERN, maxLength: 17 }),
    amount: Type.String({ pattern: FORMATTED_AMOUNT_PATTERN, maxLength: 17 }),
  },
  strict,
);
export type ImportOrderLine = Static<typeof ImportOrderLine>;

/** A reservation as the summary shows it (summary-fields.ts names its fields and how each is read back), with its order lines. */
export const ImportReservation = Type.Object(
  inputProperties(SUMMARY.fields, {
    // Given, they replace the reservation's order lines; left out, the stored ones stay.
    orderLines: Type.Optional(Type.Array(ImportOrderLine, { maxItems: 1000 })),
  }),
  strict,
);

/**
 * A guest (SPEC §15) as the API shows it and `booking dump` writes it: its personal fields, with its
 * id, organization and timestamps. An erased guest (`erased` set) carries no personal field.
 */
export const ImportGuest = Type.Object(
  {
    id: Type.Optional(Id),
    organization: Id,
    ...GuestFieldsSchema.properties,
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
    erased: Type.Optional(Type.Union([TimestampText, Type.Null()])),
  },
  strict,
);

/**
 * A block (SPEC §13) as the API shows it and `booking dump` writes it: the fields a POST takes, with
 * its id, organization, timestamps, and the kind and calendar that only a subscribed calendar (§16)
 * sets. Its nights are checked against every other hold of the accommodation, in the file and stored.
 */
export const ImportBlock = Type.Object(
  {
    id: Type.Optional(Id),
    ...CreateBlockBody.properties,
    organization: Id,
    kind: Type.Enum(BLOCK_KINDS),
    calendar: Type.Optional(Type.Union([Id, Type.Null()])),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
  },
  strict,
);

/**
 * A stay rule (SPEC §13) as the API shows it and `booking dump` writes it: the fields a POST takes
 * (a setting that is null or absent is not set by the rule), with its id, organization and timestamps.
 */
export const ImportStayRule = Type.Object(
  {
    id: Type.Optional(Id),
    ...CreateStayRuleBody.properties,
    organization: Id,
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
  },
  strict,
);

/**
 * A price record (SPEC §14) as the API shows it and `booking dump` writes it: the fields a POST of
 * its kind takes (prices.schemas.ts), with its id, organization and timestamps. Age groups, price
 * components, supplements and discount specifications share one table, so their ids are one range.
 */
function importPriceRecord<P extends TProperties>(properties: P) {
  // A file names every record's organization: it has no caller whose organization it could take.
  const { organization: _, ...fields } = properties;
  return Type.Object(
    {
      id: Type.Optional(Id),
      ...fields,
      organization: Id,
      created: Type.Optional(TimestampText),
      modified: Type.Optional(TimestampText),
    },
    strict,
  );
}
export const ImportAgeGroup = importPriceRecord(AgeGroupKind.create.properties);
export const ImportPriceComponent = importPriceRecord(PriceComponentKind.create.properties);
export const ImportSupplement = importPriceRecord(SupplementKind.create.properties);
export const ImportDiscount = importPriceRecord(DiscountKind.create.properties);

/**
 * A credential as `booking dump` writes it: hashes only, since no secret is stored in clear. An
 * API key has `keyPrefix` and `keyHash`; a Basic credential `username` and `passwordHash` (the
 * pairing is checked beside the other rules a schema cannot state).
 */
export const ImportCredential = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.Optional(inputText({ maxLength: TEXT_MAX })),
    type: Type.Union([Type.Literal('api-key'), Type.Literal('basic')]),
    keyPrefix: Type.Optional(Type.String({ pattern: KEY_PREFIX_PATTERN.source })),
    keyHash: Type.Optional(Type.String({ pattern: KEY_HASH_PATTERN.source })),
    username: Type.Optional(Type.String({ pattern: USERNAME_PATTERN.source })),
    passwordHash: Type.Optional(Type.String({ pattern: PASSWORD_HASH_PATTERN.source, maxLength: 256 })),
    scopes: Type.Array(Type.Enum(SCOPES), { minItems: 1, uniqueItems: true }),
    organizations: Type.Array(Id, { minItems: 1, uniqueItems: true }),
    compatibilityDate: Type.Optional(Type.Union([DateText, Type.Null()])),
    created: Type.Optional(TimestampText),
    lastUsed: Type.Optional(Type.Union([TimestampText, Type.Null()])),
    revoked: Type.Optional(Type.Union([TimestampText, Type.Null()])),
  },
  strict,
);

/**
 * A subscribed calendar (SPEC §16) as `booking dump` writes it, with what its last fetches read:
 * each event of the feed by UID, with the block it became or what it conflicts with here, so the
 * first fetch after a move finds the stays it already knows (neither new blocks nor false conflicts).
 * Its id is required: external blocks name it.
 */
export const ImportCalendarEvent = Type.Object(
  {
    uid: inputText({ minLength: 1, maxLength: 1_000 }),
    dateFrom: DateText,
    dateTo: DateText,
    block: Type.Union([Id, Type.Null()]),
    heldBy: Type.Union([
      Type.Object({ kind: Type.Union([Type.Literal('reservation'), Type.Literal('block'), Type.Literal('draft')]), id: Id }, strict),
      Type.Null(),
    ]),
    missing: int32({ minimum: 0, maximum: 1 }),
  },
  strict,
);
export const ImportCalendar = Type.Object(
  {
    id: Id,
    organization: Id,
    accommodation: Id,
    name: inputText({ minLength: 1, maxLength: 100 }),
    url: inputText({ minLength: 1, maxLength: 2_000 }),
    created: Type.Optional(TimestampText),
    modified: Type.Optional(TimestampText),
    events: Type.Optional(Type.Array(ImportCalendarEvent, { maxItems: 100_000 })),
  },
  strict,
);

/**
 * An accommodation's export feed (SPEC §16) by its token's SHA-256, never the token: after a move
 * the channels go on reading the same address, and no dump holds a secret that opens it.
 */
export const ImportIcalFeed = Type.Object(
  {
    accommodation: Id,
    organization: Id,
    tokenHash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    created: Type.Optional(TimestampText),
  },
  strict,
);

const organizations = Type.Optional(Type.Array(ImportOrganization));
const accommodations = Type.Optional(Type.Array(ImportAccommodation));
const guests = Type.Optional(Type.Array(ImportGuest));
const blocks = Type.Optional(Type.Array(ImportBlock));
const calendars = Type.Optional(Type.Array(ImportCalendar));
const icalFeeds = Type.Optional(Type.Array(ImportIcalFeed));
const stayRules = Type.Optional(Type.Array(ImportStayRule));
const ageGroups = Type.Optional(Type.Array(ImportAgeGroup));
const priceComponents = Type.Optional(Type.Array(ImportPriceComponent));
const supplements = Type.Optional(Type.Array(ImportSupplement));
const discounts = Type.Optional(Type.Array(ImportDiscount));
const credentials = Type.Optional(Type.Array(ImportCredential));

/** The collections before and after the reservations, in the order `booking dump` writes them: what is referred to before what refers to it. */
const BEFORE_RESERVATIONS = { organizations, accommodations, guests };
const AFTER_RESERVATIONS = {
  blocks,
  calendars,
  icalFeeds,
  stayRules,
  ageGroups,
  priceComponents,
  supplements,
  discounts,
  credentials,
};

export const ImportDocument = Type.Object(
  { ...BEFORE_RESERVATIONS, reservations: Type.Optional(Type.Array(ImportReservation)), ...AFTER_RESERVATIONS },
  strict,
);

/**
 * The document without its reservations: the import checks these few records with the schema as
 * it stands, and the many reservations one by one (import.fast-check.ts).
 */
export const ImportDocumentFrame = Type.Object({ ...BEFORE_RESERVATIONS, ...AFTER_RESERVATIONS }, strict);

export type ImportOrganization = Static<typeof ImportOrganization>;
export type ImportAccommodation = Static<typeof ImportAccommodation>;
export type ImportReservation = Static<typeof ImportReservation>;
export type ImportGuest = Static<typeof ImportGuest>;
export type ImportBlock = Static<typeof ImportBlock>;
export type ImportCalendar = Static<typeof ImportCalendar>;
export type ImportIcalFeed = Static<typeof ImportIcalFeed>;
export type ImportStayRule = Static<typeof ImportStayRule>;
export type ImportAgeGroup = Static<typeof ImportAgeGroup>;
export type ImportPriceComponent = Static<typeof ImportPriceComponent>;
export type ImportSupplement = Static<typeof ImportSupplement>;
export type ImportDiscount = Static<typeof ImportDiscount>;
export type ImportCredential = Static<typeof ImportCredential>;
export type ImportDocument = Static<typeof ImportDocument>;
/** A data set of records, as the demo and test generators build them (no blocks, rules or credentials). */
export type RecordsDocument = Required<Pick<ImportDocument, 'organizations' | 'accommodations' | 'reservations'>>;
