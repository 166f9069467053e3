import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { compileOnFirstUse } from './compile-on-first-use.js';

/**
 * How request parts are validated. Query strings, path parameters and headers arrive as text, so
 * their numbers and booleans are coerced (`?limit=10`, `?includeInactive=true`). A JSON body
 * already carries its types, and coercing it would change what the client said: `null` stored as
 * 0, `true` as 1, `[7]` as 7. So a body is validated exactly as it was sent.
 */

/** The Ajv settings of every part (Fastify's defaults otherwise, including `coerceTypes: 'array'`). */
const AJV_OPTIONS = {
  // Report every broken parameter at once (SPEC §6), not just the first.
  allErrors: true,
  // Errors carry their schema, whose description makes a readable message.
  verbose: true,
  // Unknown body fields are refused rather than silently dropped (SPEC §9).
  removeAdditional: false,
  // OpenAPI's integer formats: the bounds beside them are what is checked.
  formats: { int32: true, int64: true },
} as const;

interface RouteDefinition {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}
type Compile = (route: RouteDefinition) => unknown;
type BuildValidator = (externalSchemas: Record<string, unknown>, options?: { customOptions?: object }) => Compile;

interface Validate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/** JSON Pointers to the numbers in `value` that are not finite. */
function infiniteNumbers(value: unknown, pointer = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [pointer];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, item]) =>
    infiniteNumbers(item, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

/** A number as a query, path or header writes it: decimal digits, a sign and a fraction at most. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The top-level values Ajv turned from text into numbers that were not written in decimal: `+text`
 * also reads `1e3`, `0x10`, `0b1`, ` 7 ` and the empty text (as 0), so `/api/reservations/1e3` was
 * reservation 1000 (issue 41). `before` is the part as it arrived, `after` as Ajv left it.
 */
function nonDecimalNumbers(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).flatMap((name) => {
    // A default Ajv filled in was not written by anyone.
    if (before[name] === undefined) return [];
    const [texts, values] = [before[name], after[name]].map((v): unknown[] => (Array.isArray(v) ? v : [v]));
    const written = values?.some((value, i) => typeof value === 'number' && !DECIMAL.test(String(texts?.[i])));
    return written ? [`/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`] : [];
  });
}

const typeError = (message: string) => (instancePath: string) => ({
  instancePath,
  schemaPath: '#/type',
  keyword: 'type',
  params: { type: 'number' },
  message,
});

/**
 * Ajv coerces query, path and header text with `+text`, so `?limit=1e309` becomes Infinity; its
 * integer check takes that, and its minimum and maximum skip numbers that are not finite. Such a
 * value is refused here, named like any other value of the wrong type, and so is a number written
 * other than in decimal digits (`nonDecimalNumbers`). (A body is not coerced, and Ajv's type check
 * without coercion refuses the Infinity that JSON.parse makes of `1e309`.)
 */
function refusingUnreadableNumbers(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const arrived = typeof data === 'object' && data !== null ? { ...(data as Record<string, unknown>) } : undefined;
    const valid = validate(data);
    checked.errors = validate.errors;
    if (!valid) return false;
    const nonDecimal = arrived ? nonDecimalNumbers(arrived, data as Record<string, unknown>) : [];
    const infinite = infiniteNumbers(data).filter((pointer) => !nonDecimal.includes(pointer));
    if (infinite.length === 0 && nonDecimal.length === 0) return true;
    checked.errors = [
      ...nonDecimal.map(typeError('must be a number written in decimal digits')),
      ...infinite.map(typeError('must be a finite number')),
    ];
    return false;
  };
  return checked;
}

/** Fastify's validator compiler (@fastify/ajv-compiler), with coercion turned off for bodies. */
function bodiesAsSent(): BuildValidator {
  const fromPool = AjvCompiler() as unknown as BuildValidator;
  return (externalSchemas, options = {}) => {
    const customOptions = { ...options.customOptions, ...AJV_OPTIONS };
    const coercing = fromPool(externalSchemas, { ...options, customOptions });
    const exact = fromPool(externalSchemas, { ...options, customOptions: { ...customOptions, coerceTypes: false } });
    return compileOnFirstUse((route: RouteDefinition) =>
      route.httpPart === 'body' ? (exact(route) as Validate) : refusingUnreadableNumbers(coercing(route) as Validate),
    );
  };
}

/** Fastify's serializer compiler (fast-json-stringify), each response's serializer built on first use. */
function serializersOnFirstUse() {
  const fromSchemas = SerializerSelector();
  return (...factoryArgs: Parameters<typeof fromSchemas>) => compileOnFirstUse(fromSchemas(...factoryArgs));
}

/** The Fastify constructor options that set validation and response serialization up. */
export function validationOptions(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  return {
    ajv: { customOptions: AJV_OPTIONS },
    schemaController: {
      compilersFactory: { buildValidator: bodiesAsSent() as never, buildSerializer: serializersOnFirstUse() },
    },
  };
}
