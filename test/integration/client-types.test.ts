import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.js';

/**
 * The client's types are generated from the service's own OpenAPI document (openapi-typescript).
 * The committed client/openapi-types.ts must equal what the current document generates, so a
 * change to a route schema that the client does not know about fails here.
 * After changing a schema: `npm run generate:client-types`, then review the diff.
 */
const HEADER = `// Generated from GET /openapi.json by openapi-typescript (npm run generate:client-types).
// Do not edit: change the route schemas and generate again.
`;

describe('the client types', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await testApp(database.db);
  });
  afterAll(() => database.drop());

  it('are what the OpenAPI document generates', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    const generated = HEADER + astToString(await openapiTS(document));
    await expect(generated).toMatchFileSnapshot('../../client/openapi-types.ts');
  });
});
