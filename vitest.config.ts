import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real scrypt hashes, real databases and real server processes take more than the default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // After each file: no secret the tests issued may appear in any log an app wrote; and before that
    // check (after-hooks run in reverse order), every app the file left open is closed.
    setupFiles: ['test/setup/secrets-never-logged.ts', 'test/setup/close-apps.ts'],
    // A committed .only would silently skip the rest of the suite.
    allowOnly: false,
  },
});
