import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app.js';
import { ROOT, runCli } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * Every command the README and docs/ show a reader stays runnable (issue 39): each `booking …`
 * names a command and options `booking <command> --help` lists, each `npm run X` a script of
 * package.json, each `npx vitest run` files that exist, and each `curl` a method, path and query
 * parameters of the app's OpenAPI document. What this cannot prove without a network, a database
 * of the reader's and their keys: that the values given are right for their data.
 */

interface Documented {
  /** Where it is written: file and line. */
  where: string;
  command: string;
}

/** README.md and every Markdown file under docs/. */
function documents(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return docs(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return [join(ROOT, 'README.md'), ...docs(join(ROOT, 'docs'))];
}

const SHELL_FENCE = /^```(sh|bash|shell)\s*$/;
const RUNNABLE = /^(npx booking|booking|npm|npx vitest|curl)(\s|$)/;
/** A word that stands for one the reader fills in: `booking <command> --help`, `npx booking …`. */
const PLACEHOLDER = /^(…|<[^>]+>)$/;

/** A shell line as commands: comments dropped, `&&`, `;` and `|` split, leading `NAME=value`s dropped. */
function commandsOf(line: string): string[] {
  return line
    .replace(/(^|\s)#(\s.*)?$/, '')
    .split(/\s(?:&&|;|\|)\s/)
    .map((part) => part.trim().replace(/^(?:[A-Z_]+=\S*\s+)+/, ''))
    .filter((part) => RUNNABLE.test(part));
}

/**
 * The commands of one document: every line of its fenced shell blocks (a line ending in `\` joined
 * to the next), and every inline code span outside them that starts with `booking`, `npx booking`,
 * `npm` or `curl` (a span may wrap across lines; `\|` in a table cell is `|`).
 */
function documentedIn(file: string): Documented[] {
  const name = relative(ROOT, file);
  const lines = readFileSync(file, 'utf8').split('\n');
  const found: Documented[] = [];
  const prose: { text: string; line: number }[] = [];
  let fenced: 'shell' | 'other' | undefined;
  let pending = '';
  lines.forEach((text, index) => {
    if (fenced === undefined && text.startsWith('```')) {
      fenced = SHELL_FENCE.test(text) ? 'shell' : 'other';
      return;
    }
    if (fenced !== undefined) {
      if (text.startsWith('```')) {
        fenced = undefined;
        return;
      }
      if (fenced === 'other') return;
      const joined = pending + text;
      if (joined.endsWith('\\')) {
        pending = `${joined.slice(0, -1)} `;
        return;
      }
      pending = '';
      for (const command of commandsOf(joined.trim())) found.push({ where: `${name}:${index + 1}`, command });
      return;
    }
    prose.push({ text, line: index + 1 });
  });
  const text = prose.map((p) => p.text).join('\n');
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  for (const span of text.matchAll(/`([^`]+)`/g)) {
    const code = (span[1] as string).replace(/\s*\n\s*/g, ' ').replace(/\\\|/g, '|');
    for (const command of commandsOf(code)) {
      found.push({ where: `${name}:${prose[lineAt(span.index) - 1]?.line}`, command });
    }
  }
  return found;
}

const documented = documents().flatMap(documentedIn);
const byKind = (pattern: RegExp) => documented.filter(({ command }) => pattern.test(command));

/** `booking … --help` output, once per command path. */
const helps = new Map<string, Promise<string>>();
function help(path: string[]): Promise<string> {
  const key = path.join(' ');
  let text = helps.get(key);
  if (!text) {
    text = runCli([...path, '--help']).then((result) => {
      if (result.code !== 0) throw new Error(`booking ${key} --help: exit ${result.code}\n${result.stderr}`);
      return result.stdout;
    });
    helps.set(key, text);
  }
  return text;
}

/** The names under a help text's `Commands:` heading. */
function subcommands(helpText: string): string[] {
  const section = /^Commands:\n((?: {2}.*\n?)+)/m.exec(helpText)?.[1] ?? '';
  return [...section.matchAll(/^ {2}(\S+)/gm)].map(([, name]) => name as string);
}

describe('commands in the README and docs/', () => {
  it('finds the commands it checks', () => {
    // A parser that silently finds nothing would pass everything below.
    expect(byKind(/^(npx )?booking\b/).length).toBeGreaterThan(20);
    expect(byKind(/^curl\b/).length).toBeGreaterThan(8);
    expect(byKind(/^npm\b/).length).toBeGreaterThan(5);
    expect(documented.map((d) => d.command)).toContain('npm start');
  });

  it('names booking commands and options that `booking <command> --help` lists', async () => {
    const problems: string[] = [];
    for (const { where, command } of byKind(/^(npx )?booking\b/)) {
      const words = command.replace(/^npx /, '').split(/\s+/).slice(1);
      const path: string[] = [];
      for (const word of words) {
        if (word.startsWith('-') || !subcommands(await help(path)).includes(word)) break;
        path.push(word);
      }
      const first = words[0];
      if (path.length === 0 && first !== undefined && !first.startsWith('-') && !PLACEHOLDER.test(first)) {
        problems.push(`${where}: \`${command}\`: no command ${first}`);
        continue;
      }
      const text = await help(path);
      for (const [, option] of command.matchAll(/(?:^|[\s[])(--[a-z][a-z0-9-]*)/g)) {
        if (!new RegExp(`(^|[\\s,])${option}(?![\\w-])`, 'm').test(text)) {
          problems.push(`${where}: \`${command}\`: booking ${path.join(' ')} has no ${option}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('runs npm scripts that package.json has, and test files that exist', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const problems: string[] = [];
    for (const { where, command } of byKind(/^npm\b/)) {
      const [, verb, script] = /^npm (run|test|start|install|ci)\b\s*(\S*)/.exec(command) ?? [];
      if (verb === undefined) problems.push(`${where}: \`${command}\`: not an npm command this checks`);
      else if (verb === 'run' && !(script && script in scripts)) problems.push(`${where}: no script ${script}`);
      else if ((verb === 'test' || verb === 'start') && !(verb in scripts)) problems.push(`${where}: no ${verb}`);
    }
    for (const { where, command } of byKind(/^npx vitest\b/)) {
      for (const [path] of command.matchAll(/\btest\/[\w./-]+/g)) {
        if (!existsSync(join(ROOT, path))) problems.push(`${where}: ${path} does not exist`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps README.md under 12 KB: a newcomer reads it whole; the reference belongs in docs/', () => {
    expect(readFileSync(join(ROOT, 'README.md')).length).toBeLessThan(12 * 1024);
  });

  it('links to files that exist', () => {
    const problems: string[] = [];
    for (const file of documents()) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = (target as string).split('#')[0] as string;
        if (path === '' || /^[a-z]+:/.test(path)) continue;
        if (!existsSync(join(dirname(file), path))) problems.push(`${relative(ROOT, file)}: ${target} does not exist`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('curl', () => {
    const used = useDatabase('sqlite');
    type Operation = { parameters?: { name: string; in: string }[] };
    let paths: [RegExp, Record<string, Operation>][];

    beforeAll(async () => {
      const app = await testApp(used.db);
      const document = (await app.inject({ url: '/openapi.json' })).json() as {
        paths: Record<string, Record<string, Operation>>;
      };
      paths = Object.entries(document.paths).map(([path, operations]) => [
        // The service ignores a trailing slash; a template segment is any one segment.
        new RegExp(`^${path.replace(/\/$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
        operations,
      ]);
    });

    it('asks for a method, path and query parameters of the API document', () => {
      const problems: string[] = [];
      for (const { where, command } of byKind(/^curl\b/)) {
        // The service's URL is the last one: one before it is in a request body (a receiver's URL).
        const target = [...command.matchAll(/https?:\/\/[^\s'"]+/g)].at(-1)?.[0];
        if (!target) {
          problems.push(`${where}: \`${command}\`: no URL`);
          continue;
        }
        const url = new URL(target.replace(/…/g, 'x'));
        const method = (
          /(?:^|\s)-X\s*(\w+)/.exec(command)?.[1] ?? (/\s-d\s/.test(command) ? 'POST' : 'GET')
        ).toLowerCase();
        const operations = paths.find(([pattern]) => pattern.test(url.pathname))?.[1];
        const operation = operations?.[method];
        if (!operation) {
          problems.push(`${where}: ${method.toUpperCase()} ${url.pathname} is not in /openapi.json`);
          continue;
        }
        const known = new Set((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
        for (const name of url.searchParams.keys()) {
          if (!known.has(name)) problems.push(`${where}: ${url.pathname} takes no query parameter ${name}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
