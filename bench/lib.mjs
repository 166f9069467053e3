// What the bench scripts share: running the built CLI and server as processes, and reading /proc.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
