import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { principalOf, requireWriteScope, resolveOrganization } from '../../http/auth.js';
import { idempotencyScope, idempotentCreate, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { IdParams } from '../../shared/schemas.js';
import {
  availability,
  createAccommodation,
  getAccommodation,
  updateAccommodation,
} from './accommodation-writes.service.js';
import { apiResponses, ref } from '../../http/api-responses.js';
import { conditionalGet, sendJsonBody, serializerOf } from '../../http/etag.js';
import {
  type Accommodation,
  AccommodationListQuery,
  AccommodationSchema,
  AvailabilityQuery,
  AvailabilitySchema,
  CreateAccommodationBody,
  UpdateAccommodationBody,
} from './accommodations.schemas.js';
import { createAccommodationListCache, listAccommodationsOf, parseModifiedSince } from './accommodations.service.js';

export const accommodationRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const listCache = createAccommodationListCache();
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
          { input: true, list: true },
        ),
      },
    },
    async (request, reply) => {
      const { modifiedSince, includeInactive } = request.query;
      const since = modifiedSince === undefined ? undefined : parseModifiedSince(modifiedSince);
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      const query = { modifiedSince: since, includeInactive };
      const body = await listAccommodationsOf(db.kysely, organization, query, listCache, serializerOf(reply));
      return sendJsonBody(reply, body);
    },
  );

  app.post(
    '/api/accommodations/',
    {
      schema: {
        operationId: 'createAccommodation',
        tags: ['accommodations'],
        summary: 'Create an accommodation',
        description: 'Needs the write scope. Accepts Idempotency-Key.',
        body: CreateAccommodationBody,
        response: apiResponses(
          { description: 'The created accommodation', schema: ref(AccommodationSchema) },
          { input: true, body: true, write: true, create: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const scope = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      requireWriteScope(principal);
      const organization = resolveOrganization(principal, request.body.organization);
      const created = await idempotentCreate<Accommodation>(
        db,
        clock,
        scope,
        (a) => `/api/accommodations/${a.id}`,
        (run) => createAccommodation(db, clock, organization, request.body, run),
      );
      return sendCreated(reply, created);
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
    async (request) => getAccommodation(db, principalOf(request).organizations, request.params.id),
  );

  app.patch(
    '/api/accommodations/:id',
    {
      schema: {
        operationId: 'updateAccommodation',
        tags: ['accommodations'],
        summary: 'Change an accommodation',
        description: 'Needs the write scope. Changes only the fields given.',
        params: IdParams,
        body: UpdateAccommodationBody,
        response: apiResponses(
          { description: 'The changed accommodation', schema: ref(AccommodationSchema) },
          { input: true, record: true, body: true, write: true },
        ),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      requireWriteScope(principal);
      return updateAccommodation(db, clock, principal.organizations, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/accommodations/:id',
    {
      schema: {
        operationId: 'deactivateAccommodation',
        tags: ['accommodations'],
        summary: 'Deactivate an accommodation',
        description: 'Sets active=false; the record and its reservations stay.',
        params: IdParams,
        response: apiResponses(
          { description: 'The deactivated accommodation', schema: ref(AccommodationSchema) },
          { input: true, record: true, body: true, write: true },
        ),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      requireWriteScope(principal);
      return updateAccommodation(db, clock, principal.organizations, request.params.id, { active: false });
    },
  );

  app.get(
    '/api/accommodations/:id/availability',
    {
      schema: {
        operationId: 'getAvailability',
        tags: ['accommodations'],
        summary: 'Free and taken nights',
        description: 'The nights dateFrom … dateTo − 1, each free or taken by a night-holding reservation.',
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
        db,
        principalOf(request).organizations,
        request.params.id,
        request.query.dateFrom,
        request.query.dateTo,
      ),
  );
};
