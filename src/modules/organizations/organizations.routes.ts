import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { apiResponses } from '../../http/api-responses.js';
import { ref } from '../../shared/schemas.js';
import { principalOf } from '../../http/auth.js';
import type { Clock } from '../../shared/clock.js';
import { dateInZone } from '../../shared/dates.js';
import { listOrganizationsByIds } from './organizations.repository.js';
import { type Organization, OrganizationSchema } from './organizations.schemas.js';

/** A credential binds at most this many organizations in practice; the bound keeps the document honest. */
const MAX_ORGANIZATIONS = 10_000;

export const organizationRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  // A named type in the document; @fastify/swagger collects the schemas of every plugin.
  app.addSchema(OrganizationSchema);

  app.get(
    '/api/organizations',
    {
      schema: {
        operationId: 'listOrganizations',
        tags: ['organizations'],
        summary: 'The credential’s organizations',
        description:
          'Every organization the credential is bound to, ordered by id, with `today`: the current date in its time zone.',
        response: apiResponses(
          {
            description: 'The organizations, ordered by id',
            schema: Type.Array(ref(OrganizationSchema), { maxItems: MAX_ORGANIZATIONS }),
          },
          { input: true },
        ),
      },
    },
    async (request): Promise<Organization[]> => {
      const rows = await listOrganizationsByIds(db.kysely, principalOf(request).organizations);
      // One instant for all of them: the dates differ only by their zones.
      const now = clock();
      return rows.map((row) => ({ ...row, today: dateInZone(now, row.timezone) }));
    },
  );
};
