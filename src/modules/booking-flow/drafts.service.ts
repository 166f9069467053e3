import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, DraftRow } from '../../db/schema.js';
import { withWriteTransaction, type WriteTransaction } from '../../db/write-transaction.js';
import type { Clock } from '../../shared/clock.js';
import { dateInZone, formatTimestamp, isCalendarDate, parseTimestamp } from '../../shared/dates.js';
import { AppError, invalidInput, type ParameterError } from '../../shared/errors.js';
import { formatAmount } from '../../shared/money.js';
import { nightsOfStay } from '../../shared/stay-dates.js';
import { findAccommodationRow } from '../accommodations/accommodations.repository.js';
import { assertNightsFree, refusedAsTaken } from '../availability/night-holds.js';
import { listStayRuleRows, toStayRule } from '../availability/stay-rules.repository.js';
import { recordEvent } from '../events/events.service.js';
import { guestForPlacement } from '../guests/guests.repository.js';
import { GUEST_FIELDS, type GuestFields } from '../guests/guests.schemas.js';
import { lockOrganization } from '../organizations/organizations.service.js';
import { partyOfCounts, personsCounted } from '../prices/party.js';
import { toPrices } from '../prices/price-records.js';
import { listPriceRows } from '../prices/prices.repository.js';
import { type AgeCategory, type OrderLine, type Prices, quote } from '../prices/quote.js';
import { checkedChoices, checkedParty, formatLine } from '../prices/quotes.service.js';
import { findSummaryById, insertReservation, reservationRecords } from '../reservations/reservations.repository.js';
import type { ReservationSummary } from '../reservations/reservations.schemas.js';
import { newReservationNumber } from '../reservations/reservations.service.js';
import {
  draftOrganization,
  findDraftForUpdate,
  insertDraft,
  insertOrderLines,
  nextDraftId,
  orderLinesOf,
  removeExpiredDrafts,
  updateDraft,
} from './drafts.repository.js';
import { orderLineRows, toOrderLineText } from './order-lines.js';
import {
  type ConfigureDraftBody,
  type CreateDraftBody,
  type Draft,
  lenientNumber,
  type PlaceDraftBody,
  type PlaceGuest,
} from './drafts.schemas.js';

/**
 * The original's booking flow (SPEC §15): draft, configure, place. Each step runs in the one write
 * transaction (the caller opens it), takes the organization's lock first as every write does, and
 * prices only through the quote of §14 (quote.ts): the price a draft shows is the price it is
 * placed at. A draft is opened by its token alone; any other way of missing it is the same 404.
 */

type Conn = Kysely<Database>;

/** What a flow step needs beside its transaction. */
export interface FlowContext {
  clock: Clock;
  /** DRAFT_MINUTES: how long a draft holds its nights after its last change. */
  draftMinutes: number;
}

/** A draft's party as stored: persons by age group, with the group's category when it was chosen. */
type StoredParty = [ageGroupId: number, quantity: number, category: AgeCategory][];
type StoredChoices = [supplementId: number, quantity: number][];
type StoredLine = Omit<OrderLine, never>;

const noDraft = (id: number) => new AppError('not-found', `No reservation ${id}.`);

/** The token: 256 random bits, URL-safe; only its SHA-256 is kept. */
function newToken(): string {
  return randomBytes(32).toString('base64url');
}
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The calendar day of a date or timestamp as written (SPEC §4.2's reading of the original's dates). */
function stayDay(text: string, parameter: string, problems: ParameterError[]): string {
  if (isCalendarDate(text)) return text;
  if (parseTimestamp(text)) return text.slice(0, 10);
  problems.push({ parameter, message: 'must be a real calendar date' });
  return text;
}

const expiresAfter = (now: Date, minutes: number) => formatTimestamp(new Date(now.getTime() + minutes * 60_000));

/**
 * The stay's quote for the party and choices, refused as §13 and §14 refuse a sale: capacity, the
 * stay rules, a night without a price (409 with `reasons`).
 */
function priced(
  prices: Prices,
  rules: Parameters<typeof quote>[1],
  accommodation: { id: number; type: string; max_persons: number },
  stay: { dateFrom: string; dateTo: string },
  party: Map<number, number>,
  choices: Map<number, number>,
  today: string,
) {
  if (personsCounted(prices.ageGroups, party) > accommodation.max_persons) {
    throw new AppError('conflict', `The party exceeds the capacity of ${accommodation.max_persons}.`, {
      extensions: { reasons: ['capacity'] },
    });
  }
  const q = quote(prices, rules, {
    accommodation: { id: accommodation.id, type: accommodation.type },
    ...stay,
    party,
    choices,
    today,
  });
  if (q.reasons.length > 0 || q.orderLinesTotal === null) {
    throw new AppError('conflict', `This stay cannot be sold: ${q.reasons.join(', ')}.`, {
      extensions: { reasons: q.reasons },
    });
  }
  return { orderLines: q.orderLines, total: q.orderLinesTotal };
}

async function pricesAndRules(trx: Conn, organizationId: number, arrival: string) {
  return {
    prices: toPrices(await listPriceRows(trx, organizationId)),
    rules: (await listStayRuleRows(trx, organizationId, arrival)).map(toStayRule),
  };
}

function toDraft(row: DraftRow, token: string, title: string): Draft {
  const lines = JSON.parse(row.order_lines) as StoredLine[];
  return {
    id: row.id,
    token,
    status: 'draft',
    accommodation: { id: row.accommodation_id, title },
    dateFrom: row.date_from,
    dateTo: row.date_to,
    expires: row.expires,
    orderLines: lines.map(formatLine),
    orderLinesTotal: formatAmount(Number(row.total_minor)),
    currency: row.currency,
  };
}

const categoryOf = (prices: Prices, id: number): AgeCategory =>
  prices.ageGroups.find((g) => g.id === id)?.category ?? 'adult';

/** Step 1: a draft holding the nights, priced for 2 adults. */
export async function createDraft(
  trx: WriteTransaction,
  { clock, draftMinutes }: FlowContext,
  organizationId: number,
  body: CreateDraftBody,
): Promise<Draft> {
  const problems: ParameterError[] = [];
  const dateFrom = stayDay(body.dateFrom, 'dateFrom', problems);
  const dateTo = stayDay(body.dateTo, 'dateTo', problems);
  const accommodationId = lenientNumber(body.accommodation.id);
  if (accommodationId === undefined) problems.push({ parameter: 'accommodation.id', message: 'is not an id' });
  if (problems.length > 0 || accommodationId === undefined) throw invalidInput(problems);
  nightsOfStay(dateFrom, dateTo);
  const { timeZone } = await lockOrganization(trx, organizationId);
  const accommodation = await findAccommodationRow(trx, [organizationId], accommodationId);
  if (!accommodation) {
    throw invalidInput([{ parameter: 'accommodation.id', message: 'no such accommodation in this organization' }]);
  }
  if (!accommodation.active) throw new AppError('conflict', `Accommodation ${accommodationId} is inactive.`);
  const instant = clock();
  const now = formatTimestamp(instant);
  await assertNightsFree(trx, { organizationId, accommodationId, dateFrom, dateTo, now });
  const { prices, rules } = await pricesAndRules(trx, organizationId, dateFrom);
  const two = partyOfCounts(prices.ageGroups, { adults: 2, children: 0, babies: 0 });
  if ('problems' in two) throw invalidInput(two.problems);
  const today = dateInZone(instant, timeZone);
  const price = priced(prices, rules, accommodation, { dateFrom, dateTo }, two.party, new Map(), today);
  const token = newToken();
  const row = await refusedAsTaken(
    insertDraft(trx, {
      id: await nextDraftId(trx),
      organization_id: organizationId,
      accommodation_id: accommodationId,
      date_from: dateFrom,
      date_to: dateTo,
      token_hash: tokenHash(token),
      expires: expiresAfter(instant, draftMinutes),
      party: JSON.stringify([...two.party].map(([id, n]) => [id, n, categoryOf(prices, id)]) satisfies StoredParty),
      choices: '[]',
      order_lines: JSON.stringify(price.orderLines),
      total_minor: price.total,
      currency: await currencyOfOrganization(trx, organizationId),
      created: now,
      modified: now,
      placed: null,
    }),
  );
  return toDraft(row, token, accommodation.title);
}

async function currencyOfOrganization(trx: Conn, organizationId: number): Promise<string> {
  const row = await trx
    .selectFrom('organizations')
    .select('currency')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.currency ?? 'EUR';
}

/**
 * The draft a token opens, locked for the change: its organization's lock first, then the row.
 * 404 for a wrong token, another organization's draft, or an expired one (it holds nothing and is
 * as good as gone); 409 for a placed one.
 */
async function openDraft(
  trx: WriteTransaction,
  clock: Clock,
  organizationIds: readonly number[],
  id: number,
  token: string,
) {
  const hash = tokenHash(token);
  const organizationId = await draftOrganization(trx, organizationIds, id, hash);
  if (organizationId === undefined) throw noDraft(id);
  const { timeZone } = await lockOrganization(trx, organizationId);
  const row = await findDraftForUpdate(trx, [organizationId], id, hash);
  if (!row) throw noDraft(id);
  if (row.placed !== null) {
    throw new AppError('conflict', `Draft ${id} has already been placed: it is reservation ${id}.`);
  }
  const instant = clock();
  if (row.expires <= formatTimestamp(instant)) throw noDraft(id);
  const accommodation = await findAccommodationRow(trx, [organizationId], row.accommodation_id);
  if (!accommodation) throw noDraft(id);
  return { row, organizationId, instant, today: dateInZone(instant, timeZone), accommodation };
}

/** Quantities by id from the original's lines; 400 naming `parameter` for an id twice or out of range. */
function quantitiesOf(
  lines: readonly { quantity: number | string; id: number | string }[],
  parameter: string,
): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) {
    const id = lenientNumber(line.id);
    const quantity = lenientNumber(line.quantity);
    if (id === undefined || quantity === undefined)
      throw invalidInput([{ parameter, message: 'holds an id out of range' }]);
    if (quantities.has(id)) throw invalidInput([{ parameter, message: `names ${id} twice` }]);
    // A line of nobody (the original's client sends every group it asked about) chooses nothing.
    if (quantity > 0) quantities.set(id, quantity);
  }
  return quantities;
}

/** Step 2: the party by age group and the chosen supplements; the draft re-priced, its time renewed. */
export async function configureDraft(
  trx: WriteTransaction,
  { clock, draftMinutes }: FlowContext,
  organizationIds: readonly number[],
  id: number,
  token: string,
  body: ConfigureDraftBody,
): Promise<Draft> {
  const { row, organizationId, instant, today, accommodation } = await openDraft(
    trx,
    clock,
    organizationIds,
    id,
    token,
  );
  const { prices, rules } = await pricesAndRules(trx, organizationId, row.date_from);
  const stored = JSON.parse(row.party) as StoredParty;
  const party =
    body.ageGroupLines === undefined
      ? new Map(stored.map(([groupId, n]) => [groupId, n]))
      : checkedParty(
          prices.ageGroups,
          quantitiesOf(
            body.ageGroupLines.map((l) => ({ quantity: l.quantity, id: l.ageGroupSpecification.id })),
            'ageGroupLines',
          ),
          'ageGroupLines',
        );
  const sellable = {
    id: accommodation.id,
    title: accommodation.title,
    type: accommodation.type,
    maxPersons: accommodation.max_persons,
  };
  const choices =
    body.supplementOrderLines === undefined
      ? new Map(JSON.parse(row.choices) as StoredChoices)
      : checkedChoices(
          prices,
          sellable,
          quantitiesOf(
            body.supplementOrderLines.map((l) => ({ quantity: l.quantity, id: l.supplement.id })),
            'supplementOrderLines',
          ),
          'supplementOrderLines',
        );
  const price = priced(
    prices,
    rules,
    accommodation,
    { dateFrom: row.date_from, dateTo: row.date_to },
    party,
    choices,
    today,
  );
  const now = formatTimestamp(instant);
  const updated = await updateDraft(trx, row.id, {
    party: JSON.stringify(
      [...party].map(([groupId, n]) => [groupId, n, categoryOf(prices, groupId)]) satisfies StoredParty,
    ),
    choices: JSON.stringify([...choices] satisfies StoredChoices),
    order_lines: JSON.stringify(price.orderLines),
    total_minor: price.total,
    currency: row.currency,
    modified: now,
    expires: expiresAfter(instant, draftMinutes),
  });
  return toDraft(updated, token, accommodation.title);
}

/** The reservation's display name: first name and surname (SPEC §15). */
function guestNameOf(guest: PlaceGuest): string {
  const name = [guest.firstName, guest.surname]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  if (name === '') {
    throw invalidInput([{ parameter: 'guest.surname', message: 'a first name or a surname is required' }]);
  }
  return name;
}

/** The guest's fields as the guest record takes them: an empty field is one not given (null). */
function guestFieldsOf(guest: PlaceGuest): GuestFields {
  const fields: Record<string, string | null> = {};
  for (const { field } of GUEST_FIELDS) {
    const value = guest[field]?.trim();
    fields[field] = value ? value : null;
  }
  return fields;
}

/** Step 3: the draft becomes a reservation with its id, at the draft's price, with its order lines. */
export async function placeDraft(
  trx: WriteTransaction,
  { clock }: FlowContext,
  organizationIds: readonly number[],
  id: number,
  token: string,
  body: PlaceDraftBody,
): Promise<ReservationSummary> {
  const guestName = guestNameOf(body.guest);
  const { row, organizationId, instant } = await openDraft(trx, clock, organizationIds, id, token);
  const now = formatTimestamp(instant);
  const counts = { adult: 0, child: 0, baby: 0 };
  for (const [, quantity, category] of JSON.parse(row.party) as StoredParty) counts[category] += quantity;
  // The organization's guest with this e-mail address, or a new one (SPEC §15).
  const guestId = await guestForPlacement(trx, organizationId, guestFieldsOf(body.guest), instant);
  // The draft stops holding the nights (PostgreSQL: its row leaves night_holds) as the reservation takes them.
  await updateDraft(trx, row.id, { placed: now });
  // On SQLite, a bulk import does not look at drafts: the nights are checked once more here.
  await assertNightsFree(trx, {
    organizationId,
    accommodationId: row.accommodation_id,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    now,
  });
  // The draft's id, unless an import took it meanwhile (it may keep ids from another system).
  const idTaken = await idUsedElsewhere(trx, row.id);
  const stored = await refusedAsTaken(
    insertReservation(trx, {
      ...(idTaken ? {} : { id: row.id }),
      organization_id: organizationId,
      accommodation_id: row.accommodation_id,
      reservation_number: newReservationNumber(),
      status: body.confirmed === true ? 'confirmed' : 'option',
      date_from: row.date_from,
      date_to: row.date_to,
      adults: counts.adult,
      children: counts.child,
      babies: counts.baby,
      guest_name: guestName,
      total_amount_minor: Number(row.total_minor),
      currency: row.currency,
      channel: body.source?.trim() || 'api',
      created: now,
      modified: now,
      cancelled: null,
      guest_id: guestId,
    }),
  );
  const lines = JSON.parse(row.order_lines) as StoredLine[];
  await insertOrderLines(trx, orderLineRows(organizationId, stored.id, lines.map(formatLine)));
  const summary = await findSummaryById(trx, [organizationId], stored.id);
  if (!summary) throw new Error(`reservation ${stored.id} vanished inside its own transaction`);
  await recordEvent(trx, clock, { type: 'reservation.created', data: summary, version: 1 });
  return summary;
}

async function idUsedElsewhere(trx: Conn, id: number): Promise<boolean> {
  const row = await trx.selectFrom('reservations').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A reservation's order lines (SPEC §15), 404 when it is not one of the organizations'. */
export async function reservationOrderLines(conn: Conn, organizationIds: readonly number[], id: number) {
  const organizationId = await reservationRecords.organizationOf(conn, organizationIds, id);
  if (organizationId === undefined) throw new AppError('not-found', `No reservation ${id}.`);
  return (await orderLinesOf(conn, organizationId, id)).map(toOrderLineText);
}

/** Drafts removed per sweep transaction, at most: a sweep never holds the writer long. */
const SWEEP_BATCH = 500;

/**
 * The sweep of the workers (SPEC §15): removes drafts that expired by `now`, in batches, so that
 * what no write meets is gone too. An expired draft holds nothing already (every check and read
 * skips it); this keeps the table to live drafts. Answers how many went.
 */
export async function sweepExpiredDrafts(db: Db, now: Date): Promise<number> {
  const at = formatTimestamp(now);
  let removed = 0;
  for (;;) {
    const batch = await withWriteTransaction(db, (trx) => removeExpiredDrafts(trx, { now: at, limit: SWEEP_BATCH }));
    removed += batch;
    if (batch < SWEEP_BATCH) return removed;
  }
}
