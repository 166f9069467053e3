import type { FeedCursor } from './cursor.js';
import type { FeedEvent, OrganizationFeed } from './events.repository.js';

export interface Page {
  events: FeedEvent[];
  /** Per organization read, where the next page starts. */
  next: Map<number, number>;
}

/**
 * One page of at most `limit` events from the reads of several organizations (each in its own
 * order), merged by event id (time), so that each organization's events taken are a prefix of its
 * read: a cursor that keeps a number per organization then never skips or repeats one. Where an
 * organization's read was taken whole and was not cut by the limit, it goes on from its counter.
 */
export function takePage(feeds: ReadonlyMap<number, OrganizationFeed>, start: FeedCursor, limit: number): Page {
  const heads = [...feeds].map(([organization, feed]) => ({ organization, feed, taken: 0 }));
  const events: FeedEvent[] = [];
  while (events.length < limit) {
    let first: (typeof heads)[number] | undefined;
    for (const head of heads) {
      const candidate = head.feed.events[head.taken];
      if (candidate && (!first || candidate.id < (first.feed.events[first.taken] as FeedEvent).id)) first = head;
    }
    if (!first) break;
    events.push(first.feed.events[first.taken++] as FeedEvent);
  }
  const next = new Map(start);
  for (const { organization, feed, taken } of heads) {
    const last = taken > 0 ? (feed.events[taken - 1] as FeedEvent).seq : (start.get(organization) ?? 0);
    const whole = taken === feed.events.length && feed.events.length < limit;
    next.set(organization, whole ? Math.max(feed.horizon, last) : last);
  }
  return { events, next };
}
