import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { cachedBody, createBodyCache } from '../../http/body-cache.js';
import { conditionalGet, jsonBody, sendJsonBody, serializerOf } from '../../http/etag.js';
import type { Clock } from '../../shared/clock.js';
import { paginationHeaders } from '../../shared/pagination.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { rulesInForce } from '../reservations/behaviour-rules.js';
import { GuestListQuery, GuestSchema, UpdateGuestBody } from './guests.schemas.js';
import { eraseGuest, getGuest, type GuestList, guestList, guestPage, updateGuest } from './guests.service.js';

const tags = ['guests'];

export const guestRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  // Pages of guests, kept under the organization's change counter (every write moves it; erasure too).
  const pages = createBodyCache<number | undefined>(16 * 2 ** 20);

  // The original's client lists `/api/guests/` (SPEC §15): the document names that spelling; both work.
  app.get(
    '/api/guests/',
    {
      onSend: conditionalGet,
      schema: {
        operationId: 'listGuests',
        tags,
        summary: 'List guests',
        description:
          'The organization’s guests by id, paginated exactly as reservation summaries (Link and X-Pagination-* ' +
          'headers, the same defaults and dated rules). Erased guests are listed with their personal fields null.',
        querystring: GuestListQuery,
        response: apiResponses(
          { description: 'One page of guests', schema: Type.Array(ref(GuestSchema)) },
          { input: true, list: true, paginated: true, snapshot: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // The rules of the credential's compatibility date, else of today (UTC) (SPEC §4.5), as summaries.
      const rules = rulesInForce(principal.compatibilityDate ?? clock().toISOString().slice(0, 10));
      const page = guestPage(request.query, rules);
      const organization = resolveOrganization(principal, request.query.organization);
      const read = await guestList(db, organization, request.query, page, request.organizationState);
      const serialize = serializerOf(reply);
      const render = ({ items, total }: GuestList) => ({ body: jsonBody(serialize(items)), meta: total });
      // An unpaginated list may be any size: it is not kept.
      const { body, meta: total } = page ? await cachedBody(pages, read, render) : render(await read.load());
      if (page && total !== undefined) reply.headers(paginationHeaders(request.url, total, page.limit, page.offset));
      if (read.eventsCursor) reply.header('events-cursor', read.eventsCursor);
      return sendJsonBody(reply, body);
    },
  );

  app.get(
    '/api/guests/:id',
    {
      schema: {
        operationId: 'getGuest',
        tags,
        summary: 'One guest',
        description: 'An erased guest shows its personal fields null and `erased` set.',
        params: IdParams,
        response: apiResponses({ description: 'The guest', schema: ref(GuestSchema) }, { input: true, record: true }),
      },
    },
    async (request) => getGuest(db.kysely, principalOf(request).organizations, request.params.id),
  );

  app.patch(
    '/api/guests/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'updateGuest',
        tags,
        summary: 'Correct a guest',
        description:
          'Changes only the fields given (null clears one). 409 for an erased guest, or for an e-mail address ' +
          'another guest of the organization has (the problem names it as `guest`). Reservations keep the name they show.',
        params: IdParams,
        body: UpdateGuestBody,
        response: apiResponses(
          { description: 'The corrected guest', schema: ref(GuestSchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) => updateGuest(trx, clock, organizations, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/guests/:id',
    {
      config: { scope: 'admin' },
      schema: {
        operationId: 'eraseGuest',
        tags,
        summary: 'Erase a guest (GDPR)',
        description:
          'The guest’s personal fields become null and `erased` is set; each of its reservations shows guestName and ' +
          'name "Erased guest" (recorded as reservation.updated); the name is removed from every kept event ' +
          '(`data` and `previous`), webhook delivery and stored response; records guest.erased. Answers the erased ' +
          'guest; erasing it again changes nothing and answers the same.',
        params: IdParams,
        response: apiResponses(
          { description: 'The erased guest', schema: ref(GuestSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      const { id } = request.params;
      return withWriteTransaction(db, async (trx) => {
        const erased = await eraseGuest(trx, clock, organizations, id);
        const guest = await getGuest(trx, organizations, id);
        // Erased before: the same answer, and nothing changed (the organization's counter included).
        return erased ? guest : unchanged(guest);
      });
    },
  );
};
