import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateCode, type ExitStatus, type JobListItem, type JobState } from '@portal/shared';

/*
 * The overview shows jobs with the jobs pages' own words (the `jobs` namespace's state and exit
 * status labels), so a state reads the same here as in the job lists.
 */

export const StateLabel = ({ state }: { state: JobState }) => {
  const { t } = useTranslation('jobs');
  return <Tag className={`job-state ${stateCode(state)}`}>{t(`state.${state}`)}</Tag>;
};

export const ExitLabel = ({ status }: { status: ExitStatus | null }) => {
  const { t } = useTranslation('jobs');
  if (!status) return <span>-</span>;
  const color = status === 'complete' ? 'green' : status === 'fail' || status === 'nodeAbnormal' ? 'red' : 'default';
  return <Tag color={color}>{t(`exitStatus.${status}`)}</Tag>;
};

const jobQuery = (job: Pick<JobListItem, 'jobId' | 'clusterId'>) =>
  new URLSearchParams({ jobId: job.jobId, ...(job.clusterId ? { clusterId: job.clusterId } : {}) }).toString();

/** The job pages' routes (spec section 2), the current one with its trailing slash. */
export const currentJobPath = (job: Pick<JobListItem, 'jobId' | 'clusterId'>) =>
  `/my-job/current-job/jobDetails/?${jobQuery(job)}`;
export const finishedJobPath = (job: Pick<JobListItem, 'jobId' | 'clusterId'>) =>
  `/my-job/history-job/historyDetails?${jobQuery(job)}`;
