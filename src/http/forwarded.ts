import type { IncomingHttpHeaders } from 'node:http';
import type { TrustProxy, TrustProxyHeader } from '../config.js';

/**
 * TRUST_PROXY as Fastify takes it. Fastify refuses a bare hop count (it cannot tell a proxy from a
 * client that sends as many hops itself), but SPEC §12 allows one: the N nearest hops are believed,
 * which is right only where nothing but those proxies can reach the service (docs/OPERATIONS.md).
 */
export function trustedProxies(trust: TrustProxy): string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/**
 * SPEC §12 believes trusted proxies' `X-Forwarded-For` or `Forwarded` (RFC 7239): the one they
 * write (TRUST_PROXY_HEADER), never the other. A proxy passes a header it does not write through as
 * the client sent it: reading the other one too let a client behind a proxy that writes only
 * `Forwarded` name its own address in `X-Forwarded-For` (issue 41: 30 of 30 guesses got 401, never
 * 429, logged under the forged address). Fastify's `trustProxy` (proxy-addr) reads only
 * X-Forwarded-For, so for `forwarded` the client's own X-Forwarded-For is dropped and the `for=`
 * nodes are written there instead, nearest proxy last, as X-Forwarded-For lists them. Whether any of
 * it is believed is still decided by proxy-addr, hop by hop, from the TCP peer.
 */
export function readForwardedHeader(headers: IncomingHttpHeaders, written: TrustProxyHeader): void {
  if (written === 'x-forwarded-for') return;
  delete headers['x-forwarded-for'];
  const forwarded = headers.forwarded;
  if (typeof forwarded !== 'string') return;
  const nodes = forwardedForNodes(forwarded);
  if (nodes.length > 0) headers['x-forwarded-for'] = nodes.join(', ');
}

/** The `for=` node of each element of a Forwarded header, without quotes, brackets or port. */
export function forwardedForNodes(header: string): string[] {
  const nodes: string[] = [];
  for (const element of header.split(',')) {
    for (const pair of element.split(';')) {
      const equals = pair.indexOf('=');
      if (equals < 0 || pair.slice(0, equals).trim().toLowerCase() !== 'for') continue;
      nodes.push(nodeAddress(pair.slice(equals + 1).trim()));
    }
  }
  return nodes;
}

/** `"[2001:db8::1]:4711"` → `2001:db8::1`; `192.0.2.7:80` → `192.0.2.7`; `unknown` stays. */
function nodeAddress(value: string): string {
  const unquoted = value.replace(/^"(.*)"$/, '$1');
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(unquoted);
  if (bracketed) return bracketed[1] as string;
  return unquoted.replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, '$1');
}
