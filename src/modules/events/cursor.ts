import { invalidInput } from '../../shared/errors.js';

/**
 * A place in the feed: every event at or before it has been read. On PostgreSQL it is
 * (transaction id, position), on SQLite (0, position): see migration 004 for why. Clients see it
 * as an opaque string.
 */
export interface FeedPosition {
  txid: bigint;
  position: bigint;
}

/** The highest position number: (txid, LAST) is "every event of transactions up to txid". */
export const LAST_POSITION = 2n ** 63n - 1n;

const PREFIX = 'c1';

export function encodeCursor({ txid, position }: FeedPosition): string {
  return `${PREFIX}_${Buffer.from(`${txid}.${position}`).toString('base64url')}`;
}

/** The position a cursor names; a 400 naming `after` when it is not one this service made. */
export function decodeCursor(cursor: string): FeedPosition {
  const [prefix, payload = ''] = cursor.split('_');
  const match =
    prefix === PREFIX && /^[A-Za-z0-9_-]{1,60}$/.test(payload)
      ? /^(\d{1,20})\.(\d{1,19})$/.exec(Buffer.from(payload, 'base64url').toString('latin1'))
      : null;
  const position = match && { txid: BigInt(match[1] as string), position: BigInt(match[2] as string) };
  if (!position || position.position > LAST_POSITION || position.txid >= 2n ** 64n) {
    throw invalidInput([{ parameter: 'after', message: 'is not a cursor from this feed' }]);
  }
  return position;
}

export function comparePositions(a: FeedPosition, b: FeedPosition): number {
  if (a.txid !== b.txid) return a.txid < b.txid ? -1 : 1;
  return a.position === b.position ? 0 : a.position < b.position ? -1 : 1;
}
