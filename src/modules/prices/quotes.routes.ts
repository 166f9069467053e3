import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { createBodyCache, sendCachedRead } from '../../http/body-cache.js';
import { conditionalGet } from '../../http/etag.js';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../shared/clock.js';
import { IdParams, ref } from '../../shared/schemas.js';
import type { ParkCache } from '../availability/availability.service.js';
import type { VersionedRead } from '../organizations/organizations.service.js';
import { MAX_QUOTATIONS, QuotationSchema, QuotationsQuery, QuoteQuery, QuoteSchema } from './quotes.schemas.js';
import { quotationsRead, quoteRead } from './quotes.service.js';

const tags = ['prices'];

export const quoteRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock; parks: ParkCache }> = async (
  app,
  { db, clock, parks },
) => {
  // Kept under the organization's change counter, as list bodies are (body-cache.ts).
  const bodies = createBodyCache<undefined>(16 * 2 ** 20);
  const send = <T>(reply: FastifyReply, read: VersionedRead<T>) => sendCachedRead(bodies, reply, read);

  app.get(
    '/api/quotes',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'getQuote',
        tags,
        summary: 'The price of a stay, line by line',
        description:
          'Rent per night, the largest discount, fees and required supplements, chosen supplements, taxes (SPEC §14), with every reason the stay cannot be sold. The lines are shown whenever every night has a price, bookable or not.',
        querystring: QuoteQuery,
        response: apiResponses(
          { description: 'The quote', schema: ref(QuoteSchema) },
          { input: true, record: true, list: true, conflict: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      return send(
        reply,
        await quoteRead(db.kysely, parks, clock, organization, request.query, request.organizationState),
      );
    },
  );

  app.get(
    '/api/accommodations/:id/quotations',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'listQuotations',
        tags,
        summary: "The original service's quotations",
        description:
          'Every sellable stay whose arrival and departure lie in dateFrom … dateTo (at most 62 days), by arrival then nights, each with its total; for 2 adults unless a party is given.',
        params: IdParams,
        querystring: QuotationsQuery,
        response: apiResponses(
          {
            description: 'The sellable stays',
            schema: Type.Array(ref(QuotationSchema), { maxItems: MAX_QUOTATIONS }),
          },
          { input: true, record: true, list: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const organizations =
        request.query.organization === undefined
          ? principal.organizations
          : [resolveOrganization(principal, request.query.organization)];
      return send(
        reply,
        await quotationsRead(
          db.kysely,
          parks,
          clock,
          organizations,
          request.params.id,
          request.query,
          request.organizationState,
        ),
      );
    },
  );
};
