import { formatDuration, type JobNoticeState } from '@portal/shared';
import type { NewJobRow } from '../../db/types.js';

/* The mail of one job's end, in English (the outbox row's subject and plain text). */

const PHRASE: Record<JobNoticeState, string> = {
  completed: 'completed',
  failed: 'failed',
  timeout: 'reached its time limit',
  cancelled: 'was cancelled',
};

const time = (ms: number | null) => (ms === null || ms <= 0 ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));

/** The exit code alone of the scheduler's "code:signal". */
export const exitCodeOnly = (exitCode: string): string => exitCode.split(':')[0] ?? exitCode;

export const jobEndMail = (job: NewJobRow, state: JobNoticeState): { subject: string; content: string } => {
  const exit = exitCodeOnly(job.exit_code);
  return {
    // The subject column holds 255 characters; a job name may be long.
    subject: `Job ${job.job_id} ${job.name} ${PHRASE[state]} (exit ${exit})`.slice(0, 255),
    content: [
      `Your job ${job.job_id} on cluster ${job.cluster_id} ${PHRASE[state]}.`,
      '',
      `Job ID:     ${job.job_id}`,
      `Name:       ${job.name}`,
      `Cluster:    ${job.cluster_id}`,
      `Queue:      ${job.queue}`,
      `State:      ${job.scheduler_state}`,
      `Exit code:  ${job.exit_code}`,
      `Started:    ${time(job.start_at ?? null)}`,
      `Ended:      ${time(job.end_at)}`,
      `Elapsed:    ${formatDuration(job.elapsed_s)}`,
      `Directory:  ${job.work_dir}`,
      '',
      'You receive this mail because you subscribed to notices of your jobs in the HPC Portal',
      '(Job notices, in your personal settings), where you can also stop them.',
      '',
    ].join('\n'),
  };
};
