import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { Requirement } from './requirements.js';

/**
 * Debian's Chromium driven by playwright-core (no test tool downloads a browser). The flags keep it
 * off the network it cannot reach anyway: without them it keeps trying Google's hosts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumBrowser(): Requirement {
  return {
    what: `Chromium at ${CHROMIUM_PATH} (Debian package chromium)`,
    missing: existsSync(CHROMIUM_PATH) ? undefined : 'not installed',
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
}

/** What the browser reported about the page's Content-Security-Policy: any refusal is a finding. */
export function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules), or
 * only within the element a CSS selector names (e.g. an open dialog: far quicker than the whole
 * board behind it). Evaluated through the DevTools protocol, which the page's CSP does not govern,
 * so the policy under test stays exactly as served.
 */
export async function axeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  // Runs in the page: the test's own types know no DOM, so the page's globals are named here.
  return page.evaluate(
    async ({ tags, within }) => {
      type AxeResults = {
        violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
      };
      const page = globalThis as unknown as {
        document: { querySelector(selector: string): unknown };
        axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
      };
      const context = within === undefined ? page.document : page.document.querySelector(within);
      const results = await page.axe.run(context, { runOnly: { type: 'tag', values: tags } });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          impact: v.impact as string,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
    },
    { tags: AXE_TAGS, within },
  );
}
