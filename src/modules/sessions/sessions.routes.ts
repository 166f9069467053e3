import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { apiResponses } from '../../http/api-responses.js';
import { attemptAccounting, principalOf, SESSION_COOKIE } from '../../http/auth.js';
import type { RateLimiter } from '../../http/rate-limit/rate-limiter.js';
import { AppError } from '../../shared/errors.js';
import { Currency, RecordId, Timestamp, text } from '../../shared/schemas.js';
import { formatTimestamp } from '../../shared/dates.js';
import type { Principal } from '../credentials/authenticator.js';
import { listOrganizationsByIds } from '../organizations/organizations.repository.js';
import { SCOPES } from '../credentials/credentials.service.js';
import type { Db } from '../../db/database.js';
import { type ConsoleSession, type ConsoleSessions, SESSION_MAX_MS } from './sessions.service.js';

/** Sign-in, the session and sign-out of the web console (SPEC §11). */

const SignInBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

const SessionSchema = Type.Object(
  {
    credential: Type.Object(
      {
        id: RecordId,
        name: text(200),
        username: text(64),
        scopes: Type.Array(Type.Enum(SCOPES), { maxItems: SCOPES.length }),
      },
      { additionalProperties: false },
    ),
    organizations: Type.Array(
      Type.Object(
        { id: RecordId, name: text(200), timezone: text(64, 'IANA time zone'), currency: Currency },
        { additionalProperties: false },
      ),
      { maxItems: 10_000 },
    ),
    csrfToken: Type.String({
      maxLength: 200,
      description: 'Send it as X-CSRF-Token with every change made with this session',
    }),
    expires: { ...Timestamp, description: 'The session ends then at the latest (12 hours after sign-in)' },
    idleExpires: { ...Timestamp, description: 'The session ends then unless used before (30 minutes idle)' },
  },
  { $id: 'ConsoleSession', additionalProperties: false, description: 'A signed-in console session (SPEC §11)' },
);
type SessionBody = Static<typeof SessionSchema>;

export interface SessionRouteOptions {
  db: Db;
  sessions: ConsoleSessions;
  limiter: RateLimiter;
}

export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRouteOptions> = async (app, options) => {
  const { sessions, limiter } = options;
  const tags = ['console'];

  /** What the console is told of its session; the token is new each time, all of them valid. */
  async function describe(reply: FastifyReply, principal: Principal, session: ConsoleSession): Promise<SessionBody> {
    const organizations = await listOrganizationsByIds(options.db.kysely, principal.organizations);
    return {
      credential: {
        id: principal.credentialId,
        name: session.credentialName,
        username: session.username,
        scopes: SCOPES.filter((scope) => principal.scopes.has(scope)),
      },
      organizations,
      csrfToken: reply.generateCsrf(),
      expires: formatTimestamp(new Date(session.expires)),
      idleExpires: formatTimestamp(new Date(session.idleExpires)),
    };
  }

  function sessionOf(request: FastifyRequest): ConsoleSession {
    // A key or a password got here: it is a credential, not a console session.
    if (!request.session)
      throw new AppError('forbidden', 'Only a console session has a session: sign in at /console/.');
    return request.session;
  }

  app.post(
    '/api/session',
    {
      config: { public: true },
      schema: {
        operationId: 'signIn',
        tags,
        summary: 'Sign in to the console',
        description:
          'With the username and password of a Basic credential of scope write or admin. Sets the session cookie ' +
          '(HttpOnly: the page never reads it). Failed attempts are throttled like any failed authentication.',
        security: [],
        body: SignInBody,
        response: apiResponses(
          { description: 'The new session', schema: SessionSchema },
          { public: true, input: true, body: true, signIn: true },
        ),
      },
    },
    async (request, reply) => {
      // A browser says where a sign-in comes from: only the console's own page (or the address bar)
      // may open a session, not a form on another site (login CSRF).
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        throw new AppError('forbidden', 'Sign in from the console’s own page.');
      }
      const { username, password } = request.body;
      await limiter.assertAuthenticationAllowed(request.ip, username);
      // A new sign-in ends the session this browser held before, if any.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous !== undefined) await sessions.forget(previous);
      // The CSRF plugin makes the new session's secret: it keeps it in request.session._csrf.
      const draft = { _csrf: '' } as ConsoleSession;
      request.session = draft;
      reply.generateCsrf();
      const created = await sessions.signIn(
        { username, password },
        attemptAccounting(limiter, request.ip, username),
        draft._csrf,
      );
      request.session = created?.session ?? null;
      if (!created) throw new AppError('unauthorized', 'Wrong username or password.');
      reply.setCookie(SESSION_COOKIE, created.token, {
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'strict',
        maxAge: SESSION_MAX_MS / 1000,
      });
      return describe(reply, created.principal, created.session);
    },
  );

  app.get(
    '/api/session',
    {
      schema: {
        operationId: 'getSession',
        tags,
        summary: 'The console session',
        description: 'With a fresh CSRF token. 401 when the session has ended or the request has none.',
        response: apiResponses({ description: 'The session', schema: SessionSchema }),
      },
    },
    async (request, reply) => describe(reply, principalOf(request), sessionOf(request)),
  );

  app.delete(
    '/api/session',
    {
      schema: {
        operationId: 'signOut',
        tags,
        summary: 'Sign out of the console',
        description: 'Ends the session at once; its cookie then gets 401. Needs X-CSRF-Token.',
        response: apiResponses(
          {
            description: 'Signed out',
            schema: Type.Object({ signedOut: Type.Literal(true) }, { additionalProperties: false }),
          },
          // Fastify reads a body sent with DELETE too: a broken one is 400.
          { input: true, body: true },
        ),
      },
    },
    async (request, reply) => {
      await sessions.signOut(sessionOf(request));
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' });
      return { signedOut: true as const };
    },
  );
};
