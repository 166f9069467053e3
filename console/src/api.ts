import { BookingApiError, createClient, type Problem, type SessionCredential } from '../../client/index.js';

/**
 * The console's one data layer: the service's own typed client (client/), signed in by the session
 * cookie. The CSRF token lives in `credential` and is replaced when a new session starts, so the
 * same client serves the whole life of the page.
 */

export const credential: SessionCredential = { csrfToken: '' };

let onSessionEnded: () => void = () => {};

/** Called when any request (but signing in) is answered 401: the session ended or was revoked. */
export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

// Every response passes here first: a 401 anywhere means the cookie no longer opens anything, and
// the page returns to sign-in instead of showing a dozen failing screens.
export const watchedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
  const signingIn = url.pathname.endsWith('/api/session') && (init?.method ?? 'GET') !== 'DELETE';
  if (response.status === 401 && !signingIn) onSessionEnded();
  return response;
};

/** A clerk waits a few seconds at most: after that the error is shown and can be retried by hand. */
export const CLIENT_OPTIONS = { fetch: watchedFetch, retries: 2, maxRetryDelayMs: 5_000 };

export const api = createClient({ baseUrl: location.origin, session: credential }, CLIENT_OPTIONS);

/** What a failure says to the person at the desk: the problem's detail, and every broken field. */
export interface Trouble {
  status: number;
  title: string;
  detail: string;
  fields: { parameter: string; message: string }[];
  /** A 409 over a taken night names the reservation holding it. */
  conflictingReservation?: number;
  /** …and, since blocks (SPEC §13), what holds it: a reservation or a block. */
  heldBy?: { kind: 'reservation' | 'block'; id: number };
  /** A 409 over a stay rule names the rule already setting the same field for the same scope. */
  conflictingRule?: number;
  /** A 409 over a rent names the rent of the same scope and weekdays that prices the night (SPEC §14). */
  conflictingComponent?: number;
  field?: string;
  retryAfter?: number;
}

function heldByOf(value: unknown): Trouble['heldBy'] {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  return (kind === 'reservation' || kind === 'block') && typeof id === 'number' ? { kind, id } : undefined;
}

export function troubleOf(error: unknown): Trouble {
  if (error instanceof BookingApiError) {
    const problem = error.problem as Problem & {
      conflictingReservation?: unknown;
      heldBy?: unknown;
      conflictingRule?: unknown;
      conflictingComponent?: unknown;
      field?: unknown;
    };
    return {
      status: error.status,
      title: problem.title,
      detail: problem.detail,
      fields: problem.errors ?? [],
      conflictingReservation:
        typeof problem.conflictingReservation === 'number' ? problem.conflictingReservation : undefined,
      heldBy: heldByOf(problem.heldBy),
      conflictingRule: typeof problem.conflictingRule === 'number' ? problem.conflictingRule : undefined,
      conflictingComponent: typeof problem.conflictingComponent === 'number' ? problem.conflictingComponent : undefined,
      field: typeof problem.field === 'string' ? problem.field : undefined,
      retryAfter: error.retryAfter,
    };
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return { status: 0, title: 'Cancelled', detail: 'The request was cancelled.', fields: [] };
  }
  return {
    status: 0,
    title: 'The service cannot be reached',
    detail: 'Check the network connection, then try again.',
    fields: [],
  };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
