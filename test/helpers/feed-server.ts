import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Other channels' feeds for the tests of calendar sync (SPEC §16): an HTTP server on 127.0.0.1
 * only, serving what a test sets per path, with an ETag and 304 for a matching If-None-Match, and
 * counting the requests it got (and when).
 */
export interface FeedServer {
  readonly origin: string;
  /** Serves `text` at `path` (a 200 with an ETag of its bytes), or answers `status` with no feed. */
  set(path: string, feed: string | { status: number }): void;
  /** Requests for `path`, with their conditional header. */
  requests(path: string): { at: number; ifNoneMatch: string | undefined; status: number }[];
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const feeds = new Map<string, string | { status: number }>();
  const log = new Map<string, { at: number; ifNoneMatch: string | undefined; status: number }[]>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const feed = feeds.get(path);
    const ifNoneMatch = request.headers['if-none-match'];
    const answer = (status: number) => {
      const entries = log.get(path) ?? [];
      entries.push({ at: Date.now(), ifNoneMatch, status });
      log.set(path, entries);
      return status;
    };
    if (feed === undefined) return response.writeHead(answer(404)).end();
    if (typeof feed !== 'string') return response.writeHead(answer(feed.status)).end();
    const etag = `"${createHash('sha256').update(feed).digest('hex').slice(0, 16)}"`;
    if (ifNoneMatch === etag) return response.writeHead(answer(304), { etag }).end();
    response.writeHead(answer(200), { 'content-type': 'text/calendar; charset=utf-8', etag }).end(feed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    set: (path, feed) => feeds.set(path, feed),
    requests: (path) => log.get(path) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
