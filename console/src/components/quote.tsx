import { useEffect, useRef, useState } from 'preact/hooks';
import type { Accommodation, AvailabilityReason } from '../../../client/index.js';
import { isAbort, troubleOf, type Trouble } from '../api.js';
import { useDesk } from '../context.js';
import { money } from '../data.js';
import { daysBetween, isDate } from '../dates.js';
import { useLoad } from '../hooks.js';
import { basisLabel, offeredTo, prices, type Quote, type Supplement } from '../prices.js';
import { href } from '../router.js';
import { ErrorBox } from './feedback.js';
import { isRuleReason, ruleLabel, type RuleReason } from './rule-breaks.js';

/**
 * The price of the stay being booked, as the service quotes it (GET /api/quotes, SPEC §14): its
 * lines and total, asked again whenever the accommodation, the dates, the party or the chosen
 * supplements change. The console adds nothing up itself: the total is the quote's.
 */

export interface QuotedStay {
  accommodation: number | '';
  dateFrom: string;
  dateTo: string;
  adults: number;
  children: number;
  babies: number;
}

/** A clerk typing the party waits this long before the service is asked. */
const QUOTE_DELAY_MS = 250;

const whole = (n: number) => Number.isInteger(n) && n >= 0;

/** The query for a stay, or undefined while it is not yet a stay the service can price. */
function quoteQueryOf(stay: QuotedStay, chosen: ReadonlyMap<number, number>) {
  if (stay.accommodation === '' || !isDate(stay.dateFrom) || !isDate(stay.dateTo)) return undefined;
  if (daysBetween(stay.dateFrom, stay.dateTo) <= 0) return undefined;
  if (!whole(stay.adults) || stay.adults < 1 || !whole(stay.children) || !whole(stay.babies)) return undefined;
  const supplements = [...chosen]
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => `${id}:${quantity}`)
    .join(',');
  return {
    accommodation: stay.accommodation,
    dateFrom: stay.dateFrom,
    dateTo: stay.dateTo,
    adults: stay.adults,
    ...(stay.children ? { children: stay.children } : {}),
    ...(stay.babies ? { babies: stay.babies } : {}),
    ...(supplements ? { supplements } : {}),
  };
}

const REASONS: Record<string, string> = {
  taken: 'a night is taken',
  blocked: 'a night is blocked',
  capacity: 'too many guests',
};

function reasonText(reason: string): string {
  return (
    REASONS[reason] ??
    (isRuleReason(reason as AvailabilityReason) ? ruleLabel(reason as RuleReason).toLowerCase() : reason)
  );
}

type State =
  { name: 'idle' } | { name: 'asking' } | { name: 'quoted'; quote: Quote } | { name: 'failed'; trouble: Trouble };

export function QuotePanel({
  stay,
  accommodation,
  onQuote,
}: {
  stay: QuotedStay;
  accommodation: Accommodation | undefined;
  /** Every new answer, and undefined as soon as the stay changes (the old total no longer holds). */
  onQuote: (quote: Quote | undefined) => void;
}) {
  const { organization, isAdmin } = useDesk();
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [state, setState] = useState<State>({ name: 'idle' });
  const report = useRef(onQuote);
  report.current = onQuote;

  const offered = useLoad(
    async (signal): Promise<Supplement[]> => {
      if (!accommodation) return [];
      const list = await prices.supplements.list(
        { organization: organization.id, accommodation: accommodation.id, required: false },
        signal,
      );
      return offeredTo(list, accommodation);
    },
    [organization.id, accommodation?.id],
  );
  // Choices of another accommodation's supplements are dropped with it.
  useEffect(() => setChosen(new Map()), [accommodation?.id]);

  const query = quoteQueryOf(stay, chosen);
  const key = query ? JSON.stringify(query) : '';
  useEffect(() => {
    report.current(undefined);
    if (!query) {
      setState({ name: 'idle' });
      return;
    }
    setState({ name: 'asking' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      prices
        .quote({ organization: organization.id, ...query }, controller.signal)
        .then((quote) => {
          if (controller.signal.aborted) return;
          setState({ name: 'quoted', quote });
          report.current(quote);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted && !isAbort(error)) setState({ name: 'failed', trouble: troubleOf(error) });
        });
    }, QUOTE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, organization.id]);

  const quote = state.name === 'quoted' ? state.quote : undefined;
  const supplements = offered.data ?? [];

  return (
    <section
      class="quote wide"
      aria-labelledby="quote-title"
      aria-busy={state.name === 'asking' ? 'true' : 'false'}
      data-testid="quote"
      data-state={state.name}
    >
      <h2 id="quote-title" class="quote-title">
        Price
      </h2>
      {state.name === 'idle' && (
        <p class="hint" data-testid="quote-idle">
          Choose an accommodation, the dates and the guests: the price is shown here before you book.
        </p>
      )}
      {state.name === 'asking' && (
        <p class="hint" role="status">
          Asking for the price…
        </p>
      )}
      {state.name === 'failed' && <ErrorBox trouble={state.trouble} />}
      {quote && quote.orderLinesTotal === null && (
        <p class="notice quote-no-price" role="status" data-testid="quote-no-price">
          <strong>No price for this stay</strong>: at least one of its nights has no rent. Type the price agreed with
          the guest below
          {isAdmin ? (
            <>
              , or add the rent under <a href={href('settings/prices')}>Settings → Prices</a>
            </>
          ) : (
            ''
          )}
          .
        </p>
      )}
      {quote && quote.orderLinesTotal !== null && (
        <table class="table compact quote-lines" data-testid="quote-lines">
          <caption class="visually-hidden">
            Price of {quote.nights} {quote.nights === 1 ? 'night' : 'nights'}, line by line
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col" class="num">
                Quantity × unit
              </th>
              <th scope="col" class="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.orderLines.map((line, index) => (
              <tr key={index} class={`line-${line.kind}`} data-testid="quote-line" data-kind={line.kind}>
                <td>{line.description}</td>
                <td class="num">
                  {line.quantity} × {money(line.unitAmount, quote.currency)}
                </td>
                <td class="num" data-amount={line.amount}>
                  {money(line.amount, quote.currency)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td
                class="num quote-total"
                data-testid="quote-total"
                data-amount={quote.orderLinesTotal}
                data-currency={quote.currency}
              >
                {money(quote.orderLinesTotal, quote.currency)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {quote && quote.orderLinesTotal !== null && !quote.bookable && (
        <p class="hint" data-testid="quote-not-for-sale">
          The park does not sell this stay as it stands ({quote.reasons.map(reasonText).join('; ')}); the booking is
          checked again when you create it.
        </p>
      )}
      {supplements.length > 0 && (
        <fieldset class="quote-extras" data-testid="quote-supplements">
          <legend>Optional extras</legend>
          {supplements.map((supplement) => (
            <div class="quote-extra" key={supplement.id}>
              <label for={`quote-supplement-${supplement.id}`}>{supplement.description}</label>
              <input
                id={`quote-supplement-${supplement.id}`}
                type="number"
                min={0}
                max={supplement.maxQuantity}
                value={chosen.get(supplement.id) ?? 0}
                aria-describedby={`quote-supplement-${supplement.id}-hint`}
                onInput={(event) => {
                  const quantity = Math.min(
                    supplement.maxQuantity,
                    Math.max(0, Math.floor(Number(event.currentTarget.value) || 0)),
                  );
                  setChosen((current) => new Map(current).set(supplement.id, quantity));
                }}
                data-testid="quote-supplement"
                data-supplement-id={supplement.id}
              />
              <span class="hint" id={`quote-supplement-${supplement.id}-hint`}>
                {`${quote ? money(supplement.amount, quote.currency) : supplement.amount} ${basisLabel(supplement.basis)}, up to ${supplement.maxQuantity}`}
              </span>
            </div>
          ))}
        </fieldset>
      )}
    </section>
  );
}
