import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Where a text occurs in a database: every column of every table, found from the catalog (not a
 * list kept by hand, so a table added later is scanned too), compared case-insensitively with each
 * value as text. PostgreSQL: every column of the schema's tables, cast to text (json, jsonb and
 * bytea included: bytea with its printable bytes as they are). SQLite: every column of
 * every table, whatever its declared type (SQLite stores text in any column).
 */
export async function columnsHolding(db: Db, needle: string): Promise<string[]> {
  const found: string[] = [];
  const pattern = needle.toLowerCase();
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select c.table_name, c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       order by c.table_name, c.ordinal_position`.execute(db.kysely);
    if (rows.length === 0) throw new Error('the catalog lists no columns: the scan would prove nothing');
    for (const { table_name: table, column_name: column, data_type: type } of rows) {
      const value =
        type === 'bytea' ? sql`encode(${sql.ref(column)}, 'escape')` : sql`cast(${sql.ref(column)} as text)`;
      const { rows: hits } = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)} where strpos(lower(${value}), ${pattern}) > 0`.execute(db.kysely);
      if (Number(hits[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
    }
    return found;
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' order by name`.execute(db.kysely);
  if (tables.length === 0) throw new Error('the catalog lists no tables: the scan would prove nothing');
  for (const { name: table } of tables) {
    const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(
      db.kysely,
    );
    for (const { name: column } of columns) {
      const { rows: hits } = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(table)}
         where instr(lower(cast(${sql.ref(column)} as text)), ${pattern}) > 0`.execute(db.kysely);
      if (Number(hits[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}
