import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (`npm test` builds first), run as a real process, as an operator would. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  // The child must not inherit the test runner's database or logging settings by accident.
  // Nor the developer's export credentials (booking export reads BOOKING_*).
  const { DATABASE_URL: _d, PORT: _p, HOST: _h, LOG_LEVEL: _l, ...inherited } = process.env;
  const rest = Object.fromEntries(Object.entries(inherited).filter(([name]) => !name.startsWith('BOOKING_')));
  return { ...rest, ...env };
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: cleanEnv(env), cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything written to stdout so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM to the whole process group (npm start runs node under npm). */
  stop(): Promise<number | null>;
}

/** Starts a long-running process and waits until its stdout matches `ready`. */
export async function startProcess(
  command: string,
  args: string[],
  ready: RegExp,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<{ process: RunningProcess; match: RegExpMatchArray }> {
  const child = spawn(command, args, { env: cleanEnv(env), cwd: ROOT, detached: true });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running: RunningProcess = {
    child,
    output: () => stdout,
    exited,
    async stop() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      void running.stop();
      reject(new Error(`not ready after ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      stdout += d;
      const found = stdout.match(ready);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
  return { process: running, match };
}

/** `booking serve` on a free port; resolves with its base URL. */
export async function startServer(args: string[], env: Record<string, string> = {}) {
  const { process: server, match } = await startProcess(
    process.execPath,
    [MAIN, 'serve', '--port', '0', ...args],
    /listening on (http:\/\/\S+)/,
    // Overload shedding off unless a test asks for it, as in test apps (helpers/app.ts): a loaded test
    // machine (several servers and the runner on two cores) is not the overload the guard is for,
    // and a shed request would fail a test about something else.
    { LOG_LEVEL: 'warn', MAX_EVENT_LOOP_DELAY_MS: '0', MAX_RSS_MB: '0', ...env },
  );
  return { server, baseUrl: match[1] as string };
}
