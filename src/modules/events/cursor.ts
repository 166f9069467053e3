import { invalidInput } from '../../shared/errors.js';

/**
 * A place in the feed (SPEC §10): per organization read, the number of the last of its events read
 * (its change counter, migration 012); every event of that organization up to it has been read.
 * Only the organizations read are in it, so a cursor tells a tenant nothing about anyone else's
 * writes (issue 41). Clients see it as an opaque string.
 */
export type FeedCursor = ReadonlyMap<number, number>;

/**
 * A cursor given out before migration 012: every event at or before (transaction id, position) in
 * the order of then had been read. Read while its events are kept (events.service.ts).
 */
export interface LegacyPosition {
  txid: bigint;
  position: bigint;
}

export type DecodedCursor = { kind: 'seq'; cursor: FeedCursor } | { kind: 'legacy'; position: LegacyPosition };

const PREFIX = 'c2';
const LEGACY_PREFIX = 'c1';
/** Counters and ids are PostgreSQL integers. */
const MAX_NUMBER = 2 ** 31 - 1;
/** More organizations than a credential is bound to; the bound keeps a hostile cursor small. */
const MAX_ENTRIES = 1_000;

export function encodeCursor(cursor: FeedCursor): string {
  const entries = [...cursor].sort(([a], [b]) => a - b).map(([organization, seq]) => `${organization}.${seq}`);
  return `${PREFIX}_${Buffer.from(entries.join(',')).toString('base64url')}`;
}

function notACursor() {
  return invalidInput([{ parameter: 'after', message: 'is not a cursor from this feed' }]);
}

/** What a cursor names; a 400 naming `after` when it is not one this service made. */
export function decodeCursor(text: string): DecodedCursor {
  const separator = text.indexOf('_');
  const prefix = text.slice(0, Math.max(separator, 0));
  const payload = text.slice(separator + 1);
  if (separator < 0 || !/^[A-Za-z0-9_-]{1,12000}$/.test(payload)) throw notACursor();
  const decoded = Buffer.from(payload, 'base64url').toString('latin1');
  if (prefix === LEGACY_PREFIX) {
    const match = /^(\d{1,20})\.(\d{1,19})$/.exec(decoded);
    const position = match && { txid: BigInt(match[1] as string), position: BigInt(match[2] as string) };
    if (!position || position.position >= 2n ** 63n || position.txid >= 2n ** 64n) throw notACursor();
    return { kind: 'legacy', position };
  }
  if (prefix !== PREFIX || !/^\d{1,10}\.\d{1,10}(,\d{1,10}\.\d{1,10})*$/.test(decoded)) throw notACursor();
  const cursor = new Map<number, number>();
  for (const entry of decoded.split(',')) {
    const [organization, seq] = entry.split('.').map(Number) as [number, number];
    if (organization < 1 || organization > MAX_NUMBER || seq > MAX_NUMBER || cursor.has(organization))
      throw notACursor();
    cursor.set(organization, seq);
    if (cursor.size > MAX_ENTRIES) throw notACursor();
  }
  return { kind: 'seq', cursor };
}
