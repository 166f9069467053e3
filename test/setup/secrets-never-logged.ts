import { afterAll, expect } from 'vitest';
import { capturedLogs, issuedPersonalData, issuedSecrets } from '../helpers/secrets.js';

afterAll(() => {
  // Taken out as they are checked: where files share a worker's modules (the integration project
  // runs without isolation), the next file's check reads only its own logs, against every secret
  // any file of the worker issued.
  const logs = capturedLogs
    .splice(0)
    .map((capture) => capture.text)
    .join('\n');
  for (const secret of issuedSecrets) {
    if (logs.includes(secret)) expect.fail(`a secret issued by the tests appears in the logs: ${secret.slice(0, 6)}…`);
  }
  for (const value of issuedPersonalData) {
    if (logs.includes(value)) expect.fail(`a guest's personal data sent by the tests appears in the logs: ${value}`);
  }
  // Also the Basic scheme's encoded form, whoever produced it.
  expect(logs).not.toMatch(/authorization["']?\s*:\s*["']?Basic [A-Za-z0-9+/]/i);
});
