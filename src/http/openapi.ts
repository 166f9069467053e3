import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AccommodationSchema, AvailabilitySchema } from '../modules/accommodations/accommodations.schemas.js';
import { GridSchema, SearchResultSchema } from '../modules/availability/availability.schemas.js';
import { StayRuleSchema } from '../modules/availability/stay-rules.schemas.js';
import { BlockSchema } from '../modules/blocks/blocks.schemas.js';
import { GuestSchema } from '../modules/guests/guests.schemas.js';
import {
  CalendarConflictEventSchema,
  CalendarConflictSchema,
  CalendarSchema,
  IcalFeedSchema,
} from '../modules/calendars/calendars.schemas.js';
import { AgeGroupKind, DiscountKind, PriceComponentKind, SupplementKind } from '../modules/prices/prices.schemas.js';
import { OrderLineSchema, QuotationSchema, QuoteSchema } from '../modules/prices/quotes.schemas.js';
import { EventSchema } from '../modules/events/events.schemas.js';
import {
  ConfigureDraftBody,
  CreateDraftBody,
  DraftSchema,
  PlaceDraftBody,
} from '../modules/booking-flow/drafts.schemas.js';
import { CreatedReservationSchema, ReservationSummarySchema } from '../modules/reservations/reservations.schemas.js';
import {
  DeliveryAttemptSchema,
  PingEventSchema,
  WebhookEndpointSchema,
} from '../modules/webhooks/endpoints.schemas.js';
import { webhooksSection } from '../modules/webhooks/openapi-webhooks.js';
import { ProblemSchema } from '../shared/schemas.js';
import { apiResponses } from './api-responses.js';
import { SESSION_COOKIE, WWW_AUTHENTICATE } from './auth.js';
import { VERSION } from '../version.js';

/**
 * The API document (`GET /openapi.json`, SPEC §4.6) and its interactive reference (`GET /docs`).
 * Nothing here describes an endpoint: @fastify/swagger builds every path from the route schemas
 * (http/api-responses.ts gives each its responses and headers). The reference is Swagger UI served
 * from the installed package, so it works without internet access.
 */

/** Records that are a named type in the document (components/schemas) and in generated clients. */
const NAMED_SCHEMAS = [
  ProblemSchema,
  ReservationSummarySchema,
  CreatedReservationSchema,
  AccommodationSchema,
  AvailabilitySchema,
  BlockSchema,
  IcalFeedSchema,
  CalendarConflictSchema,
  CalendarSchema,
  CalendarConflictEventSchema,
  StayRuleSchema,
  GuestSchema,
  AgeGroupKind.record,
  PriceComponentKind.record,
  SupplementKind.record,
  DiscountKind.record,
  QuoteSchema,
  OrderLineSchema,
  QuotationSchema,
  DraftSchema,
  CreateDraftBody,
  ConfigureDraftBody,
  PlaceDraftBody,
  GridSchema,
  SearchResultSchema,
  EventSchema,
  PingEventSchema,
  WebhookEndpointSchema,
  DeliveryAttemptSchema,
];

/**
 * A body of two shapes told apart by a JSON Schema `if` (SPEC §15 beside §9) is validated that way,
 * so a body's errors name only its own shape's fields; the document states it as `oneOf` the two
 * (they are disjoint), which generated clients turn into a union type where `if` would give `unknown`.
 */
function withBodiesAsAlternatives<T>(schema: T): T {
  const body = (schema as { body?: Record<string, unknown> } | undefined)?.body;
  if (!body || !('if' in body) || !('then' in body) || !('else' in body)) return schema;
  const { if: _if, then, else: otherwise, ...rest } = body;
  return { ...schema, body: { ...rest, oneOf: [then, otherwise] } };
}

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

const DESCRIPTION = `Accommodations and reservation summaries of holiday parks, hotels and rental agencies.

Every \`/api/\` request carries a credential: an \`X-Api-Key\` header, or HTTP Basic. Keys look like
\`bk_\` followed by 36 base62 characters; the examples in this document are not real keys. Errors are
\`application/problem+json\` (RFC 9457). Reservation summaries are paginated with \`Link\` and
\`X-Pagination-*\` headers: follow \`rel="next"\` until it is gone.`;

// Relative, so the document describes the server that serves it wherever that is deployed;
// x-internal: false says it is the public API (OWASP API9, inventory).
const SERVER = {
  url: '/',
  description: 'This deployment (local, staging or production): the server that served this document',
  'x-internal': false,
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    transform: ({ schema, url }) => ({ schema: withBodiesAsAlternatives(schema), url }),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'booking-service',
        version: VERSION,
        description: DESCRIPTION,
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'booking-service maintainers', url: 'https://github.com/booking-service/booking-service' },
      },
      servers: [SERVER],
      tags: [
        { name: 'accommodations', description: 'Bookable units (SPEC §4.1, §9)' },
        { name: 'reservations', description: 'Reservation summaries and bookings (SPEC §4.2–4.5, §9)' },
        { name: 'organizations', description: 'The organizations a credential is bound to (SPEC §1, §4.4)' },
        { name: 'credentials', description: 'API keys and Basic credentials of an organization (SPEC §5, §11)' },
        { name: 'blocks', description: 'Nights held without a reservation: maintenance, owner use, closed (SPEC §13)' },
        { name: 'stay rules', description: 'Which stays may be sold: nights, weekdays, booking window (SPEC §13)' },
        { name: 'availability', description: 'What is free, for whom, and may it be sold (SPEC §13)' },
        {
          name: 'prices',
          description:
            "Age groups, price components, supplements, discounts at the original service's paths; quotes and quotations (SPEC §14)",
        },
        {
          name: 'guests',
          description: 'Guest records: personal data with one owner, corrected and erased on request (SPEC §15)',
        },
        {
          name: 'calendars',
          description:
            'iCalendar sync with Airbnb, Booking.com, Vrbo: the export feed, subscriptions, conflicts (SPEC §16)',
        },
        { name: 'events', description: 'The changes feed: every change, in commit order, resumable (SPEC §10)' },
        { name: 'webhooks', description: 'Signed, retried, logged and replayable event delivery (SPEC §10)' },
        { name: 'console', description: 'Sign-in and session of the web console at /console/ (SPEC §11)' },
        { name: 'service', description: 'Health, readiness and this document (SPEC §4.6)' },
      ],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: 'An API key created with `booking credentials create`; it alone decides when present.',
          },
          basic: {
            type: 'http',
            scheme: 'basic',
            description: `Username and password of a Basic credential. A 401 answers \`WWW-Authenticate: ${WWW_AUTHENTICATE}\`.`,
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The web console’s session (SPEC §11), set by POST /api/session; for browsers only. Every change made ' +
              'with it also needs the X-CSRF-Token header and a same-origin Sec-Fetch-Site.',
          },
        },
      },
      security: [{ apiKey: [] }, { basic: [] }, { session: [] }],
      // What this service POSTs to a registered endpoint: one entry per event type.
      webhooks: webhooksSection(),
    },
    // Shared schemas keep their names ($id) in components/schemas instead of `def-0`, `def-1`, …
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}` },
  });
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        operationId: 'getOpenApiDocument',
        summary: 'This document',
        description: 'The OpenAPI 3.1 description of the service, generated from its route schemas.',
        tags: ['service'],
        security: [],
        response: apiResponses(
          { description: 'An OpenAPI 3.1 document', schema: Type.Object({}, { additionalProperties: true }) },
          { public: true },
        ),
      },
    },
    async (_request, reply) => {
      // Built once: the routes do not change after start.
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // Everything from this server, nothing from elsewhere. Not the plugin's default policy: its
    // upgrade-insecure-requests would break the page on a plain-HTTP internal deployment.
    staticCSP:
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; " +
      "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self'",
    uiConfig: { url: OPENAPI_PATH, deepLinking: true, displayOperationId: true },
  });
}
