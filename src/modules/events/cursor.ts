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
/**
 * The most organizations one cursor holds: at most 10 bytes each (5 typically), so a cursor stays
 * under `CURSOR_MAX_LENGTH` characters, inside a URL and a header.
 */
export const MAX_ENTRIES = 1_000;
export const CURSOR_MAX_LENGTH = 14_000;

/**
 * Entries in organization order, each as two unsigned LEB128 numbers: the organization's id less the
 * previous one's, then its number. Compact, because a cursor of a credential of hundreds of
 * organizations travels in every `next` link (as "org.seq" text it outgrew URLs past ~500).
 */
export function encodeCursor(cursor: FeedCursor): string {
  const bytes: number[] = [];
  const varint = (value: number) => {
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
  };
  let previous = 0;
  for (const [organization, seq] of [...cursor].sort(([a], [b]) => a - b)) {
    varint(organization - previous);
    varint(seq);
    previous = organization;
  }
  return `${PREFIX}_${Buffer.from(bytes).toString('base64url')}`;
}

function notACursor() {
  return invalidInput([{ parameter: 'after', message: 'is not a cursor from this feed' }]);
}

/** The numbers of a `c2` payload; undefined when it is not one `encodeCursor` can have made. */
function readEntries(bytes: Buffer): FeedCursor | undefined {
  let at = 0;
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; shift < 35 && at < bytes.length; shift += 7) {
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value <= MAX_NUMBER ? value : undefined;
    }
    return undefined;
  };
  const cursor = new Map<number, number>();
  let organization = 0;
  while (at < bytes.length) {
    const step = varint();
    const seq = varint();
    if (step === undefined || seq === undefined || step < 1 || cursor.size >= MAX_ENTRIES) return undefined;
    organization += step;
    if (organization > MAX_NUMBER) return undefined;
    cursor.set(organization, seq);
  }
  return cursor;
}

/** What a cursor names; a 400 naming `after` when it is not one this service made. */
export function decodeCursor(text: string): DecodedCursor {
  const separator = text.indexOf('_');
  const prefix = text.slice(0, Math.max(separator, 0));
  const payload = text.slice(separator + 1);
  if (separator < 0 || payload.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]*$/.test(payload)) throw notACursor();
  const bytes = Buffer.from(payload, 'base64url');
  if (prefix === LEGACY_PREFIX) {
    const match = /^(\d{1,20})\.(\d{1,19})$/.exec(bytes.toString('latin1'));
    const position = match && { txid: BigInt(match[1] as string), position: BigInt(match[2] as string) };
    if (!position || position.position >= 2n ** 63n || position.txid >= 2n ** 64n) throw notACursor();
    return { kind: 'legacy', position };
  }
  // Base64 that does not read back to the same text (a stray character) is not ours either.
  const cursor = prefix === PREFIX && bytes.toString('base64url') === payload ? readEntries(bytes) : undefined;
  if (!cursor) throw notACursor();
  return { kind: 'seq', cursor };
}
