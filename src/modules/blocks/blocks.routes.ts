import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { IdempotencyKeyHeaders, idempotencyScope, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { claimKey, rememberCreated } from '../idempotency/idempotency.service.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import { BlockListQuery, BlockSchema, CreateBlockBody, UpdateBlockBody } from './blocks.schemas.js';
import { blocksOfPeriod, createBlock, deleteBlock, updateBlock } from './blocks.service.js';

const tags = ['blocks'];

export const blockRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/blocks',
    {
      schema: {
        operationId: 'listBlocks',
        tags,
        summary: 'Blocks of a period',
        description:
          'Blocks holding a night of dateFrom … dateTo (both nights), ordered by dateFrom, id. At most 366 nights.',
        querystring: BlockListQuery,
        response: apiResponses({ description: 'The blocks', schema: Type.Array(ref(BlockSchema)) }, { input: true }),
      },
    },
    async (request) => {
      const organization = resolveOrganization(principalOf(request), request.query.organization);
      return blocksOfPeriod(db.kysely, organization, request.query);
    },
  );

  app.post(
    '/api/blocks',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'createBlock',
        tags,
        summary: 'Block nights',
        description:
          'Holds the nights dateFrom … dateTo − 1 of an accommodation: 409 naming the reservation or block that holds one of them. Accepts Idempotency-Key.',
        headers: IdempotencyKeyHeaders,
        body: CreateBlockBody,
        response: apiResponses(
          { description: 'The created block', schema: ref(BlockSchema) },
          { input: true, body: true, conflict: true, create: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const organization = resolveOrganization(principal, request.body.organization);
      const key = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      const outcome = await withWriteTransaction(db, async (trx) => {
        const locked = await lockOrganization(trx, organization);
        const claim = await claimKey(trx, clock, key);
        if (claim.kind === 'replay') return unchanged(claim);
        const block = await createBlock(trx, clock, locked, request.body);
        return rememberCreated(trx, claim, `/api/blocks/${block.id}`, block);
      });
      return sendCreated(reply, outcome);
    },
  );

  app.patch(
    '/api/blocks/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'updateBlock',
        tags,
        summary: 'Move or change a block',
        description: 'Changes only the fields given. An external block changes only with its calendar (409).',
        params: IdParams,
        body: UpdateBlockBody,
        response: apiResponses(
          { description: 'The changed block', schema: ref(BlockSchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) => updateBlock(trx, clock, organizations, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/blocks/:id',
    {
      config: { scope: 'write' },
      schema: {
        operationId: 'deleteBlock',
        tags,
        summary: 'Remove a block',
        description: 'Its nights are free again. Answers the block as it was. An external block: 409.',
        params: IdParams,
        response: apiResponses(
          { description: 'The removed block', schema: ref(BlockSchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) => deleteBlock(trx, clock, organizations, request.params.id));
    },
  );
};
