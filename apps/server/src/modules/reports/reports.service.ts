import {
  can,
  REPORT_MAX_DAYS,
  type ReportDimension,
  type ReportInterval,
  type ReportScope,
  type UsageFigures,
  type UsagePoint,
  type UsageRow,
  type UsageSummary,
  type UsageTrend,
} from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import { addDays, dayNumber, daysBetween, dayText, type ZoneDays } from '../../lib/zone-days.js';
import type { OrgPlace } from '../org/index.js';
import { badParameter, readAllRequired } from './report-errors.js';
import { periodOf, periodsOf } from './report-periods.js';
import type { SumColumn, UsageSums, UsageWhere } from './reports.repository.js';

export interface ReportFilter {
  from: string;
  to: string;
  scope: ReportScope;
  clusterId?: string | undefined;
  user?: string | undefined;
  account?: string | undefined;
  queue?: string | undefined;
}

export interface SummaryQuery extends ReportFilter {
  groupBy: ReportDimension;
  sortBy: 'coreSeconds' | 'cardSeconds' | 'jobs' | 'key';
  pageStart: number;
  pageLimit: number;
}

/** Where usage sums come from: the rollups (the repository), or the raw jobs (the reference). */
export type SumsSource = (w: UsageWhere, by: Exclude<SumColumn, 'day'>) => Promise<UsageSums[]>;

/** What reports need of the accounts module. */
export interface ReportAccounts {
  ownedAccountNames(userId: number): Promise<string[]>;
  accountPlaces(): Promise<Map<string, OrgPlace>>;
}

const zero = (): UsageFigures => ({ jobs: 0, coreSeconds: 0, cardSeconds: 0 });
const addTo = (into: UsageFigures, r: UsageFigures) => {
  into.jobs += r.jobs;
  into.coreSeconds += r.coreSeconds;
  into.cardSeconds += r.cardSeconds;
};

/**
 * Groups sums by a report dimension. Company and department come from the account's org unit, so
 * they are summed by account and folded here; a job with no account, or an account without a
 * unit (or unknown to the portal), counts under ''.
 */
export const groupSums = async (
  source: SumsSource,
  w: UsageWhere,
  groupBy: ReportDimension,
  places: () => Promise<Map<string, OrgPlace>>,
): Promise<UsageRow[]> => {
  if (groupBy !== 'company' && groupBy !== 'department') return source(w, groupBy);
  const [byAccount, placeOf] = await Promise.all([source(w, 'account'), places()]);
  const folded = new Map<string, UsageRow>();
  for (const r of byAccount) {
    const key = placeOf.get(r.key)?.[groupBy] ?? '';
    const row = folded.get(key) ?? { key, ...zero() };
    addTo(row, r);
    folded.set(key, row);
  }
  return [...folded.values()];
};

/** Largest first (ties by name), or by name. */
export const sortRows = (rows: UsageRow[], sortBy: SummaryQuery['sortBy']): UsageRow[] =>
  rows.sort((a, b) => {
    const byKey = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return sortBy === 'key' ? byKey : b[sortBy] - a[sortBy] || byKey;
  });

/**
 * Usage reports over whole days of the report zone, from the daily rollups: who may see which
 * jobs (scope), the range's checks, grouping, paging and the trend's periods.
 */
export class ReportsService {
  constructor(
    private readonly sums: (w: UsageWhere, by: SumColumn) => Promise<UsageSums[]>,
    private readonly days: ZoneDays,
    private readonly accounts: ReportAccounts,
  ) {}

  async summary(auth: Auth, q: SummaryQuery): Promise<UsageSummary> {
    const rows = await this.summaryRows(await this.where(auth, q), q.groupBy, q.sortBy);
    const totals = zero();
    for (const r of rows) addTo(totals, r);
    return {
      timeZone: this.days.zone,
      from: q.from,
      to: q.to,
      total: rows.length,
      list: rows.slice(q.pageStart, q.pageStart + q.pageLimit),
      totals,
    };
  }

  async trend(auth: Auth, q: ReportFilter & { interval: ReportInterval }): Promise<UsageTrend> {
    const where = await this.where(auth, q);
    const points = new Map<number, UsagePoint>(
      periodsOf(where.from, where.to, q.interval).map((p) => [p, { period: dayText(p), ...zero() }]),
    );
    for (const r of await this.sums(where, 'day')) {
      const point = points.get(periodOf(Number(r.key), q.interval));
      if (point) addTo(point, r);
    }
    return { timeZone: this.days.zone, from: q.from, to: q.to, points: [...points.values()] };
  }

  /** Every group's sums of the rows, sorted (report files write them all). */
  async summaryRows(
    where: UsageWhere,
    groupBy: ReportDimension,
    sortBy: SummaryQuery['sortBy'] = 'coreSeconds',
  ): Promise<UsageRow[]> {
    return sortRows(await groupSums(this.sums, where, groupBy, () => this.accounts.accountPlaces()), sortBy);
  }

  /** The range checked and the scope turned into limits on the rows (report files keep it to read the same rows later). */
  where(auth: Auth, q: ReportFilter): Promise<UsageWhere> {
    return scopedWhere(auth, q, (userId) => this.accounts.ownedAccountNames(userId));
  }
}

/**
 * A report's range checked and its scope turned into limits on the rows: mine, the accounts the
 * caller owns, or all (with the read-all permission; bills use their own).
 */
export const scopedWhere = async (
  auth: Auth,
  q: ReportFilter,
  ownedAccountNames: (userId: number) => Promise<string[]>,
  readAll: 'reports:readAll' | 'bills:readAll' = 'reports:readAll',
): Promise<UsageWhere> => {
  const from = realDay('from', q.from);
  const to = realDay('to', q.to);
  if (from > to) throw badParameter('to', `The last day (${q.to}) is before the first (${q.from})`);
  if (daysBetween(from, to) > REPORT_MAX_DAYS)
    throw badParameter('to', `A report covers at most ${REPORT_MAX_DAYS} days; this range has ${daysBetween(from, to)}`);
  const filters = { from, to, clusterId: q.clusterId, user: q.user, account: q.account, queue: q.queue };
  if (q.scope === 'mine') return { ...filters, userName: auth.user.userName };
  if (q.scope === 'accounts') return { ...filters, accounts: await ownedAccountNames(auth.user.id) };
  if (!can(auth.user.roleId, readAll)) throw readAllRequired(readAll);
  return filters;
};

/** A day that exists in the calendar (the contract checks only its shape). */
const realDay = (field: string, text: string): number => {
  const day = dayNumber(text);
  if (dayText(addDays(day, 0)) !== text) throw badParameter(field, `${text} is not a day of the calendar`);
  return day;
};
