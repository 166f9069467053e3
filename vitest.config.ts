import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real scrypt hashes, real databases and real server processes take more than the default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A committed .only would silently skip the rest of the suite.
    allowOnly: false,
  },
});
