import type { FastifyInstance, FastifyRequest, FastifySchema, preHandlerAsyncHookHandler } from 'fastify';
import type { Authenticator, Principal } from '../modules/credentials/authenticator.js';
import { presentedCredentials } from '../modules/credentials/presented-credentials.js';
import type { Scope } from '../modules/credentials/credentials.service.js';
import type { KnownOrganizationState } from '../modules/organizations/organizations.repository.js';
import type { ConsoleSession, ConsoleSessions } from '../modules/sessions/sessions.service.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';
import { AppError } from '../shared/errors.js';
import { INT32_MAX } from '../shared/schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every /api/ request that gets past it. */
    principal: Principal | null;
    /** The console session the request was authenticated by (SPEC §11), if it was. */
    session: ConsoleSession | null;
    /**
     * The state of the organization the request is about, read with its credential when the
     * credential is bound to it (`findRequestCredential`); the route uses it only for the
     * organization it resolved (`organizationStateFor`).
     */
    organizationState: KnownOrganizationState | null;
  }
  interface FastifyContextConfig {
    /**
     * The scope a route needs beyond `read` (SPEC §9: writes need `write`). Declared once in the
     * route's config; `requireCredentials` enforces it and writes it into the API document.
     */
    scope?: Scope;
    /** Needs no credential: the console's sign-in, which checks a password itself. */
    public?: boolean;
    /**
     * SPEC §15: the original's booking flow, whose client sends JSON labelled
     * `application/x-www-form-urlencoded`: such a body is read as JSON here when the request
     * authenticates with an API key or Basic credentials (never a console session). json-body.ts.
     */
    formBodyAsJson?: boolean;
    /** Answers another media type than JSON whatever Accept says (the iCalendar feed, SPEC §16). */
    anyAccept?: boolean;
  }
}

export const WWW_AUTHENTICATE = 'Basic realm="booking", charset="UTF-8"';
/** The console's session cookie (SPEC §11): `__Host-` binds it to this origin, path / and Secure. */
export const SESSION_COOKIE = '__Host-booking-session';
/** The only methods a session cookie may use without a CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

/**
 * A console session that has ended. Without WWW-Authenticate: a browser would answer that with its
 * own password dialog, where the console shows its sign-in page.
 */
function sessionEnded(): AppError {
  return new AppError('unauthorized', 'The console session has ended (signed out, expired or revoked): sign in again.');
}

/** A header's one value (repeated ones joined, as HTTP reads them). */
export function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Registers the credential check on every route of the (encapsulated) instance it is given, with
 * the limits of SPEC §7: an address or username that failed too often is refused before any
 * credential is looked at (and any password hashed), and an authenticated request counts against
 * its credential's budget.
 */
export function requireCredentials(
  app: FastifyInstance,
  authenticator: Authenticator,
  limiter: RateLimiter,
  sessions: ConsoleSessions,
): void {
  app.addHook('onRoute', (route) => {
    const scope = route.config?.scope;
    if (scope === undefined) return;
    documentScope(route.schema ?? (route.schema = {}), scope);
    // A preHandler runs after validation: 400 comes before 403 (SPEC §6).
    const enforce: preHandlerAsyncHookHandler = async (request) => requireScope(principalOf(request), scope);
    route.preHandler = [...[route.preHandler ?? []].flat(), enforce];
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (request.routeOptions.config.public) return;
    const presented = presentedCredentials(
      singleHeader(request.headers['x-api-key']),
      singleHeader(request.headers.authorization),
    );
    // The console's cookie, when nothing else is presented: a key or a password always decides.
    const sessionToken = presented.scheme === 'none' ? request.cookies[SESSION_COOKIE] : undefined;
    // The console's own page asking without a session (before sign-in, after sign-out): its 401
    // must not name Basic, or the browser would hold the request for its own password dialog.
    if (
      presented.scheme === 'none' &&
      sessionToken === undefined &&
      request.headers['sec-fetch-site'] === 'same-origin'
    ) {
      throw sessionEnded();
    }
    if (sessionToken !== undefined) {
      const resumed = await sessions.resume(sessionToken);
      if (!resumed) throw sessionEnded();
      request.principal = resumed.principal;
      request.session = resumed.session;
      await limiter.consume(resumed.principal.credentialId, reply);
      return;
    }
    // Only Basic credentials name a user.
    const username = presented.scheme === 'basic' ? presented.basic?.username : undefined;
    await limiter.assertAuthenticationAllowed(request.ip, username);
    // A password hash runs only on a failure reserved beforehand (429 when none is left).
    const authentication = await authenticator.authenticate(
      presented,
      attemptAccounting(limiter, request.ip, username),
      namedOrganization(request.query),
    );
    if (!authentication) throw unauthorized();
    request.principal = authentication.principal;
    request.organizationState = authentication.organization;
    await limiter.consume(authentication.principal.credentialId, reply);
  });
  // A change made with the session cookie must come from the console itself (SPEC §11): the browser
  // says so in Sec-Fetch-Site, which no page can set, and the token proves the page read the session.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.session || SAFE_METHODS.has(request.method)) return done();
    if (request.headers['sec-fetch-site'] !== 'same-origin') {
      return done(
        new AppError('forbidden', 'A change made with the console session must come from the console’s own origin.'),
      );
    }
    if (request.headers['x-csrf-token'] === undefined) {
      return done(new AppError('forbidden', 'A change made with the console session needs its X-CSRF-Token header.'));
    }
    // @fastify/csrf-protection checks the token against this session's secret (403 when it does not match).
    app.csrfProtection(request, reply, done);
  });
}

/**
 * The organization a query names, read before the query is validated (authentication comes first):
 * a plain decimal id within the column's range, else null. It only chooses which organization's
 * state is read with the credential; the validated parameter decides what the request is about.
 */
function namedOrganization(query: unknown): number | null {
  const named = (query as { organization?: unknown } | undefined)?.organization;
  if (typeof named !== 'string' || !/^[1-9][0-9]{0,9}$/.test(named)) return null;
  const id = Number(named);
  return id <= INT32_MAX ? id : null;
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
export function attemptAccounting(
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
