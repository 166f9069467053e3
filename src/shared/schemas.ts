import { Type } from 'typebox';

/** Schemas shared by several modules; the response schemas double as the OpenAPI description. */

export const CalendarDate = Type.String({
  format: 'date',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'Calendar date, YYYY-MM-DD',
  examples: ['2025-07-14'],
});

export const Timestamp = Type.String({
  format: 'date-time',
  description: 'RFC 3339 UTC timestamp with whole seconds',
  examples: ['2025-01-20T14:03:11Z'],
});

export const OrganizationId = Type.Integer({
  minimum: 1,
  description: 'Organization id; may be omitted when the credential is bound to exactly one organization',
});

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    errors: Type.Optional(
      Type.Array(Type.Object({ parameter: Type.String(), message: Type.String() }), {
        description: 'Every broken parameter (400 only)',
      }),
    ),
  },
  { description: 'RFC 9457 problem details (application/problem+json)' },
);

/** `:id` path parameters: record ids are 32-bit in both dialects. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
