import type { Kysely } from 'kysely';
import type { BulkRow, BulkWriter } from '../../db/bulk-writer.js';
import type { Database } from '../../db/schema.js';
import { normalizeTimestamp } from '../../shared/dates.js';
import type { ParameterError } from '../../shared/errors.js';
import { credentialsByIdentifier, replaceCredentialBindings } from '../credentials/credentials.repository.js';
import { SCOPES } from '../credentials/credentials.service.js';
import { credentialIdentifier, fail } from './import-checks.js';
import type { ImportCredential } from './import.schemas.js';

type Conn = Kysely<Database>;

/**
 * Credentials arrive with their hashes (SPEC §8, `booking dump`), so each keeps working as it did.
 * One without an id replaces the stored one of the same key or username, so re-importing is harmless;
 * one whose key or username a stored credential of another id holds is refused.
 */
export async function importCredentials(
  trx: Conn,
  writer: BulkWriter,
  credentials: readonly ImportCredential[],
  now: string,
): Promise<void> {
  if (credentials.length === 0) return;
  const stored = await credentialsByIdentifier(
    trx,
    credentials.flatMap((c) => c.keyHash ?? []),
    credentials.flatMap((c) => c.username ?? []),
  );
  const errors: ParameterError[] = [];
  const known = credentials.map((c, i) => {
    const identifier = credentialIdentifier(c) as NonNullable<ReturnType<typeof credentialIdentifier>>;
    const holder = stored.get(identifier.key);
    if (holder !== undefined && c.id !== undefined && holder !== c.id)
      errors.push({ parameter: `credentials[${i}].${identifier.field}`, message: `belongs to stored credential ${holder}` });
    return c.id ?? holder;
  });
  if (errors.length > 0) fail(errors);
  let nextId = known.reduce<number>((max, id) => Math.max(max, id ?? 0), await writer.maxId('credentials')) + 1;
  const ids = known.map((id) => id ?? nextId++);
  const rows: BulkRow<'credentials'>[] = [];
  const bindings: { credential_id: number; organization_id: number }[] = [];
  credentials.forEach((c, i) => {
    const id = ids[i] as number;
    // Stored in SCOPES order, as `credentials create` stores them.
    const scopes = SCOPES.filter((scope) => c.scopes.includes(scope)).join(',');
    const at = (value: string | null | undefined) => (value ? normalizeTimestamp(value) : null);
    rows.push([
      id,
      c.name ?? '',
      c.type,
      c.keyPrefix ?? null,
      c.keyHash ?? null,
      c.username ?? null,
      c.passwordHash ?? null,
      scopes,
      c.compatibilityDate ?? null,
      at(c.created) ?? now,
      at(c.lastUsed),
      at(c.revoked),
    ]);
    for (const organization of c.organizations) bindings.push({ credential_id: id, organization_id: organization });
  });
  await writer.upsert('credentials', rows);
  await replaceCredentialBindings(trx, ids, bindings);
}
