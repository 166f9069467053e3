import { type TNumberOptions, Type } from 'typebox';

/** Schemas shared by several modules; the response schemas double as the OpenAPI description. */

const INT32_MAX = 2_147_483_647;

/**
 * An integer as the database stores it (32 bits in both dialects). Format and bounds are stated
 * so that generated clients pick the right type and nothing unbounded reaches the parser.
 */
export function int32(options: TNumberOptions = {}) {
  return Type.Integer({ format: 'int32', minimum: 0, maximum: INT32_MAX, ...options });
}

/** A record id. */
export const RecordId = int32({ minimum: 1 });

/** Free text with the length limit the writes enforce (and import too, so every stored value fits). */
export function text(maxLength: number, description?: string) {
  return Type.String({ maxLength, ...(description ? { description } : {}) });
}

export const CalendarDate = Type.String({
  format: 'date',
  maxLength: 10,
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'Calendar date, YYYY-MM-DD',
  examples: ['2025-07-14'],
});

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
