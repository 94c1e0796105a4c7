import { patterns, parseDuration, type JobPreviewQuota } from '@portal/shared';
import type { PreviewJobInput } from '../../api/preview-job';
import type { SubmitValues } from './submit-model';

/** What the estimate asks about, or null while the form cannot say (no queue, no valid numbers or time). */
export const previewBodyOf = (
  v: Partial<SubmitValues>,
  script: string,
  template: string,
  clusterId: string | undefined,
): PreviewJobInput | null => {
  const whole = (n: unknown, min: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min;
  const time = v.timeLimit?.trim() ?? '';
  if (!v.queue || !whole(v.nodes, 1) || !whole(v.cores, 1) || !patterns.duration.test(time) || !parseDuration(time)) return null;
  const name = v.name?.trim() ?? '';
  return {
    // The name and script do not change the estimate much; stand-ins keep it going while they are empty.
    name: patterns.jobName.test(name) ? name : 'estimate',
    queue: v.queue,
    nodes: v.nodes,
    cores: v.cores,
    gpus: whole(v.gpus, 0) ? v.gpus : 0,
    memoryMB: whole(v.memoryMB, 0) ? v.memoryMB : 0,
    timeLimit: time,
    workDir: v.workDir?.trim() || undefined,
    account: v.account?.trim() || undefined,
    script: script.trim() ? script : '#!/bin/bash\n',
    template,
    ...(clusterId ? { clusterId } : {}),
  };
};

/** Core- or card-seconds as hours with two decimals. */
export const hoursText = (seconds: number): string => (seconds / 3600).toFixed(2);

/** The quota line's figures: hours left after the job (never below zero) of the limit. */
export const quotaLine = (q: JobPreviewQuota) => ({
  left: hoursText(Math.max(0, q.leftAfterSeconds)),
  limit: hoursText(q.limitSeconds),
  over: q.leftAfterSeconds < 0,
});

/** Within this of now, a start counts as "now" (the scheduler's clock and the answer's way). */
const NOW_MS = 60_000;

export type StartText =
  { kind: 'unknown' } | { kind: 'now' } | { kind: 'at'; at: number; days: number; hours: number; minutes: number };

/** When the job would start, as the panel words it: now, or the time and how long until then. */
export const startOf = (startAt: number | null, now: number): StartText => {
  if (startAt === null) return { kind: 'unknown' };
  if (startAt - now <= NOW_MS) return { kind: 'now' };
  const total = Math.round((startAt - now) / 60_000);
  return { kind: 'at', at: startAt, days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
};
