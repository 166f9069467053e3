import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator, Principal } from '../modules/credentials/authenticator.js';
import { AppError } from '../shared/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every /api/ request that gets past it. */
    principal: Principal | null;
  }
}

export const WWW_AUTHENTICATE = 'Basic realm="booking", charset="UTF-8"';

/** One answer for every authentication failure: it never says which part was wrong (SPEC §5). */
export function unauthorized(): AppError {
  return new AppError(
    'unauthorized',
    'Valid credentials are required: an X-Api-Key header or HTTP Basic authorization.',
    {
      headers: { 'www-authenticate': WWW_AUTHENTICATE },
    },
  );
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** Registers the credential check on every route of the (encapsulated) instance it is given. */
export function requireCredentials(app: FastifyInstance, authenticator: Authenticator): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const principal = await authenticator.authenticate({
      apiKey: singleHeader(request.headers['x-api-key']),
      authorization: singleHeader(request.headers.authorization),
    });
    if (!principal) throw unauthorized();
    request.principal = principal;
  });
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** Writes need the `write` scope (SPEC §9); checked after validation, as 403 comes after 400. */
export function requireWriteScope(principal: Principal): void {
  if (!principal.scopes.has('write')) throw new AppError('forbidden', 'This credential lacks the write scope.');
}

/**
 * The organization a request is about (SPEC §4.4): the one named, or the credential's only one.
 * Foreign and non-existent organizations get the same 403, so ids cannot be probed.
 */
export function resolveOrganization(principal: Principal, requested: number | undefined): number {
  if (requested === undefined) {
    const [only, ...others] = principal.organizations;
    if (only !== undefined && others.length === 0) return only;
    throw new AppError('invalid-input', 'Invalid parameter: organization', {
      errors: [
        { parameter: 'organization', message: 'is required: this credential is bound to several organizations' },
      ],
    });
  }
  if (!principal.organizations.includes(requested)) {
    throw new AppError('forbidden', 'This credential has no access to the requested organization.');
  }
  return requested;
}
