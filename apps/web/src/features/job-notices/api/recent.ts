import { jobNoticesRecent } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The caller's jobs that ended and were stored after `since` (the poller keeps its own cursor, not the query cache). */
export const fetchRecentJobNotices = (since: string) => api(jobNoticesRecent, { query: { since } });
