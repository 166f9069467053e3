import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Authenticator, type Principal, presentedCredentials } from '../modules/credentials/authenticator.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';
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

/**
 * Registers the credential check on every route of the (encapsulated) instance it is given, with
 * the limits of SPEC §7: an address or username that failed too often is refused before any
 * credential is looked at (and any password hashed), and an authenticated request counts against
 * its credential's budget.
 */
export function requireCredentials(app: FastifyInstance, authenticator: Authenticator, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const presented = presentedCredentials(
      singleHeader(request.headers['x-api-key']),
      singleHeader(request.headers.authorization),
    );
    // Only Basic credentials name a user.
    const username = presented.scheme === 'basic' ? presented.basic?.username : undefined;
    await limiter.assertAuthenticationAllowed(request.ip, username);
    const principal = await authenticator.authenticate(presented);
    if (!principal) {
      if (presented.scheme !== 'none') await limiter.recordAuthenticationFailure(request.ip, username);
      throw unauthorized();
    }
    request.principal = principal;
    await limiter.consume(principal.credentialId, reply);
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
