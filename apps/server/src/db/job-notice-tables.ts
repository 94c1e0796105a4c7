import type { Selectable } from 'kysely';

/* Job-end notices (migration 0025); db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

export interface JobNoticeSubscriptionsTable {
  user_name: string;
  /** 0 | 1 */
  mail: number;
  /** 0 | 1 */
  toast: number;
  /** JSON array of completed | failed | timeout | cancelled. */
  states: string;
  updated_at: number;
}
export type JobNoticeSubscriptionRow = Selectable<JobNoticeSubscriptionsTable>;
