import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { principalOf, requireWriteScope, resolveOrganization } from '../../http/auth.js';
import { idempotencyScope, idempotentCreate, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { IdParams } from '../../shared/schemas.js';
import { apiResponses, ref } from '../../http/api-responses.js';
import {
  cancelReservation,
  createReservation,
  getReservation,
  updateReservation,
} from './reservation-writes.service.js';
import {
  CreateReservationBody,
  type ReservationSummary,
  ReservationSummarySchema,
  UpdateReservationBody,
} from './reservations.schemas.js';

export const reservationWriteRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.post(
    '/api/reservations',
    {
      schema: {
        operationId: 'createReservation',
        tags: ['reservations'],
        summary: 'Create a reservation',
        description: 'Needs the write scope. Refused with 409 when any night is taken. Accepts Idempotency-Key.',
        body: CreateReservationBody,
        response: apiResponses(
          { description: 'The created reservation', schema: ref(ReservationSummarySchema) },
          { input: true, body: true, write: true, conflict: true, create: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const scope = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      requireWriteScope(principal);
      const organization = resolveOrganization(principal, request.body.organization);
      const created = await idempotentCreate<ReservationSummary>(
        db,
        clock,
        scope,
        (r) => `/api/reservations/${r.id}`,
        (run) => createReservation(db, clock, organization, request.body, run),
      );
      return sendCreated(reply, created);
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
          { input: true, record: true },
        ),
      },
    },
    async (request) => getReservation(db, principalOf(request).organizations, request.params.id),
  );

  app.patch(
    '/api/reservations/:id',
    {
      schema: {
        operationId: 'updateReservation',
        tags: ['reservations'],
        summary: 'Change a reservation',
        description: 'Dates, accommodation, guests, amount, or status along the state machine (409 otherwise).',
        params: IdParams,
        body: UpdateReservationBody,
        response: apiResponses(
          { description: 'The changed reservation', schema: ref(ReservationSummarySchema) },
          { input: true, record: true, body: true, write: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      requireWriteScope(principal);
      return updateReservation(db, clock, principal.organizations, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/reservations/:id',
    {
      schema: {
        operationId: 'cancelReservation',
        tags: ['reservations'],
        summary: 'Cancel a reservation',
        description: 'Sets status cancelled and the cancelled timestamp; repeating it is harmless.',
        params: IdParams,
        response: apiResponses(
          { description: 'The cancelled reservation', schema: ref(ReservationSummarySchema) },
          { input: true, record: true, body: true, write: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      requireWriteScope(principal);
      return cancelReservation(db, clock, principal.organizations, request.params.id);
    },
  );
};
