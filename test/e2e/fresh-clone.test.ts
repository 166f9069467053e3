import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/processes.js';

const exec = promisify(execFile);

interface JsonReport {
  success: boolean;
  testResults: { name: string; status: string; assertionResults: { fullName: string }[] }[];
}

/**
 * `npm test` on a fresh clone, as a newcomer runs it: no TEST_DATABASE_URL, no CI, no Redis, no
 * Chromium. Every file must still be collected with tests in it (a file that declares none fails the
 * whole run: "No test suite found"), and whatever needs what is missing must say so in its name and
 * be skipped. The suite runs with a name filter no test has, so each file is loaded and its tests
 * declared, none run: collection is what differs without those servers.
 */
it('collects every test file without PostgreSQL, Redis or Chromium, and names what the skipped tests need', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fresh-clone-'));
  try {
    const report = join(dir, 'report.json');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST_DATABASE_URL$|CI$|NODE_ENV$)/.test(name)),
    );
    await exec(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        // Collection only: one module graph per worker, not one per file (2 CPU-minutes then).
        '--no-isolate',
        '-t',
        'a name no test has',
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      {
        cwd: ROOT,
        env: {
          ...env,
          TEST_REDIS_URL: 'redis://127.0.0.1:1',
          CHROMIUM_PATH: join(dir, 'no-chromium'),
          TEST_WORKERS: '2',
        },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const { success, testResults } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    expect(success).toBe(true);

    const collected = new Map(testResults.map((file) => [relative(ROOT, file.name), file.assertionResults.length]));
    const files = readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.test.ts'))
      .map((path) => join('test', path))
      .sort();
    expect([...collected.keys()].sort()).toEqual(files);
    expect(files.filter((file) => !collected.get(file))).toEqual([]);

    const names = testResults.flatMap((file) => file.assertionResults.map((test) => test.fullName));
    for (const need of [
      'a PostgreSQL server (TEST_DATABASE_URL)',
      'Redis at redis://127.0.0.1:1',
      `Chromium at ${dir}`,
    ]) {
      expect(names.some((name) => name.includes(`[skipped: needs ${need}`))).toBe(true);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
