import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { WebhookSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import { IdempotencyKeyHeaders, idempotencyScope, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { createDeliveryClient } from './delivery-client.js';
import {
  CreateEndpointBody,
  DeliveryAttemptSchema,
  DeliveryLogQuery,
  EndpointListQuery,
  ReplayBody,
  ReplayResultSchema,
  TestResultSchema,
  UpdateEndpointBody,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from './endpoints.schemas.js';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryLog,
  endpointOf,
  getEndpoint,
  listEndpointsOf,
  replay,
  rotateSecret,
  testEndpoint,
  updateEndpoint,
  type WebhookDeps,
} from './endpoints.service.js';
import { type Resolver, systemResolver } from './ssrf.js';

export interface WebhookRouteOptions {
  db: Db;
  clock: Clock;
  settings: WebhookSettings;
  resolver?: Resolver | undefined;
}

/** Webhook endpoints (SPEC §10): every route needs the admin scope and sees the credential's organizations only. */
export const webhookRoutes: FastifyPluginAsyncTypebox<WebhookRouteOptions> = async (app, options) => {
  const resolver = options.resolver ?? systemResolver;
  const client = createDeliveryClient({
    timeoutMs: options.settings.timeoutMs,
    allowPrivateNetworks: options.settings.allowPrivateNetworks,
    resolver,
    maxSockets: 4,
  });
  app.addHook('onClose', async () => client.close());
  const deps: WebhookDeps = { db: options.db, clock: options.clock, settings: options.settings, resolver, client };
  const admin = { scope: 'admin' as const };
  const tags = ['webhooks'];
  const Endpoint = ref(WebhookEndpointSchema);

  app.post(
    '/api/webhook-endpoints',
    {
      config: admin,
      schema: {
        operationId: 'createWebhookEndpoint',
        tags,
        summary: 'Register a webhook endpoint',
        description:
          'It receives the events of its types committed from now on. The secret is shown only in this response. ' +
          'The URL must be https, without credentials, and not resolve to a private address (400 naming url). ' +
          'Accepts Idempotency-Key: a retry with the key answers the endpoint it created as it is now, with its ' +
          'current secret (after a rotation, the new one), or 404 once that endpoint has been deleted.',
        headers: IdempotencyKeyHeaders,
        body: CreateEndpointBody,
        response: apiResponses(
          { description: 'The endpoint and its secret', schema: WebhookEndpointWithSecretSchema },
          { input: true, body: true, create: true, replayReads: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const organization = resolveOrganization(principal, request.body.organization);
      const key = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      return sendCreated(reply, await createEndpoint(deps, organization, request.body, key));
    },
  );

  app.get(
    '/api/webhook-endpoints',
    {
      config: admin,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags,
        summary: 'The webhook endpoints',
        description: 'Never the secrets.',
        querystring: EndpointListQuery,
        response: apiResponses(
          { description: 'The endpoints, by id', schema: Type.Array(Endpoint, { maxItems: 1000 }) },
          { input: true },
        ),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const organizations =
        request.query.organization === undefined && principal.organizations.length > 1
          ? principal.organizations
          : [resolveOrganization(principal, request.query.organization)];
      return listEndpointsOf(options.db.kysely, organizations);
    },
  );

  app.get(
    '/api/webhook-endpoints/:id',
    {
      config: admin,
      schema: {
        operationId: 'getWebhookEndpoint',
        tags,
        summary: 'One webhook endpoint',
        params: IdParams,
        response: apiResponses({ description: 'The endpoint', schema: Endpoint }, { input: true, record: true }),
      },
    },
    async (request) =>
      endpointOf(await getEndpoint(options.db.kysely, principalOf(request).organizations, request.params.id)),
  );

  app.patch(
    '/api/webhook-endpoints/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags,
        summary: 'Change a webhook endpoint',
        description: 'url, types, description, enabled. Enabled again, it receives the events committed from then on.',
        params: IdParams,
        body: UpdateEndpointBody,
        response: apiResponses(
          { description: 'The changed endpoint', schema: Endpoint },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => updateEndpoint(deps, principalOf(request).organizations, request.params.id, request.body),
  );

  app.delete(
    '/api/webhook-endpoints/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags,
        summary: 'Delete a webhook endpoint',
        description: 'With its deliveries and their log.',
        params: IdParams,
        response: apiResponses(
          {
            description: 'Deleted',
            schema: Type.Object({ deleted: Type.Literal(true) }, { additionalProperties: false }),
          },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      await deleteEndpoint(options.db, principalOf(request).organizations, request.params.id);
      return { deleted: true as const };
    },
  );

  app.post(
    '/api/webhook-endpoints/:id/rotate-secret',
    {
      config: admin,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'A new secret for a webhook endpoint',
        description: 'Shown only in this response; the old secret keeps signing beside it for 24 hours.',
        params: IdParams,
        response: apiResponses(
          { description: 'The endpoint and its new secret', schema: WebhookEndpointWithSecretSchema },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => rotateSecret(deps, principalOf(request).organizations, request.params.id),
  );

  app.post(
    '/api/webhook-endpoints/:id/test',
    {
      config: admin,
      schema: {
        operationId: 'testWebhookEndpoint',
        tags,
        summary: 'Deliver a ping event now',
        description: 'Answers the attempt’s outcome: status code or error class, never the receiver’s body.',
        params: IdParams,
        response: apiResponses(
          { description: 'The outcome', schema: TestResultSchema },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => testEndpoint(deps, principalOf(request).organizations, request.params.id),
  );

  app.get(
    '/api/webhook-endpoints/:id/deliveries',
    {
      config: admin,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'The delivery log of a webhook endpoint',
        description: 'Every attempt, newest first; pass the last entry’s id as `after` for the next page.',
        params: IdParams,
        querystring: DeliveryLogQuery,
        response: apiResponses(
          { description: 'Attempts, newest first', schema: Type.Array(ref(DeliveryAttemptSchema), { maxItems: 100 }) },
          { input: true, record: true },
        ),
      },
    },
    async (request) =>
      deliveryLog(options.db.kysely, principalOf(request).organizations, request.params.id, request.query),
  );

  app.post(
    '/api/webhook-endpoints/:id/replay',
    {
      config: admin,
      schema: {
        operationId: 'replayWebhookEvents',
        tags,
        summary: 'Deliver kept events again',
        description:
          '`{ after }` (a feed cursor) or `{ since, until? }` (timestamps): those events of the endpoint’s types are delivered again, ' +
          'with their own ids.',
        params: IdParams,
        body: ReplayBody,
        response: apiResponses(
          { description: 'Deliveries scheduled', schema: ReplayResultSchema },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => replay(deps, principalOf(request).organizations, request.params.id, request.body),
  );
};
