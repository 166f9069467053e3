import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { CalendarSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import { unchanged, withWriteTransaction } from '../../db/write-transaction.js';
import { apiResponses, HEADERS } from '../../http/api-responses.js';
import { principalOf } from '../../http/auth.js';
import { cachedBody, createBodyCache } from '../../http/body-cache.js';
import { JsonBody, sendJsonBody } from '../../http/etag.js';
import { IdempotencyKeyHeaders, idempotencyScope, sendCreated } from '../../http/idempotency.js';
import type { Clock } from '../../shared/clock.js';
import { AppError } from '../../shared/errors.js';
import { IdParams, ref } from '../../shared/schemas.js';
import { claimKey, rememberCreated } from '../idempotency/idempotency.service.js';
import { type Resolver, systemResolver } from '../webhooks/ssrf.js';
import {
  CALENDARS_PER_ACCOMMODATION,
  CalendarParams,
  CalendarSchema,
  CreateCalendarBody,
  FeedParams,
  IcalFeedSchema,
} from './calendars.schemas.js';
import {
  assertFeedUrl,
  createCalendar,
  deleteCalendar,
  feedRead,
  listCalendars,
  lockOrganizationOfAccommodation,
  rotateFeedToken,
} from './calendars.service.js';

const tags = ['calendars'];
const admin = { scope: 'admin' as const };
export const FEED_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** A route that answers whatever Accept says has no 406. */
function withoutNotAcceptable(responses: Record<string, unknown>): Record<string, unknown> {
  const { 406: _never, ...rest } = responses;
  return rest;
}

/** The path of an export feed: the token is the access (SPEC §16). */
export const feedPath = (token: string) => `/ical/${token}.ics`;

/**
 * `GET /ical/{token}.ics`: no credential, any Accept (calendar clients send text/calendar, or
 * nothing). The body is kept under the organization's change counter like the lists, so a channel
 * polling every few minutes costs the token's lookup, and a 304 when it sends the ETag back.
 */
export const icalFeedRoutes: FastifyPluginAsyncTypebox<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const bodies = createBodyCache<undefined>(16 * 2 ** 20);
  app.get(
    '/ical/:file',
    {
      config: { anyAccept: true },
      schema: {
        operationId: 'getIcalFeed',
        tags,
        summary: 'An accommodation’s iCalendar feed',
        description:
          'Every night-holding reservation and block made here, from 30 days ago to two years ahead, as all-day events ' +
          '(DTEND the departure). SUMMARY is "Reserved" or "Not available", never personal data. No credential: the ' +
          'token is the access (POST /api/accommodations/{id}/ical-token makes one). Blocks imported from other ' +
          'channels are not in it. ETag and 304.',
        security: [],
        params: FeedParams,
        response: {
          ...withoutNotAcceptable(
            apiResponses(
              { description: 'No feed with this token', schema: Type.Null() },
              { public: true, record: true, list: true },
            ),
          ),
          200: {
            description: 'The feed (RFC 5545), text/calendar; charset=utf-8',
            headers: HEADERS.etag,
            content: { 'text/calendar': { schema: { type: 'string', maxLength: 50_000_000 } } },
          },
        },
      },
    },
    async (request, reply) => {
      const read = await feedRead(db.kysely, clock, request.params.file);
      if (!read) throw new AppError('not-found', 'No calendar feed at this address.');
      const kept = await cachedBody(bodies, read, (text) => ({
        body: new JsonBody(Buffer.from(text)),
        meta: undefined,
      }));
      reply.header('cache-control', 'no-cache');
      return sendJsonBody(reply, kept.body, FEED_CONTENT_TYPE);
    },
  );
};

export const calendarRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  clock: Clock;
  settings: CalendarSettings;
  resolver?: Resolver | undefined;
}> = async (app, { db, clock, settings, resolver = systemResolver }) => {
  const policy = { allowPrivateNetworks: settings.allowPrivateNetworks, resolver };

  app.post(
    '/api/accommodations/:id/ical-token',
    {
      config: admin,
      schema: {
        operationId: 'rotateIcalToken',
        tags,
        summary: 'A new address for the accommodation’s feed',
        description:
          'Makes a new secret token (256 bits, stored only as its SHA-256) and answers the feed’s address, shown only ' +
          'here. The previous address stops at once.',
        params: IdParams,
        response: apiResponses(
          { description: 'The feed’s new address', schema: ref(IcalFeedSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      const { id } = request.params;
      const { token, created } = await withWriteTransaction(db, (trx) =>
        rotateFeedToken(trx, clock, organizations, id),
      );
      const path = feedPath(token);
      return { accommodation: id, url: `${request.protocol}://${request.host}${path}`, path, created };
    },
  );

  app.get(
    '/api/accommodations/:id/calendars',
    {
      schema: {
        operationId: 'listCalendars',
        tags,
        summary: 'The accommodation’s subscribed calendars',
        description:
          'Each with the state of its fetches (lastFetched, lastSuccess, lastError, stale after 24 hours without a ' +
          'success), the events it holds and its conflicts. Ordered by id.',
        params: IdParams,
        response: apiResponses(
          {
            description: 'The calendars',
            schema: Type.Array(ref(CalendarSchema), { maxItems: CALENDARS_PER_ACCOMMODATION }),
          },
          { input: true, record: true },
        ),
      },
    },
    async (request) => listCalendars(db.kysely, clock, principalOf(request).organizations, request.params.id),
  );

  app.post(
    '/api/accommodations/:id/calendars',
    {
      config: admin,
      schema: {
        operationId: 'createCalendar',
        tags,
        summary: 'Subscribe to another channel’s feed',
        description:
          'The workers fetch it at once and then every CALENDAR_POLL_SECONDS; its events become external blocks. ' +
          'The URL must be https, without credentials, and not point at a private or local address (400 naming url). ' +
          `409 beyond ${CALENDARS_PER_ACCOMMODATION} calendars per accommodation. Accepts Idempotency-Key.`,
        params: IdParams,
        headers: IdempotencyKeyHeaders,
        body: CreateCalendarBody,
        response: apiResponses(
          { description: 'The new subscription', schema: ref(CalendarSchema) },
          { input: true, record: true, body: true, conflict: true, create: true },
        ),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { id } = request.params;
      await assertFeedUrl(request.body.url, policy);
      const key = idempotencyScope(principal.credentialId, request.headers['idempotency-key'], request);
      const outcome = await withWriteTransaction(db, async (trx) => {
        const accommodation = await lockOrganizationOfAccommodation(trx, principal.organizations, id);
        const claim = await claimKey(trx, clock, key);
        if (claim.kind === 'replay') return unchanged(claim);
        const calendar = await createCalendar(trx, clock, accommodation, request.body);
        return rememberCreated(trx, claim, `/api/accommodations/${id}/calendars/${calendar.id}`, calendar);
      });
      return sendCreated(reply, outcome);
    },
  );

  app.delete(
    '/api/accommodations/:id/calendars/:calendarId',
    {
      config: admin,
      schema: {
        operationId: 'deleteCalendar',
        tags,
        summary: 'Unsubscribe',
        description: 'Removes the calendar and its blocks (their nights are free again). Answers it as it was.',
        params: CalendarParams,
        response: apiResponses(
          { description: 'The removed calendar', schema: ref(CalendarSchema) },
          { input: true, record: true, body: true },
        ),
      },
    },
    async (request) => {
      const { organizations } = principalOf(request);
      const { id, calendarId } = request.params;
      return withWriteTransaction(db, (trx) => deleteCalendar(trx, clock, organizations, id, calendarId));
    },
  );
};
