#!/usr/bin/env node
// `npm run build` when what it builds from has changed since the last build, else nothing.
//
// `npm ci` (prepare), `npm test`, `npm start` and the benchmarks all need dist/; before this each of
// them built it again (tsc, then Vite: most of a minute on two cores), about eight times per CI run.
// The build's inputs are hashed by content (not by time: a fresh clone has new mtimes) and the hash
// is kept in dist/, so removing dist/ or changing any input builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Everything tsc (tsconfig.json) and Vite (console/vite.config.ts) read, and the packages they build with. */
const INPUTS = ['src', 'client', 'console', 'tsconfig.json', 'package.json', 'package-lock.json'];
/** What the build makes: without these, it runs whatever the stamp says. */
const OUTPUTS = ['dist/src/main.js', 'dist/client/index.js', 'dist/console/index.html'];
const STAMP = join(ROOT, 'dist', '.build-inputs');

function inputsHash() {
  const hash = createHash('sha256');
  const files = [];
  for (const input of INPUTS) {
    const full = join(ROOT, input);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) {
      files.push(full);
      continue;
    }
    for (const entry of readdirSync(full, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) files.push(join(entry.parentPath, entry.name));
    }
  }
  for (const file of files.sort()) {
    hash.update(file.slice(ROOT.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const built = OUTPUTS.every((output) => existsSync(join(ROOT, output)));
const stamp = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (built && stamp === wanted) process.exit(0);

const { status } = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);
writeFileSync(STAMP, `${wanted}\n`);
