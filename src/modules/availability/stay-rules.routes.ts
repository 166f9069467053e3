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
import {
  CreateStayRuleBody,
  MAX_STAY_RULES,
  StayRuleListQuery,
  StayRuleSchema,
  UpdateStayRuleBody,
} from './stay-rules.schemas.js';
import { createStayRule, deleteStayRule, stayRulesOf, updateStayRule } from './stay-rules.service.js';

const tags = ['stay rules'];
const admin = { scope: 'admin' as const };

export const stayRuleRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    '/api/stay-rules',
    {
      schema: {
        operationId: 'listStayRules',
        tags,
        summary: "The organization's stay rules",
        description: 'Ordered by id.',
        querystring: StayRuleListQuery,
        response: apiResponses(
          { description: 'The rules', schema: Type.Array(ref(StayRuleSchema), { maxItems: MAX_STAY_RULES }) },
          { input: true },
        ),
      },
    },
    async (request) => stayRulesOf(db.kysely, resolveOrganization(principalOf(request), request.query.organization)),
  );

  app.post(
    '/api/stay-rules',
    {
      config: admin,
      schema: {
        operationId: 'createStayRule',
        tags,
        summary: 'Add a stay rule',
        description:
          'For stays arriving dateFrom … dateTo of one accommodation, a type, or the whole organization. 409 when a rule of the same scope with an overlapping period already sets one of its fields, or when the organization has 1,000 rules. Accepts Idempotency-Key.',
        headers: IdempotencyKeyHeaders,
        body: CreateStayRuleBody,
        response: apiResponses(
          { description: 'The created rule', schema: ref(StayRuleSchema) },
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
        const rule = await createStayRule(trx, clock, locked, request.body);
        return rememberCreated(trx, claim, `/api/stay-rules/${rule.id}`, rule);
      });
      return sendCreated(reply, outcome);
    },
  );

  app.patch(
    '/api/stay-rules/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateStayRule',
        tags,
        summary: 'Change a stay rule',
        description: 'Changes the fields given; a setting sent as null is no longer set by this rule.',
        params: IdParams,
        body: UpdateStayRuleBody,
        response: apiResponses(
          { description: 'The changed rule', schema: ref(StayRuleSchema) },
          { input: true, record: true, body: true, conflict: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) =>
        updateStayRule(trx, clock, organizations, request.params.id, request.body),
      );
    },
  );

  app.delete(
    '/api/stay-rules/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteStayRule',
        tags,
        summary: 'Remove a stay rule',
        description: 'Answers the rule as it was.',
        params: IdParams,
        // No 409: removing a rule conflicts with nothing (the overlap check is for rules being stored).
        response: apiResponses(
          { description: 'The removed rule', schema: ref(StayRuleSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      return withWriteTransaction(db, (trx) => deleteStayRule(trx, organizations, request.params.id));
    },
  );
};
