import { sql, type Kysely } from 'kysely';
import type { Database, NewJobRow } from '../../db/types.js';
import {
  bulkWrite,
  inColumnOrder,
  isPostgres,
  PG_CHUNK,
  runBulkWrites,
  unnestRows,
  type BulkWrite,
  type PgArrayType,
} from '../../db/bulk-writes.js';

/*
 * usage_totals (migration 0010): core- and card-seconds of the finished jobs per (account, user),
 * kept in step with the jobs table inside each ingest's transaction, so a quota's "used" is one
 * indexed read however long the history is.
 */

/** What one job row contributes to the totals. */
export interface Contribution {
  account: string;
  user_name: string;
  core_seconds: number;
  card_seconds: number;
}

export interface UsageDelta extends Contribution {
  jobs: number;
}

const keyOf = (c: { account: string; user_name: string }) => `${c.account}\u0000${c.user_name}`;

/**
 * How a batch moves the totals: each new job adds its contribution; a job read again adds only
 * what changed (its seconds were corrected, or it moved to another account or user). Zero moves
 * are left out; the result is sorted, so concurrent ingests lock the rows in the same order.
 */
export const usageDeltas = (rows: readonly NewJobRow[], before: ReadonlyMap<string, Contribution>): UsageDelta[] => {
  const deltas = new Map<string, UsageDelta>();
  const move = (c: Contribution, sign: 1 | -1, jobs: number) => {
    const k = keyOf(c);
    const d = deltas.get(k) ?? { account: c.account, user_name: c.user_name, core_seconds: 0, card_seconds: 0, jobs: 0 };
    d.core_seconds += sign * Number(c.core_seconds);
    d.card_seconds += sign * Number(c.card_seconds);
    d.jobs += sign * jobs;
    deltas.set(k, d);
  };
  for (const row of rows) {
    const old = before.get(jobKey(row));
    if (old) move(old, -1, 1);
    move(row, 1, 1);
  }
  return [...deltas.entries()]
    .filter(([, d]) => d.core_seconds !== 0 || d.card_seconds !== 0 || d.jobs !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
};

/** A job's identity in the jobs table (its unique key within a cluster). */
export const jobKey = (j: { job_id: string; submit_at: number }) => `${j.job_id}\u0000${Number(j.submit_at)}`;

/** What a stored job contributes to usage_totals and usage_daily. */
export interface StoredContribution extends Contribution {
  queue: string;
  end_at: number;
}

/** The stored contributions of these jobs of one cluster (those already ingested), by jobKey. */
export const storedContributions = async (
  db: Kysely<Database>,
  clusterId: string,
  jobIds: readonly string[],
): Promise<Map<string, StoredContribution>> => {
  const found = new Map<string, StoredContribution>();
  const ids = [...new Set(jobIds)];
  // PostgreSQL: the batch's ids as one array parameter (up to PG_CHUNK a query).
  const postgres = isPostgres(db);
  const size = postgres ? PG_CHUNK : 500;
  for (let i = 0; i < ids.length; i += size) {
    const chunk = ids.slice(i, i + size);
    const rows = await db
      .selectFrom('jobs')
      .select(['job_id', 'submit_at', 'account', 'user_name', 'queue', 'end_at', 'core_seconds', 'card_seconds'])
      .where('cluster_id', '=', clusterId)
      .where((eb) => (postgres ? eb('job_id', '=', sql<string>`any(${chunk}::text[])`) : eb('job_id', 'in', chunk)))
      .execute();
    for (const r of rows) found.set(jobKey(r), r);
  }
  return found;
};

const TOTALS_COLUMNS = [
  ['account', 'text'],
  ['user_name', 'text'],
  ['core_seconds', 'int8'],
  ['card_seconds', 'int8'],
  ['jobs', 'int8'],
] as const satisfies readonly (readonly [keyof UsageDelta, PgArrayType])[];

/** Adds the deltas to the totals (a row is created on first use). */
export const usageTotalsWrite = (db: Kysely<Database>, deltas: readonly UsageDelta[]): BulkWrite =>
  bulkWrite({
    name: 'usage_totals.add',
    rows: deltas,
    columns: TOTALS_COLUMNS,
    statement: (chunk, postgres) => {
      const insert = db.insertInto('usage_totals');
      return (
        postgres
          ? insert.columns(TOTALS_COLUMNS.map(([c]) => c)).expression(unnestRows(TOTALS_COLUMNS, chunk))
          : insert.values(chunk.map((r) => inColumnOrder(TOTALS_COLUMNS, r)))
      ).onConflict((oc) =>
        oc.columns(['account', 'user_name']).doUpdateSet((eb) => ({
          core_seconds: eb('usage_totals.core_seconds', '+', eb.ref('excluded.core_seconds')),
          card_seconds: eb('usage_totals.card_seconds', '+', eb.ref('excluded.card_seconds')),
          jobs: eb('usage_totals.jobs', '+', eb.ref('excluded.jobs')),
        })),
      );
    },
  });

/** Adds the deltas to the totals now (in the caller's transaction). */
export const applyUsageDeltas = (db: Kysely<Database>, deltas: readonly UsageDelta[]): Promise<void> =>
  runBulkWrites(db, [usageTotalsWrite(db, deltas)]);
