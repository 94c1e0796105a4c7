import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { bulkWrite, inColumnOrder, runBulkWrites, unnestRows, type BulkWrite, type PgArrayType } from '../../db/bulk-writes.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import { jobKey, type StoredContribution } from './usage-totals.js';

/*
 * usage_daily (migration 0011): per (end day in the report zone, cluster, user, account, queue)
 * the jobs, core- and card-seconds of the finished jobs. Moved by deltas in each ingest's
 * transaction, as usage_totals is; rebuilt from the jobs table when the report zone changes
 * (usage-daily-rebuild.ts).
 */

export interface DailyRow {
  day: number;
  cluster_id: string;
  user_name: string;
  account: string;
  queue: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
}

/** A job as the rollups see it. */
export interface DailyJob {
  cluster_id: string;
  job_id: string;
  submit_at: number;
  user_name: string;
  account: string;
  queue: string;
  end_at: number;
  core_seconds: number;
  card_seconds: number;
}

/** Sums jobs into rows keyed by their end day; `sign` -1 takes a job's old contribution away. */
export class DailySums {
  private readonly rows = new Map<string, DailyRow>();
  constructor(private readonly days: ZoneDays) {}

  add(j: Omit<DailyJob, 'job_id' | 'submit_at'>, sign: 1 | -1 = 1): void {
    const day = this.days.dayOf(Number(j.end_at));
    // Day first (fixed width), so sorted keys lock rows in the primary key's order.
    const k = `${day}\u0000${j.cluster_id}\u0000${j.user_name}\u0000${j.account}\u0000${j.queue}`;
    let r = this.rows.get(k);
    if (!r) {
      r = {
        day,
        cluster_id: j.cluster_id,
        user_name: j.user_name,
        account: j.account,
        queue: j.queue,
        jobs: 0,
        core_seconds: 0,
        card_seconds: 0,
      };
      this.rows.set(k, r);
    }
    r.jobs += sign;
    r.core_seconds += sign * Number(j.core_seconds);
    r.card_seconds += sign * Number(j.card_seconds);
  }

  /** The non-zero rows, sorted by key (concurrent ingests lock rows in the same order). */
  sorted(): DailyRow[] {
    return [...this.rows.entries()]
      .filter(([, d]) => d.jobs !== 0 || d.core_seconds !== 0 || d.card_seconds !== 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, d]) => d);
  }
}

/** A re-read job that counts as before (the common case of the ingest's safety window). */
const unchanged = (old: StoredContribution, row: DailyJob) =>
  Number(old.end_at) === Number(row.end_at) &&
  old.queue === row.queue &&
  old.account === row.account &&
  old.user_name === row.user_name &&
  Number(old.core_seconds) === Number(row.core_seconds) &&
  Number(old.card_seconds) === Number(row.card_seconds);

/**
 * How a batch of one cluster moves usage_daily: a new job adds its contribution on its end day; a
 * job read again takes its stored contribution away and adds the new one, so only what changed
 * moves (nothing, for an unchanged re-read; the whole contribution, to another key, for a corrected
 * end time, queue, account or user).
 */
export const dailyDeltas = (
  days: ZoneDays,
  rows: readonly DailyJob[],
  before: ReadonlyMap<string, StoredContribution>,
): DailyRow[] => {
  const sums = new DailySums(days);
  for (const row of rows) {
    const old = before.get(jobKey(row));
    if (old && unchanged(old, row)) continue;
    if (old) sums.add({ ...old, cluster_id: row.cluster_id }, -1);
    sums.add(row);
  }
  return sums.sorted();
};

/** A row of usage_monthly (migration 0012): usage_daily summed per month of the day key and one dimension. */
export interface MonthlyRow {
  dim: 'user' | 'account' | 'queue';
  month: number;
  cluster_id: string;
  key: string;
  jobs: number;
  core_seconds: number;
  card_seconds: number;
}

const monthlyDims = [
  ['user', 'user_name'],
  ['account', 'account'],
  ['queue', 'queue'],
] as const;

/** Daily rows (or deltas) projected onto their three monthly keys and summed; non-zero rows in key order. */
export const monthlyDeltas = (daily: readonly DailyRow[]): MonthlyRow[] => {
  const rows = new Map<string, MonthlyRow>();
  for (const d of daily) {
    const month = Math.floor(d.day / 100);
    for (const [dim, column] of monthlyDims) {
      // The primary key's order (dim, month, cluster, key); months have a fixed width.
      const k = `${dim}\u0000${month}\u0000${d.cluster_id}\u0000${d[column]}`;
      let r = rows.get(k);
      if (!r) {
        r = { dim, month, cluster_id: d.cluster_id, key: d[column], jobs: 0, core_seconds: 0, card_seconds: 0 };
        rows.set(k, r);
      }
      r.jobs += d.jobs;
      r.core_seconds += d.core_seconds;
      r.card_seconds += d.card_seconds;
    }
  }
  return [...rows.entries()]
    .filter(([, m]) => m.jobs !== 0 || m.core_seconds !== 0 || m.card_seconds !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, m]) => m);
};

const DAILY_COLUMNS = [
  ['day', 'int4'],
  ['cluster_id', 'text'],
  ['user_name', 'text'],
  ['account', 'text'],
  ['queue', 'text'],
  ['jobs', 'int8'],
  ['core_seconds', 'int8'],
  ['card_seconds', 'int8'],
] as const satisfies readonly (readonly [keyof DailyRow, PgArrayType])[];

const MONTHLY_COLUMNS = [
  ['dim', 'text'],
  ['month', 'int4'],
  ['cluster_id', 'text'],
  ['key', 'text'],
  ['jobs', 'int8'],
  ['core_seconds', 'int8'],
  ['card_seconds', 'int8'],
] as const satisfies readonly (readonly [keyof MonthlyRow, PgArrayType])[];

/** Adds the rows to usage_daily, and their monthly projections to usage_monthly (a row is created on first use). */
export const dailyWrites = (db: Kysely<Database>, deltas: readonly DailyRow[]): BulkWrite[] => [
  bulkWrite({
    name: 'usage_daily.add',
    rows: deltas,
    columns: DAILY_COLUMNS,
    statement: (chunk, postgres) => {
      const insert = db.insertInto('usage_daily');
      return (
        postgres
          ? insert.columns(DAILY_COLUMNS.map(([c]) => c)).expression(unnestRows(DAILY_COLUMNS, chunk))
          : insert.values(chunk.map((r) => inColumnOrder(DAILY_COLUMNS, r)))
      ).onConflict((oc) =>
        oc.columns(['day', 'cluster_id', 'user_name', 'account', 'queue']).doUpdateSet((eb) => ({
          jobs: eb('usage_daily.jobs', '+', eb.ref('excluded.jobs')),
          core_seconds: eb('usage_daily.core_seconds', '+', eb.ref('excluded.core_seconds')),
          card_seconds: eb('usage_daily.card_seconds', '+', eb.ref('excluded.card_seconds')),
        })),
      );
    },
  }),
  bulkWrite({
    name: 'usage_monthly.add',
    rows: monthlyDeltas(deltas),
    columns: MONTHLY_COLUMNS,
    statement: (chunk, postgres) => {
      const insert = db.insertInto('usage_monthly');
      return (
        postgres
          ? insert.columns(MONTHLY_COLUMNS.map(([c]) => c)).expression(unnestRows(MONTHLY_COLUMNS, chunk))
          : insert.values(chunk.map((r) => inColumnOrder(MONTHLY_COLUMNS, r)))
      ).onConflict((oc) =>
        oc.columns(['dim', 'month', 'cluster_id', 'key']).doUpdateSet((eb) => ({
          jobs: eb('usage_monthly.jobs', '+', eb.ref('excluded.jobs')),
          core_seconds: eb('usage_monthly.core_seconds', '+', eb.ref('excluded.core_seconds')),
          card_seconds: eb('usage_monthly.card_seconds', '+', eb.ref('excluded.card_seconds')),
        })),
      );
    },
  }),
];

/** Adds the rows to usage_daily and usage_monthly now (in the caller's transaction). */
export const applyDailyDeltas = (db: Kysely<Database>, deltas: readonly DailyRow[]): Promise<void> =>
  runBulkWrites(db, dailyWrites(db, deltas));
