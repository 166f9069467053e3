import type { LogCapture } from './app.js';

/**
 * Every secret the suite hands out and every log any in-process app writes, so one check at the end
 * of each test file (test/setup/secrets-never-logged.ts) can prove that no key, password or
 * Authorization value was ever logged, across the whole suite.
 */
export const issuedSecrets = new Set<string>();
export const capturedLogs: LogCapture[] = [];

export function rememberSecret(...secrets: string[]): void {
  for (const secret of secrets) issuedSecrets.add(secret);
}

/** Guests' personal data the tests send (SPEC §15: never in logs), checked like the secrets. */
export const issuedPersonalData = new Set<string>();

export function rememberPersonalData(...values: (string | null | undefined)[]): void {
  for (const value of values) if (value) issuedPersonalData.add(value);
}
