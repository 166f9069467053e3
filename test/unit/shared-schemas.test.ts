import { Ajv, type AnySchema } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import type { TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CreateAccommodationBody,
  UpdateAccommodationBody,
} from '../../src/modules/accommodations/accommodations.schemas.js';
import { ImportAccommodation, ImportReservation } from '../../src/modules/data/import.schemas.js';
import {
  CreateReservationBody,
  ReservationSummarySchema,
  UpdateReservationBody,
} from '../../src/modules/reservations/reservations.schemas.js';
import { formatAmount, parseAmount } from '../../src/shared/money.js';
import { Currency, FormattedMoney, INT32_MAX, Money, RecordId } from '../../src/shared/schemas.js';

/**
 * One declaration per rule: the API's request schemas (checked by Fastify's Ajv), the import's
 * (checked by TypeBox's compiler) and money.ts agree on what an amount, a currency and an id are,
 * and each PATCH body is its create body made partial.
 */

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
// As the app configures Fastify's Ajv (src/app.ts), plus Fastify's own defaults that matter here.
const ajv = addFormats(new Ajv({ allErrors: true, useDefaults: true, formats: { int32: true, int64: true } }));
const apiAccepts = (schema: TSchema) => {
  const validate = ajv.compile(schema as AnySchema);
  return (value: unknown) => validate(structuredClone(value));
};
const importAccepts = (schema: TSchema) => {
  const validator = Compile(schema);
  return (value: unknown) => validator.Check(value);
};

const AMOUNTS: [text: string, minorUnits: number | undefined][] = [
  ['0', 0],
  ['0.5', 50],
  ['412.50', 41250],
  ['412.5', 41250],
  ['007.01', 701],
  ['1234567890123', 123456789012300],
  ['1234567890123.99', 123456789012399],
  ['', undefined],
  ['12345678901234', undefined],
  ['1.234', undefined],
  ['-1.00', undefined],
  ['+1', undefined],
  ['1,00', undefined],
  ['.5', undefined],
  ['5.', undefined],
  [' 1', undefined],
  ['1 ', undefined],
  ['1\n', undefined],
  ['1e3', undefined],
  ['0x10', undefined],
  ['١٢', undefined],
];

const CURRENCIES: [text: string, valid: boolean][] = [
  ['EUR', true],
  ['CHF', true],
  ['eur', false],
  ['EU', false],
  ['EURO', false],
  ['E1R', false],
  ['', false],
  ['EUR\n', false],
];

describe('amounts', () => {
  const byApi = apiAccepts(Money);
  const byImport = importAccepts(ImportReservation.properties.totalAmount);

  it.each(AMOUNTS)('%j: parseAmount gives %s and both schemas agree', (text, minorUnits) => {
    expect(parseAmount(text)).toBe(minorUnits);
    expect(byApi(text)).toBe(minorUnits !== undefined);
    expect(byImport(text)).toBe(minorUnits !== undefined);
  });

  it('are the same schema in the writes and the import', () => {
    expect(CreateReservationBody.properties.totalAmount).toEqual(Money);
    expect(UpdateReservationBody.properties.totalAmount).toEqual(Money);
    expect(ImportReservation.properties.totalAmount).toEqual(Money);
  });

  it('are answered as FormattedMoney, which formatAmount always matches', () => {
    expect(ReservationSummarySchema.properties.totalAmount).toEqual(FormattedMoney);
    const formatted = apiAccepts(FormattedMoney);
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), (minor) => {
        expect(formatted(formatAmount(minor))).toBe(true);
      }),
    );
  });
});

describe('currencies', () => {
  const byApi = apiAccepts(Currency);
  const byImport = importAccepts(ImportReservation.properties.currency);

  it.each(CURRENCIES)('%j is valid: %s, in the API and the import', (text, valid) => {
    expect(byApi(text)).toBe(valid);
    expect(byImport(text)).toBe(valid);
  });

  it('are the same schema in requests, responses and the import', () => {
    for (const schema of [
      CreateReservationBody.properties.currency,
      UpdateReservationBody.properties.currency,
      ReservationSummarySchema.properties.currency,
      ImportReservation.properties.currency,
    ])
      expect(schema).toEqual(Currency);
  });
});

describe('32-bit ids and counts', () => {
  it.each([
    [0, false, true],
    [1, true, true],
    [INT32_MAX, true, true],
    [INT32_MAX + 1, false, false],
    [-1, false, false],
    [1.5, false, false],
  ])('%s: an id %s, a count %s, in the API and the import', (value, asId, asCount) => {
    expect(apiAccepts(RecordId)(value)).toBe(asId);
    expect(importAccepts(ImportReservation.properties.organization)(value)).toBe(asId);
    expect(importAccepts(ImportAccommodation.properties.maxPersons)(value)).toBe(asCount);
  });
});

/** The update body's fields that are not the create body's, and those whose schema differs. */
function differences(create: TObject, update: TObject) {
  const extra = Object.keys(update.properties).filter((name) => !(name in create.properties));
  const changed = Object.keys(update.properties).filter(
    (name) => name in create.properties && !isEqual(update.properties[name], create.properties[name]),
  );
  return { extra, changed };
}
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('update bodies', () => {
  it('accommodation: the create fields but organization, none required, active without a default', () => {
    expect(Object.keys(UpdateAccommodationBody.properties)).toEqual([
      'title',
      'type',
      'maxPersons',
      'bedrooms',
      'active',
    ]);
    expect(differences(CreateAccommodationBody, UpdateAccommodationBody)).toEqual({ extra: [], changed: ['active'] });
    expect(UpdateAccommodationBody.properties.active).toEqual({ type: 'boolean' });
  });

  it('reservation: the create fields but organization and reservationNumber, status in any state', () => {
    expect(Object.keys(UpdateReservationBody.properties)).toEqual([
      'accommodation',
      'dateFrom',
      'dateTo',
      'adults',
      'children',
      'babies',
      'guestName',
      'totalAmount',
      'currency',
      'channel',
      'status',
    ]);
    // status is the only field that differs: the create body takes only an initial state.
    expect(differences(CreateReservationBody, UpdateReservationBody)).toEqual({ extra: [], changed: ['status'] });
  });

  it.each([
    ['accommodation', UpdateAccommodationBody],
    ['reservation', UpdateReservationBody],
  ] as const)('%s: plain JSON Schema, at least one known field, no defaults', (_, schema) => {
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, minProperties: 1 });
    expect(schema).not.toHaveProperty('required');
    expect(JSON.stringify(schema)).not.toMatch(/"(default|allOf|\$ref)"/);
  });

  const validate = {
    accommodation: apiAccepts(UpdateAccommodationBody),
    reservation: apiAccepts(UpdateReservationBody),
  };
  it.each([
    ['accommodation', { title: 'Chalet' }, true],
    ['accommodation', { bedrooms: null }, true],
    ['accommodation', {}, false],
    ['accommodation', { organization: 1 }, false],
    ['accommodation', { title: '' }, false],
    ['reservation', { status: 'checked-in' }, true],
    ['reservation', { dateFrom: '2025-07-14', totalAmount: '12.5', currency: 'EUR' }, true],
    ['reservation', { accommodation: INT32_MAX }, true],
    ['reservation', {}, false],
    ['reservation', { organization: 1 }, false],
    ['reservation', { reservationNumber: 'R-1' }, false],
    ['reservation', { accommodation: 0 }, false],
    ['reservation', { totalAmount: '1.234' }, false],
    ['reservation', { dateTo: '2025-02-30' }, false],
  ] as const)('%s: %j accepted: %s', (body, value, valid) => {
    expect(validate[body](value)).toBe(valid);
  });

  it('leave a PATCH without active as it is (no default filled in)', () => {
    const validate = ajv.compile(UpdateAccommodationBody as AnySchema);
    const body = { title: 'Chalet' };
    expect(validate(body)).toBe(true);
    expect(body).toEqual({ title: 'Chalet' });
  });

  it('have static types with every field optional', () => {
    expectTypeOf<UpdateReservationBody>().toEqualTypeOf<{
      accommodation?: number;
      dateFrom?: string;
      dateTo?: string;
      adults?: number;
      children?: number;
      babies?: number;
      guestName?: string;
      totalAmount?: string;
      currency?: string;
      channel?: string;
      status?: 'option' | 'confirmed' | 'checked-in' | 'checked-out' | 'cancelled' | 'no-show';
    }>();
    expectTypeOf<UpdateAccommodationBody>().toEqualTypeOf<{
      title?: string;
      type?: string;
      maxPersons?: number;
      bedrooms?: number | null;
      active?: boolean;
    }>();
  });
});
