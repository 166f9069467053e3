import type { components } from './openapi-types.js';

/** RFC 9457 problem details, as the service answers every error (SPEC §6). */
export type Problem = components['schemas']['Problem'];

/**
 * A response the service refused: `status` and the problem+json body it sent, e.g.
 * `error.problem.errors` lists every broken parameter of a 400.
 */
export class BookingApiError extends Error {
  override readonly name = 'BookingApiError';

  constructor(
    readonly status: number,
    readonly problem: Problem,
    /** The URL that was asked for (credentials are never part of it). */
    readonly url: string,
    /** Seconds the service asked to wait (429, 503), when it said so. */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${problem.title}: ${problem.detail}`);
  }
}

/** The body of an error response as a problem; a proxy's HTML page becomes one too. */
export async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Partial<Problem>;
    if (typeof body.status === 'number' && typeof body.title === 'string') {
      return { type: 'about:blank', detail: '', ...body } as Problem;
    }
  } catch {
    // Not JSON: described below.
  }
  return {
    type: 'about:blank',
    title: response.statusText || 'Error',
    status: response.status,
    detail: text.slice(0, 200) || `The server answered ${response.status} without a problem body.`,
  };
}

/**
 * A link or redirect the client would not follow: it points at another origin (scheme, host and
 * port) than the client's base URL, and every request carries the credential. Nothing was sent there.
 */
export class BookingOriginError extends Error {
  override readonly name = 'BookingOriginError';

  constructor(
    /** Where the link or redirect pointed. */
    readonly target: string,
    /** The client's base URL, the one origin it sends requests to. */
    readonly baseUrl: string,
    /** What pointed there: `rel="next"` of a Link header, or a redirect's Location. */
    readonly via: string,
  ) {
    super(`refusing to follow ${via} to ${target}: it is not at ${new URL(baseUrl).origin}, the base URL's origin`);
  }
}
