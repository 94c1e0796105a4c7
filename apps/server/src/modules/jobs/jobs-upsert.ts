import type { Kysely } from 'kysely';
import type { Database, NewJobRow } from '../../db/types.js';
import { bulkWrite, inColumnOrder, unnestRows, type BulkWrite, type PgArrayType } from '../../db/bulk-writes.js';
import { jobKey } from './usage-totals.js';

/** The jobs table's written columns and their PostgreSQL array types; the first three are the job's key. */
export const JOB_COLUMNS = [
  ['cluster_id', 'text'],
  ['job_id', 'text'],
  ['submit_at', 'int8'],
  ['name', 'text'],
  ['user_name', 'text'],
  ['user_group', 'text'],
  ['account', 'text'],
  ['queue', 'text'],
  ['scheduler_state', 'text'],
  ['exit_status', 'text'],
  ['exit_code', 'text'],
  ['eligible_at', 'int8'],
  ['start_at', 'int8'],
  ['end_at', 'int8'],
  ['elapsed_s', 'int8'],
  ['time_limit_s', 'int8'],
  ['nodes', 'int4'],
  ['cpus', 'int4'],
  ['gpus', 'int4'],
  ['node_list', 'text'],
  ['memory_mb', 'int8'],
  ['max_rss_mb', 'int8'],
  ['cpu_time_s', 'int8'],
  ['gpu_util_pct', 'int8'],
  ['core_seconds', 'int8'],
  ['card_seconds', 'int8'],
  ['work_dir', 'text'],
  ['restart_count', 'int4'],
  ['exclusive', 'int4'],
  ['ingested_at', 'int8'],
] as const satisfies readonly (readonly [keyof NewJobRow, PgArrayType])[];

// Every column of a job row is written: a column added to the table and not here fails to compile.
type Unwritten = Exclude<keyof NewJobRow, (typeof JOB_COLUMNS)[number][0] | 'id'>;
const everyColumnWritten: [Unwritten] extends [never] ? true : Unwritten = true;
void everyColumnWritten;

const KEY = ['cluster_id', 'job_id', 'submit_at'] as const;
const UPDATED = JOB_COLUMNS.map(([c]) => c).filter((c) => !(KEY as readonly string[]).includes(c));
/** What a re-read compares: everything but when it was read. */
const COMPARED = UPDATED.filter((c) => c !== 'ingested_at');

/** An INSERT of the rows into jobs: on PostgreSQL from unnest() arrays, on SQLite as VALUES. */
const insertJobs = (db: Kysely<Database>, rows: readonly NewJobRow[], postgres: boolean) => {
  const insert = db.insertInto('jobs');
  return postgres
    ? insert.columns(JOB_COLUMNS.map(([c]) => c)).expression(unnestRows(JOB_COLUMNS, rows))
    : insert.values(rows.map((r) => inColumnOrder(JOB_COLUMNS, r)));
};

/** The jobs not stored yet, by a plain INSERT. */
const jobsInsert = (db: Kysely<Database>, rows: readonly NewJobRow[]): BulkWrite =>
  bulkWrite({ name: 'jobs.insert', rows, columns: JOB_COLUMNS, statement: (chunk, postgres) => insertJobs(db, chunk, postgres) });

/**
 * Jobs read again (the safety window), by their key. One whose record is unchanged is left as it
 * is (no new row version), so its ingested_at stays the time it was first stored or last changed.
 */
export const jobsUpsert = (db: Kysely<Database>, rows: readonly NewJobRow[]): BulkWrite =>
  bulkWrite({
    name: 'jobs.upsert',
    rows,
    columns: JOB_COLUMNS,
    statement: (chunk, postgres) =>
      insertJobs(db, chunk, postgres).onConflict((oc) =>
        oc
          .columns([...KEY])
          .doUpdateSet((eb) => Object.fromEntries(UPDATED.map((c) => [c, eb.ref(`excluded.${c}`)])))
          .where((eb) => eb.or(COMPARED.map((c) => eb(`jobs.${c}`, 'is distinct from', eb.ref(`excluded.${c}`))))),
      ),
  });

/**
 * Writes a batch's jobs (in the transaction that read `stored`, the batch's jobs already stored,
 * by jobKey): the new ones by a plain INSERT, the others by the upsert. On PostgreSQL the plain
 * insert skips ON CONFLICT's speculative insertion, a fifth of the batch (bench/README.md, run H);
 * and a job that another ingest stored meanwhile fails the batch on the unique key (it is read
 * again next time) instead of being counted twice in the rollups.
 */
export const jobsWrites = (
  db: Kysely<Database>,
  rows: readonly NewJobRow[],
  stored: ReadonlyMap<string, unknown>,
): BulkWrite[] => [
  jobsInsert(
    db,
    rows.filter((r) => !stored.has(jobKey(r))),
  ),
  jobsUpsert(
    db,
    rows.filter((r) => stored.has(jobKey(r))),
  ),
];
