import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrfProtection from '@fastify/csrf-protection';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { assertAcceptsJson } from './http/accept.js';
import { requireCredentials, singleHeader } from './http/auth.js';
import { registerCompression } from './http/compression.js';
import { registerConsole } from './http/console-static.js';
import { readForwardedHeader, trustedProxies } from './http/forwarded.js';
import { healthRoutes, type Readiness } from './http/health.routes.js';
import { acceptUtf8JsonOnly } from './http/json-body.js';
import { registerOpenApi } from './http/openapi.js';
import { RateLimiter } from './http/rate-limit/rate-limiter.js';
import { MemoryStore, type RateLimitStore, RedisStore } from './http/rate-limit/stores.js';
import { handleError, sendProblem } from './http/problem.js';
import { clientErrorResponse, registerProtection, serverOptions } from './http/protection.js';
import { RouteTable } from './http/route-table.js';
import { validationOptions } from './http/validation.js';
import { createLogger } from './logger.js';
import { accommodationRoutes } from './modules/accommodations/accommodations.routes.js';
import { availabilityRoutes } from './modules/availability/availability.routes.js';
import { stayRuleRoutes } from './modules/availability/stay-rules.routes.js';
import { blockRoutes } from './modules/blocks/blocks.routes.js';
import { guestRoutes } from './modules/guests/guests.routes.js';
import { calendarRoutes, icalFeedRoutes } from './modules/calendars/calendars.routes.js';
import { createParkCache } from './modules/availability/availability.service.js';
import { priceRoutes } from './modules/prices/prices.routes.js';
import { quoteRoutes } from './modules/prices/quotes.routes.js';
import { Authenticator } from './modules/credentials/authenticator.js';
import { credentialRoutes } from './modules/credentials/credentials.routes.js';
import type { ScryptParams } from './modules/credentials/password.js';
import { eventRoutes } from './modules/events/events.routes.js';
import { createFeedWaker } from './modules/events/feed-waker.js';
import { organizationRoutes } from './modules/organizations/organizations.routes.js';
import { reservationRoutes } from './modules/reservations/reservations.routes.js';
import { bookingFlowRoutes } from './modules/booking-flow/booking-flow.routes.js';
import { sessionRoutes } from './modules/sessions/sessions.routes.js';
import { ConsoleSessions } from './modules/sessions/sessions.service.js';
import { webhookRoutes } from './modules/webhooks/endpoints.routes.js';
import type { Resolver } from './modules/webhooks/ssrf.js';
import { type Clock, systemClock } from './shared/clock.js';
import { AppError } from './shared/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTable;
    /** Set `draining` on the way out: /ready turns 503 first (health.routes.ts). */
    readiness: Readiness;
  }
}

export interface AppDeps {
  db: Db;
  /** Defaults to the system clock; tests pass a fixed one. */
  clock?: Clock;
  /** Where logs go; stdout by default. Tests capture them to prove no secret is logged. */
  logDestination?: Writable;
  /** Rate-limit counters; by default Redis when REDIS_URL is set, else this process's memory. */
  rateLimitStore?: RateLimitStore;
  /** How webhook receiver names are resolved for the SSRF check; tests pass a stub. */
  webhookResolver?: Resolver;
  /** The cost Basic passwords are hashed at; the service's own (SCRYPT_PARAMS) unless a test makes it cheap. */
  passwordHashing?: ScryptParams;
}

export const BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** A client's X-Request-Id is kept when it is harmless, so logs can be joined across services. */
function requestId(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

/** Builds the HTTP application. It never listens by itself: the server and tests decide that. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const routes = new RouteTable();
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the instance's default type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it decides the instance's type
    loggerInstance: createLogger(config.logLevel, deps.logDestination, config.logFormat) as FastifyBaseLogger,
    // The demo (`npm start`) is read by a person: no two lines per request there.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    genReqId: (req) => requestId(req.headers['x-request-id']),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // SPEC §12: request.ip (rate limits, the failed-authentication throttle, logs) is the client's.
    ...(config.trustProxy === undefined
      ? {}
      : {
          trustProxy: trustedProxies(config.trustProxy),
          // Runs before anything reads request.ip, the log of the incoming request included.
          rewriteUrl: (request: IncomingMessage) => {
            readForwardedHeader(request.headers, config.trustProxyHeader);
            return request.url ?? '/';
          },
        }),
    ...validationOptions(),
    ...serverOptions(config.serverLimits),
    clientErrorHandler(error, socket) {
      // Malformed requests, oversized headers and timeouts never reach a route; answer them in kind.
      const response = clientErrorResponse(error);
      if (response && socket.writable) socket.end(response);
      else socket.destroy();
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await registerProtection(app, config.serverLimits);
  app.decorateRequest('principal', null);
  app.decorateRequest('session', null);
  app.decorateRequest('organizationState', null);
  // The console's session cookie, and CSRF tokens derived from a secret each session keeps
  // server-side (request.session._csrf, as @fastify/session would hold it).
  await app.register(fastifyCookie);
  await app.register(fastifyCsrfProtection, {
    sessionPlugin: '@fastify/session',
    // Only the header the console sends (the plugin would also take csrf-token, xsrf-token, a body field).
    getToken: (request) => singleHeader(request.headers['x-csrf-token']),
  });
  // The registered routes, for the checks that must cover every one of them (tests, the API document).
  app.decorate('routeTable', routes);
  // Bodies are UTF-8 JSON only: without this, Fastify would also accept text/plain.
  app.removeContentTypeParser('text/plain');
  acceptUtf8JsonOnly(app);
  app.addHook('onRoute', (route) => routes.add(route.method, route.url));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // No browser may read a JSON body (or a problem's detail) as HTML or script (issue 41).
    reply.header('x-content-type-options', 'nosniff');
    if (!request.routeOptions.config.anyAccept) assertAcceptsJson(request.headers.accept);
  });
  app.setErrorHandler(handleError);
  // gzip and br for every JSON body, errors included (list routes send kept variants themselves).
  registerCompression(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = routes.allowedMethods(path);
    if (allowed.length > 0) {
      return sendProblem(
        reply,
        new AppError('method-not-allowed', `${request.method} is not allowed here; use ${allowed.join(', ')}.`, {
          headers: { allow: allowed.join(', ') },
        }),
      );
    }
    return sendProblem(reply, new AppError('not-found', `No resource at ${path}.`));
  });

  // Before any route: the document is built from the routes as they are registered.
  await registerOpenApi(app);
  const readiness: Readiness = { draining: false };
  app.decorate('readiness', readiness);
  await app.register(healthRoutes, { db: deps.db, readiness });
  await registerConsole(app);
  await app.register(icalFeedRoutes, { db: deps.db, clock });

  const authenticator = new Authenticator(deps.db.kysely, clock, deps.passwordHashing);
  const store =
    deps.rateLimitStore ??
    (config.redisUrl ? new RedisStore(config.redisUrl, config.redisKeyPrefix) : new MemoryStore());
  // Long-polling feed readers wait on it; it holds a connection of its own on PostgreSQL once used.
  const waker = createFeedWaker(deps.db);
  app.addHook('onClose', () => waker.close());
  const limiter = new RateLimiter(store, config.rateLimits, app.log);
  app.addHook('onClose', () => limiter.close());
  const sessions = new ConsoleSessions(deps.db.kysely, clock, authenticator);
  await app.register(async (api) => {
    requireCredentials(api, authenticator, limiter, sessions);
    await api.register(sessionRoutes, { db: deps.db, sessions, limiter });
    await api.register(accommodationRoutes, { db: deps.db, clock });
    const flow = { clock, draftMinutes: config.draftMinutes };
    await api.register(reservationRoutes, { db: deps.db, clock, flow });
    await api.register(bookingFlowRoutes, { db: deps.db, flow });
    await api.register(blockRoutes, { db: deps.db, clock });
    await api.register(calendarRoutes, {
      db: deps.db,
      clock,
      settings: config.calendars,
      resolver: deps.webhookResolver,
    });
    await api.register(stayRuleRoutes, { db: deps.db, clock });
    // Accommodations, rules and prices per organization change, for every selling read.
    const parks = createParkCache();
    await api.register(availabilityRoutes, { db: deps.db, clock, parks });
    await api.register(priceRoutes, { db: deps.db, clock });
    await api.register(guestRoutes, { db: deps.db, clock });
    await api.register(quoteRoutes, { db: deps.db, clock, parks });
    await api.register(organizationRoutes, { db: deps.db, clock });
    await api.register(credentialRoutes, {
      db: deps.db,
      clock,
      passwordHashing: deps.passwordHashing,
      authenticator,
    });
    await api.register(eventRoutes, { db: deps.db, waker });
    await api.register(webhookRoutes, {
      db: deps.db,
      clock,
      settings: config.webhooks,
      resolver: deps.webhookResolver,
    });
  });

  return app;
}
