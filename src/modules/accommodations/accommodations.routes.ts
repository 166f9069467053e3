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
        summary: 'List accommodations',
        description: 'Accommodations of one organization ordered by id. Not paginated.',
        querystring: AccommodationListQuery,
        response: { 200: Type.Array(AccommodationSchema) },
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
        summary: 'Create an accommodation',
        description: 'Needs the write scope. Accepts Idempotency-Key.',
        body: CreateAccommodationBody,
        response: { 201: AccommodationSchema },
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
    { schema: { summary: 'One accommodation', params: IdParams, response: { 200: AccommodationSchema } } },
    async (request) => getAccommodation(db, principalOf(request).organizations, request.params.id),
  );

  app.patch(
    '/api/accommodations/:id',
    {
      schema: {
        summary: 'Change an accommodation',
        params: IdParams,
        body: UpdateAccommodationBody,
        response: { 200: AccommodationSchema },
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
        summary: 'Deactivate an accommodation',
        description: 'Sets active=false; the record and its reservations stay.',
        params: IdParams,
        response: { 200: AccommodationSchema },
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
        summary: 'Free and taken nights',
        description: 'The nights dateFrom … dateTo − 1, each free or taken by a night-holding reservation.',
        params: IdParams,
        querystring: AvailabilityQuery,
        response: { 200: AvailabilitySchema },
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
