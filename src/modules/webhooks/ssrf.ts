import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Server-side request forgery rules of SPEC §10. A receiver URL must be https without credentials,
 * and its host must not be, or resolve to, an address of the service's own network. The rule is
 * checked when an endpoint is created or changed and again at every connection, on the address the
 * connection then goes to (see delivery-client.ts), so a name that changes its answer (DNS
 * rebinding) gains nothing.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name has. Injectable: tests answer with a stub, never with the network. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export class ForbiddenAddressError extends Error {
  override name = 'ForbiddenAddressError';
}

/** IPv4 ranges that are not the public internet, as [first octets as number, prefix length]. */
const IPV4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function isBlockedIpv4(address: string): boolean {
  const value = ipv4Number(address);
  return IPV4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4Number(base);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4Number(v4[1] as string);
    text = `${text.slice(0, -(v4[1] as string).length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) => parseInt(g, 16));
}

/** The IPv4 address two 16-bit groups hold. */
const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * An IPv6 address that carries an IPv4 address is judged by that address, in every form a host or
 * a translator on the way may turn back into IPv4: IPv4-mapped, IPv4-compatible, IPv4-translated
 * (SIIT), the well-known NAT64 prefix, 6to4 and Teredo (whose client address is inverted). The
 * local-use NAT64 prefix is refused whole: by definition it leads into a local translator.
 */
function isBlockedIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, i = 0] = g;
  const embeddedV4 = ipv4Of(h, i);
  if (a === 0 && b === 0 && c === 0 && d === 0) {
    if (e === 0 && f === 0xffff) return isBlockedIpv4(embeddedV4); // IPv4-mapped ::ffff:a.b.c.d
    if (e === 0xffff && f === 0) return isBlockedIpv4(embeddedV4); // IPv4-translated ::ffff:0:a.b.c.d
    if (e === 0 && f === 0 && h === 0 && (i === 0 || i === 1)) return true; // :: unspecified, ::1 loopback
    if (e === 0 && f === 0) return isBlockedIpv4(embeddedV4); // IPv4-compatible (deprecated)
  }
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return isBlockedIpv4(embeddedV4); // NAT64
  if (a === 0x64 && b === 0xff9b && c === 1) return true; // local-use NAT64 64:ff9b:1::/48
  if (a === 0x2002) return isBlockedIpv4(ipv4Of(b, c)); // 6to4 2002:AABB:CCDD::/48
  if (a === 0x2001 && b === 0) return isBlockedIpv4(ipv4Of(h ^ 0xffff, i ^ 0xffff)); // Teredo client
  if ((a & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  if ((a & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((a & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((a & 0xff00) === 0xff00) return true; // multicast ff00::/8
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  return false;
}

/** Whether connecting to this literal address could reach the service's own network. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isBlockedIpv4(address);
  if (family === 6) return isBlockedIpv6(address);
  return true;
}

/** The host of a URL as a literal address when it is one (brackets of IPv6 removed), else undefined. */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

export interface UrlPolicy {
  allowPrivateNetworks: boolean;
  resolver: Resolver;
}

/**
 * Why a receiver URL is refused, or undefined when it is acceptable. Names that do not resolve are
 * refused too: a receiver must be reachable when it is registered.
 */
export async function urlProblem(raw: string, policy: UrlPolicy): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  const protocols = policy.allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!protocols.includes(url.protocol)) {
    return policy.allowPrivateNetworks ? 'must be an http or https URL' : 'must be an https URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.hash !== '') return 'must not carry a fragment';
  if (policy.allowPrivateNetworks) return undefined;
  try {
    await checkedAddresses(url.hostname, policy.resolver);
  } catch (error) {
    return error instanceof ForbiddenAddressError ? error.message : 'does not resolve to an address';
  }
  return undefined;
}

/**
 * The addresses a connection to `hostname` may use: all of them public, or a ForbiddenAddressError.
 * One forbidden answer refuses the name: a resolver's order is not a promise.
 */
export async function checkedAddresses(hostname: string, resolver: Resolver): Promise<ResolvedAddress[]> {
  const literal = literalAddress(hostname);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }]
    : await resolver(hostname);
  if (addresses.length === 0) throw new Error('no address');
  if (addresses.some((a) => isForbiddenAddress(a.address))) {
    throw new ForbiddenAddressError(
      'must not point at a loopback, private, link-local, shared, unique-local, multicast or unspecified address',
    );
  }
  return addresses;
}
