import type { Dayjs } from 'dayjs';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  type ReportDimension,
  type ReportInterval,
  type ReportScope,
} from '@portal/shared';
import { scopesFor, type ScopeRights } from '../../../components/usage/report-scopes';
import {
  customRange,
  defaultInterval,
  isRangeKind,
  presetRange,
  type DayRange,
  type RangeKind,
} from '../../../components/usage/report-range';
import { readFilters, writeFilters, type ReportFilters } from '../../../components/usage/report-filters';

/** What a report shows; all of it lives in the address so a report can be linked and reloaded. */
export interface ReportState {
  kind: RangeKind;
  range: DayRange;
  scope: ReportScope;
  /** Cluster, account, queue and user (not under "Mine"). */
  filters: ReportFilters;
  dimension: ReportDimension;
  interval: ReportInterval;
  sortBy: UsageSort;
  page: number;
  pageSize: number;
}

export const USAGE_SORTS = ['coreSeconds', 'cardSeconds', 'jobs'] as const;
export type UsageSort = (typeof USAGE_SORTS)[number];

/**
 * The table's dimensions per scope: one's own jobs have a single user (and their company and
 * department), so "Mine" groups by account, queue and cluster only.
 */
export const dimensionsFor = (scope: ReportScope): ReportDimension[] => {
  if (scope === 'mine') return ['account', 'queue', 'cluster'];
  if (scope === 'accounts') return ['user', 'account', 'queue', 'cluster'];
  return ['user', 'account', 'queue', 'cluster', 'company', 'department'];
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.find((a) => a === value) ?? fallback;

/** The report an address asks for, with anything missing, unknown or not allowed replaced by its default. */
export const readReportState = (params: URLSearchParams, rights: ScopeRights, today: Dayjs): ReportState => {
  const rawKind = params.get('range');
  const kind: RangeKind = isRangeKind(rawKind) ? rawKind : 'month';
  const range = kind === 'custom' ? customRange(params.get('from'), params.get('to'), today) : presetRange(kind, today);
  const scopes = scopesFor(rights);
  const scope = pick(params.get('scope'), scopes, rights.all ? 'all' : 'mine');
  const dimensions = dimensionsFor(scope);
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  return {
    kind,
    range,
    scope,
    filters: readFilters(params, { user: scope !== 'mine' }),
    dimension: pick(params.get('by'), dimensions, dimensions[0] ?? 'account'),
    interval: pick(params.get('interval'), ['day', 'week', 'month'] as const, defaultInterval(range)),
    sortBy: pick(params.get('sort'), USAGE_SORTS, 'coreSeconds'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZE_OPTIONS.some((s) => s === size) ? size : DEFAULT_PAGE_SIZE,
  };
};

/**
 * The address of a report: only what differs from the defaults a fresh visit would get, so a
 * shared link stays short. A custom range keeps its days; presets are recomputed on each visit.
 */
export const writeReportState = (s: ReportState): URLSearchParams => {
  const p = new URLSearchParams();
  p.set('range', s.kind);
  if (s.kind === 'custom') {
    p.set('from', s.range.from);
    p.set('to', s.range.to);
  }
  p.set('scope', s.scope);
  writeFilters(p, s.filters);
  p.set('by', s.dimension);
  if (s.interval !== defaultInterval(s.range)) p.set('interval', s.interval);
  if (s.sortBy !== 'coreSeconds') p.set('sort', s.sortBy);
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) p.set('size', String(s.pageSize));
  return p;
};
