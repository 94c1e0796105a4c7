import type { SubmitSpec } from '../types.js';
import { sbatchArgs } from './commands.js';

/*
 * `sbatch --test-only`: Slurm's own word on when a job would start, without submitting it. The argv
 * is the submission's own (sbatchArgs) with --test-only for --parsable; the answer is one line on
 * standard error:
 *
 *   sbatch: Job 123 to start at 2026-11-26T19:30:00 using 4 processors on nodes node01 in partition compute
 *
 * The time is epoch seconds under SLURM_TIME_FORMAT=%s (the adapter's environment), else Slurm's
 * ISO form in the command's time zone (UTC, SLURM_ENV). A job Slurm cannot place exits 1 with
 * "allocation failure: <why>", which checkResult turns into a refusal.
 */

export const sbatchTestOnlyArgs = (bin: string, spec: SubmitSpec): string[] =>
  sbatchArgs(bin, spec).map((a) => (a === '--parsable' ? '--test-only' : a));

const LINE = /Job \d+ to start at (\S+) using \d+ processors on nodes (\S+) in partition \S+/;

/** Epoch seconds, or "YYYY-MM-DDTHH:MM:SS" read as UTC. */
const parseStart = (v: string): number | null => {
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(v);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
};

/** The start time (epoch ms) and node list of sbatch --test-only's answer; null when the text has none. */
export const parseTestOnly = (output: string): { startAt: number | null; nodes: string[] } | null => {
  const m = LINE.exec(output);
  if (!m) return null;
  return { startAt: parseStart(m[1] as string), nodes: [m[2] as string] };
};
