import { EVENT_TYPES } from '../events/events.schemas.js';
import { USER_AGENT } from './delivery-client.js';

/**
 * The top-level `webhooks` of the API document (OpenAPI 3.1): the request this service sends to a
 * receiver for each event type, with the Standard Webhooks headers and what each answer means.
 */
const header = (name: string, description: string, schema: Record<string, unknown>) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

const HEADERS = [
  header('webhook-id', 'The event id: the same on every delivery of the event; deduplicate by it', {
    type: 'string',
    maxLength: 30,
    examples: ['evt_01JGZ6Q7S1V7M5X3A9C2D4E6F8'],
  }),
  header('webhook-timestamp', 'Unix seconds of this attempt; signed', {
    type: 'string',
    pattern: '^\\d{1,12}$',
    maxLength: 12,
  }),
  header(
    'webhook-signature',
    '`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint secret (the bytes after `whsec_`, base64-decoded); ' +
      'during a rotation two signatures separated by a space. Verify with any Standard Webhooks library.',
    { type: 'string', maxLength: 200 },
  ),
  header('user-agent', 'Names the service and its version', { type: 'string', maxLength: 100, examples: [USER_AGENT] }),
];

const RESPONSES = {
  '200': { description: 'Any 2xx within 15 seconds: delivered' },
  '410': { description: 'Gone: the endpoint is disabled at once (disabledReason gone)' },
  '429': { description: 'Retried after Retry-After (at most one hour)' },
  '503': { description: 'Retried after Retry-After (at most one hour)' },
  default: {
    description:
      'Anything else (a redirect too, which is not followed), or no answer within 15 s: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h',
  },
};

function entry(type: string, schema: Record<string, unknown>, summary: string) {
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`,
      summary,
      description: `Sent to the endpoints subscribed to \`${type}\`.`,
      tags: ['webhooks'],
      security: [],
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: RESPONSES,
    },
  };
}

/** The record in `data`, by resource type (for calendar.conflict: the conflict and its calendar). */
const DATA_SCHEMAS = {
  reservation: 'ReservationSummary',
  accommodation: 'Accommodation',
  block: 'Block',
  guest: 'Guest',
  calendar: 'CalendarConflictEvent',
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI PathItem, checked by the document's validator
export function webhooksSection(): Record<string, any> {
  const section: Record<string, ReturnType<typeof entry>> = {};
  for (const type of EVENT_TYPES) {
    const data = DATA_SCHEMAS[type.slice(0, type.indexOf('.')) as keyof typeof DATA_SCHEMAS];
    section[type] = entry(
      type,
      {
        allOf: [
          { $ref: '#/components/schemas/Event' },
          {
            type: 'object',
            properties: {
              type: { const: type },
              data: { $ref: `#/components/schemas/${data}` },
            },
          },
        ],
      },
      `A ${type} event`,
    );
  }
  section.ping = entry('ping', { $ref: '#/components/schemas/PingEvent' }, 'A test delivery');
  return section;
}
