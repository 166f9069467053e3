import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { apiResponses } from '../../http/api-responses.js';
import { ref } from '../../shared/schemas.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { createBodyCache, sendCachedRead } from '../../http/body-cache.js';
import { conditionalGet } from '../../http/etag.js';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../shared/clock.js';
import type { VersionedRead } from '../organizations/organizations.service.js';
import { GridQuery, GridSchema, SearchQuery, SearchResultSchema } from './availability.schemas.js';
import { gridRead, type ParkCache, searchRead } from './availability.service.js';

const tags = ['availability'];

export const availabilityRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock; parks: ParkCache }> = async (
  app,
  { db, clock, parks },
) => {
  // Kept under the organization's change counter, as list bodies are (body-cache.ts).
  const bodies = createBodyCache<undefined>(32 * 2 ** 20);
  const send = <T>(reply: FastifyReply, read: VersionedRead<T>) => sendCachedRead(bodies, reply, read);

  app.get(
    '/api/availability',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'getAvailabilityGrid',
        tags,
        summary: 'The park at a glance',
        description:
          'For the nights dateFrom … dateTo (at most 366): what holds each active accommodation, and per type how many are free each night.',
        querystring: GridQuery,
        response: apiResponses(
          { description: 'The grid', schema: ref(GridSchema) },
          { input: true, list: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      return send(
        reply,
        await gridRead(db.kysely, parks, clock, organization, request.query, request.organizationState),
      );
    },
  );

  app.get(
    '/api/availability/search',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'searchAvailability',
        tags,
        summary: 'Which accommodations may be sold for a stay',
        description:
          'Every active accommodation (of the type) once, bookable ones first: each with every reason the stay arriving dateFrom and leaving dateTo cannot be sold.',
        querystring: SearchQuery,
        response: apiResponses(
          { description: 'One result per accommodation', schema: Type.Array(ref(SearchResultSchema)) },
          { input: true, list: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      return send(
        reply,
        await searchRead(db.kysely, parks, clock, organization, request.query, request.organizationState),
      );
    },
  );
};
