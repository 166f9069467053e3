import type { AttemptResult, DeliveryClient } from './delivery-client.js';
import type { EndpointRow } from './endpoints.repository.js';
import { openSecret, SecretUnavailableError, signatureHeader } from './signing.js';

/** One attempt of a delivery (SPEC §10 "Delivery"): the event POSTed, signed with the endpoint's secrets. */

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(endpoint: EndpointRow, key: Buffer | undefined, now: number): string[] {
  const secrets = [openSecret(endpoint.secret, key, endpoint.id)];
  if (endpoint.previous_secret && (endpoint.previous_secret_until ?? 0) > now) {
    secrets.push(openSecret(endpoint.previous_secret, key, endpoint.id));
  }
  return secrets;
}

/** POSTs one event to an endpoint, signed (SPEC §10 "Delivery"). */
export async function attempt(
  client: DeliveryClient,
  endpoint: EndpointRow,
  key: Buffer | undefined,
  eventId: string,
  body: string,
  signal?: AbortSignal,
): Promise<AttemptResult> {
  const now = new Date();
  let secrets: string[];
  try {
    secrets = signingSecrets(endpoint, key, now.getTime());
  } catch (error) {
    if (error instanceof SecretUnavailableError)
      return { delivered: false, error: 'secret-unavailable', durationMs: 0 };
    throw error;
  }
  const headers = {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, eventId, now, body),
  };
  return client.post(endpoint.url, headers, body, signal);
}
