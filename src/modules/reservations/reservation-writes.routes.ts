import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { principalOf, requireWriteScope, resolveOrganization } from '../../http/auth.js';
import { idempotencyScope, idempotentCreate, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { IdParams, ProblemSchema } from '../../shared/schemas.js';
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
  const conflict = { 409: ProblemSchema };

  app.post(
    '/api/reservations',
    {
      schema: {
        summary: 'Create a reservation',
        description: 'Needs the write scope. Refused with 409 when any night is taken. Accepts Idempotency-Key.',
        body: CreateReservationBody,
        response: { 201: ReservationSummarySchema, ...conflict },
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
    { schema: { summary: 'One reservation summary', params: IdParams, response: { 200: ReservationSummarySchema } } },
    async (request) => getReservation(db, principalOf(request).organizations, request.params.id),
  );

  app.patch(
    '/api/reservations/:id',
    {
      schema: {
        summary: 'Change a reservation',
        description: 'Dates, accommodation, guests, amount, or status along the state machine (409 otherwise).',
        params: IdParams,
        body: UpdateReservationBody,
        response: { 200: ReservationSummarySchema, ...conflict },
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
        summary: 'Cancel a reservation',
        description: 'Sets status cancelled and the cancelled timestamp; repeating it is harmless.',
        params: IdParams,
        response: { 200: ReservationSummarySchema, ...conflict },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      requireWriteScope(principal);
      return cancelReservation(db, clock, principal.organizations, request.params.id);
    },
  );
};
