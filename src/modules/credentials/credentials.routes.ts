import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/database.js';
import { apiResponses } from '../../http/api-responses.js';
import { principalOf, resolveOrganization } from '../../http/auth.js';
import type { Clock } from '../../shared/clock.js';
import { invalidInput, type ParameterError } from '../../shared/errors.js';
import { IdParams, ref } from '../../shared/schemas.js';
import {
  CreateCredentialBody,
  CreatedCredentialSchema,
  CredentialListQuery,
  CredentialSchema,
} from './credentials.schemas.js';
import type { Authenticator } from './authenticator.js';
import {
  createCredential,
  listCredentialsOf,
  organizationUsername,
  revokeCredentialOf,
} from './credentials.service.js';
import type { ScryptParams } from './password.js';

/** More credentials than an organization has; the bound keeps the document honest. */
const MAX_CREDENTIALS = 10_000;

/**
 * Credential management (SPEC §11 Settings) for the admins of an organization: the rules of
 * `booking credentials` (credentials.service.ts), limited to the caller's organizations. Secrets
 * are shown once, in the 201 of POST; hashes never leave the database.
 */
export const credentialRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  passwordHashing?: ScryptParams;
  /** Whose queue a new password's hash waits in: the password checks' (`Authenticator.hashInTurn`). */
  authenticator: Pick<Authenticator, 'hashInTurn'>;
}> = async (app, { db, clock, passwordHashing, authenticator }) => {
  const admin = { scope: 'admin' as const };
  const tags = ['credentials'];
  // A named type in the document; @fastify/swagger collects the schemas of every plugin.
  app.addSchema(CredentialSchema);

  app.get(
    '/api/credentials',
    {
      config: admin,
      schema: {
        operationId: 'listCredentials',
        tags,
        summary: 'The credentials of an organization',
        description:
          'API keys and Basic credentials bound to the organization, newest first, revoked ones included. ' +
          'Never a secret or a hash: a key shows its first characters, a Basic credential its username.',
        querystring: CredentialListQuery,
        response: apiResponses(
          {
            description: 'The credentials, newest first',
            schema: Type.Array(ref(CredentialSchema), { maxItems: MAX_CREDENTIALS }),
          },
          { input: true },
        ),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const organization = resolveOrganization(principal, request.query.organization);
      return listCredentialsOf(db.kysely, organization, principal.organizations);
    },
  );

  app.post(
    '/api/credentials',
    {
      config: admin,
      schema: {
        operationId: 'createCredential',
        tags,
        summary: 'Create an API key or a Basic credential',
        description:
          'Bound to the one organization. The secret (`apiKey`, or `password`) is shown only in this response: ' +
          'only its hash is kept. A Basic credential’s `username` is the name asked for, then @ and the ' +
          'organization’s id (`frontdesk` in organization 12 signs in as `frontdesk@12`), so the name asked for ' +
          'may not contain @ (400). Usernames are unique across the service; qualified, a taken one (409) is ' +
          'always one of the organization’s own, never another organization’s. Does not take Idempotency-Key ' +
          '(400): a replay would have to show the secret again, so it would have to be kept.',
        body: CreateCredentialBody,
        response: withoutIdempotency(
          apiResponses(
            { description: 'The credential and its secret', schema: CreatedCredentialSchema },
            { input: true, body: true, conflict: true, create: true },
          ),
        ),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const problems: ParameterError[] = [];
      if (body.type === 'basic' && body.username === undefined) {
        problems.push({ parameter: 'username', message: 'is required for a basic credential' });
      }
      if (body.type === 'api-key' && body.username !== undefined) {
        problems.push({ parameter: 'username', message: 'is only for a basic credential' });
      }
      // A retry with a key would create a second credential: refused rather than ignored.
      if (request.headers['idempotency-key'] !== undefined) {
        problems.push({ parameter: 'idempotency-key', message: 'is not supported here: a secret is shown only once' });
      }
      if (problems.length > 0) throw invalidInput(problems);
      const organization = resolveOrganization(principalOf(request), body.organization);
      const created = await createCredential(
        db.kysely,
        clock,
        {
          organizations: [organization],
          name: body.name,
          scope: body.scope,
          // In the organization's own names: a taken one then says nothing of another organization.
          basicUsername:
            body.type === 'basic' && body.username !== undefined
              ? organizationUsername(body.username, organization)
              : undefined,
        },
        passwordHashing,
        (task) => authenticator.hashInTurn(request.ip, task),
      );
      return reply.code(201).header('location', `/api/credentials/${created.id}`).send(created);
    },
  );

  app.delete(
    '/api/credentials/:id',
    {
      config: admin,
      schema: {
        operationId: 'revokeCredential',
        tags,
        summary: 'Revoke a credential',
        description:
          'Refused from the next request on; it stays listed with its `revoked` time. Repeating it is harmless. ' +
          '404 unless it is bound to one of the caller’s organizations; 403 when it is also bound to another organization.',
        params: IdParams,
        response: noContent(
          apiResponses({ description: 'Revoked', schema: Type.Null() }, { input: true, record: true, body: true }),
        ),
      },
    },
    async (request, reply) => {
      await revokeCredentialOf(db.kysely, clock, principalOf(request).organizations, request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The responses of an operation that succeeds with 204 No Content: its 200, without a body. */
function noContent(responses: Record<string, unknown>): Record<string, unknown> {
  const { 200: success, ...others } = responses as { 200: { description: string; headers?: unknown } };
  return { 204: { type: 'null', description: success.description, headers: success.headers }, ...others };
}

/** A create without Idempotency-Key: 201 with Location, but no replays and no 422. */
function withoutIdempotency(responses: Record<string, unknown>): Record<string, unknown> {
  const {
    201: created,
    422: _reused,
    ...others
  } = responses as {
    201: { headers: Record<string, unknown> };
    422: unknown;
  };
  const { 'Idempotent-Replayed': _replayed, ...headers } = created.headers;
  return { 201: { ...created, headers }, ...others };
}
