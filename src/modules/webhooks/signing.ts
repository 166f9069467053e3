import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Endpoint secrets and Standard Webhooks signatures (SPEC §10).
 *
 * A secret must sign, so it is kept recoverable: not hashed like an API key. With
 * WEBHOOK_SECRET_KEY set it is stored encrypted (AES-256-GCM, a random 96-bit nonce per value, the
 * endpoint's id as associated data so a value copied to another row does not decrypt there);
 * without it, as given (`plain:`), and the operator is warned at start (docs/SECURITY.md).
 */

export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const ENCRYPTED = 'enc1:';
const PLAIN = 'plain:';

export function sealSecret(secret: string, key: Buffer | undefined, endpointId: number): string {
  if (!key) return `${PLAIN}${secret}`;
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(`webhook-endpoint:${endpointId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${ENCRYPTED}${Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

export class SecretUnavailableError extends Error {
  override name = 'SecretUnavailableError';
}

export function openSecret(stored: string, key: Buffer | undefined, endpointId: number): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(ENCRYPTED) || !key) {
    throw new SecretUnavailableError('the endpoint secret is encrypted and WEBHOOK_SECRET_KEY is not set');
  }
  const raw = Buffer.from(stored.slice(ENCRYPTED.length), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`webhook-endpoint:${endpointId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnavailableError('the endpoint secret does not decrypt with WEBHOOK_SECRET_KEY');
  }
}

/** The `webhook-signature` value: one `v1,…` per secret, space-separated (two during a rotation). */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}
