import type { Event } from './events.js';

/**
 * Verifying a webhook delivery (SPEC §10: Standard Webhooks) in the receiver. The signature is
 * `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the endpoint secret
 * (`whsec_` + base64); during a secret rotation a delivery carries two, separated by a space, and
 * either may match. Deliveries older (or newer) than the tolerance are refused, so a captured one
 * cannot be replayed later. Web Crypto only, like the rest of the SDK: no dependency, and it runs
 * in browsers and edge runtimes as well as Node; `subtle.verify` compares in constant time.
 */

export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

function header(headers: WebhookHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text === '') throw new WebhookVerificationError(`The ${name} header is missing.`);
  return text;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * The delivered event, once its signature and timestamp check out. `rawBody` is the request body
 * exactly as received: a body parsed and serialized again would no longer match its signature.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: { toleranceSeconds?: number; now?: Date } = {},
): Promise<Event> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError('The webhook-timestamp is missing or too far from now.');
  }
  const keyBytes = fromBase64(secret.replace(/^whsec_/, ''));
  if (!keyBytes) throw new WebhookVerificationError('The secret is not whsec_ followed by base64.');
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  for (const candidate of signatures.split(' ')) {
    const [version, signature = ''] = candidate.split(',');
    const given = version === 'v1' ? fromBase64(signature) : undefined;
    if (given && (await crypto.subtle.verify('HMAC', key, given, signed))) {
      return JSON.parse(new TextDecoder().decode(body)) as Event;
    }
  }
  throw new WebhookVerificationError('No webhook-signature matches this secret.');
}
