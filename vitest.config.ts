import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Files that measure time or the machine's load (response-time equality, floods of real password
 * checks, event-loop delay, the feed's wake-up latency: on PostgreSQL any file's open transaction
 * delays it) or whose timing beside other files proved fragile: they run one at a time, after every
 * other file has finished, so nothing else on the machine skews them. Every other file runs beside
 * others and may not depend on running alone. (Worker limits and faults count answers and wait with
 * generous bounds: they run side by side.)
 */
const SERIAL = [
  'test/integration/auth-timing.test.ts',
  'test/integration/overload.test.ts',
  'test/e2e/events-feed.test.ts',
  // Its rolling restart and kill rely on HAProxy's health checks (two missed checks a second apart,
  // docs/deploy/haproxy.cfg): beside other files, a stalled event loop could count as a missed one.
  'test/e2e/haproxy.test.ts',
  // Kills a worker while one of its own deliveries is on the wire: beside other files, the kill
  // landed between attempts (no aborted connection) once in four runs.
  'test/e2e/webhook-leases.test.ts',
  // Counts each feed's fetches against the interval: beside other files, a stalled worker drifts.
  'test/e2e/calendar-leases.test.ts',
  // Asserts that no answer of another tenant is a 503 with the overload guard on: beside other
  // files, their load alone can trip it.
  'test/e2e/replay-storm.test.ts',
];

/** A serial file that mocks a module: in a project (and worker) of its own. */
const SERIAL_MOCKING = 'test/integration/auth-flood.test.ts';

/**
 * Integration files that change what other files would share: mocked modules, stubbed globals or
 * environment, fake timers, spies. Found by reading them, so a new such file cannot be forgotten;
 * each runs in a fresh module graph (the other integration files share their worker's).
 */
const MOCKING = readdirSync(new URL('test/integration/', import.meta.url))
  .map((name) => `test/integration/${name}`)
  .filter((path) => path.endsWith('.test.ts') && path !== SERIAL_MOCKING && !SERIAL.includes(path))
  .filter((path) =>
    /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\b|process\.env\.\w+\s*=[^=]|delete process\.env/.test(
      readFileSync(new URL(path, import.meta.url), 'utf8'),
    ),
  );

/**
 * Files side by side: most of them wait on sockets, child processes and databases, not on the CPU,
 * so a two-core machine runs more of them at once than it has cores (TEST_WORKERS to change it).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 4);

export default defineConfig({
  test: {
    // Real databases and real server processes take more than the default 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One migrated database of each dialect per run, copied for each test database.
    globalSetup: ['test/setup/template-databases.ts'],
    // After each file: no secret the tests issued may appear in any log an app wrote; and before that
    // check (after-hooks run in reverse order), every app the file left open is closed.
    setupFiles: ['test/setup/secrets-never-logged.ts', 'test/setup/close-apps.ts'],
    // A committed .only would silently skip the rest of the suite.
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], maxWorkers: WORKERS },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          exclude: [...SERIAL, SERIAL_MOCKING, ...MOCKING],
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'integration-isolated', include: MOCKING, maxWorkers: WORKERS },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: SERIAL, maxWorkers: WORKERS },
      },
      {
        extends: true,
        // One worker for them all, its modules loaded once (no isolation: none of them mocks).
        test: { name: 'serial', include: SERIAL, fileParallelism: false, isolate: false, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        // Alone too, after the others: it mocks the password hash's module, so in a worker of its own.
        test: { name: 'serial-mocking', include: [SERIAL_MOCKING], sequence: { groupOrder: 2 } },
      },
    ],
  },
});
