import type { OrderLine } from '../../../client/index.js';
import { api } from '../api.js';
import { money } from '../data.js';
import { useLoad } from '../hooks.js';

/**
 * The priced lines a reservation was placed at (SPEC §15: the original's booking flow keeps them),
 * read from the service with the panel. A reservation made otherwise has none, and shows nothing.
 */
export function OrderLines({ id, currency }: { id: number; currency: string }) {
  const lines = useLoad((signal) => api.reservations.orderLines(id, { signal }), [id]);
  if (lines.error) {
    return (
      <section class="card" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title">Order lines</h2>
        <p class="state">The order lines could not be loaded. Reload the page to try again.</p>
      </section>
    );
  }
  if (!lines.data || lines.data.length === 0) return null;
  return (
    <section class="card" aria-labelledby="order-lines-title" data-testid="order-lines">
      <h2 id="order-lines-title">Order lines</h2>
      <table class="table compact">
        <caption class="visually-hidden">The priced lines this reservation was booked at</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Quantity</th>
            <th scope="col">Each</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.data.map((line: OrderLine, i) => (
            <tr key={i} data-testid="order-line" data-kind={line.kind} data-amount={line.amount}>
              <th scope="row">{line.description}</th>
              <td>{line.quantity}</td>
              <td>{money(line.unitAmount, currency)}</td>
              <td>{money(line.amount, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
