// What the bench scripts share: running the built CLI and server as processes, and reading /proc.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MAIN = join(ROOT, 'dist', 'src', 'main.js');
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** Deletes a SQLite database and the files SQLite keeps beside it (WAL, shared memory, rollback journal). */
export function removeDatabaseFiles(file) {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** Runs the built CLI to its end and returns what it printed. */
export function cli(args, env) {
  return execFileSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env, encoding: 'utf8' });
}

/** Starts a Node process (the server, the baseline) and resolves once it prints the URL it listens on. */
export function startServer(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match)
        resolve({
          url: match[1],
          pid: child.pid,
          stop: () => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))),
        });
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

/** The middle value (the upper one of an even count): steadier than the mean on a shared machine. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The requests/s of one scenario over another's as the median over rounds of the two figures of the
 * same round, measured seconds apart: steadier than the ratio of two medians when the machine's
 * speed changes from minute to minute. The spread over rounds comes with it.
 */
export function paired(scenario, reference, figure = 'requestsPerSecond') {
  const ratios = scenario.rounds.map((r, i) => r[figure] / reference.rounds[i][figure]);
  return { value: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

/** One round of one request asked again and again: wrk, one thread (wrk-report.lua reports it). */
export async function wrk(url, headers, seconds, connections) {
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '-s', join(ROOT, 'bench', 'wrk-report.lua')];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('wrk', [...args, url], { encoding: 'utf8' });
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  if (result.non2xx > 0 || result.socketErrors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.socketErrors} socket errors`);
  return {
    requests: result.requests,
    requestsPerSecond: result.requests / (result.durationUs / 1e6),
    p50: Math.round(result.p50Us / 10) / 100,
    p99: Math.round(result.p99Us / 10) / 100,
  };
}

/**
 * One round of a list of distinct requests (the cold mix, the availability bench): wrk walks the
 * list from line `first` on. Only successful answers count as served; 503s (shed under overload)
 * and 429s (over the rate budget) are reported as shares of all answers. Any other status means an
 * invalid request in the list or a fault: the run stops, as it does for an answer slower than
 * `timeout` (wrk's default, 2 s, unless given).
 */
export async function wrkMix(url, headers, seconds, connections, { list, first, timeout = '2s' }) {
  const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', timeout];
  args.push('-s', join(ROOT, 'bench', 'wrk-mix.lua'));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const { stdout } = await promisify(execFile)('wrk', [...args, url, '--', list, String(first)], {
    encoding: 'utf8',
  });
  const result = JSON.parse(stdout.trim().split('\n').at(-1));
  if (result.other > 0 || result.socketErrors > 0)
    throw new Error(
      `${url} (list ${list}): ${result.other} answers neither 2xx, 429 nor 503, ${result.socketErrors} socket errors`,
    );
  const answers = result.ok + result.shed + result.limited;
  return {
    requests: result.ok,
    seconds: result.durationUs / 1e6,
    requestsPerSecond: result.ok / (result.durationUs / 1e6),
    p50: Math.round(result.p50Us / 10) / 100,
    p99: Math.round(result.p99Us / 10) / 100,
    shedShare: result.shed / answers,
    limitedShare: result.limited / answers,
    issued: result.issued,
    answered: answers,
    // Requests past the list's end start again at its top: they may be answered from a cache.
    repeated: Math.max(0, result.first + result.issued - result.listLength),
  };
}

/**
 * The in-run baseline of `npm run bench` (baseline-server.mjs), serving the very page the service
 * serves for organization 1's 2024 summaries at offset 0 of the synthetic data set in `databaseUrl`.
 */
export async function startBaselineOf(databaseUrl, env) {
  const key = JSON.parse(
    cli(['credentials', 'create', '--organization', '1', '--name', 'bench', '--json'], {
      ...env,
      DATABASE_URL: databaseUrl,
    }),
  ).apiKey;
  const service = await startServer([MAIN, 'serve', '--port', '0', '--database-url', databaseUrl], env);
  let page;
  try {
    page = await (
      await fetch(`${service.url}/api/reservations/summaries?organization=1&dateFrom=2024-01-01&dateTo=2024-12-31`, {
        headers: { 'x-api-key': key },
      })
    ).text();
  } finally {
    await service.stop();
  }
  const pageFile = join(ROOT, 'bench', 'data', 'page.json');
  writeFileSync(pageFile, page);
  return startServer([join(ROOT, 'bench', 'baseline-server.mjs'), pageFile], env);
}

export const commitId = () =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();

function readStat(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone since /proc was listed
  }
}

/** One /proc/<pid>/stat line: the name, the parent, and CPU seconds (user + system) of its own and of its reaped children. */
function parseStat(pid, stat) {
  // The name is in parentheses and may contain spaces; the fields after it are counted from there.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const seconds = (user, system) => (Number(fields[user]) + Number(fields[system])) / TICKS_PER_SECOND;
  return {
    pid,
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    parent: Number(fields[1]),
    cpuSeconds: seconds(11, 12),
    childrenCpuSeconds: seconds(13, 14),
  };
}

/** Every process on the machine, as read from /proc now. */
export function readProcesses() {
  return readdirSync('/proc').flatMap((entry) => {
    const stat = /^\d+$/.test(entry) ? readStat(entry) : undefined;
    return stat ? [parseStat(Number(entry), stat)] : [];
  });
}

/** This process as read from /proc now. */
export const readSelf = () => parseStat(process.pid, readStat(process.pid));

/**
 * A process and its descendants (the workers of `--workers`). A thread's `children` file lists only
 * what that thread forked, so the parent links of every process are followed instead.
 */
export function processTree(pid, processes = readProcesses()) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const p of processes) if (p.parent === tree[i]) tree.push(p.pid);
  }
  return tree;
}

/**
 * A process's resident memory, or one part of it: `RssAnon` (its heap and other private memory)
 * leaves out `RssFile`, the pages of the SQLite file it has mapped, which the kernel shares with its
 * file cache and may drop at will.
 */
export function residentMiB(pid, field = 'VmRSS') {
  try {
    const kib = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) / 1024 : 0;
  } catch {
    return 0;
  }
}
