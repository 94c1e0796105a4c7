import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJob, type JobDetail } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Every field of one job; a job that has not finished is re-read at `refreshMs`. */
export const jobQuery = (jobId: string, clusterId: string | undefined, refreshMs?: number) =>
  queryOptions({
    queryKey: ['jobs', 'detail', jobId, clusterId ?? ''],
    queryFn: ({ signal }) => api(getJob, { params: { jobId }, query: { clusterId }, signal }),
    refetchInterval: (q) => (refreshMs && isActive(q.state.data) ? refreshMs : false),
  });

const isActive = (job: JobDetail | undefined) => !!job && job.jobStatus !== 'C';

export const useJob = (jobId: string, clusterId: string | undefined, refreshMs?: number) =>
  useQuery({ ...jobQuery(jobId, clusterId, refreshMs), enabled: jobId !== '' });
