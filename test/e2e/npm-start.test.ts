import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, startProcess } from '../helpers/processes.js';

const exec = promisify(execFile);
const CURL_LINE = /^\s*(curl -H 'Accept: application\/json' -H 'X-Api-Key: (bk_\w+)' '(http:\/\/[^']+)')$/m;
/** The demo's second curl line: the last line of its banner. */
const BANNER_END = /^ {2}curl -i .*\/api\/reservations\/summaries\?.*'$/m;
/** A line as pino-pretty prints it (`[18:15:09] INFO: …`). */
const PRETTY_LINE = /^\[\d\d:\d\d:\d\d\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): /;

/** What a newcomer does: `npm start`, then paste the printed line into a shell. */
async function npmStartAndPaste(): Promise<{ key: string; body: unknown[]; screen: string }> {
  // --port 0 so the test never collides with a service already on 3000; the rest is `npm start` as is.
  const { process: server } = await startProcess('npm', ['start', '--', '--port', '0'], BANNER_END, {}, 120_000);
  try {
    const [, line, key] = server.output().match(CURL_LINE) as unknown as [string, string, string];
    const { stdout } = await exec('bash', ['-c', `${line} --silent --show-error --fail-with-body`]);
    // The request is answered; whatever the service logs about it is written by now (synchronously).
    return { key, body: JSON.parse(stdout), screen: server.output() };
  } finally {
    // npm itself dies of the signal; the service's own clean exit is covered by the CLI test.
    await server.stop();
  }
}

/**
 * What the terminal shows: npm's echo of the script, pino-pretty's lines, then the banner (issue
 * 39): no JSON line, no warning about a webhook secret key the newcomer has no reason to set, and
 * nothing more once the pasted request is answered.
 */
function expectFriendlyScreen(screen: string): void {
  const lines = screen.split('\n').filter((line) => line.trim() !== '');
  expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
  expect(screen).not.toContain('WEBHOOK_SECRET_KEY');
  const banner = lines.findIndex((line) => line.startsWith('booking-service listening on'));
  expect(banner).toBeGreaterThan(0);
  expect(lines.slice(0, banner).every((line) => line.startsWith('> ') || PRETTY_LINE.test(line))).toBe(true);
  expect(lines.at(-1)).toMatch(BANNER_END);
}

describe('npm start', () => {
  it('serves demo data and prints a curl line that works as pasted, with the same key the second time', async () => {
    const first = await npmStartAndPaste();
    expect(first.body.length).toBeGreaterThan(100);
    expect(first.body[0]).toMatchObject({ id: expect.any(Number), organization: 1, title: expect.any(String) });
    expectFriendlyScreen(first.screen);
    const webhookKey = readFileSync(join(ROOT, 'data', 'demo-webhook-secret-key.txt'), 'utf8');
    const second = await npmStartAndPaste();
    expect(second.key).toBe(first.key);
    expect(second.body).toEqual(first.body);
    expectFriendlyScreen(second.screen);
    expect(readFileSync(join(ROOT, 'data', 'demo-webhook-secret-key.txt'), 'utf8')).toBe(webhookKey);
  });
});
