import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/modules/events/cursor.js';
import type { FeedEvent, OrganizationFeed } from '../../src/modules/events/events.repository.js';
import { takePage } from '../../src/modules/events/feed-page.js';

/** SPEC §10 cursors (migration 012): per organization read, the last event number read. */
describe('feed cursors', () => {
  const cursors = fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })), {
      minLength: 1,
      maxLength: 50,
      selector: ([organization]) => organization,
    })
    .map((entries) => new Map(entries));

  it('reads back every cursor it writes, a thousand organizations in under 14,000 characters', () => {
    fc.assert(
      fc.property(cursors, (cursor) => {
        const text = encodeCursor(cursor);
        expect(decodeCursor(text)).toEqual({ kind: 'seq', cursor });
        expect(text.length).toBeLessThanOrEqual(14_000);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses anything it did not write with a 400 naming after', () => {
    const refused = (text: string) => {
      try {
        decodeCursor(text);
      } catch (error) {
        return (error as { options?: { errors?: { parameter: string }[] } }).options?.errors?.[0]?.parameter;
      }
      return undefined;
    };
    const encoded = (...bytes: number[]) => `c2_${Buffer.from(bytes).toString('base64url')}`;
    for (const text of [
      'c2',
      'c3_AQE',
      'c1_AQE', // not "txid.position"
      encoded(1, 2, 0, 3), // an organization twice (a step of 0)
      encoded(0, 5), // no organization 0
      encoded(1, 0x80, 0x80, 0x80, 0x80, 0x08), // past a PostgreSQL integer
      encoded(1, 0x80), // cut in the middle of a number
      encoded(1), // an organization without its number
      encoded(0xff, 0xff, 0xff, 0xff, 0x07, 1, 1, 1), // organization ids past an integer
      encoded(...Array.from({ length: 1_001 }, () => [1, 1]).flat()), // more organizations than a cursor holds
      'c2_AQE!',
      'c2_AQF', // base64 that does not read back the same
    ]) {
      expect(refused(text), text).toBe('after');
    }
  });

  it('reads a cursor given out before migration 012 as its old position', () => {
    const legacy = `c1_${Buffer.from('812.9223372036854775807').toString('base64url')}`;
    expect(decodeCursor(legacy)).toEqual({
      kind: 'legacy',
      position: { txid: 812n, position: 9223372036854775807n },
    });
  });
});

describe('a page of several organizations', () => {
  /** Per organization, events with growing numbers (gaps: writes that recorded none) and unique ids. */
  const reads = fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }).chain((organizations) =>
    fc.tuple(
      fc.constant(organizations),
      fc.array(fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 12 }), {
        minLength: organizations.length,
        maxLength: organizations.length,
      }),
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: organizations.length, maxLength: organizations.length }),
      fc.integer({ min: 1, max: 10 }),
    ),
  );

  it('takes a prefix of each organization, in time order, and goes on exactly where it stopped', () => {
    fc.assert(
      fc.property(reads, ([organizations, gaps, tails, limit]) => {
        // The whole feed of each organization, numbers from 1 with gaps; ids sort by a shared clock.
        let clock = 0;
        const all = new Map<number, FeedEvent[]>();
        const counters = new Map<number, number>();
        organizations.forEach((organization, i) => {
          let seq = 0;
          const events = (gaps[i] ?? []).map((gap) => {
            seq += gap;
            clock += 1 + ((organization * 7 + seq) % 3);
            return { seq, id: `evt_${String(clock).padStart(8, '0')}_${organization}`, body: `${organization}:${seq}` };
          });
          all.set(organization, events);
          counters.set(organization, seq + (tails[i] ?? 0));
        });
        // Read page after page, each organization's read cut at the limit as readFeed does.
        let cursor = new Map(organizations.map((organization) => [organization, 0]));
        const seen: string[] = [];
        for (let page = 0; page < 200; page++) {
          const feeds = new Map<number, OrganizationFeed>(
            organizations.map((organization) => [
              organization,
              {
                events: (all.get(organization) ?? [])
                  .filter((e) => e.seq > (cursor.get(organization) ?? 0))
                  .slice(0, limit),
                horizon: counters.get(organization) ?? 0,
                pruned: 0,
              },
            ]),
          );
          const { events, next } = takePage(feeds, cursor, limit);
          expect(events.length).toBeLessThanOrEqual(limit);
          const ids = events.map((e) => e.id);
          expect(ids).toEqual([...ids].sort());
          seen.push(...events.map((e) => e.body));
          cursor = next;
          if (events.length === 0) break;
        }
        // Every event once, each organization's in its order; at the end, at every counter.
        const expected = organizations.flatMap((organization) => (all.get(organization) ?? []).map((e) => e.body));
        expect([...seen].sort()).toEqual([...expected].sort());
        for (const organization of organizations) {
          const mine = seen.filter((body) => body.startsWith(`${organization}:`));
          expect(mine).toEqual((all.get(organization) ?? []).map((e) => e.body));
          expect(cursor.get(organization)).toBe(counters.get(organization));
        }
      }),
    );
  });
});
