import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses } from '../../http/api-responses.js';
import { organizationsToSearch, principalOf, resolveOrganization } from '../../http/auth.js';
import { cachedBody, createBodyCache } from '../../http/body-cache.js';
import { conditionalGet, jsonBody, sendJsonBody, serializerOf } from '../../http/etag.js';
import { IdempotencyKeyHeaders, idempotencyScope, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { modifiedSinceOf } from '../../shared/modified-since.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { claimKey, rememberCreated } from '../idempotency/idempotency.service.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import {
  type Accommodation,
  AccommodationListQuery,
  AccommodationSchema,
  AvailabilityQuery,
  AvailabilitySchema,
  CreateAccommodationBody,
  ReplaceAccommodationBody,
  UpdateAccommodationBody,
} from './accommodations.schemas.js';
import {
  accommodationList,
  availability,
  createAccommodation,
  getAccommodation,
  updateAccommodation,
} from './accommodations.service.js';

export const accommodationRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const lists = createBodyCache<undefined>(32 * 2 ** 20);
  app.get(
    '/api/accommodations/',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'listAccommodations',
        tags: ['accommodations'],
        summary: 'List accommodations',
        description: 'Accommodations of one organization ordered by id. Not paginated.',
        querystring: AccommodationListQuery,
        response: apiResponses(
          { description: 'The accommodations, ordered by id', schema: Type.Array(ref(AccommodationSchema)) },
          { input: true, list: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const { includeInactive } = request.query;
      const since = modifiedSinceOf(request.query);
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      const read = await accommodationList(
        db.kysely,
        organization,
        { modifiedSince: since, includeInactive },
        request.organizationState,
      );
      const serialize = serializerOf(reply);
      const render = (accommodations: Accommodation[]) => ({
        body: jsonBody(serialize(accommodations)),
        meta: undefined,
      });
      if (read.eventsCursor) reply.header('events-cursor', read.eventsCursor);
      return sendJsonBody(reply, (await cachedBody(lists, read, render)).body);
    },
  );

  app.post(
    '/api/accommodations/',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'createAccommodation',
        tags: ['accommodations'],
        summary: 'Create an accommodation',
        description: 'Accepts Idempotency-Key.',
        headers: IdempotencyKeyHeaders,
        body: CreateAccommodationBody,
        response: apiResponses(
          { description: 'The created accommodation', schema: ref(AccommodationSchema) },
          { input: true, body: true, create: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const organization = resolveOrganization(principal, request.body.organization);
      const key = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      const outcome = await withWriteTransaction(db, async (trx) => {
        const locked = await lockOrganization(trx, organization);
        const claim = await claimKey(trx, clock, key);
        if (claim.kind === 'replay') return unchanged(claim);
        const accommodation = await createAccommodation(trx, clock, locked, request.body);
        return rememberCreated(trx, claim, `/api/accommodations/${accommodation.id}`, accommodation);
      });
      return sendCreated(reply, outcome);
    },
  );

  app.get(
    '/api/accommodations/:id',
    {
      schema: {
        operationId: 'getAccommodation',
        tags: ['accommodations'],
        summary: 'One accommodation',
        description: '404 when it does not exist or belongs to an organization the credential is not bound to.',
        params: IdParams,
        response: apiResponses(
          { description: 'The accommodation', schema: ref(AccommodationSchema) },
          { input: true, record: true },
        ),
      },
    },
    async (request) => getAccommodation(db.kysely, principalOf(request).organizations, request.params.id),
  );

  app.patch(
    '/api/accommodations/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'updateAccommodation',
        tags: ['accommodations'],
        summary: 'Change an accommodation',
        description: 'Changes only the fields given.',
        params: IdParams,
        body: UpdateAccommodationBody,
        response: apiResponses(
          { description: 'The changed accommodation', schema: ref(AccommodationSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) =>
        updateAccommodation(trx, clock, organizations, request.params.id, request.body),
      );
    },
  );

  app.put(
    '/api/accommodations/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'replaceAccommodation',
        tags: ['accommodations'],
        summary: 'Change an accommodation, sending the whole record',
        description:
          "The original service's way to update: every field PATCH may change is required; the same rules, locks and events as PATCH. `organization` cannot change.",
        params: IdParams,
        body: ReplaceAccommodationBody,
        response: apiResponses(
          { description: 'The changed accommodation', schema: ref(AccommodationSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organization, ...record } = request.body;
      const organizations = organizationsToSearch(principalOf(request), organization);
      return withWriteTransaction(db, (trx) =>
        updateAccommodation(trx, clock, organizations, request.params.id, record),
      );
    },
  );

  app.delete(
    '/api/accommodations/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'deactivateAccommodation',
        tags: ['accommodations'],
        summary: 'Deactivate an accommodation',
        description: 'Sets active=false; the record and its reservations stay.',
        params: IdParams,
        response: apiResponses(
          { description: 'The deactivated accommodation', schema: ref(AccommodationSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) =>
        updateAccommodation(trx, clock, organizations, request.params.id, { active: false }),
      );
    },
  );

  app.get(
    '/api/accommodations/:id/availability',
    {
      schema: {
        operationId: 'getAvailability',
        tags: ['accommodations'],
        summary: 'Free and taken nights',
        description: 'The nights dateFrom … dateTo − 1, each free or taken by a night-holding reservation or a block.',
        params: IdParams,
        querystring: AvailabilityQuery,
        response: apiResponses(
          { description: 'Each night of the period', schema: ref(AvailabilitySchema) },
          { input: true, record: true },
        ),
      },
    },
    async (request) =>
      availability(
        db.kysely,
        principalOf(request).organizations,
        request.params.id,
        request.query.dateFrom,
        request.query.dateTo,
      ),
  );
};
