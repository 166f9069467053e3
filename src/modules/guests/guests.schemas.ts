import { type Static, type TSchema, type TString, Type } from 'typebox';
import { ModifiedSinceParameters } from '../../shared/modified-since.js';
import { int32, inputText, OrganizationId, RecordId, Timestamp } from '../../shared/schemas.js';

/**
 * A guest (SPEC §15): the one owner of a guest's personal data. Its personal fields are declared
 * once, in `GUEST_FIELDS` (API name → column and limit); the record, the place step's `guest`, the
 * corrections of PATCH, the store's columns and erasure are all made from that table.
 */

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The longest e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/** The personal fields of a guest, in the order the record shows them: API name, column, most characters. */
export const GUEST_FIELDS = [
  { field: 'firstName', column: 'first_name', max: 100 },
  { field: 'surname', column: 'surname', max: 100 },
  { field: 'email', column: 'email', max: EMAIL_MAX },
  { field: 'phoneNumber', column: 'phone_number', max: 50 },
  { field: 'address', column: 'address', max: 200 },
  { field: 'addressNo', column: 'address_no', max: 20 },
  { field: 'postalCode', column: 'postal_code', max: 20 },
  { field: 'locality', column: 'locality', max: 100 },
  { field: 'country', column: 'country', max: 100 },
  { field: 'locale', column: 'locale', max: 35 },
] as const;

/** An e-mail address: something before and after one `@`, no white space. Deliverability is not checked. */
const EMAIL_PATTERN = '^[^\\s@\\u0000]+@[^\\s@\\u0000]+$';

const descriptions: Record<(typeof GUEST_FIELDS)[number]['field'], string> = {
  firstName: 'First name',
  surname: 'Surname',
  email: 'E-mail address; the organization finds a returning guest by it (case does not matter)',
  phoneNumber: 'Phone number, as given',
  address: 'Street',
  addressNo: 'House number',
  postalCode: 'Postal code',
  locality: 'Town or city',
  country: 'Country, as given (e.g. NL or Netherlands)',
  locale: 'Language for correspondence, e.g. nl or en-GB',
};

const inputSchema = (field: (typeof GUEST_FIELDS)[number]): TString =>
  field.field === 'email'
    ? Type.String({ maxLength: field.max, pattern: EMAIL_PATTERN, description: descriptions.email })
    : inputText({ maxLength: field.max, description: descriptions[field.field] });

const fieldSchemas = <S extends TSchema>(make: (f: (typeof GUEST_FIELDS)[number]) => S) =>
  Object.fromEntries(GUEST_FIELDS.map((f) => [f.field, make(f)])) as {
    [K in (typeof GUEST_FIELDS)[number]['field']]: S;
  };

/**
 * The personal fields as a client sends them (the place step's `guest`, PATCH): each may be left
 * out or null (not known). Unknown fields are refused.
 */
export const GuestFieldsSchema = Type.Object(
  fieldSchemas((f) => Type.Optional(nullable(inputSchema(f)))),
  { $id: 'GuestFields', additionalProperties: false, description: "A guest's personal fields (SPEC §15)" },
);
export type GuestFields = Static<typeof GuestFieldsSchema>;

/** A guest's personal fields as the record shows them: null when not known or erased. */
const shownFields = fieldSchemas((f) =>
  nullable(Type.String({ maxLength: f.max, description: descriptions[f.field] })),
);

export const GuestSchema = Type.Object(
  {
    id: RecordId,
    organization: int32({ minimum: 1, description: 'Owning organization id' }),
    ...shownFields,
    created: Timestamp,
    modified: Timestamp,
    erased: nullable({ ...Timestamp, description: 'When the personal fields were erased (SPEC §15); null while kept' }),
  },
  {
    $id: 'Guest',
    additionalProperties: false,
    description: 'A guest record (SPEC §15); its personal fields are null once erased',
    examples: [
      {
        id: 7,
        organization: 1,
        firstName: 'Anna',
        surname: 'de Vries',
        email: 'anna@example.com',
        phoneNumber: '+31 6 12345678',
        address: 'Dorpsstraat',
        addressNo: '12a',
        postalCode: '1234 AB',
        locality: 'Ede',
        country: 'NL',
        locale: 'nl',
        created: '2027-01-10T09:00:00Z',
        modified: '2027-01-10T09:00:00Z',
        erased: null,
      },
    ],
  },
);
export type Guest = Static<typeof GuestSchema>;

/** The text that replaces an erased guest's name on its reservations (SPEC §15). */
export const ERASED_GUEST_NAME = 'Erased guest';

/** The largest page, and the default one where pages are the default (SPEC §4.3, as summaries). */
export const GUEST_PAGE_LIMIT = 100;

export const GuestListQuery = Type.Object({
  organization: Type.Optional(OrganizationId),
  limit: Type.Optional(int32({ minimum: 1, maximum: GUEST_PAGE_LIMIT, description: 'Page size; default 100' })),
  offset: Type.Optional(
    Type.Integer({
      format: 'int64',
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'Zero-based position of the first item; default 0',
    }),
  ),
  ...ModifiedSinceParameters,
  q: Type.Optional(
    inputText({
      maxLength: 100,
      description: 'Only guests whose name, e-mail address or phone number contains this text, case aside',
    }),
  ),
});
export type GuestListQuery = Static<typeof GuestListQuery>;

/** PATCH: the fields to correct, at least one. */
export const UpdateGuestBody = Type.Object(GuestFieldsSchema.properties, {
  additionalProperties: false,
  minProperties: 1,
  description: 'The personal fields to correct; null clears one',
});
export type UpdateGuestBody = Static<typeof UpdateGuestBody>;
