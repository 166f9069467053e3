import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import { withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../shared/errors.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { ReservationSummarySchema } from '../reservations/reservations.schemas.js';
import { OrderLinesSchema, PlaceDraftBody, TokenQuery } from './drafts.schemas.js';
import { type FlowContext, placeDraft, reservationOrderLines } from './drafts.service.js';

/**
 * The original's booking flow, step 3, and the order lines a placed reservation keeps (SPEC §15).
 * Steps 1 and 2 share their paths with §9 (reservations.routes.ts).
 */
export const bookingFlowRoutes: FastifyPluginAsyncTypebox<{ db: Db; flow: FlowContext }> = async (
  app,
  { db, flow },
) => {
  app.put(
    '/api/reservations/:id/place',
    {
      config: { scope: 'write', formBodyAsJson: true },
      schema: {
        operationId: 'placeDraft',
        tags: ['reservations'],
        summary: "Place a draft of the original's booking flow",
        description:
          "SPEC §15, step 3: the draft becomes a reservation with the draft's id — `confirmed` when `confirmed` is true, else `option`; adults, children and babies counted by the age groups' categories; `guestName` and `name` the first name and surname; `channel` the `source`; `totalAmount` the draft's `orderLinesTotal` (even if prices changed since), its order lines kept (`GET /api/reservations/{id}/order-lines`). Records `reservation.created` and answers 200 with the reservation. A wrong or missing token is 404, as is an expired draft; a placed one is 409. A form-labelled body is read as JSON as for step 1.",
        params: IdParams,
        querystring: TokenQuery,
        body: ref(PlaceDraftBody),
        response: apiResponses(
          { description: 'The reservation the draft became', schema: ref(ReservationSummarySchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { token } = request.query;
      if (token === undefined) throw new AppError('not-found', `No reservation ${request.params.id}.`);
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) =>
        placeDraft(trx, flow, organizations, request.params.id, token, request.body),
      );
    },
  );

  app.get(
    '/api/reservations/:id/order-lines',
    {
      schema: {
        operationId: 'getReservationOrderLines',
        tags: ['reservations'],
        summary: 'The priced order lines of a reservation',
        description:
          "The lines a reservation placed through the original's booking flow was priced at (SPEC §15), in their order; empty for a reservation made otherwise. 404 as for the reservation.",
        params: IdParams,
        response: apiResponses(
          { description: 'Its order lines', schema: OrderLinesSchema },
          { input: true, record: true },
        ),
      },
    },
    async (request) => reservationOrderLines(db.kysely, principalOf(request).organizations, request.params.id),
  );
};
