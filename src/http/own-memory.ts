import { readFileSync } from 'node:fs';

const RSS_ANON = /^RssAnon:\s+(\d+) kB$/m;

/** `RssAnon` of a Linux `/proc/<pid>/status` text, in bytes; undefined when it has none. */
export function anonymousResidentBytes(status: string): number | undefined {
  const match = RSS_ANON.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

/**
 * The memory the process holds itself (heap, buffers, its threads' heaps), for the memory-pressure
 * check (`MAX_RSS_MB`): resident memory without the pages of files mapped into the process. SQLite
 * maps the database file into every connection, and each read thread has one (sqlite-read-pool.ts):
 * RSS counts the same page of the file once per mapping although the kernel keeps one copy and can
 * drop it at any time. At ten million reservations (a 3.5 GB file) the mappings alone took RSS past
 * the default 1,536 MiB and turned 95% of requests away. Linux's `RssAnon`; elsewhere all of RSS.
 */
export function ownResidentBytes(): number {
  try {
    const anonymous = anonymousResidentBytes(readFileSync('/proc/self/status', 'utf8'));
    if (anonymous !== undefined) return anonymous;
  } catch {
    // Not Linux: no /proc.
  }
  return process.memoryUsage.rss();
}
