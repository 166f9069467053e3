import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../client/webhooks.js';
import { newEndpointSecret, signatureHeader } from '../../src/modules/webhooks/signing.js';

/** The SDK's receiver-side check against the service's own signing and the reference package. */
const body = JSON.stringify({ id: 'evt_01JD0000000000000000000000', type: 'reservation.created', data: { id: 7 } });
// Now: the reference package checks timestamps against the real clock.
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const headersFor = (secrets: string[], id = 'evt_01JD0000000000000000000000', at = now, payload = body) => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': signatureHeader(secrets, id, at, payload),
});

describe('verifyWebhook', () => {
  it('accepts what the service signs, and what the standardwebhooks package signs', async () => {
    const secret = newEndpointSecret();
    expect(await verifyWebhook(secret, headersFor([secret]), body, { now })).toEqual(JSON.parse(body));
    const reference = new Webhook(secret).sign('msg_1', now, body);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now.getTime() / 1000),
      'webhook-signature': reference,
    };
    expect(await verifyWebhook(secret, headers, Buffer.from(body), { now })).toEqual(JSON.parse(body));
    // And the package accepts what the service signs.
    expect(new Webhook(secret).verify(body, headersFor([secret]))).toBeDefined();
  });

  it('accepts either secret during a rotation, and refuses a third', async () => {
    const [old, current, other] = [newEndpointSecret(), newEndpointSecret(), newEndpointSecret()];
    const headers = headersFor([current, old]);
    expect((await verifyWebhook(old, headers, body, { now })).type).toBe('reservation.created');
    expect((await verifyWebhook(current, headers, body, { now })).type).toBe('reservation.created');
    await expect(verifyWebhook(other, headers, body, { now })).rejects.toThrow(WebhookVerificationError);
  });

  it.each([
    ['a changed body', (h: Record<string, string>) => [h, body.replace('7', '8')]],
    ['another id', (h: Record<string, string>) => [{ ...h, 'webhook-id': 'evt_other' }, body]],
    ['no signature', (h: Record<string, string>) => [{ ...h, 'webhook-signature': '' }, body]],
    [
      'a v2 signature',
      (h: Record<string, string>) => [
        { ...h, 'webhook-signature': h['webhook-signature']?.replace('v1,', 'v2,') },
        body,
      ],
    ],
    [
      'a timestamp six minutes old',
      (h: Record<string, string>) => [
        { ...h, 'webhook-timestamp': String(Number(h['webhook-timestamp']) - 360) },
        body,
      ],
    ],
  ] as const)('refuses %s', async (_case, tamper) => {
    const secret = newEndpointSecret();
    const [headers, payload] = tamper(headersFor([secret]));
    await expect(verifyWebhook(secret, headers as Record<string, string>, payload as string, { now })).rejects.toThrow(
      WebhookVerificationError,
    );
  });

  it('accepts exactly the deliveries signed with the secret, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.boolean(), async (payload, sameSecret) => {
        const secret = newEndpointSecret();
        const headers = headersFor([secret], 'evt_x', now, JSON.stringify(payload));
        const check = () =>
          verifyWebhook(sameSecret ? secret : newEndpointSecret(), headers, JSON.stringify(payload), { now });
        if (sameSecret) expect(await check()).toEqual(payload);
        else await expect(check()).rejects.toThrow(WebhookVerificationError);
      }),
      { numRuns: 100 },
    );
  });
});
