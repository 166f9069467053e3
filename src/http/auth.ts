import type { FastifyInstance, FastifyRequest, FastifySchema, preHandlerHookHandler } from 'fastify';
import { type Authenticator, type Principal, presentedCredentials } from '../modules/credentials/authenticator.js';
import type { Scope } from '../modules/credentials/credentials.service.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';
import { AppError } from '../shared/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every /api/ request that gets past it. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /**
     * The scope a route needs beyond `read` (SPEC §9: writes need `write`). Declared once in the
     * route's config; `requireCredentials` enforces it and writes it into the API document.
     */
    scope?: Scope;
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
  app.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    if (scope === undefined) return;
    documentScope(route.schema ?? (route.schema = {}), scope);
    // A preHandler runs after validation: 400 comes before 403 (SPEC §6).
    const enforce: preHandlerHookHandler = async (request) => requireScope(principalOf(request), scope);
    route.preHandler = [...[route.preHandler ?? []].flat(), enforce];
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const presented = presentedCredentials(
      singleHeader(request.headers['x-api-key']),
      singleHeader(request.headers.authorization),
    );
    // Only Basic credentials name a user.
    const username = presented.scheme === 'basic' ? presented.basic?.username : undefined;
    await limiter.assertAuthenticationAllowed(request.ip, username);
    // A password hash runs only on a failure reserved beforehand (429 when none is left).
    const principal = await authenticator.authenticate(presented, attemptAccounting(limiter, request.ip, username));
    if (!principal) throw unauthorized();
    request.principal = principal;
    await limiter.consume(principal.credentialId, reply);
  });
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.has(scope)) throw new AppError('forbidden', `This credential lacks the ${scope} scope.`);
}

/**
 * The scope in the API document: in the operation's description and its 403's. @fastify/swagger
 * keeps this very schema object and builds the document from it later. (Not as a security
 * requirement's scopes: OpenAPI tools read those as OAuth scopes and want them declared as such.)
 */
function documentScope(schema: FastifySchema, scope: Scope): void {
  schema.description = `Needs the ${scope} scope.${schema.description ? ` ${schema.description}` : ''}`;
  const forbidden = (schema.response as Record<string, { description?: string }> | undefined)?.[403];
  if (forbidden) {
    forbidden.description = `The organization is not one of the credential’s, or the credential lacks the ${scope} scope`;
  }
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

/**
 * The organizations a record may be looked for in: the credential's, or the one a whole-record
 * body names (PUT), which must be one of them (403 otherwise, as everywhere). A record of another
 * organization is then not found: a PUT cannot move a record between organizations.
 */
export function organizationsToSearch(principal: Principal, named: number | undefined): readonly number[] {
  return named === undefined ? principal.organizations : [resolveOrganization(principal, named)];
}

/** Failed attempts of one request, counted per client address and (Basic) per username. */
function attemptAccounting(
  limiter: RateLimiter,
  address: string,
  username: string | undefined,
): NonNullable<Parameters<Authenticator['authenticate']>[1]> {
  return {
    address,
    reserveFailure: () => limiter.reserveAuthenticationFailure(address, username),
    recordFailure: () => limiter.recordAuthenticationFailure(address, username),
  };
}
