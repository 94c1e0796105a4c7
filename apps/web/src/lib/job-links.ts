import type { JobListItem } from '@portal/shared';

type JobRef = Pick<JobListItem, 'jobId'> & { clusterId?: string };

const query = (job: JobRef) =>
  new URLSearchParams({ jobId: job.jobId, ...(job.clusterId ? { clusterId: job.clusterId } : {}) }).toString();

/** Details of a job that has not finished (spec route, with its trailing slash). */
export const currentDetailsPath = (job: JobRef) => `/my-job/current-job/jobDetails/?${query(job)}`;

export const historyDetailsPath = (job: JobRef) => `/my-job/history-job/historyDetails?${query(job)}`;
