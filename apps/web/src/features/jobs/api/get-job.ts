import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJob, type JobDetail } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { isTransient, TRANSIENT_REFRESH_MS } from './list-jobs';

/** Every field of one job; a job that has not finished is re-read at `refreshMs`. */
export const jobQuery = (jobId: string, clusterId: string | undefined, refreshMs?: number) =>
  queryOptions({
    queryKey: ['jobs', 'detail', jobId, clusterId ?? ''],
    queryFn: ({ signal }) => api(getJob, { params: { jobId }, query: { clusterId }, signal }),
    refetchInterval: (q) => {
      const job = q.state.data;
      if (!refreshMs || !isActive(job)) return false;
      return isTransient(job.jobStatus) ? TRANSIENT_REFRESH_MS : refreshMs;
    },
  });

const isActive = (job: JobDetail | undefined): job is JobDetail => !!job && job.jobStatus !== 'C';

export const useJob = (jobId: string, clusterId: string | undefined, refreshMs?: number) =>
  useQuery({ ...jobQuery(jobId, clusterId, refreshMs), enabled: jobId !== '' });
