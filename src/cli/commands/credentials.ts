import type { Command } from 'commander';
import {
  createCredential,
  listCredentials,
  revokeCredential,
  SCOPES,
  type Scope,
} from '../../modules/credentials/credentials.service.js';
import { systemClock } from '../../shared/clock.js';
import { invalidInput } from '../../shared/errors.js';
import { print, withDb } from '../with-db.js';

interface CreateOptions {
  organization: string[];
  name?: string;
  scope: string;
  basic?: string;
  compatibilityDate?: string;
  json?: boolean;
  databaseUrl?: string;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];
const databaseOption = ['--database-url <url>', 'sqlite:<file> or postgres://… (env DATABASE_URL)'] as const;

function parseId(parameter: string, value: string): number {
  if (!/^[1-9]\d*$/.test(value))
    throw invalidInput([{ parameter, message: `must be a positive integer, got ${JSON.stringify(value)}` }]);
  return Number(value);
}

async function create(options: CreateOptions): Promise<void> {
  if (!(SCOPES as readonly string[]).includes(options.scope)) {
    throw invalidInput([{ parameter: 'scope', message: `must be one of ${SCOPES.join(', ')}` }]);
  }
  const created = await withDb(options, (db) =>
    createCredential(db.kysely, systemClock, {
      organizations: options.organization.map((o) => parseId('organization', o)),
      name: options.name,
      scope: options.scope as Scope,
      basicUsername: options.basic,
      compatibilityDate: options.compatibilityDate,
    }),
  );
  if (options.json) return print(JSON.stringify(created));
  print(
    `Created ${created.type} credential ${created.id} for organization ${created.organizations.join(', ')} (scopes: ${created.scopes.join(', ')}).`,
  );
  if ('apiKey' in created) print(`API key (shown once, store it now): ${created.apiKey}`);
  else print(`Username: ${created.username}\nPassword (shown once, store it now): ${created.password}`);
}

async function list(options: { json?: boolean; databaseUrl?: string }): Promise<void> {
  const credentials = await withDb(options, (db) => listCredentials(db.kysely));
  if (options.json) return print(JSON.stringify(credentials));
  print(
    ['id', 'type', 'identifier', 'name', 'organizations', 'scopes', 'compatibility', 'last used', 'revoked'].join('\t'),
  );
  for (const c of credentials) {
    print(
      [
        c.id,
        c.type,
        c.identifier,
        c.name || '-',
        c.organizations.join(','),
        c.scopes.join(','),
        c.compatibilityDate ?? '-',
        c.lastUsed ?? 'never',
        c.revoked ?? '-',
      ].join('\t'),
    );
  }
}

export function registerCredentials(program: Command): void {
  const credentials = program
    .command('credentials')
    .description('create, list and revoke API keys and Basic credentials');
  credentials
    .command('create')
    .description('create a credential and print its secret once')
    .requiredOption('--organization <id>', 'organization the credential may read (repeat for several)', collect)
    .option('--name <text>', 'a note for operators')
    .option('--scope <scope>', `one of ${SCOPES.join(', ')}; each includes the ones before it`, 'read')
    .option('--basic <username>', 'create a Basic username/password instead of an API key')
    .option('--compatibility-date <YYYY-MM-DD>', 'serve the rules in force on this date (SPEC §4.5)')
    .option('--json', 'print one JSON object')
    .option(...databaseOption)
    .action(create);
  credentials
    .command('list')
    .description('list credentials (never their secrets)')
    .option('--json', 'print a JSON array')
    .option(...databaseOption)
    .action(list);
  credentials
    .command('revoke')
    .description('revoke a credential; it is refused from the next request on')
    .argument('<id>', 'credential id')
    .option(...databaseOption)
    .action(async (id: string, options: { databaseUrl?: string }) => {
      const credentialId = parseId('id', id);
      await withDb(options, (db) => revokeCredential(db.kysely, systemClock, credentialId));
      print(`Revoked credential ${credentialId}.`);
    });
}
