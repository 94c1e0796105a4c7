/*
 * The server's side of bench/reports, called as the server calls it: the rollups recounted from the
 * jobs table (what a server does at start when the report zone changed), the year's report from
 * usage_daily (ReportsRepository.sums) and the raw-jobs reference it must equal (referenceSums).
 */
import type { DbHandle } from '../../apps/server/src/db/database.js';
import { zoneDays } from '../../apps/server/src/lib/zone-days.js';
import { rebuildDailyRollups } from '../../apps/server/src/modules/jobs/usage-daily-rebuild.js';
import { ReportsRepository, type UsageSums } from '../../apps/server/src/modules/reports/reports.repository.js';
import { referenceSums } from '../../apps/server/src/modules/reports/usage-reference.js';

export type Dimension = 'user' | 'queue' | 'account';
export const DIMENSIONS: Dimension[] = ['user', 'queue', 'account'];

const yearWhere = (year: number) => ({ from: year * 10000 + 101, to: year * 10000 + 1231 });

export const rebuildRollups = async (h: DbHandle, zone: string): Promise<{ jobs: number; rows: number }> =>
  rebuildDailyRollups(h.db, h.dialect, zoneDays(zone), Date.now());

export const rollupReport = (h: DbHandle, by: Dimension, year: number): Promise<UsageSums[]> =>
  new ReportsRepository(h.db).sums(yearWhere(year), by);

export const rawReport = (h: DbHandle, zone: string, by: Dimension, year: number): Promise<UsageSums[]> =>
  referenceSums(h.db, zoneDays(zone), yearWhere(year), by);

/** Differences between two reports, at most `max` of them described. */
export const differences = (a: UsageSums[], b: UsageSums[], max = 5): string[] => {
  const ma = new Map(a.map((r) => [r.key, r]));
  const mb = new Map(b.map((r) => [r.key, r]));
  const out: string[] = [];
  for (const key of new Set([...ma.keys(), ...mb.keys()])) {
    const x = ma.get(key);
    const y = mb.get(key);
    if (!x || !y || x.jobs !== y.jobs || x.coreSeconds !== y.coreSeconds || x.cardSeconds !== y.cardSeconds)
      out.push(`${key}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
    if (out.length >= max) break;
  }
  return out;
};
