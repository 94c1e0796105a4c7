import dayjs from 'dayjs';
import { parseDuration, toHms, type JobTemplate, type Queue } from '@portal/shared';
import type { SubmitJobInput } from '../../api/submit-job';
import type { PlaceholderValues } from './template-fill';

/** What the submission form holds; `fields` are the template's own fields by name. */
export interface SubmitValues {
  name: string;
  queue: string;
  account?: string;
  workDir: string;
  nodes: number;
  cores: number;
  gpus: number;
  memoryMB: number;
  timeLimit: string;
  fields: Record<string, string>;
}

export type TimeLimitProblem = 'timeLimit.required' | 'timeLimit.format' | 'timeLimit.zero' | 'timeLimit.exceeds';

/** hh:mm:ss, more than zero, not above the queue's maximum (null = unlimited). */
export const checkTimeLimit = (text: string | undefined, queueMax: number | null | undefined): TimeLimitProblem | null => {
  if (!text?.trim()) return 'timeLimit.required';
  const seconds = parseDuration(text);
  if (seconds === null) return 'timeLimit.format';
  if (seconds === 0) return 'timeLimit.zero';
  if (queueMax != null && seconds > queueMax) return 'timeLimit.exceeds';
  return null;
};

/**
 * Cores against nodes: every node runs at least one task (the server and Slurm refuse fewer cores
 * than nodes). Answers the number of nodes when the cores are too few, else null.
 */
export const checkCores = (nodes: number | null | undefined, cores: number | null | undefined): { nodes: number } | null =>
  typeof nodes === 'number' && typeof cores === 'number' && cores < nodes ? { nodes } : null;

/** The queue a template starts with: its own default, else the cluster's default, else the first. */
export const startQueue = (template: JobTemplate, queues: Queue[]): Queue | undefined =>
  queues.find((q) => q.name === template.defaults.queue) ?? queues.find((q) => q.isDefault) ?? queues[0];

/**
 * The queues the job's account may use (a user without accounts: those open to all), as the
 * server and the scheduler refuse the others.
 */
export const queuesFor = (queues: Queue[], hasAccounts: boolean, account: string | undefined): Queue[] =>
  queues.filter((q) => q.allowAccounts === 'ALL' || (hasAccounts && !!account && q.allowAccounts.includes(account)));

/** The form as a template sets it up (the work directory and account are kept). */
export const templateDefaults = (template: JobTemplate, queues: Queue[]): Omit<SubmitValues, 'workDir' | 'account'> => {
  const queue = startQueue(template, queues);
  const d = template.defaults;
  return {
    name: `${template.id.toLowerCase()}_${dayjs().format('YYYYMMDD_HHmmss')}`,
    queue: queue?.name ?? '',
    nodes: d.nodes ?? 1,
    cores: d.cores ?? 1,
    gpus: d.gpus ?? 0,
    memoryMB: d.memoryMB ?? 0,
    timeLimit: d.timeLimit ?? toHms(queue?.defaultTime ?? 3600),
    fields: Object.fromEntries(template.fields.map((f) => [f.name, f.default])),
  };
};

/** The values placeholders can use: the form's own fields and the template's fields. */
export const placeholderValues = (v: Partial<SubmitValues>): PlaceholderValues => {
  const { fields, ...form } = v;
  return { ...form, ...fields };
};

/** The request: the form's values, the script as it stands and the template it came from. */
export const toSubmitBody = (v: SubmitValues, script: string, template: string): SubmitJobInput => ({
  name: v.name.trim(),
  queue: v.queue,
  nodes: v.nodes,
  cores: v.cores,
  gpus: v.gpus,
  memoryMB: v.memoryMB,
  timeLimit: v.timeLimit.trim(),
  workDir: v.workDir.trim(),
  account: v.account?.trim() || undefined,
  script,
  template,
});
