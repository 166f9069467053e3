import { type Static, Type } from 'typebox';
import { CalendarDate, OrganizationId, RecordId, Timestamp, inputText, text } from '../../shared/schemas.js';
import { TEXT_MAX } from '../reservations/reservations.schemas.js';
import {
  NAME_IN_ORGANIZATION_MAX,
  NAME_IN_ORGANIZATION_PATTERN,
  NAME_IN_ORGANIZATION_RULE,
  SCOPES,
  USERNAME_PATTERN,
} from './credentials.service.js';

/** Credential management over HTTP (SPEC §11 Settings): the rules are those of `booking credentials`. */

/** More organizations than any credential is bound to; the bound keeps the document honest. */
const MAX_ORGANIZATIONS = 10_000;

const CredentialType = Type.Enum(['api-key', 'basic'], {
  description: 'api-key: sent as X-Api-Key; basic: a username and password for HTTP Basic (and the console)',
});
const Scopes = Type.Array(Type.Enum(SCOPES), {
  maxItems: SCOPES.length,
  description: 'What it may do: read; read and write; or read, write and admin',
});
const Organizations = Type.Array(RecordId, { maxItems: MAX_ORGANIZATIONS });
const CompatibilityDate = Type.Union([CalendarDate, Type.Null()], {
  description: 'The date whose rules apply to it (SPEC §4.5); null: the rules of the day of each request',
});
const Username = Type.String({
  pattern: USERNAME_PATTERN.source,
  maxLength: 64,
  description:
    'The username to sign in with (HTTP Basic, the console). One created through the API is the name asked for, ' +
    'then @ and the organization’s id: frontdesk in organization 12 is frontdesk@12',
  examples: ['frontdesk@12'],
});
/** What an admin asks for; the service adds `@` and the organization's id (`organizationUsername`). */
const NameInOrganization = Type.String({
  pattern: NAME_IN_ORGANIZATION_PATTERN.source,
  maxLength: NAME_IN_ORGANIZATION_MAX,
  description: `${NAME_IN_ORGANIZATION_RULE}; required for basic, only there`,
  examples: ['frontdesk'],
});

export const CredentialSchema = Type.Object(
  {
    id: RecordId,
    name: text(TEXT_MAX),
    type: CredentialType,
    identifier: text(
      64,
      'The first characters of an API key (bk_ and six more, then …), or the username; never a secret',
    ),
    organizations: {
      ...Organizations,
      description: 'Its organizations that the caller is bound to as well (never the others’ ids)',
    },
    scopes: Scopes,
    compatibilityDate: CompatibilityDate,
    created: Timestamp,
    lastUsed: Type.Union([Timestamp, Type.Null()], { description: 'Last accepted, to the minute; null: never' }),
    revoked: Type.Union([Timestamp, Type.Null()], { description: 'When it was revoked; null: in force' }),
  },
  {
    $id: 'Credential',
    additionalProperties: false,
    description: 'An API key or a Basic credential, without its secret (SPEC §5)',
    examples: [
      {
        id: 7,
        name: 'Channel manager',
        type: 'api-key',
        identifier: 'bk_4fQx9a…',
        organizations: [1],
        scopes: ['read', 'write'],
        compatibilityDate: null,
        created: '2025-01-20T14:03:11Z',
        lastUsed: '2025-02-02T09:12:00Z',
        revoked: null,
      },
    ],
  },
);
export type Credential = Static<typeof CredentialSchema>;

const createdCommon = {
  id: RecordId,
  organizations: Organizations,
  scopes: Scopes,
  compatibilityDate: CompatibilityDate,
};

/** What `booking credentials create --json` prints (SPEC §8): the only time the secret is shown. */
export const CreatedCredentialSchema = Type.Union(
  [
    Type.Object(
      {
        ...createdCommon,
        type: Type.Literal('api-key'),
        apiKey: Type.String({
          pattern: '^bk_[0-9A-Za-z]{36}$',
          maxLength: 39,
          description: 'The key, shown only in this response: send it as X-Api-Key',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        ...createdCommon,
        type: Type.Literal('basic'),
        username: Username,
        password: Type.String({
          minLength: 1,
          maxLength: 128,
          description: 'A generated password, shown only in this response',
        }),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'The created credential and its secret, shown only here' },
);

export const CreateCredentialBody = Type.Object(
  {
    organization: Type.Optional(OrganizationId),
    name: Type.Optional(inputText({ maxLength: TEXT_MAX, description: 'For people: who or what uses it' })),
    type: CredentialType,
    username: Type.Optional(NameInOrganization),
    scope: Type.Optional(
      Type.Enum(SCOPES, { description: 'read (default), write (includes read) or admin (includes both)' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateCredentialBody = Static<typeof CreateCredentialBody>;

export const CredentialListQuery = Type.Object({ organization: Type.Optional(OrganizationId) });
