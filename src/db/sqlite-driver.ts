import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3 in the release that suits the running Node.js, chosen by its Node-API version:
 *
 * - 13.x (installed as `better-sqlite3-napi10`) is built on Node-API 10, which Node 20 lacks: there
 *   it crashes (SIGSEGV) on opening a database. Node 22.14+ and 24 have it.
 * - 12.x (`better-sqlite3`) wraps its objects with Node's internal ObjectWrap, whose destructor
 *   aborts the process on Node 24.19+ (`Assertion failed: (env) != nullptr` in
 *   RemoveEnvironmentCleanupHook) when the garbage collector finalizes a prepared statement.
 *
 * Their JavaScript API is the same. This is the one workaround left for Node 20 alone: when Node 20
 * is no longer supported, 13.x becomes `better-sqlite3` and this file a plain re-export.
 */
const NODE_API_VERSION = Number(process.versions.napi);
const moduleName = NODE_API_VERSION >= 10 ? 'better-sqlite3-napi10' : 'better-sqlite3';

export const SQLite = createRequire(import.meta.url)(moduleName) as typeof BetterSqlite3;
// The types (from @types/better-sqlite3) describe both releases.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace SQLite {
  export type Database = BetterSqlite3.Database;
  export type Statement = BetterSqlite3.Statement;
  export type Options = BetterSqlite3.Options;
}
