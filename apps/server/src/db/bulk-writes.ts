import {
  CompiledQuery,
  PostgresAdapter,
  sql,
  type Compilable,
  type Kysely,
  type OperationNodeSource,
  type RawBuilder,
} from 'kysely';
import type { Database } from './types.js';

/*
 * Bulk writes (ingest's jobs and rollups). On PostgreSQL rows go as one array per column, turned
 * back into rows by unnest(): one parameter per column whatever the row count, and one short
 * statement to parse and plan instead of a VALUES list of thousands of parameters; several tables'
 * writes go in one statement (data-modifying WITH), one round trip. On SQLite (in-process, no round
 * trips) one single-row statement a row, its SQL compiled once and the statement kept prepared by
 * the connection: at 10 million jobs a fifth faster than multi-row VALUES of 200 rows, which SQLite
 * builds row by row before inserting (bench/README.md, run G).
 */

/** The PostgreSQL element type of a column's array. */
export type PgArrayType = 'text' | 'int8' | 'int4' | 'float8';

export const isPostgres = <DB>(db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** `select * from unnest($1::t1[], $2::t2[], …)`: the rows, in the columns' order (for INSERT … SELECT). */
export const unnestRows = <R>(
  columns: readonly (readonly [keyof R & string, PgArrayType])[],
  rows: readonly R[],
): RawBuilder<R> =>
  sql<R>`select * from unnest(${sql.join(columns.map(([c, t]) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(t)}[]`))})`;

/**
 * One table's part of a bulk write: its rows and the statement (an INSERT … ON CONFLICT) writing some
 * of them. The writes of one runBulkWrites go to different tables (on PostgreSQL one statement may
 * not touch a row twice), and each write's rows have distinct keys.
 */
export interface BulkWrite<R = unknown> {
  /** The statement's name, the same for every batch (a SQLite statement's SQL is compiled once by it, see runSqlite). */
  name: string;
  rows: readonly R[];
  /** The written columns; a SQLite statement binds a row's values in this order. */
  columns: readonly (readonly [keyof R & string, PgArrayType])[];
  statement(rows: readonly R[], postgres: boolean): Compilable & OperationNodeSource;
}

/** Rows per statement on PostgreSQL at most (the arrays stay a few MB). */
export const PG_CHUNK = 20_000;

export const bulkWrite = <R>(w: BulkWrite<R>): BulkWrite => w as BulkWrite;

/** Runs the writes (in the caller's transaction): on PostgreSQL in one statement (the first write, the others in its WITH), on SQLite in order, row after row. */
export const runBulkWrites = async (db: Kysely<Database>, writes: readonly BulkWrite[], pgChunk = PG_CHUNK): Promise<void> => {
  const todo = writes.filter((w) => w.rows.length > 0);
  if (isPostgres(db) && todo.some((w) => w.rows.length > pgChunk)) {
    // A huge batch (a first ingest's lookback): statements of pgChunk rows, one table after another.
    for (const w of todo)
      for (let i = 0; i < w.rows.length; i += pgChunk)
        await db.executeQuery(w.statement(w.rows.slice(i, i + pgChunk), true).compile());
    return;
  }
  if (isPostgres(db)) {
    const [main, ...rest] = todo.map((w) => w.statement(w.rows, true));
    if (!main) return;
    // Each WITH part runs once, to completion, whether or not the main statement reads it.
    const parts = rest.map((s, i) => sql`${sql.id(`write${i}`)} as (${s})`);
    await (parts.length ? sql`with ${sql.join(parts)} ${main}` : sql`${main}`).execute(db);
    return;
  }
  for (const w of todo) await runSqlite(db, w);
};

/** A row's values in the columns' order (what a SQLite statement binds; missing ones null). */
export const inColumnOrder = <R>(columns: BulkWrite<R>['columns'], row: R): R =>
  Object.fromEntries(columns.map(([c]) => [c, row[c] ?? null])) as R;

/**
 * The SQL of each write's single-row SQLite statement. Kysely would otherwise build and compile the
 * statement for every row, which takes longer than SQLite runs it. Kept only when compiling bound
 * exactly the row's values in the columns' order (else compiled each time).
 */
const sqliteTexts = new Map<string, string | null>();

const runSqlite = async (db: Kysely<Database>, w: BulkWrite): Promise<void> => {
  let text = sqliteTexts.get(w.name);
  for (const row of w.rows) {
    const values = w.columns.map(([c]) => (row as Record<string, unknown>)[c] ?? null);
    if (text) {
      await db.executeQuery(CompiledQuery.raw(text, values));
      continue;
    }
    const compiled = w.statement([row], false).compile();
    if (text === undefined) {
      text =
        compiled.parameters.length === values.length && compiled.parameters.every((p, i) => p === values[i])
          ? compiled.sql
          : null;
      sqliteTexts.set(w.name, text);
    }
    await db.executeQuery(compiled);
  }
};
