import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { useApp } from '../helpers/use-database.js';

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
  const used = useApp('sqlite');

  it('are what the OpenAPI document generates', async () => {
    const document = (await used.app.inject({ url: '/openapi.json' })).json();
    const generated = HEADER + astToString(await openapiTS(document));
    await expect(generated).toMatchFileSnapshot('../../client/openapi-types.ts');
  });
});
