// The console's planning board at 500 accommodations × 90 days (issue 16): how long it takes from
// opening the board to every row's bars being drawn, and the long tasks (> 50 ms) while the board is
// scrolled down and across. Measured in Debian's Chromium (playwright-core), in the page itself.
//
//   npm run build && node bench/console-board.mjs
//
// Writes bench/results/console-board.md. Not a test: timings on a shared two-core machine are noise
// for an assertion; the figures are written down and compared by hand (bench/README.md).
/* global window, document, PerformanceObserver, performance, location, requestAnimationFrame -- run inside the page by page.evaluate */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT, cli, commitId, median, startServer } from './lib.mjs';

const UNITS = 500;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TYPES = ['chalet', 'lodge', 'pitch', 'room', 'villa'];
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A small deterministic generator: the same data set on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function dataSet() {
  const next = random(16);
  const accommodations = Array.from({ length: UNITS }, (_, i) => ({
    id: i + 1,
    organization: 1,
    title: `${TYPES[i % TYPES.length]} ${String(Math.floor(i / TYPES.length) + 1).padStart(3, '0')}`,
    type: TYPES[i % TYPES.length],
    maxPersons: 4,
  }));
  const reservations = [];
  for (const unit of accommodations) {
    let offset = -10 + Math.floor(next() * 4);
    while (offset < 95) {
      const nights = 2 + Math.floor(next() * 5);
      reservations.push({
        reservationNumber: `B-${reservations.length + 1}`,
        organization: 1,
        accommodation: unit.id,
        dateFrom: day(offset),
        dateTo: day(offset + nights),
        adults: 2,
        guestName: `Guest ${reservations.length + 1}`,
        totalAmount: '300.00',
        currency: 'EUR',
        status: next() < 0.1 ? 'option' : 'confirmed',
      });
      offset += nights + Math.floor(next() * 3);
    }
  }
  return {
    organizations: [{ id: 1, name: 'Board Park', timezone: 'Europe/Amsterdam' }],
    accommodations,
    reservations,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'booking-board-bench-'));
const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'board.sqlite')}`, LOG_LEVEL: 'warn' };
const data = dataSet();
writeFileSync(join(dir, 'board.json'), JSON.stringify(data));
cli(['migrate'], env);
cli(['import', join(dir, 'board.json')], env);
const { username, password } = JSON.parse(
  cli(['credentials', 'create', '--organization', '1', '--scope', 'write', '--basic', 'bench', '--json'], env),
);
const server = await startServer([join(ROOT, 'dist/src/main.js'), 'serve', '--port', '0'], {
  ...env,
  RATE_LIMIT_MAX: '1000000',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });

const rounds = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`round ${round + 1}\n`);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/console/`);
    await page.getByTestId('signin-username').fill(username);
    await page.getByTestId('signin-password').fill(password);
    await page.getByTestId('signin-submit').click();
    await page.getByTestId('today').waitFor();
    process.stderr.write('signed in\n');
    // Long tasks from here on, seen by the page itself.
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, ms: entry.duration });
      }).observe({ type: 'longtask' });
    });
    const openedAt = await page.evaluate(() => {
      const at = performance.now();
      location.hash = '#/board';
      return at;
    });
    await page.waitForSelector(
      '[data-testid="board-grid"][aria-busy="false"] [data-testid="board-row"] [data-reservation-id]',
    );
    const renderMs = (await page.evaluate(() => performance.now())) - openedAt;
    const scrollFrom = await page.evaluate(() => performance.now());
    // Scroll down through every row and back across the days, a step per frame, as a wheel does.
    await page.evaluate(async () => {
      const grid = document.querySelector('[data-testid="board-grid"]');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < 120 && grid.scrollTop + grid.clientHeight < grid.scrollHeight; i++) {
        grid.scrollTop += 200;
        await frame();
      }
      for (let i = 0; i < 60; i++) {
        grid.scrollLeft += 60;
        await frame();
      }
      for (let i = 0; i < 120 && grid.scrollTop > 0; i++) {
        grid.scrollTop -= 200;
        await frame();
      }
    });
    const longTasks = (await page.evaluate(() => window.__longTasks)).filter((t) => t.start >= scrollFrom);
    const bars = await page.locator('[data-testid="board-row"] [data-reservation-id]').count();
    rounds.push({ renderMs, longTasks: longTasks.length, longestMs: Math.max(0, ...longTasks.map((t) => t.ms)), bars });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const assets = join(ROOT, 'dist', 'console', 'assets');
const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
const gzipKiB = scripts.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0) / 1024;

const lines = [
  `# The console's planning board (${commitId()}, ${new Date().toISOString().slice(0, 10)})`,
  '',
  `${UNITS} accommodations, ${data.reservations.length} reservations over the 93 days shown, SQLite, one`,
  `\`booking serve\`, Debian Chromium headless at 1440×900, ${ROUNDS} rounds (fresh page each).`,
  '',
  '| round | board drawn (ms) | long tasks while scrolling | longest (ms) | bars in the DOM |',
  '|---|---|---|---|---|',
  ...rounds.map(
    (r, i) => `| ${i + 1} | ${r.renderMs.toFixed(0)} | ${r.longTasks} | ${r.longestMs.toFixed(0)} | ${r.bars} |`,
  ),
  `| **median** | **${median(rounds.map((r) => r.renderMs)).toFixed(0)}** | **${median(rounds.map((r) => r.longTasks))}** | **${median(rounds.map((r) => r.longestMs)).toFixed(0)}** | |`,
  '',
  `The console's JavaScript: ${gzipKiB.toFixed(1)} KiB gzip (${scripts.length} file${scripts.length === 1 ? '' : 's'}).`,
  '',
];
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results', 'console-board.md'), lines.join('\n'));
process.stdout.write(lines.join('\n'));
