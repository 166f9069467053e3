import type { components, operations } from './openapi-types.js';
import { BookingApiError } from './errors.js';
import type { Transport } from './transport.js';

/**
 * The changes feed (SPEC §10) for a client: one page at a time, or followed for as long as the
 * caller wants, resuming from where it stopped across long polls, 503s and restarts of the service.
 */

export type Event = components['schemas']['Event'];
export type EventsQuery = Omit<NonNullable<operations['listEvents']['parameters']['query']>, 'types'> & {
  /** Event types, comma-separated or as a list. */
  types?: string | readonly Event['type'][];
};

export interface EventsPage {
  events: Event[];
  /** Where to go on from: pass it as `after` (it is also the Events-Cursor). Present on every page. */
  next: string;
}

export interface FollowOptions {
  after?: string;
  types?: EventsQuery['types'];
  organization?: number;
  signal?: AbortSignal;
  /** Seconds each long poll may be held (0–30); default 30. */
  wait?: number;
  /** Pause before trying again when the service cannot be reached; default 1 s, doubling up to 30 s. */
  reconnectMs?: number;
}

function queryOf(query: EventsQuery) {
  const { types, ...rest } = query;
  return { ...rest, types: typeof types === 'string' || types === undefined ? types : types.join(',') };
}

/** One page of the feed after `query.after` (the oldest kept event when absent). */
export async function listEvents(
  transport: Transport,
  query: EventsQuery = {},
  signal?: AbortSignal,
): Promise<EventsPage> {
  const response = await transport.get(transport.url('api/events', queryOf(query)), signal);
  const events = (await response.json()) as Event[];
  const next = response.headers.get('events-cursor');
  if (next === null) throw new Error('The service answered the feed without an Events-Cursor.');
  return { events, next };
}

/** Errors worth waiting out: the service unreachable, or a failure on its side. Not 4xx, not an abort. */
function isTransient(error: unknown): boolean {
  if (error instanceof BookingApiError) return error.status >= 500;
  return error instanceof TypeError; // fetch's network errors (connection refused, reset, …)
}

/**
 * Every event after `after`, as they commit, for as long as the caller iterates (stop with `break`
 * or the signal). Each event is yielded once: the cursor moves only past events already yielded.
 * A cursor the service no longer keeps (410) or refuses (400) ends the iteration with its error.
 */
export function followEvents(transport: Transport, options: FollowOptions = {}): AsyncIterable<Event> {
  return {
    async *[Symbol.asyncIterator]() {
      let after = options.after;
      let pause = options.reconnectMs ?? 1_000;
      const signal = transport.signalFor(options.signal);
      for (;;) {
        signal?.throwIfAborted();
        let page: EventsPage;
        try {
          page = await listEvents(
            transport,
            { after, types: options.types, organization: options.organization, wait: options.wait ?? 30, limit: 1000 },
            options.signal,
          );
          pause = options.reconnectMs ?? 1_000;
        } catch (error) {
          if (signal?.aborted || !isTransient(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, pause));
          pause = Math.min(pause * 2, 30_000);
          continue;
        }
        for (const event of page.events) {
          signal?.throwIfAborted();
          yield event;
        }
        after = page.next;
      }
    },
  };
}
