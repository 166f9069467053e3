import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { preparedReadsOf } from '../../src/db/prepared-reads.js';
import { readThreadsPerProcess, SqliteReadPool } from '../../src/db/sqlite-read-pool.js';
import {
  countSummaries,
  findSummariesJson,
  type SummaryFilter,
} from '../../src/modules/reservations/reservations.repository.js';
import { releasedTogether } from '../helpers/barrier.js';
import { createTestDatabase } from '../helpers/databases.js';
import { load, twoOrganizations } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/processes.js';
import { useDatabase } from '../helpers/use-database.js';

/**
 * On an SQLite file, summaries pages and counts run on read threads with connections of their own
 * (`sqlite-read-pool.ts`), beside the main connection that writes. They must see every committed
 * write and never an uncommitted one, keep SQLite's error codes, let reads under way finish when the
 * database closes, and never keep a process alive. SQLite only: PostgreSQL reads are unchanged.
 */

describe('read threads per server process', () => {
  it.each([
    // processes, cores, threads
    [1, 1, 0],
    [1, 2, 2],
    [2, 2, 0],
    [3, 2, 0],
    [1, 4, 4],
    [2, 4, 2],
    [3, 4, 2],
    [4, 4, 0],
    [1, 16, 4],
    [2, 16, 4],
    [5, 16, 4],
    [6, 16, 3],
    [16, 16, 0],
  ])('%i process(es) on %i cores: %i read threads each', (processes, cores, threads) => {
    expect(readThreadsPerProcess(processes, cores)).toBe(threads);
  });
});

const JULY: SummaryFilter = {
  organizationId: 1,
  selection: { kind: 'date', column: 'date_from', from: '2025-07-01', to: '2025-07-31' },
  statuses: undefined,
};

let nextId = 1;

/** A July arrival of its own night in Chalet 12 (never overlapping another). */
function reservation() {
  const id = nextId++;
  const day = String(1 + ((id - 1) % 30)).padStart(2, '0');
  const next = String(2 + ((id - 1) % 30)).padStart(2, '0');
  return {
    id: 10_000 + id,
    organization_id: 1,
    accommodation_id: 12,
    reservation_number: `R-${id}`,
    status: 'confirmed' as const,
    date_from: `2025-07-${day}`,
    date_to: `2025-07-${next}`,
    adults: 2,
    children: 0,
    babies: 0,
    guest_name: `Guest ${id}`,
    total_amount_minor: 10_000,
    currency: 'EUR',
    channel: 'direct',
    created: '2025-06-01T00:00:00Z',
    modified: '2025-06-01T00:00:00Z',
    cancelled: null,
  };
}

const pageItems = async (db: Db) => {
  const page = await findSummariesJson(db.kysely, JULY, { limit: 1_000, offset: 0 });
  if (!page) throw new Error('expected a page serialized by the database');
  return JSON.parse(page.json.toString('utf8')) as { id: number }[];
};

describe('reads on threads of their own', () => {
  const used = useDatabase('sqlite', { data: twoOrganizations });

  it('never see a transaction that has not committed, and see it once it has', async () => {
    const { db } = used;
    const before = await countSummaries(db.kysely, JULY);
    const row = reservation();
    let seenInside: { total: number; ids: number[] } | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('reservations').values(row).execute();
      // On the main connection this read would wait for the transaction; on a thread it answers now.
      seenInside = { total: await countSummaries(db.kysely, JULY), ids: (await pageItems(db)).map((i) => i.id) };
    });
    expect(seenInside).toEqual({ total: before, ids: expect.not.arrayContaining([row.id]) as unknown });
    expect(await countSummaries(db.kysely, JULY)).toBe(before + 1);
    expect((await pageItems(db)).map((i) => i.id)).toContain(row.id);
  });

  it('released together with a write, read either all of it or none of it, and all of it after', async () => {
    const { db } = used;
    for (let round = 0; round < 15; round++) {
      const before = await countSummaries(db.kysely, JULY);
      const rows = [reservation(), reservation()];
      const write = async () => {
        await db.kysely.transaction().execute(async (trx) => {
          for (const row of rows) await trx.insertInto('reservations').values(row).execute();
        });
        return undefined;
      };
      const read = async () => {
        const [total, items] = await Promise.all([countSummaries(db.kysely, JULY), pageItems(db)]);
        return { total, theirs: items.filter((i) => rows.some((r) => r.id === i.id)).length };
      };
      const results = await releasedTogether([write, read, read, read, read, read, read]);
      for (const result of results.slice(1)) {
        expect([before, before + 2]).toContain(result?.total);
        expect([0, 2]).toContain(result?.theirs);
      }
      expect(await read()).toEqual({ total: before + 2, theirs: 2 });
    }
  });

  it('fail with the SQLite error code of the statement', async () => {
    const reads = preparedReadsOf(used.db.kysely);
    const missing = () => used.db.kysely.selectFrom('no_such_table' as 'reservations').select('id');
    const failing = reads?.rows('missing-table', missing, {});
    await expect(failing).rejects.toMatchObject({
      code: 'SQLITE_ERROR',
      message: expect.stringContaining('no_such_table'),
    });
  });

  it('handed many at once, each answer goes to its own read', async () => {
    // A thread holds several statements at a time: their answers must not be crossed, whether they
    // come back as values or as a blob whose memory moves to the main thread (a summaries page).
    const pool = new SqliteReadPool(used.url.slice('sqlite:'.length), 2, { maxQueue: 1_000 });
    try {
      for (let round = 0; round < 5; round++) {
        const values = Array.from({ length: 300 }, (_, i) => round * 1_000 + i);
        const answers = await Promise.all(
          values.map((value) =>
            value % 2 === 0
              ? pool.all('select ?, ? * 2', [value, value])
              : pool.all(`select cast(printf('page %d', ?) as blob)`, [value]),
          ),
        );
        values.forEach((value, i) => {
          const [[first, second]] = answers[i] as [[unknown, unknown?]];
          if (value % 2 === 0) return expect([first, second]).toEqual([value, value * 2]);
          expect(Buffer.isBuffer(first)).toBe(true);
          expect((first as Buffer).toString('utf8')).toBe(`page ${value}`);
        });
      }
    } finally {
      await pool.close();
    }
  });

  it.each([1, 2])(
    'wait in a bounded line (%i thread(s)): past it a read is refused as overload (503 with Retry-After), never lost',
    async (threads) => {
      const pool = new SqliteReadPool(used.url.slice('sqlite:'.length), threads, { maxQueue: 2 });
      // Each statement keeps a thread busy for a few milliseconds.
      const slow =
        'with recursive n(i) as (select 1 union all select i + 1 from n where i < 100000) select count(*) from n';
      try {
        const reads = await Promise.allSettled(Array.from({ length: 12 }, () => pool.all(slow, [])));
        const answered = reads.filter((r) => r.status === 'fulfilled');
        const refused = reads.filter((r) => r.status === 'rejected');
        // One running per thread and two waiting are answered (wherever they wait: a thread is handed
        // several); the rest are turned away at once.
        expect(answered.length).toBe(threads + 2);
        for (const read of answered) expect(read.value).toEqual([[100_000]]);
        for (const read of refused)
          expect(read.reason).toMatchObject({
            code: 'service-unavailable',
            options: { headers: { 'retry-after': '2' } },
          });
        // Once the line has gone down, reads are answered again.
        await expect(pool.all('select 1', [])).resolves.toEqual([[1]]);
      } finally {
        await pool.close();
      }
    },
  );

  it('finish when the database closes while they are under way', async () => {
    const other = await createTestDatabase('sqlite');
    await load(other.db, twoOrganizations);
    const expected = await countSummaries(other.db.kysely, JULY);
    const reads = Array.from({ length: 40 }, () => countSummaries(other.db.kysely, JULY));
    await other.drop();
    await expect(Promise.all(reads)).resolves.toEqual(reads.map(() => expected));
  });
});

describe('a process that read summaries and never closed its database', () => {
  const used = useDatabase('sqlite', { data: twoOrganizations });

  beforeAll(async () => {
    await used.db.kysely.insertInto('reservations').values([reservation(), reservation()]).execute();
  });

  it('exits by itself once its work is done: idle read threads do not hold it', () => {
    const dist = (path: string) => JSON.stringify(join(ROOT, 'dist/src', path));
    const script = `
      const { createDb } = await import(${dist('db/database.js')});
      const { parseDatabaseUrl } = await import(${dist('config.js')});
      const { countSummaries } = await import(${dist('modules/reservations/reservations.repository.js')});
      const db = createDb(parseDatabaseUrl({ value: process.env.DATABASE_URL, name: 'DATABASE_URL' }));
      process.stdout.write(String(await countSummaries(db.kysely, ${JSON.stringify(JULY)})));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, DATABASE_URL: used.url },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.error).toBeUndefined();
    expect(child.status).toBe(0);
    expect(child.stdout).toBe('2');
  });
});
