import fc from 'fast-check';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { documentWriter, field, inputProperties, kindsOf, postgresJson, shape } from '../../src/db/json-fields.js';
import { ImportReservation } from '../../src/modules/data/import.schemas.js';
import { dumpedReservation, SUMMARY } from '../../src/modules/reservations/summary-fields.js';

/** A field table's JavaScript forms: the compiled JSON writer writes what JSON.stringify writes of the mapper's object. */

type Row = {
  id: number;
  name: string;
  day: string;
  until: string;
  at: string | null;
  minor: number;
  link: number | null;
};
const kind = kindsOf<Row>();
const inner = shape([
  field('id', Type.Integer(), kind.integer('t.id')),
  field('name', Type.String(), kind.text('t.name')),
]);
const table = shape([
  field('inner', inner.schema, inner.kind),
  field('day', Type.String(), kind.date('t.day'), { schema: Type.String() }),
  field('nights', Type.Integer(), kind.dayCount('t.day', 't.until')),
  field('at', Type.Union([Type.String(), Type.Null()]), kind.nullableTimestamp('t.at')),
  field('amount', Type.String(), kind.money('t.minor'), { schema: Type.String(), last: true }),
  field('link', Type.Union([Type.Integer(), Type.Null()]), kind.nullableInteger('t.link')),
]);

const date = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const row = fc.record({
  id: fc.integer(),
  name: fc.string({ unit: 'binary' }),
  day: date.map((d) => d.toISOString().slice(0, 10)),
  until: date.map((d) => d.toISOString().slice(0, 10)),
  at: fc.option(date.map((d) => `${d.toISOString().slice(0, 19)}Z`)),
  minor: fc.integer({ min: -1e12, max: 1e12 }),
  link: fc.option(fc.integer({ min: 1 })),
});

describe('a field table', () => {
  it('writes as JSON text what JSON.stringify writes of its object', () => {
    fc.assert(
      fc.property(row, (r) => {
        expect(table.json(r)).toBe(JSON.stringify(table.kind.value(r)));
      }),
    );
  });

  it('keeps its order in the schema, the select list and both SQL forms', () => {
    expect(Object.keys(table.schema.properties)).toEqual(['inner', 'day', 'nights', 'at', 'amount', 'link']);
    expect(table.columns).toEqual(['t.id', 't.name', 't.day', 't.until', 't.at', 't.minor', 't.link']);
    expect(table.kind.sqlite).toMatch(
      /^json_object\('inner', json_object\('id', t\.id, 'name', t\.name\), 'day', t\.day,/,
    );
    expect(postgresJson(table.kind)).toMatch(
      /^'\{"inner":\{"id":' \|\| t\.id \|\| ',"name":' \|\| to_json\(t\.name\)::text \|\| '\},"day":"'/,
    );
  });

  it('lists the inputs in its order, the reader’s own properties before the last ones', () => {
    expect(Object.keys(inputProperties(table.fields, { own: Type.String() }))).toEqual(['day', 'own', 'amount']);
  });

  it('writes a document in the order its reader checks, each value as the field writes it', () => {
    const written = shape([
      field('inner', inner.schema, inner.kind, { schema: Type.Integer(), written: (v: { id: number }) => v.id }),
      field('link', Type.Union([Type.Integer(), Type.Null()]), kind.nullableInteger('t.link'), {
        schema: Type.Integer(),
        last: true,
        written: (v: number | null) => v ?? undefined,
      }),
      field('day', Type.String(), kind.date('t.day'), { schema: Type.String() }),
      field('nights', Type.Integer(), kind.dayCount('t.day', 't.until'), {
        schema: Type.Integer(),
        written: () => undefined,
      }),
      field('amount', Type.String(), kind.money('t.minor')),
    ]);
    const document = documentWriter(written.fields);
    fc.assert(
      fc.property(row, (r) => {
        expect(document(r)).toStrictEqual({ inner: r.id, day: r.day, ...(r.link === null ? {} : { link: r.link }) });
        expect(Object.keys(document(r))).toEqual(['inner', 'day', ...(r.link === null ? [] : ['link'])]);
      }),
    );
  });

  it('dumps a stored reservation as the import reads it: the accommodation by id, no nights, a guest only where there is one', () => {
    const stored = {
      id: 7,
      organization_id: 1,
      accommodation_id: 12,
      reservation_number: 'DH-7',
      status: 'confirmed' as const,
      date_from: '2025-07-14',
      date_to: '2025-07-21',
      adults: 2,
      children: 1,
      babies: 0,
      guest_name: 'Anna de Vries',
      guest_id: null,
      total_amount_minor: 87_505,
      currency: 'EUR',
      channel: 'website',
      created: '2025-01-20T14:03:11Z',
      modified: '2025-02-02T09:12:45Z',
      cancelled: null,
    };
    const dumped = dumpedReservation(stored);
    expect(JSON.stringify(dumped)).toBe(
      JSON.stringify({
        id: 7,
        reservationNumber: 'DH-7',
        organization: 1,
        accommodation: 12,
        status: 'confirmed',
        dateFrom: '2025-07-14',
        dateTo: '2025-07-21',
        adults: 2,
        children: 1,
        babies: 0,
        guestName: 'Anna de Vries',
        totalAmount: '875.05',
        currency: 'EUR',
        channel: 'website',
        created: '2025-01-20T14:03:11Z',
        modified: '2025-02-02T09:12:45Z',
        cancelled: null,
      }),
    );
    expect(Value.Check(ImportReservation, dumped)).toBe(true);
    expect(dumpedReservation({ ...stored, guest_id: 3 })).toMatchObject({ guest: 3 });
    expect(Value.Check(ImportReservation, dumpedReservation({ ...stored, guest_id: 3 }))).toBe(true);
  });

  it('names every field of the reservation summary once', () => {
    expect(Object.keys(SUMMARY.schema.properties)).toEqual(SUMMARY.fields.map((f) => f.name));
  });
});
