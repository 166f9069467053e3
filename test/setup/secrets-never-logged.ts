import { afterAll, expect } from 'vitest';
import { capturedLogs, issuedSecrets } from '../helpers/secrets.js';

afterAll(() => {
  const logs = capturedLogs.map((capture) => capture.text).join('\n');
  for (const secret of issuedSecrets) {
    if (logs.includes(secret)) expect.fail(`a secret issued by the tests appears in the logs: ${secret.slice(0, 6)}…`);
  }
  // Also the Basic scheme's encoded form, whoever produced it.
  expect(logs).not.toMatch(/authorization["']?\s*:\s*["']?Basic [A-Za-z0-9+/]/i);
});
