import { CLUSTER_ID_PATTERN } from '@portal/shared';

/**
 * The filters every report and bill call takes besides range and scope (`UsageFilter` of
 * packages/shared): only jobs with exactly this cluster, account, queue or user. Kept in the
 * address (`cluster`, `account`, `queue`, `user`) so a filtered report can be linked and reloaded.
 */
export interface ReportFilters {
  clusterId: string;
  account: string;
  queue: string;
  user: string;
}

export const FILTER_KEYS = ['clusterId', 'account', 'queue', 'user'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const NO_FILTERS: ReportFilters = { clusterId: '', account: '', queue: '', user: '' };

/** The API's limit on account, queue and user (z.string().max(64)). */
export const FILTER_MAX = 64;

const PARAM: Record<FilterKey, string> = { clusterId: 'cluster', account: 'account', queue: 'queue', user: 'user' };

/** A name the API would take: 1 to 64 characters, no spaces (scheduler names have none). */
const NAME = new RegExp(`^\\S{1,${FILTER_MAX}}$`);

/** Why a typed value is not a filter (`tooLong`, `invalid`), or null when it is one ('' is no filter). */
export const filterProblem = (text: string): 'tooLong' | 'invalid' | null => {
  const v = text.trim();
  if (v === '') return null;
  if (v.length > FILTER_MAX) return 'tooLong';
  return NAME.test(v) ? null : 'invalid';
};

const valid = (key: FilterKey, v: string) => (key === 'clusterId' ? CLUSTER_ID_PATTERN.test(v) : filterProblem(v) === null);

/**
 * The filters of an address; a value the API would refuse is dropped, so a hand-edited link shows
 * the report without it instead of an error. `user` only where the page offers it (not under
 * "Mine", where another user's name would silently empty the report).
 */
export const readFilters = (params: URLSearchParams, opts: { user: boolean }): ReportFilters => {
  const read = (key: FilterKey) => {
    const v = params.get(PARAM[key])?.trim() ?? '';
    return v !== '' && valid(key, v) ? v : '';
  };
  return { clusterId: read('clusterId'), account: read('account'), queue: read('queue'), user: opts.user ? read('user') : '' };
};

/** Adds the filters that are set to an address. */
export const writeFilters = (p: URLSearchParams, f: ReportFilters): URLSearchParams => {
  for (const k of FILTER_KEYS) if (f[k]) p.set(PARAM[k], f[k]);
  return p;
};

/** The filters as the API's query: unset ones left out. */
export const filterParams = (f: ReportFilters): Partial<ReportFilters> =>
  Object.fromEntries(FILTER_KEYS.filter((k) => f[k] !== '').map((k) => [k, f[k]]));

export const hasFilters = (f: ReportFilters): boolean => FILTER_KEYS.some((k) => f[k] !== '');
