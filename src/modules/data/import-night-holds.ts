import type { Kysely } from 'kysely';
import type { BlockRow, Database } from '../../db/schema.js';
import type { ParameterError } from '../../shared/errors.js';
import { liveDraftsOf } from '../booking-flow/drafts.repository.js';
import { heldStaysOf } from '../reservations/reservations.repository.js';
import { holdsNights } from '../reservations/state-machine.js';
import { accommodationIdOf, type FullDocument } from './import-document.js';
import type { ImportBlock, ImportReservation } from './import.schemas.js';

/**
 * Nights held by a load (SPEC §9, §13): the file's night-holding reservations and blocks against
 * each other and against the stored reservations, blocks and live drafts they do not replace.
 */

type Conn = Kysely<Database>;

interface HeldStay {
  /** Where it comes from: an index in the file, or a stored record's id. */
  source:
    | { collection: 'reservations' | 'blocks'; index: number }
    | { kind: 'reservation' | 'block' | 'draft'; id: number };
  accommodation: number;
  dateFrom: string;
  dateTo: string;
}

function describe(stay: HeldStay): string {
  return 'index' in stay.source
    ? `${stay.source.collection}[${stay.source.index}]`
    : `${stay.source.kind} ${stay.source.id}`;
}

/** What the night-holds check compares: the file's holders and their stored ids, the stored blocks near them. */
export interface NightHolders {
  reservations: readonly ImportReservation[];
  /** A file reservation's stored id, when it replaces one. */
  idOf: (r: ImportReservation) => number | undefined;
  blocks: readonly ImportBlock[];
  /** The stored id each file block replaces (by index), if any. */
  blockIds: readonly (number | undefined)[];
  /** Every stored block of the accommodations the file holds nights of (`heldUnits`). */
  storedBlocks: readonly BlockRow[];
}

/** The accommodations whose nights the file holds: of its night-holding reservations and of its blocks. */
export function heldUnits(doc: FullDocument): { organizations: number[]; accommodations: number[] } {
  const accommodations = new Set<number>();
  for (const r of doc.reservations) if (holdsNights(r.status ?? 'confirmed')) accommodations.add(accommodationIdOf(r));
  for (const b of doc.blocks) accommodations.add(b.accommodation);
  const organizations = new Set([...doc.reservations, ...doc.blocks].map((r) => r.organization));
  return { organizations: [...organizations], accommodations: [...accommodations] };
}

/**
 * One rule for every night (SPEC §9, §13), whichever way data enters: the file's night-holding
 * reservations and its blocks must not overlap each other, nor stored reservations and blocks that
 * the file does not replace.
 */
export async function nightHoldErrors(
  trx: Conn,
  units: ReturnType<typeof heldUnits>,
  holders: NightHolders,
): Promise<ParameterError[]> {
  const fileStays: HeldStay[] = [];
  holders.reservations.forEach((r, index) => {
    if (holdsNights(r.status ?? 'confirmed')) {
      fileStays.push({
        source: { collection: 'reservations', index },
        accommodation: accommodationIdOf(r),
        dateFrom: r.dateFrom,
        dateTo: r.dateTo,
      });
    }
  });
  holders.blocks.forEach((b, index) => {
    fileStays.push({
      source: { collection: 'blocks', index },
      accommodation: b.accommodation,
      dateFrom: b.dateFrom,
      dateTo: b.dateTo,
    });
  });
  const replaced = new Set(holders.reservations.flatMap((r) => holders.idOf(r) ?? []));
  const replacedBlocks = new Set(holders.blockIds.flatMap((id) => id ?? []));
  const stored: HeldStay[] = [];
  for (const row of await heldStaysOf(trx, units.organizations, units.accommodations)) {
    if (!replaced.has(row.id)) {
      stored.push({
        source: { kind: 'reservation', id: row.id },
        accommodation: row.accommodation_id,
        dateFrom: row.date_from,
        dateTo: row.date_to,
      });
    }
  }
  // Live drafts (SPEC §15) hold their nights as reservations do; the expired ones are gone by now.
  for (const row of await liveDraftsOf(trx, units.organizations, units.accommodations)) {
    stored.push({
      source: { kind: 'draft', id: row.id },
      accommodation: row.accommodation_id,
      dateFrom: row.date_from,
      dateTo: row.date_to,
    });
  }
  for (const row of holders.storedBlocks) {
    if (!replacedBlocks.has(row.id)) {
      stored.push({
        source: { kind: 'block', id: row.id },
        accommodation: row.accommodation_id,
        dateFrom: row.date_from,
        dateTo: row.date_to,
      });
    }
  }
  const stays = [...fileStays, ...stored].sort((a, b) =>
    a.accommodation !== b.accommodation ? a.accommodation - b.accommodation : a.dateFrom < b.dateFrom ? -1 : a.dateFrom > b.dateFrom ? 1 : 0,
  );
  const errors: ParameterError[] = [];
  let latest: HeldStay | undefined; // the stay reaching furthest so far on this accommodation
  for (const stay of stays) {
    if (latest && latest.accommodation === stay.accommodation && stay.dateFrom < latest.dateTo) {
      const [fromFile, other] = 'index' in stay.source ? [stay, latest] : [latest, stay];
      const nights = `(${other.dateFrom} … ${other.dateTo})`;
      errors.push({
        parameter: describe(fromFile),
        message:
          'collection' in fromFile.source && fromFile.source.collection === 'blocks'
            ? `overlaps ${describe(other)} on accommodation ${stay.accommodation} ${nights}`
            : `double-books accommodation ${stay.accommodation} with ${describe(other)} ${nights}`,
      });
    }
    if (!latest || latest.accommodation !== stay.accommodation || stay.dateTo > latest.dateTo) latest = stay;
  }
  return errors;
}
