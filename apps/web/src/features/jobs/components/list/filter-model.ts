import { JOB_STATES, statusNameOf, type ExitStatus, type StatusName } from '@portal/shared';
import { dayRangeToIso, type DayRange } from '../../../../components/time-range/date-range';
import type { JobsFilter } from '../../api/list-jobs';

/** What the filter form holds. */
export interface FilterValues {
  statuses?: StatusName[];
  /** History: how the jobs ended. */
  exitStatuses?: ExitStatus[];
  queue?: string;
  name?: string;
  jobId?: string;
  user?: string;
  range?: DayRange;
}

export type JobsCriteria = Pick<
  JobsFilter,
  'state' | 'exitStatus' | 'queue' | 'name' | 'jobId' | 'user' | 'startTime' | 'endTime'
>;

/** Status names to the API's state letters: queue means Q and W, other means E, C and X. */
export const statesOf = (names: readonly StatusName[]): string | undefined =>
  names.length ? JOB_STATES.filter((s) => names.includes(statusNameOf(s))).join(',') : undefined;

const text = (v: string | undefined) => v?.trim() || undefined;

/** The filter form as list criteria; empty fields are left out. */
export const toCriteria = (v: FilterValues): JobsCriteria => ({
  state: statesOf(v.statuses ?? []),
  exitStatus: v.exitStatuses?.length ? v.exitStatuses.join(',') : undefined,
  queue: v.queue || undefined,
  name: text(v.name),
  jobId: text(v.jobId),
  user: text(v.user),
  ...dayRangeToIso(v.range),
});
