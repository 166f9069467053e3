import { useCallback, useRef, useState } from 'preact/hooks';
import type { Accommodation } from '../../../client/index.js';
import type { Trouble } from '../api.js';
import { money } from '../data.js';
import { addDays, daysBetween, isDate } from '../dates.js';
import type { Quote } from '../prices.js';
import { AccommodationSelect } from './accommodation-select.js';
import { type AskedStay, HeldByNotice } from './conflict.js';
import { ErrorBox } from './feedback.js';
import { QuotePanel, type QuotedStay } from './quote.js';

/**
 * The fields of a stay, for the new-reservation form and for editing one. The browser checks the
 * obvious (required, numbers, departure after arrival) so the clerk is told at once; the service
 * checks everything again, and its answer — a broken field, a taken night — is shown next to the form.
 */

/** The stay as the quote asks for it, and what the booking adds. */
export interface StayValues extends QuotedStay {
  guestName: string;
  totalAmount: string;
  currency: string;
  channel: string;
  status: 'option' | 'confirmed';
}

export function ReservationForm({
  mode,
  initial,
  accommodations,
  busy,
  trouble,
  onSubmit,
  onCancel,
}: {
  mode: 'new' | 'edit';
  initial: StayValues;
  accommodations: Accommodation[];
  busy: boolean;
  trouble: Trouble | null;
  onSubmit: (values: StayValues) => void;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  // The stay the last answer was about: a block named by a 409 is looked up among its nights.
  const [asked, setAsked] = useState<AskedStay | undefined>(undefined);
  const set = <K extends keyof StayValues>(key: K, value: StayValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const nights = isDate(values.dateFrom) && isDate(values.dateTo) ? daysBetween(values.dateFrom, values.dateTo) : 0;
  const prefix = `stay-${mode}`;
  const chosen = accommodations.find((accommodation) => accommodation.id === values.accommodation);
  const guests = values.adults + values.children + values.babies;

  // A new stay is priced by its quote (SPEC §14): the total and currency follow the quote until the
  // clerk types a price of their own, which then stands (a price agreed elsewhere).
  const [quote, setQuote] = useState<Quote | undefined>(undefined);
  const [typed, setTyped] = useState(false);
  const typedRef = useRef(false);
  typedRef.current = typed;
  const onQuote = useCallback((next: Quote | undefined) => {
    setQuote(next);
    if (!typedRef.current) {
      setValues((current) => ({
        ...current,
        totalAmount: next?.orderLinesTotal ?? '',
        currency: next?.currency ?? current.currency,
      }));
    }
  }, []);
  const quotedTotal = quote?.orderLinesTotal ?? null;
  const useQuote = () => {
    if (!quote || quotedTotal === null) return;
    setTyped(false);
    setValues((current) => ({ ...current, totalAmount: quotedTotal, currency: quote.currency }));
  };
  const ownPrice =
    mode === 'new' &&
    quote !== undefined &&
    quotedTotal !== null &&
    (values.totalAmount !== quotedTotal || values.currency !== quote.currency);
  const amountHint =
    mode !== 'new'
      ? 'e.g. 412.50'
      : ownPrice
        ? `Typed by hand: this price stands (the quote says ${money(quotedTotal, quote.currency)}).`
        : quotedTotal !== null
          ? "The quote's total."
          : 'e.g. 412.50';

  const submit = (event: Event) => {
    event.preventDefault();
    if (values.accommodation !== '') {
      setAsked({ accommodation: values.accommodation, dateFrom: values.dateFrom, dateTo: values.dateTo });
    }
    onSubmit(values);
  };

  return (
    <form class="stay-form" onSubmit={submit} data-testid={`reservation-form-${mode}`} noValidate={false}>
      <div class="field wide">
        <label for={`${prefix}-accommodation`}>Accommodation</label>
        <AccommodationSelect
          id={`${prefix}-accommodation`}
          accommodations={accommodations}
          value={values.accommodation}
          onChange={(id) => set('accommodation', id)}
          testId="field-accommodation"
        />
      </div>
      <div class="field">
        <label for={`${prefix}-from`}>Arrival</label>
        <input
          id={`${prefix}-from`}
          type="date"
          required
          value={values.dateFrom}
          onInput={(event) => {
            const dateFrom = event.currentTarget.value;
            // Moving the arrival keeps the length of the stay, as clerks expect.
            setValues((current) => ({
              ...current,
              dateFrom,
              dateTo: isDate(dateFrom) && nights > 0 ? addDays(dateFrom, nights) : current.dateTo,
            }));
          }}
          data-testid="field-dateFrom"
        />
      </div>
      <div class="field">
        <label for={`${prefix}-to`}>Departure</label>
        <input
          id={`${prefix}-to`}
          type="date"
          required
          min={isDate(values.dateFrom) ? addDays(values.dateFrom, 1) : undefined}
          value={values.dateTo}
          onInput={(event) => set('dateTo', event.currentTarget.value)}
          aria-describedby={`${prefix}-nights`}
          data-testid="field-dateTo"
        />
        <span class="hint" id={`${prefix}-nights`}>
          {nights > 0 ? `${nights} ${nights === 1 ? 'night' : 'nights'}` : 'Departure must be after arrival'}
        </span>
      </div>
      <div class="field">
        <label for={`${prefix}-adults`}>Adults</label>
        <input
          id={`${prefix}-adults`}
          type="number"
          min={1}
          required
          value={values.adults}
          onInput={(event) => set('adults', Number(event.currentTarget.value))}
          data-testid="field-adults"
        />
      </div>
      <div class="field">
        <label for={`${prefix}-children`}>Children</label>
        <input
          id={`${prefix}-children`}
          type="number"
          min={0}
          value={values.children}
          onInput={(event) => set('children', Number(event.currentTarget.value))}
          data-testid="field-children"
        />
      </div>
      <div class="field">
        <label for={`${prefix}-babies`}>Babies</label>
        <input
          id={`${prefix}-babies`}
          type="number"
          min={0}
          value={values.babies}
          onInput={(event) => set('babies', Number(event.currentTarget.value))}
          aria-describedby={`${prefix}-capacity`}
          data-testid="field-babies"
        />
        <span class="hint" id={`${prefix}-capacity`}>
          {chosen ? `${guests} of up to ${chosen.maxPersons} persons` : ''}
        </span>
      </div>
      <div class="field wide">
        <label for={`${prefix}-guest`}>Guest name</label>
        <input
          id={`${prefix}-guest`}
          required
          autocomplete="off"
          value={values.guestName}
          onInput={(event) => set('guestName', event.currentTarget.value)}
          data-testid="field-guestName"
        />
      </div>
      {mode === 'new' && (
        <QuotePanel
          stay={{
            accommodation: values.accommodation,
            dateFrom: values.dateFrom,
            dateTo: values.dateTo,
            adults: values.adults,
            children: values.children,
            babies: values.babies,
          }}
          accommodation={chosen}
          onQuote={onQuote}
        />
      )}
      <div class="field">
        <label for={`${prefix}-amount`}>Total amount</label>
        <input
          id={`${prefix}-amount`}
          inputMode="decimal"
          required
          pattern="\d+(\.\d{1,2})?"
          value={values.totalAmount}
          onInput={(event) => {
            setTyped(true);
            set('totalAmount', event.currentTarget.value);
          }}
          aria-describedby={`${prefix}-amount-hint`}
          data-testid="field-totalAmount"
          data-from-quote={mode === 'new' && quotedTotal !== null && !ownPrice ? 'true' : undefined}
        />
        <span class="hint" id={`${prefix}-amount-hint`} data-testid="field-totalAmount-hint">
          {amountHint}
        </span>
        {ownPrice && (
          <button type="button" class="button small" onClick={useQuote} data-testid="use-quote">
            Use the quote's total
          </button>
        )}
      </div>
      <div class="field">
        <label for={`${prefix}-currency`}>Currency</label>
        <input
          id={`${prefix}-currency`}
          required
          maxLength={3}
          pattern="[A-Z]{3}"
          value={values.currency}
          onInput={(event) => {
            setTyped(true);
            set('currency', event.currentTarget.value.toUpperCase());
          }}
          data-testid="field-currency"
        />
      </div>
      {mode === 'new' && (
        <>
          <div class="field">
            <label for={`${prefix}-channel`}>Channel</label>
            <input
              id={`${prefix}-channel`}
              value={values.channel}
              onInput={(event) => set('channel', event.currentTarget.value)}
              data-testid="field-channel"
            />
          </div>
          <fieldset class="field wide">
            <legend>Status</legend>
            <label class="checkbox">
              <input
                type="radio"
                name={`${prefix}-status`}
                checked={values.status === 'confirmed'}
                onChange={() => set('status', 'confirmed')}
                data-testid="field-status-confirmed"
              />
              Confirmed
            </label>
            <label class="checkbox">
              <input
                type="radio"
                name={`${prefix}-status`}
                checked={values.status === 'option'}
                onChange={() => set('status', 'option')}
                data-testid="field-status-option"
              />
              Option (held, not yet confirmed)
            </label>
          </fieldset>
        </>
      )}
      {trouble && (
        <div class="wide">
          <ErrorBox trouble={trouble}>
            <HeldByNotice trouble={trouble} stay={asked} />
          </ErrorBox>
        </div>
      )}
      <div class="actions wide">
        {onCancel && (
          <button type="button" class="button" onClick={onCancel}>
            Discard changes
          </button>
        )}
        <button type="submit" class="button primary" disabled={busy} data-testid="reservation-save">
          {busy ? 'Saving…' : mode === 'new' ? 'Create reservation' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
