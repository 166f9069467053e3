import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { createBodyCache, sendCachedRead } from '../../http/body-cache.js';
import { conditionalGet } from '../../http/etag.js';
import { IdempotencyKeyHeaders, idempotencyScope, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { claimKey, rememberCreated } from '../idempotency/idempotency.service.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import { PRICE_KINDS } from './price-records.js';
import { MAX_PRICE_RECORDS, PriceListQuery } from './prices.schemas.js';
import { createPriceRecord, deletePriceRecord, priceList, updatePriceRecord } from './prices.service.js';

const admin = { scope: 'admin' as const };

/** The four lists of SPEC §14 at the original's paths, and their admin writes: one set of routes per kind. */
export const priceRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const lists = createBodyCache<undefined>(8 * 2 ** 20);
  for (const definition of Object.values(PRICE_KINDS)) {
    const { record: kind, path, noun, operation, schemas } = definition;
    const tags = [definition.tag];
    const one = ref(schemas.record);

    app.get(
      path,
      {
        onSend: conditionalGet,
        schema: {
          operationId: `list${operation.many}`,
          tags,
          summary: `The organization's ${noun}s`,
          description:
            'Ordered by id. `accommodation` keeps those that apply to it (its own, its type’s, every accommodation’s); `dateFrom` / `dateTo` those valid on a day of the period.',
          querystring: PriceListQuery,
          response: apiResponses(
            { description: `The ${noun}s`, schema: Type.Array(one, { maxItems: MAX_PRICE_RECORDS }) },
            { input: true, list: true, snapshot: true },
          ),
        },
      },
      async (request, reply) => {
        const organization = resolveOrganization(principalOf(request), request.query.organization);
        return sendCachedRead(
          lists,
          reply,
          await priceList(db.kysely, kind, organization, request.query, request.organizationState),
        );
      },
    );

    app.post(
      path,
      {
        config: admin,
        schema: {
          operationId: `create${operation.one}`,
          tags,
          summary: `Add a ${noun}`,
          description:
            'Accepts Idempotency-Key. 409 when the organization already keeps 1,000 of them' +
            (kind === 'component'
              ? ', or when a rent of the same scope and weekdays prices a night of its period.'
              : '.'),
          headers: IdempotencyKeyHeaders,
          body: schemas.create,
          response: apiResponses(
            { description: `The created ${noun}`, schema: one },
            { input: true, body: true, conflict: true, create: true },
          ),
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const body = request.body as Record<string, unknown> & { organization?: number };
        const organization = resolveOrganization(principal, body.organization);
        const key = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
        const outcome = await withWriteTransaction(db, async (trx) => {
          const locked = await lockOrganization(trx, organization);
          const claim = await claimKey(trx, clock, key);
          if (claim.kind === 'replay') return unchanged(claim);
          const record = await createPriceRecord(trx, clock, kind, locked, body);
          return rememberCreated(trx, claim, `${path}/${record.id}`, record);
        });
        return sendCreated(reply, outcome);
      },
    );

    app.patch(
      `${path}/:id`,
      {
        config: admin,
        schema: {
          operationId: `update${operation.one}`,
          tags,
          summary: `Change a ${noun}`,
          description: 'Changes the fields given; an optional field sent as null is no longer set.',
          params: IdParams,
          body: schemas.update,
          response: apiResponses(
            { description: `The changed ${noun}`, schema: one },
            // Only rents can conflict with each other (two of one scope and weekday set over a night).
            { input: true, record: true, body: true, ...(kind === 'component' ? { conflict: true } : {}) },
          ),
        },
      },
      async (request) => {
        const { organizations } = principalOf(request);
        return withWriteTransaction(db, (trx) =>
          updatePriceRecord(
            trx,
            clock,
            kind,
            organizations,
            request.params.id,
            request.body as Record<string, unknown>,
          ),
        );
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: admin,
        schema: {
          operationId: `delete${operation.one}`,
          tags,
          summary: `Remove a ${noun}`,
          description:
            'Answers the record as it was.' +
            (kind === 'age-group' ? ' 409 while a price component counts persons of this age group.' : ''),
          params: IdParams,
          response: apiResponses(
            { description: `The removed ${noun}`, schema: one },
            { input: true, record: true, body: true, ...(kind === 'age-group' ? { conflict: true } : {}) },
          ),
        },
      },
      async (request) => {
        const { organizations } = principalOf(request);
        return withWriteTransaction(db, (trx) => deletePriceRecord(trx, kind, organizations, request.params.id));
      },
    );
  }
};
