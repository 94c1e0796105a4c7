import { toHms, type JobDetail, type JobTemplate, type Queue } from '@portal/shared';
import type { SubmitValues } from './submit-model';

/** A job's parameters as the submission form takes them ("resubmit / copy job"). */
export interface JobCopy {
  sourceJobId: string;
  clusterId: string;
  templateId: string;
  values: Partial<SubmitValues>;
  /** The job's script, or null when the job detail does not hold it (the template's script is used). */
  script: string | null;
  /** Form fields the job does not tell, left at the template's defaults. */
  missing: (keyof SubmitValues | 'script')[];
}

const positive = (...candidates: (number | null | undefined)[]) => candidates.find((n) => typeof n === 'number' && n > 0);

/**
 * The form values of a job: what the job detail answers, each field only when it is known (a
 * history job may lack its script or limits); the rest stays at the template's defaults.
 */
export const copyOfJob = (job: JobDetail, templates: JobTemplate[], queues: Queue[]): JobCopy => {
  // What the portal recorded at submission is exact; the scheduler's view fills in for other jobs.
  const sub = job.submission;
  const templateId = sub?.template ?? job.appType;
  const template = templates.find((t) => t.id === templateId) ?? templates.find((t) => t.id === 'BASE') ?? templates[0];
  const values: Partial<SubmitValues> = { name: job.name };
  const missing: JobCopy['missing'] = [];
  const queueName = sub?.queue ?? job.queue;
  if (queues.some((q) => q.name === queueName)) values.queue = queueName;
  else missing.push('queue');
  const nodes = positive(sub?.nodes, job.nodesApplied, job.nodeNum);
  const cores = positive(sub?.cores, job.cpusApplied, job.coreNum);
  if (nodes) values.nodes = nodes;
  else missing.push('nodes');
  if (cores) values.cores = cores;
  else missing.push('cores');
  values.gpus = Math.max(sub?.gpus ?? job.gpusApplied, 0);
  const memory = sub ? sub.memoryMB : job.memoryAppliedMB;
  values.memoryMB = memory && memory > 0 ? Math.round(memory) : 0;
  const limit = positive(sub?.timeLimit, job.timeLimit);
  if (limit) values.timeLimit = toHms(limit);
  else missing.push('timeLimit');
  const workDir = sub?.workDir || job.workDir;
  if (workDir) values.workDir = workDir;
  else missing.push('workDir');
  const account = sub?.account ?? job.account;
  if (account) values.account = account;
  const script = job.script?.trim() ? job.script : null;
  if (!script) missing.push('script');
  return { sourceJobId: job.jobId, clusterId: job.clusterId, templateId: template?.id ?? 'BASE', values, script, missing };
};
