import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startProcess } from '../helpers/processes.js';

const exec = promisify(execFile);
const CURL_LINE = /^\s*(curl -H 'Accept: application\/json' -H 'X-Api-Key: (bk_\w+)' '(http:\/\/[^']+)')$/m;

/** What a newcomer does: `npm start`, then paste the printed line into a shell. */
async function npmStartAndPaste(): Promise<{ key: string; body: unknown[] }> {
  // --port 0 so the test never collides with a service already on 3000; the rest is `npm start` as is.
  const { process: server, match } = await startProcess('npm', ['start', '--', '--port', '0'], CURL_LINE, {}, 120_000);
  try {
    const [, line, key] = match as unknown as [string, string, string];
    const { stdout } = await exec('bash', ['-c', `${line} --silent --show-error --fail-with-body`]);
    return { key, body: JSON.parse(stdout) };
  } finally {
    // npm itself dies of the signal; the service's own clean exit is covered by the CLI test.
    await server.stop();
  }
}

describe('npm start', () => {
  it('serves demo data and prints a curl line that works as pasted, with the same key the second time', async () => {
    const first = await npmStartAndPaste();
    expect(first.body.length).toBeGreaterThan(100);
    expect(first.body[0]).toMatchObject({ id: expect.any(Number), organization: 1, title: expect.any(String) });
    const second = await npmStartAndPaste();
    expect(second.key).toBe(first.key);
    expect(second.body).toEqual(first.body);
  });
});
