import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { apiResponses, ref } from '../../http/api-responses.js';
import { conditionalGet, sendJsonBody, serializerOf } from '../../http/etag.js';
import { paginationHeaders } from '../../shared/pagination.js';
import type { Clock } from '../../shared/clock.js';
import { rulesInForce } from './behaviour-rules.js';
import { ReservationSummarySchema, SummaryListQuery } from './reservations.schemas.js';
import { createSummaryCaches, interpretSummaryQuery, listSummaries } from './summaries.service.js';

export const reservationRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const caches = createSummaryCaches();
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
          { input: true, list: true, paginated: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // The rules of the credential's compatibility date, else of today (UTC) (SPEC §4.5).
      const rules = rulesInForce(principal.compatibilityDate ?? clock().toISOString().slice(0, 10));
      const summaryRequest = interpretSummaryQuery(request.query, rules);
      const organization = resolveOrganization(principal, request.query.organization);
      const { body, total } = await listSummaries(db.kysely, organization, summaryRequest, caches, serializerOf(reply));
      if (summaryRequest.page && total !== undefined) {
        reply.headers(paginationHeaders(request.url, total, summaryRequest.page.limit, summaryRequest.page.offset));
      }
      return sendJsonBody(reply, body);
    },
  );
};
