import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses } from '../../http/api-responses.js';
import { organizationsToSearch, principalOf, resolveOrganization } from '../../http/auth.js';
import { cachedBody, createBodyCache } from '../../http/body-cache.js';
import { conditionalGet, JsonBody, jsonBody, sendJsonBody, serializerOf } from '../../http/etag.js';
import { IdempotencyKeyHeaders, idempotencyScope, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { AppError, invalidInput } from '../../shared/errors.js';
import { paginationHeaders } from '../../shared/pagination.js';
import { IdParams, INT32_MAX, ref } from '../../shared/schemas.js';
import { claimKey, rememberCreated } from '../idempotency/idempotency.service.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import { rulesInForce } from './behaviour-rules.js';
import {
  CreatedReservationSchema,
  CreateReservationBody,
  ReservationSearchQuery,
  ReservationSummarySchema,
  SEARCH_PAGE_LIMIT,
  SEARCH_TEXT_MAX,
  SummaryListQuery,
  ReplaceReservationBody,
  UpdateReservationBody,
} from './reservations.schemas.js';
import { searchReservations } from './reservations.search.js';
import { ConfigureDraftBody, CreateDraftBody, DraftSchema, TokenQuery } from '../booking-flow/drafts.schemas.js';
import { configureDraft, createDraft, type FlowContext } from '../booking-flow/drafts.service.js';
import { cancelReservation, createReservation, getReservation, updateReservation } from './reservations.service.js';
import { createSummaryTotals, interpretSummaryQuery, type SummaryList, summaryList } from './summaries.service.js';

/**
 * Reservation routes. A write route opens the one write transaction and composes the steps inside
 * it; the services return records, and the route turns them into bytes and headers.
 */
const DEFAULT_SEARCH_LIMIT = 20;

/**
 * SPEC §15: the original's booking flow shares two paths with §9, and the body tells them apart. A
 * JSON Schema `if` picks the one schema a body is checked against, so a §9 body's errors name its
 * own fields only (an `anyOf` would report both shapes' complaints).
 */
const CreateReservationOrDraftBody = Type.Unsafe<CreateReservationBody | CreateDraftBody>({
  if: { type: 'object', required: ['accommodation'], properties: { accommodation: { type: 'object' } } },
  then: Type.Ref('CreateDraft'),
  else: CreateReservationBody,
  description:
    "A reservation (SPEC §9), or with `accommodation` as an object `{ id }` the original's draft (SPEC §15, step 1)",
});
const ReplaceReservationOrConfigureDraftBody = Type.Unsafe<ReplaceReservationBody | ConfigureDraftBody>({
  if: {
    type: 'object',
    anyOf: [{ required: ['ageGroupLines'] }, { required: ['supplementOrderLines'] }],
  },
  then: Type.Ref('ConfigureDraft'),
  else: ReplaceReservationBody,
  description:
    "The whole reservation (SPEC §9), or with `?token=` the original's draft configuration (SPEC §15, step 2: `ageGroupLines`, `supplementOrderLines`)",
});
/** A draft's `?organization=`: a positive int32, else 400 naming it. */
function organizationOfQuery(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : undefined;
  if (id === undefined || id > INT32_MAX) {
    throw invalidInput([{ parameter: 'organization', message: 'must be a positive integer' }]);
  }
  return id;
}

const isDraftBody = (body: CreateReservationBody | CreateDraftBody): body is CreateDraftBody =>
  typeof body.accommodation === 'object';
const isConfigureBody = (body: ReplaceReservationBody | ConfigureDraftBody): body is ConfigureDraftBody =>
  'ageGroupLines' in body || 'supplementOrderLines' in body;

export const reservationRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock; flow: FlowContext }> = async (
  app,
  { db, clock, flow },
) => {
  // A page of 100 is ~40 KB: the byte bound keeps ~1,500 of them, whatever the page sizes.
  const pages = createBodyCache<number | undefined>(64 * 2 ** 20);
  const totals = createSummaryTotals();

  app.get(
    '/api/reservations/summaries',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'listReservationSummaries',
        tags: ['reservations'],
        summary: 'List reservation summaries',
        description:
          'Reservations of one organization whose reference date falls in dateFrom … dateTo (both inclusive), ' +
          'in a total, stable order, paginated with Link and X-Pagination-* headers.',
        querystring: SummaryListQuery,
        response: apiResponses(
          { description: 'One page of summaries', schema: Type.Array(ref(ReservationSummarySchema)) },
          { input: true, list: true, paginated: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // The rules of the credential's compatibility date, else of today (UTC) (SPEC §4.5).
      const rules = rulesInForce(principal.compatibilityDate ?? clock().toISOString().slice(0, 10));
      const summaryRequest = interpretSummaryQuery(request.query, rules);
      const organization = resolveOrganization(principal, request.query.organization);
      const read = await summaryList(db.kysely, organization, summaryRequest, totals, request.organizationState);
      const serialize = serializerOf(reply);
      const render = ({ items, total }: SummaryList) => ({
        body: Array.isArray(items) ? jsonBody(serialize(items)) : new JsonBody(items.json),
        meta: total,
      });
      const { page } = summaryRequest;
      // An unpaginated result may be any size: it is not kept.
      const { body, meta: total } = page ? await cachedBody(pages, read, render) : render(await read.load());
      if (page && total !== undefined) reply.headers(paginationHeaders(request.url, total, page.limit, page.offset));
      if (read.eventsCursor) reply.header('events-cursor', read.eventsCursor);
      return sendJsonBody(reply, body);
    },
  );

  // A static path: the router prefers it to /api/reservations/:id whatever the order of registration.
  app.get(
    '/api/reservations/search',
    {
      schema: {
        operationId: 'searchReservations',
        tags: ['reservations'],
        summary: 'Search reservations by number or guest name',
        description:
          'Reservations of one organization whose reservation number starts with `q` or whose guest name contains it, ' +
          'case-insensitive, latest arrival first (dateFrom, then id, descending). Not paginated: at most `limit`.',
        querystring: ReservationSearchQuery,
        response: apiResponses(
          {
            description: 'The matching reservations, latest arrival first',
            schema: Type.Array(ref(ReservationSummarySchema), { maxItems: SEARCH_PAGE_LIMIT }),
          },
          { input: true, list: true },
        ),
      },
    },
    async (request, reply) => {
      const text = request.query.q.trim();
      // Code points, as the schema's maxLength counts them.
      if ([...text].length > SEARCH_TEXT_MAX) {
        throw invalidInput([{ parameter: 'q', message: `must be at most ${SEARCH_TEXT_MAX} characters once trimmed` }]);
      }
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      const found = await searchReservations(db, organization, text, request.query.limit ?? DEFAULT_SEARCH_LIMIT);
      return sendJsonBody(reply, jsonBody(serializerOf(reply)(found)));
    },
  );

  app.post(
    '/api/reservations',
    {
      config: { scope: 'write', formBodyAsJson: true },
      schema: {
        operationId: 'createReservation',
        tags: ['reservations'],
        summary: 'Create a reservation, or a draft of the original booking flow',
        description:
          'Refused with 409 when any night is held (by a reservation, a block or a live draft). Stay rules do not refuse it: `warnings` lists those it breaks. Without `totalAmount` the stay is priced by its quote (SPEC §14), in the organization’s currency, and refused with 409 and `reasons: ["no-price"]` when a night has no price; a `totalAmount` given stands, in `currency` (default: the organization’s). Accepts Idempotency-Key.\n\n' +
          '**The original\'s booking flow (SPEC §15, step 1).** A body `{ "accommodation": { "id": 12 }, "dateFrom", "dateTo" }` (the organization in the query, as the original\'s client sends it) makes a *draft* instead: it holds the nights at once and answers 201 with its `id` and `token`, priced for 2 adults, expiring `DRAFT_MINUTES` (default 20) after its last change. A stay the stay rules forbid is 409 with `reasons`. Ids may be digit strings, and an `application/x-www-form-urlencoded` body is read as JSON when the request authenticates with an API key or Basic credentials (never a console session). A draft is in no list, summary or event until it is placed; Idempotency-Key is not applied to drafts (a stored response would keep the token).',
        headers: IdempotencyKeyHeaders,
        // Read by a draft only: a §9 body names its organization itself, and ignores the query as ever.
        querystring: Type.Object({
          organization: Type.Optional(
            Type.String({ maxLength: 20, description: "A draft's organization (SPEC §15, §4.4): a positive integer" }),
          ),
        }),
        body: CreateReservationOrDraftBody,
        response: apiResponses(
          {
            description: 'The created reservation, or the draft (SPEC §15)',
            schema: Type.Union([ref(CreatedReservationSchema), ref(DraftSchema)]),
          },
          { input: true, body: true, conflict: true, create: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body;
      if (isDraftBody(body)) {
        const organization = resolveOrganization(principal, organizationOfQuery(request.query.organization));
        const draft = await withWriteTransaction(db, (trx) => createDraft(trx, flow, organization, body));
        // No Location: a draft is read by no GET (it is no reservation until placed, SPEC §3).
        return reply.code(201).send(draft);
      }
      const organization = resolveOrganization(principal, body.organization);
      const key = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      const outcome = await withWriteTransaction(db, async (trx) => {
        const locked = await lockOrganization(trx, organization);
        const claim = await claimKey(trx, clock, key);
        if (claim.kind === 'replay') return unchanged(claim);
        const reservation = await createReservation(trx, clock, locked, body);
        return rememberCreated(trx, claim, `/api/reservations/${reservation.id}`, reservation);
      });
      return sendCreated(reply, outcome);
    },
  );

  app.get(
    '/api/reservations/:id',
    {
      schema: {
        operationId: 'getReservation',
        tags: ['reservations'],
        summary: 'One reservation summary',
        description: '404 when it does not exist or belongs to an organization the credential is not bound to.',
        params: IdParams,
        response: apiResponses(
          { description: 'The reservation', schema: ref(ReservationSummarySchema) },
          { input: true, record: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const { organizations } = principalOf(request);
      const { reservation, eventsCursor } = await getReservation(
        db.kysely,
        organizations,
        request.params.id,
        request.organizationState,
      );
      if (eventsCursor) reply.header('events-cursor', eventsCursor);
      return reservation;
    },
  );

  app.patch(
    '/api/reservations/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'updateReservation',
        tags: ['reservations'],
        summary: 'Change a reservation',
        description: 'Dates, accommodation, guests, amount, or status along the state machine (409 otherwise).',
        params: IdParams,
        body: UpdateReservationBody,
        response: apiResponses(
          { description: 'The changed reservation', schema: ref(ReservationSummarySchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) =>
        updateReservation(trx, clock, organizations, request.params.id, request.body),
      );
    },
  );

  app.put(
    '/api/reservations/:id',
    {
      config: { scope: 'write', formBodyAsJson: true },
      schema: {
        operationId: 'replaceReservation',
        tags: ['reservations'],
        summary: 'Change a reservation, sending the whole record; or configure a draft',
        description:
          "The original service's way to update: every field PATCH may change is required; the same rules, locks and events as PATCH. `organization` cannot change.\n\n" +
          "**The original's booking flow (SPEC §15, step 2).** With `?token=` and a body of `ageGroupLines` (`[{ quantity, ageGroupSpecification: { id } }]`) and `supplementOrderLines` (`[{ quantity, supplement: { id } }]`), sets the draft's party and extras and answers the re-priced draft (its `expires` renewed). More persons than the accommodation takes: 409 `capacity`; an unknown age group or supplement: 400 naming the parameter. A wrong or missing token is 404, an expired draft 404, a placed one 409. Ids and quantities may be digit strings; a form-labelled body is read as JSON as for step 1.",
        params: IdParams,
        querystring: TokenQuery,
        body: ReplaceReservationOrConfigureDraftBody,
        response: apiResponses(
          {
            description: 'The changed reservation, or the re-priced draft (SPEC §15)',
            schema: Type.Union([ref(ReservationSummarySchema), ref(DraftSchema)]),
          },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const { token } = request.query;
      if (token !== undefined || isConfigureBody(body)) {
        if (token === undefined || !isConfigureBody(body)) {
          if (token === undefined) throw new AppError('not-found', `No reservation ${request.params.id}.`);
          throw invalidInput([
            { parameter: 'body', message: 'a draft is configured with ageGroupLines and supplementOrderLines' },
          ]);
        }
        const { organizations } = principalOf(request);
        return withWriteTransaction(db, (trx) =>
          configureDraft(trx, flow, organizations, request.params.id, token, body),
        );
      }
      const { organization, ...record } = body;
      const organizations = organizationsToSearch(principalOf(request), organization);
      return withWriteTransaction(db, (trx) => updateReservation(trx, clock, organizations, request.params.id, record));
    },
  );

  app.delete(
    '/api/reservations/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'cancelReservation',
        tags: ['reservations'],
        summary: 'Cancel a reservation',
        description: 'Sets status cancelled and the cancelled timestamp; repeating it is harmless.',
        params: IdParams,
        response: apiResponses(
          { description: 'The cancelled reservation', schema: ref(ReservationSummarySchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) => cancelReservation(trx, clock, organizations, request.params.id));
    },
  );
};
