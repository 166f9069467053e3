import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { conditionalGet } from '../../http/etag.js';
import { AccommodationListQuery, AccommodationSchema } from './accommodations.schemas.js';
import { listAccommodationsOf, parseModifiedSince } from './accommodations.service.js';

export const accommodationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
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
    async (request) => {
      const { modifiedSince, includeInactive } = request.query;
      const since = modifiedSince === undefined ? undefined : parseModifiedSince(modifiedSince);
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      return listAccommodationsOf(db.kysely, organization, { modifiedSince: since, includeInactive });
    },
  );
};
