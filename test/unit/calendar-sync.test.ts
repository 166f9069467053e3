import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type KnownEvent, planSync, type Step } from '../../src/modules/calendars/calendar-sync.js';
import type { FeedStay } from '../../src/modules/calendars/ical.js';

/** SPEC §16: what one successful fetch does to the events a calendar knew. */

const known = (uid: string, dateFrom: string, dateTo: string, extra: Partial<KnownEvent> = {}): KnownEvent => ({
  uid,
  dateFrom,
  dateTo,
  missing: 0,
  blocked: true,
  ...extra,
});
const read = (uid: string, dateFrom: string, dateTo: string): FeedStay => ({ uid, dateFrom, dateTo });

describe('planSync', () => {
  it.each<[string, KnownEvent[], FeedStay[], Step[]]>([
    ['nothing known, nothing read', [], [], []],
    [
      'a new stay',
      [],
      [read('a', '2027-07-03', '2027-07-05')],
      [{ kind: 'new', uid: 'a', dateFrom: '2027-07-03', dateTo: '2027-07-05' }],
    ],
    [
      'read again as it was',
      [known('a', '2027-07-03', '2027-07-05')],
      [read('a', '2027-07-03', '2027-07-05')],
      [{ kind: 'same', uid: 'a', conflict: false }],
    ],
    [
      'a conflict read again is looked at again',
      [known('a', '2027-07-03', '2027-07-05', { blocked: false })],
      [read('a', '2027-07-03', '2027-07-05')],
      [{ kind: 'same', uid: 'a', conflict: true }],
    ],
    [
      'moved by the channel',
      [known('a', '2027-07-03', '2027-07-05')],
      [read('a', '2027-07-04', '2027-07-06')],
      [{ kind: 'moved', uid: 'a', dateFrom: '2027-07-04', dateTo: '2027-07-06' }],
    ],
    [
      'gone from one fetch: kept',
      [known('a', '2027-07-03', '2027-07-05')],
      [],
      [{ kind: 'missing', uid: 'a', missing: 1 }],
    ],
    [
      'gone from a second fetch: removed',
      [known('a', '2027-07-03', '2027-07-05', { missing: 1 })],
      [],
      [{ kind: 'removed', uid: 'a' }],
    ],
    [
      'back after one fetch without it: the same stay',
      [known('a', '2027-07-03', '2027-07-05', { missing: 1 })],
      [read('a', '2027-07-03', '2027-07-05')],
      [{ kind: 'same', uid: 'a', conflict: false }],
    ],
    [
      'a new UID with the dates of one gone in this fetch: re-issued',
      [known('old', '2027-07-03', '2027-07-05')],
      [read('new', '2027-07-03', '2027-07-05')],
      [{ kind: 'reissued', from: 'old', uid: 'new' }],
    ],
    [
      'a new UID with other dates: a new stay, and the old one missing',
      [known('old', '2027-07-03', '2027-07-05')],
      [read('new', '2027-07-03', '2027-07-06')],
      [
        { kind: 'new', uid: 'new', dateFrom: '2027-07-03', dateTo: '2027-07-06' },
        { kind: 'missing', uid: 'old', missing: 1 },
      ],
    ],
    [
      'a new UID with the dates of one gone a fetch earlier: a new stay (only the same fetch counts)',
      [known('old', '2027-07-03', '2027-07-05', { missing: 1 })],
      [read('new', '2027-07-03', '2027-07-05')],
      [
        { kind: 'new', uid: 'new', dateFrom: '2027-07-03', dateTo: '2027-07-05' },
        { kind: 'removed', uid: 'old' },
      ],
    ],
    [
      'two new UIDs with the dates of one gone: one takes it over, the other is new',
      [known('old', '2027-07-03', '2027-07-05')],
      [read('n1', '2027-07-03', '2027-07-05'), read('n2', '2027-07-03', '2027-07-05')],
      [
        { kind: 'reissued', from: 'old', uid: 'n1' },
        { kind: 'new', uid: 'n2', dateFrom: '2027-07-03', dateTo: '2027-07-05' },
      ],
    ],
  ])('%s', (_name, before, fetched, steps) => {
    expect(planSync(before, fetched)).toEqual(steps);
  });

  it('accounts for every UID once: each read one has a step, each known one is kept, renamed or counted missing', () => {
    const stay = fc.record({
      uid: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      from: fc.integer({ min: 1, max: 5 }),
      nights: fc.integer({ min: 1, max: 3 }),
    });
    const date = (d: number) => `2027-07-${String(d).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(stay, fc.integer({ min: 0, max: 1 }), fc.boolean()), { selector: ([s]) => s.uid }),
        fc.uniqueArray(stay, { selector: (s) => s.uid }),
        (before, after) => {
          const knownEvents = before.map(([s, missing, blocked]) =>
            known(s.uid, date(s.from), date(s.from + s.nights), { missing, blocked }),
          );
          const readStays = after.map((s) => read(s.uid, date(s.from), date(s.from + s.nights)));
          const steps = planSync(knownEvents, readStays);
          const readUids = readStays.map((r) => r.uid).sort();
          const stepped = steps.flatMap((s) => (s.kind === 'missing' || s.kind === 'removed' ? [] : [s.uid])).sort();
          expect(stepped).toEqual(readUids);
          const accounted = steps
            .flatMap((s) =>
              s.kind === 'reissued'
                ? [s.from]
                : s.kind === 'new' || s.kind === 'moved' || s.kind === 'same'
                  ? []
                  : [s.uid],
            )
            .concat(knownEvents.filter((k) => readUids.includes(k.uid)).map((k) => k.uid))
            .sort();
          expect(accounted).toEqual(knownEvents.map((k) => k.uid).sort());
          for (const s of steps) {
            if (s.kind === 'removed') expect(knownEvents.find((k) => k.uid === s.uid)?.missing).toBe(1);
            if (s.kind === 'reissued') {
              const from = knownEvents.find((k) => k.uid === s.from);
              const to = readStays.find((r) => r.uid === s.uid);
              expect([from?.dateFrom, from?.dateTo, from?.missing]).toEqual([to?.dateFrom, to?.dateTo, 0]);
            }
          }
        },
      ),
    );
  });
});
