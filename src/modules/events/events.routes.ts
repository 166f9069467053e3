import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { apiResponses } from '../../http/api-responses.js';
import { ref } from '../../shared/schemas.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { invalidInput } from '../../shared/errors.js';
import { MAX_ENTRIES } from './cursor.js';
import { EventSchema, FEED_LIMIT_MAX, FeedQuery } from './events.schemas.js';
import { readEvents } from './events.service.js';
import type { FeedWaker } from './feed-waker.js';

/** The changes feed (SPEC §10): GET /api/events. */
export const eventRoutes: FastifyPluginAsyncTypebox<{ db: Db; waker: FeedWaker }> = async (app, { db, waker }) => {
  app.get(
    '/api/events',
    {
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: 'The changes feed',
        description:
          'Events in commit order, each once. Follow Link rel="next" (present on every response, also an empty one) ' +
          'to resume; `wait` holds an empty answer until an event arrives. A cursor older than what is kept is 410. ' +
          'Without `organization`, every organization of the credential (at most 1,000), merged by time.',
        querystring: FeedQuery,
        response: apiResponses(
          {
            description: 'The events after the cursor',
            schema: Type.Array(ref(EventSchema), { maxItems: FEED_LIMIT_MAX }),
          },
          { input: true, feed: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { query } = request;
      const organizationIds =
        query.organization === undefined && principal.organizations.length > 1
          ? principal.organizations
          : [resolveOrganization(principal, query.organization)];
      // A cursor holds a number per organization read, and travels in every `next` link.
      if (organizationIds.length > MAX_ENTRIES) {
        throw invalidInput([
          {
            parameter: 'organization',
            message: `is required for a credential of more than ${MAX_ENTRIES} organizations`,
          },
        ]);
      }
      const resource =
        query.reservation !== undefined
          ? { type: 'reservation' as const, id: query.reservation }
          : query.accommodation !== undefined
            ? { type: 'accommodation' as const, id: query.accommodation }
            : undefined;
      // A client that goes away stops the wait.
      const abandoned = new AbortController();
      request.raw.once('close', () => abandoned.abort());
      const page = await readEvents(
        db.kysely,
        waker,
        {
          organizationIds,
          types: query.types?.split(','),
          resource,
          after: query.after,
          limit: query.limit ?? 100,
          waitMs: (query.wait ?? 0) * 1000,
        },
        abandoned.signal,
      );
      // Built from the validated parameters, in a fixed order: nothing from the raw query reaches the header.
      const next = new URLSearchParams();
      for (const name of ['organization', 'types', 'reservation', 'accommodation', 'limit', 'wait'] as const) {
        if (query[name] !== undefined) next.set(name, String(query[name]));
      }
      next.set('after', page.next);
      reply.header('link', `</api/events?${next.toString()}>; rel="next"`);
      reply.header('events-cursor', page.next);
      reply.type('application/json; charset=utf-8');
      return reply.send(Buffer.from(`[${page.bodies.join(',')}]`));
    },
  );
};
