import { type Static, Type } from 'typebox';
import { OrganizationId, RecordId, Timestamp, int32, inputText, text } from '../../shared/schemas.js';
import { EVENT_TYPES } from '../events/events.schemas.js';
import { CURSOR_MAX_LENGTH } from '../events/cursor.js';

/** Webhook endpoints, their delivery log, test and replay (SPEC §10). */

export const URL_MAX_LENGTH = 2_000;
export const DESCRIPTION_MAX_LENGTH = 500;

const EventTypes = Type.Array(Type.Enum(EVENT_TYPES), {
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
  description: 'The event types delivered; empty or omitted: every type',
});

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: URL_MAX_LENGTH,
  pattern: '^[^\\s\\u0000]+$',
  description: 'https URL of the receiver, without credentials; not on a private network',
  examples: ['https://receiver.example/booking-events'],
});

export const WebhookEndpointSchema = Type.Object(
  {
    id: RecordId,
    organization: RecordId,
    url: Type.String({ maxLength: URL_MAX_LENGTH, examples: ['https://receiver.example/booking-events'] }),
    description: Type.Union([text(DESCRIPTION_MAX_LENGTH), Type.Null()]),
    types: Type.Array(Type.Enum(EVENT_TYPES), { maxItems: EVENT_TYPES.length }),
    enabled: Type.Boolean(),
    disabledReason: Type.Union([Type.Enum(['gone', 'failing', 'manual']), Type.Null()], {
      description: 'gone: the receiver answered 410; failing: 5 days of failures; manual: disabled by PATCH',
    }),
    created: Timestamp,
  },
  { $id: 'WebhookEndpoint', additionalProperties: false, description: 'A receiver of events (SPEC §10)' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;

const Secret = Type.String({
  pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
  maxLength: 50,
  description: 'whsec_ + base64 of 32 random bytes: shown only in this response',
  examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/1Ka7XaV3Wo='],
});

export const WebhookEndpointWithSecretSchema = Type.Object(
  { ...WebhookEndpointSchema.properties, secret: Secret },
  { additionalProperties: false, description: 'The endpoint and its secret, shown only here' },
);

export const CreateEndpointBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    url: WebhookUrl,
    types: Type.Optional(EventTypes),
    description: Type.Optional(inputText({ maxLength: DESCRIPTION_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    types: Type.Optional(EventTypes),
    description: Type.Optional(Type.Union([inputText({ maxLength: DESCRIPTION_MAX_LENGTH }), Type.Null()])),
    enabled: Type.Optional(Type.Boolean({ description: 'true again: receives the events committed from now on' })),
  },
  { additionalProperties: false },
);
export type UpdateEndpointBody = Static<typeof UpdateEndpointBody>;

export const EndpointListQuery = Type.Object({
  organization: Type.Optional({
    ...OrganizationId,
    description: 'One organization; omitted, every organization of the credential',
  }),
});

export const DELIVERY_STATUSES = ['delivered', 'pending', 'failed'] as const;

export const DeliveryLogQuery = Type.Object({
  status: Type.Optional(
    Type.Enum(DELIVERY_STATUSES, {
      description: 'delivered; pending: failed, another attempt follows; failed: the last attempt failed',
    }),
  ),
  after: Type.Optional({ ...RecordId, description: 'The `id` of the last entry of the previous page' }),
  limit: Type.Optional(int32({ minimum: 1, maximum: 100, description: 'Entries per page; default 50' })),
});
export type DeliveryLogQuery = Static<typeof DeliveryLogQuery>;

export const DeliveryAttemptSchema = Type.Object(
  {
    id: RecordId,
    eventId: Type.String({ maxLength: 30 }),
    eventType: Type.String({ maxLength: 50 }),
    attempt: int32({ minimum: 1 }),
    attempted: Timestamp,
    status: Type.Enum(DELIVERY_STATUSES),
    statusCode: Type.Union([int32({ minimum: 100, maximum: 599 }), Type.Null()]),
    error: Type.Union([
      text(50, 'An error class: timeout, dns, forbidden-address, redirect-not-followed, …'),
      Type.Null(),
    ]),
    durationMs: int32(),
    nextAttempt: Type.Union([Timestamp, Type.Null()]),
  },
  { $id: 'WebhookDeliveryAttempt', additionalProperties: false, description: 'One attempt of a delivery' },
);
export type DeliveryAttempt = Static<typeof DeliveryAttemptSchema>;

export const TestResultSchema = Type.Object(
  {
    eventId: Type.String({ maxLength: 30 }),
    delivered: Type.Boolean(),
    statusCode: Type.Union([int32({ minimum: 100, maximum: 599 }), Type.Null()]),
    error: Type.Union([text(50), Type.Null()]),
    durationMs: int32(),
  },
  { additionalProperties: false, description: 'The outcome of the ping (never the receiver’s body)' },
);

export const ReplayBody = Type.Object(
  {
    after: Type.Optional(
      Type.String({ maxLength: CURSOR_MAX_LENGTH, description: 'A feed cursor: the events after it' }),
    ),
    since: Type.Optional({ ...Timestamp, description: 'The events that occurred at or after this' }),
    until: Type.Optional({ ...Timestamp, description: 'With since: and before this' }),
  },
  { additionalProperties: false, description: 'Either `after`, or `since` with an optional `until`' },
);
export type ReplayBody = Static<typeof ReplayBody>;

export const ReplayResultSchema = Type.Object(
  {
    scheduled: int32({
      description:
        'The deliveries this replay makes: the workers add them to the endpoint’s queue in batches, within seconds',
    }),
  },
  { additionalProperties: false },
);

export const PingEventSchema = Type.Object(
  {
    id: Type.String({ pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$', maxLength: 30 }),
    type: Type.Literal('ping'),
    organization: RecordId,
    occurred: Timestamp,
  },
  { $id: 'PingEvent', additionalProperties: false, description: 'A test delivery (POST …/test)' },
);
