/*
 * Bulk load of the synthetic jobs, straight into the migrated jobs table: the secondary indexes are
 * dropped first and made again at the end (one sort instead of millions of inserts into a B-tree),
 * rows go in as multi-row statements inside big transactions.
 * - SQLite: a connection of its own on the same file, journal off and no fsync while loading.
 * - PostgreSQL: one INSERT … SELECT FROM unnest(<one array per column>) per 10,000 rows (no COPY
 *   client among the dependencies), the next chunk generated while the server writes the last.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { JOB_COLUMNS, jobStream, jobValues } from './generate.js';

export type Log = (message: string) => void;
const COLS = JOB_COLUMNS.map(([c]) => c).join(', ');

export const loadSqlite = (file: string, jobs: number, log: Log): void => {
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1000000');
    db.pragma('temp_store = MEMORY');
    const indexes = db
      .prepare<[], { name: string; sql: string }>(
        "select name, sql from sqlite_master where type = 'index' and tbl_name = 'jobs' and sql is not null",
      )
      .all();
    for (const i of indexes) db.exec(`drop index ${i.name}`);
    const ROWS = 100;
    const one = `(${JOB_COLUMNS.map(() => '?').join(', ')})`;
    const many = db.prepare(`insert into jobs (${COLS}) values ${Array.from({ length: ROWS }, () => one).join(', ')}`);
    const single = db.prepare(`insert into jobs (${COLS}) values ${one}`);
    const job = jobStream(42);
    const now = Date.now();
    const t0 = performance.now();
    const chunk = db.transaction((start: number, end: number) => {
      let i = start;
      for (; i + ROWS <= end; i += ROWS) {
        const values: (string | number | null)[] = [];
        for (let k = i; k < i + ROWS; k++) values.push(...jobValues(job(k), now));
        many.run(values);
      }
      for (; i < end; i++) single.run(jobValues(job(i), now));
    });
    for (let start = 0; start < jobs; start += 200_000) {
      chunk(start, Math.min(jobs, start + 200_000));
      if (start % 2_000_000 === 0) log(`sqlite: ${Math.min(jobs, start + 200_000)} of ${jobs} jobs`);
    }
    const t1 = performance.now();
    log(`sqlite: inserted ${jobs} jobs in ${((t1 - t0) / 1000).toFixed(1)} s; indexing`);
    for (const i of indexes) db.exec(i.sql);
    db.exec('analyze');
    log(`sqlite: indexes and analyze in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  } finally {
    db.close();
  }
};

export const loadPostgres = async (url: string, schema: string, jobs: number, log: Log): Promise<void> => {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes i where schemaname = $1 and tablename = 'jobs'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [schema],
    );
    for (const i of indexes) await client.query(`drop index "${i.indexname}"`);
    const insert = `insert into jobs (${COLS}) select * from unnest(${JOB_COLUMNS.map(([, t], n) => `$${n + 1}::${t}[]`).join(', ')})`;
    const job = jobStream(42);
    const now = Date.now();
    const CHUNK = 10_000;
    const arrays = (start: number, end: number) => {
      const cols: (string | number | null)[][] = JOB_COLUMNS.map(() => []);
      for (let k = start; k < end; k++) jobValues(job(k), now).forEach((v, c) => (cols[c] as unknown[]).push(v));
      return cols;
    };
    const t0 = performance.now();
    await client.query('begin');
    let pending: Promise<unknown> = Promise.resolve();
    for (let start = 0; start < jobs; start += CHUNK) {
      const cols = arrays(start, Math.min(jobs, start + CHUNK));
      await pending;
      pending = client.query(insert, cols);
      if ((start + CHUNK) % 500_000 === 0) {
        await pending;
        await client.query('commit');
        await client.query('begin');
        if ((start + CHUNK) % 2_000_000 === 0) log(`postgres: ${start + CHUNK} of ${jobs} jobs`);
      }
    }
    await pending;
    await client.query('commit');
    const t1 = performance.now();
    log(`postgres: inserted ${jobs} jobs in ${((t1 - t0) / 1000).toFixed(1)} s; indexing`);
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const i of indexes) await client.query(i.indexdef);
    await client.query('vacuum analyze jobs');
    log(`postgres: indexes and vacuum analyze in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
};
