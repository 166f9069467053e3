import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '../db/database.js';
import { hashApiKey, isWellFormedApiKey } from '../modules/credentials/api-key.js';
import { findCredentialByUsername, findRequestCredential } from '../modules/credentials/credentials.repository.js';
import { createCredential } from '../modules/credentials/credentials.service.js';
import { verifyPassword } from '../modules/credentials/password.js';
import { generateDemoData } from '../modules/data/demo-data.js';
import { type ImportReport, importDocument } from '../modules/data/import.service.js';
import { ConfigError } from '../config.js';
import { countOrganizations } from '../modules/organizations/organizations.repository.js';
import type { Clock } from '../shared/clock.js';
import { formatTimestamp } from '../shared/dates.js';

export const DEMO_DATABASE_URL = 'sqlite:./data/demo.sqlite';

/** Loads the demo data set into an empty database; a database with data is left as it is. */
export async function seedDemoIfEmpty(db: Db, clock: Clock): Promise<ImportReport | undefined> {
  if ((await countOrganizations(db.kysely)) > 0) return undefined;
  const today = formatTimestamp(clock()).slice(0, 10);
  return importDocument(db, clock, generateDemoData(today));
}

/**
 * The demo API key lives in a file beside the demo database (only its hash is in the database), so
 * a second `npm start` prints the same working key. A missing, unknown or revoked key is replaced.
 */
export async function ensureDemoApiKey(db: Db, clock: Clock, databaseFile: string): Promise<string> {
  const keyFile = join(dirname(databaseFile), 'demo-api-key.txt');
  if (existsSync(keyFile)) {
    const saved = readFileSync(keyFile, 'utf8').trim();
    const row = isWellFormedApiKey(saved)
      ? (await findRequestCredential(db.kysely, { keyHash: hashApiKey(saved) }, null))?.row
      : undefined;
    if (row && row.revoked === null) return saved;
  }
  const created = await createCredential(db.kysely, clock, {
    organizations: await allOrganizations(db),
    name: 'demo',
    scope: 'write',
  });
  if (!('apiKey' in created)) throw new Error('demo credential is not an API key');
  writeSecretFile(keyFile, created.apiKey);
  return created.apiKey;
}

export interface DemoSignIn {
  username: string;
  password: string;
}

/**
 * The console's demo sign-in (SPEC §11): a Basic credential of scope admin for every demo
 * organization, kept beside the demo key as `username:password`, so a second `npm start` prints the
 * same one. A missing, unknown, revoked or changed one is replaced by a new username.
 */
export async function ensureDemoSignIn(db: Db, clock: Clock, databaseFile: string): Promise<DemoSignIn> {
  const file = join(dirname(databaseFile), 'demo-sign-in.txt');
  if (existsSync(file)) {
    const [username = '', password = ''] = readFileSync(file, 'utf8').trim().split(/:(.*)/s);
    const row = await findCredentialByUsername(db.kysely, username);
    if (row && row.revoked === null && row.password_hash && (await verifyPassword(password, row.password_hash))) {
      return { username, password };
    }
  }
  let username = 'demo';
  for (let n = 2; await findCredentialByUsername(db.kysely, username); n++) username = `demo-${n}`;
  const created = await createCredential(db.kysely, clock, {
    organizations: await allOrganizations(db),
    name: 'demo console sign-in',
    scope: 'admin',
    basicUsername: username,
  });
  if (!('password' in created)) throw new Error('demo sign-in is not a Basic credential');
  writeSecretFile(file, `${username}:${created.password}`);
  return { username, password: created.password };
}

/**
 * The demo's WEBHOOK_SECRET_KEY (the AES-256-GCM key of webhook endpoint secrets at rest), kept
 * beside the demo database as 64 hex digits, so the demo stores its secrets as a deployment should
 * and starts without the warning a missing key earns. Made on first start; one that is there but
 * is not a key stops the start rather than being replaced, which would leave every stored secret
 * unreadable.
 */
export function ensureDemoWebhookSecretKey(databaseFile: string): Buffer {
  const file = join(dirname(databaseFile), 'demo-webhook-secret-key.txt');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(saved)) {
      throw new ConfigError(
        `${file} does not hold a webhook secret key (64 hex digits): delete ./data/ for a fresh demo`,
      );
    }
    return Buffer.from(saved, 'hex');
  }
  const key = randomBytes(32);
  mkdirSync(dirname(file), { recursive: true });
  writeSecretFile(file, key.toString('hex'));
  return key;
}

async function allOrganizations(db: Db): Promise<number[]> {
  return (await db.kysely.selectFrom('organizations').select('id').orderBy('id').execute()).map((o) => o.id);
}

function writeSecretFile(file: string, secret: string): void {
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
