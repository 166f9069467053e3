import type { Kysely } from 'kysely';
import { VALUES_PER_QUERY } from '../../db/owned-rows.js';
import type { Database, ReservationOrderLineRow } from '../../db/schema.js';
import { formatAmount, parseAmount } from '../../shared/money.js';
import type { OrderLine } from '../prices/quote.js';

/**
 * The order lines a reservation keeps (SPEC §15), one shape for the API, `booking dump` and
 * `booking import`: the quote's line with its amounts as money text (a discount's negative).
 */

type Conn = Kysely<Database>;

export interface OrderLineText {
  description: string;
  kind: OrderLine['kind'];
  quantity: number;
  unitAmount: string;
  amount: string;
}

export function toOrderLineText(
  row: Pick<ReservationOrderLineRow, 'description' | 'kind' | 'quantity' | 'unit_amount_minor' | 'amount_minor'>,
): OrderLineText {
  return {
    description: row.description,
    kind: row.kind,
    quantity: row.quantity,
    unitAmount: formatAmount(Number(row.unit_amount_minor)),
    amount: formatAmount(Number(row.amount_minor)),
  };
}

/** "-12.50" → -1250 (the text already matched FORMATTED_AMOUNT_PATTERN). */
export function signedMinor(text: string): number {
  const minor = parseAmount(text.replace(/^-/, '')) as number;
  return text.startsWith('-') ? -minor : minor;
}

/** The rows of a reservation's lines, in their order. */
export function orderLineRows(
  organizationId: number,
  reservationId: number,
  lines: readonly OrderLineText[],
): ReservationOrderLineRow[] {
  return lines.map((line, position) => ({
    organization_id: organizationId,
    reservation_id: reservationId,
    position,
    description: line.description,
    kind: line.kind,
    quantity: line.quantity,
    unit_amount_minor: signedMinor(line.unitAmount),
    amount_minor: signedMinor(line.amount),
  }));
}

/** The order lines of these reservations, by reservation, each in its order (empty ones absent). */
export async function orderLinesByReservation(
  conn: Conn,
  reservationIds: readonly number[],
): Promise<Map<number, OrderLineText[]>> {
  const byReservation = new Map<number, OrderLineText[]>();
  for (let i = 0; i < reservationIds.length; i += VALUES_PER_QUERY) {
    const rows = await conn
      .selectFrom('reservation_order_lines')
      .selectAll()
      .where('reservation_id', 'in', reservationIds.slice(i, i + VALUES_PER_QUERY))
      .orderBy('reservation_id')
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const lines = byReservation.get(row.reservation_id) ?? [];
      lines.push(toOrderLineText(row));
      byReservation.set(row.reservation_id, lines);
    }
  }
  return byReservation;
}

/** Replaces the order lines of these reservations (`booking import`). */
export async function replaceOrderLines(
  conn: Conn,
  sets: readonly { organizationId: number; reservationId: number; lines: readonly OrderLineText[] }[],
): Promise<void> {
  for (let i = 0; i < sets.length; i += VALUES_PER_QUERY) {
    const chunk = sets.slice(i, i + VALUES_PER_QUERY);
    await conn
      .deleteFrom('reservation_order_lines')
      .where(
        'reservation_id',
        'in',
        chunk.map((s) => s.reservationId),
      )
      .execute();
    const rows = chunk.flatMap((s) => orderLineRows(s.organizationId, s.reservationId, s.lines));
    // A few hundred rows per statement: well inside both databases' limits on bound values.
    for (let j = 0; j < rows.length; j += 100) {
      await conn
        .insertInto('reservation_order_lines')
        .values(rows.slice(j, j + 100))
        .execute();
    }
  }
}
