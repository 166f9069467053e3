/**
 * What a request presents as its credentials, read from its headers once (SPEC §5): an API key, a
 * Basic header, or nothing. Parsing only; the authenticator decides whether they open anything.
 */

export type BasicCredentials = { username: string; password: string };

/**
 * What a request presents, decided once per request. When X-Api-Key is present it alone decides,
 * even if Basic credentials come along (SPEC §5); a Basic header that cannot be parsed is still
 * presented (and fails), so it counts as a failed attempt.
 */
export type PresentedCredentials =
  { scheme: 'api-key'; apiKey: string } | { scheme: 'basic'; basic: BasicCredentials | undefined } | { scheme: 'none' };

export function presentedCredentials(
  apiKey: string | undefined,
  authorization: string | undefined,
): PresentedCredentials {
  if (apiKey !== undefined) return { scheme: 'api-key', apiKey };
  if (authorization !== undefined) return { scheme: 'basic', basic: parseBasicAuthorization(authorization) };
  return { scheme: 'none' };
}

export function parseBasicAuthorization(header: string): BasicCredentials | undefined {
  const match = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
