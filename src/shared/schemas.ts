import { type Static, type TNumberOptions, type TSchema, Type } from 'typebox';
import { AMOUNT_MAX_LENGTH, AMOUNT_PATTERN, FORMATTED_AMOUNT_PATTERN } from './money.js';

/**
 * Schemas shared by several modules; the response schemas double as the OpenAPI description.
 * Each rule is declared once here and used by the API and the import alike.
 */

/** The largest value of the database's integer columns (32 bits in both dialects). */
export const INT32_MAX = 2_147_483_647;

/**
 * An integer as the database stores it (32 bits in both dialects). Format and bounds are stated
 * so that generated clients pick the right type and nothing unbounded reaches the parser.
 */
export function int32(options: TNumberOptions = {}) {
  return Type.Integer({ format: 'int32', minimum: 0, maximum: INT32_MAX, ...options });
}

/** A record id. */
export const RecordId = int32({ minimum: 1 });

/** An amount in a request (a write or the import): the pattern `parseAmount` accepts (shared/money.ts). */
export const Money = Type.String({
  maxLength: AMOUNT_MAX_LENGTH,
  pattern: AMOUNT_PATTERN,
  description: 'decimal amount, e.g. 412.50',
  examples: ['412.50'],
});

/** An amount in a response: what `formatAmount` writes, always two decimals (sign, 13 digits, point, 2). */
export const FormattedMoney = Type.String({ maxLength: 17, pattern: FORMATTED_AMOUNT_PATTERN, examples: ['412.50'] });

/** An ISO 4217 currency code, in requests and responses. */
export const Currency = Type.String({
  pattern: '^[A-Z]{3}$',
  maxLength: 3,
  description: 'ISO 4217 code, e.g. EUR',
  examples: ['EUR'],
});

/** Free text with the length limit the writes enforce (and import too, so every stored value fits). */
export function text(maxLength: number, description?: string) {
  return Type.String({ maxLength, ...(description ? { description } : {}) });
}

/** No NUL character: PostgreSQL's text cannot hold one, so it is refused before any SQL (400). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** Text a client sends (a write or the import): bounded, and storable by both databases. */
export function inputText(options: { minLength?: number; maxLength: number; description?: string }) {
  return Type.String({ ...options, pattern: NO_NUL_PATTERN });
}

/**
 * `YYYY-MM-DD` in years 0001–9999: the range both databases and RFC 3339 share (PostgreSQL has no
 * year 0000; a year 10000 is no longer four digits). One range for every date parameter.
 */
export const YEAR_PATTERN = '^(?:000[1-9]|00[1-9]\\d|0[1-9]\\d{2}|[1-9]\\d{3})';
export const CALENDAR_DATE_PATTERN = `${YEAR_PATTERN}-\\d{2}-\\d{2}$`;

export const CalendarDate = Type.String({
  format: 'date',
  maxLength: 10,
  pattern: CALENDAR_DATE_PATTERN,
  description: 'Calendar date, YYYY-MM-DD',
  examples: ['2025-07-14'],
});

/** A timestamp a document read back may give (`booking import`): any RFC 3339 offset (stored in UTC), in the dates' years. */
export const InputTimestamp = Type.String({ format: 'date-time', pattern: `${YEAR_PATTERN}-`, maxLength: 40 });

export const Timestamp = Type.String({
  format: 'date-time',
  maxLength: 20,
  description: 'RFC 3339 UTC timestamp with whole seconds',
  examples: ['2025-01-20T14:03:11Z'],
});

export const OrganizationId = int32({
  minimum: 1,
  description: 'Organization id; may be omitted when the credential is bound to exactly one organization',
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: 'uri', maxLength: 100, examples: ['urn:booking-service:problem:invalid-input'] }),
    title: text(100, 'The HTTP status text'),
    status: int32({ minimum: 400, maximum: 599 }),
    detail: text(20_000, 'What went wrong, for a person to read'),
    errors: Type.Optional(
      Type.Array(
        Type.Object(
          { parameter: text(1_000, 'Name or path of the parameter, e.g. accommodation.id'), message: text(1_000) },
          { additionalProperties: false },
        ),
        // A 64 KiB body cannot name more unknown fields than this.
        { description: 'Every broken parameter (400 only)', maxItems: 16_384 },
      ),
    ),
  },
  {
    $id: 'Problem',
    description: 'RFC 9457 problem details (application/problem+json)',
    examples: [
      {
        type: 'urn:booking-service:problem:forbidden',
        title: 'Forbidden',
        status: 403,
        detail: 'This credential has no access to organization 7.',
      },
    ],
  },
);

/** `:id` path parameters: record ids are 32-bit in both dialects. */
export const IdParams = Type.Object({ id: RecordId });

/** A schema registered once (`app.addSchema`) and referred to by name: a named type in the document. */
export function ref<T extends TSchema>(schema: T) {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>(Type.Ref(id));
}
