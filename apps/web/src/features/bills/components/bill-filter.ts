import type { Dayjs } from 'dayjs';
import { BILL_GROUPS, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type BillGroup, type ReportScope } from '@portal/shared';
import { customRange, isRangeKind, presetRange, type DayRange, type RangeKind } from '../../../components/usage/report-range';
import { scopesFor, type ScopeRights } from '../../../components/usage/report-scopes';
import { filterParams, readFilters, writeFilters, type ReportFilters } from '../../../components/usage/report-filters';

/**
 * What bill detail and statistics show, kept in the address like the usage reports so a page can be
 * linked and reloaded: the same range presets, scopes and cluster, account, queue and user filters.
 */
export interface BillFilterState {
  kind: RangeKind;
  range: DayRange;
  scope: ReportScope;
  /** Cluster, account, queue and user (not under "Mine"). */
  filters: ReportFilters;
  groupBy: BillGroup;
  /** An issued bill's stored lines (detail only); '' for the range. */
  billId: string;
  page: number;
  pageSize: number;
}

export const readBillFilter = (params: URLSearchParams, rights: ScopeRights, today: Dayjs): BillFilterState => {
  const rawKind = params.get('range');
  const kind: RangeKind = isRangeKind(rawKind) ? rawKind : 'month';
  const range = kind === 'custom' ? customRange(params.get('from'), params.get('to'), today) : presetRange(kind, today);
  const scopes = scopesFor(rights);
  const scope = scopes.find((s) => s === params.get('scope')) ?? (rights.all ? 'all' : 'mine');
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const billId = params.get('billId') ?? '';
  return {
    kind,
    range,
    scope,
    filters: readFilters(params, { user: scope !== 'mine' }),
    groupBy: BILL_GROUPS.find((g) => g === params.get('by')) ?? 'month',
    billId: /^\d+$/.test(billId) ? billId : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: PAGE_SIZE_OPTIONS.some((s) => s === size) ? size : DEFAULT_PAGE_SIZE,
  };
};

/** The address of a filter: only what differs from a fresh visit's defaults. */
export const writeBillFilter = (s: BillFilterState): URLSearchParams => {
  const p = new URLSearchParams();
  if (s.billId) p.set('billId', s.billId);
  p.set('range', s.kind);
  if (s.kind === 'custom') {
    p.set('from', s.range.from);
    p.set('to', s.range.to);
  }
  p.set('scope', s.scope);
  writeFilters(p, s.filters);
  if (s.groupBy !== 'month') p.set('by', s.groupBy);
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) p.set('size', String(s.pageSize));
  return p;
};

/** The API's filter query: unset filters are left out. */
export const filterQuery = (s: BillFilterState) => ({
  from: s.range.from,
  to: s.range.to,
  scope: s.scope,
  ...filterParams(s.filters),
});
