import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput } from '../input.js';
import { ReportDay, UsageFilter } from './reports.js';

/*
 * Job efficiency (issue 13, docs/reports.md "Job efficiency"): how much of what finished jobs
 * asked for they used, by user, over whole days of the report time zone (by job end time), with
 * the scope rules of the usage reports. Only jobs whose accounting measured a figure count for
 * it: a job without CPU time or peak memory is "not measured", never 0 %.
 */

/**
 * What the web says about the figures, in the reader's language (one CPU hint and one memory hint
 * when measured, `value` a whole percentage):
 * cpuBusy — the jobs kept `value` % of their cores busy (at least half);
 * cpuLow — only `value` % (under half): ask for fewer cores, or make the program use them;
 * memoryUsed — the jobs used `value` % of the memory they asked for (a quarter to 90 %);
 * memoryLow — only `value` % (under a quarter): ask for less memory;
 * memoryHigh — `value` % (over 90 %): the jobs risk running out of memory;
 * gpuBusy — the jobs kept `value` % of their GPU cards busy (at least half);
 * gpuLow — only `value` % (under half): ask for fewer cards;
 * notMeasured — `value` jobs had neither a CPU time nor a peak memory from accounting.
 */
export const EFFICIENCY_HINTS = [
  'cpuBusy',
  'cpuLow',
  'memoryUsed',
  'memoryLow',
  'memoryHigh',
  'gpuBusy',
  'gpuLow',
  'notMeasured',
] as const;
export type EfficiencyHintCode = (typeof EFFICIENCY_HINTS)[number];

export const EfficiencyHint = z.object({
  code: z.enum(EFFICIENCY_HINTS),
  /** A whole percentage, or a count of jobs for notMeasured. */
  value: z.number().int().nonnegative(),
});
export type EfficiencyHint = z.infer<typeof EfficiencyHint>;

export const EfficiencyFigures = z.object({
  /** Finished jobs in the range. */
  jobs: z.number().int().nonnegative(),
  /** Jobs with a CPU time and a run time: the CPU efficiency counts these. */
  cpuMeasuredJobs: z.number().int().nonnegative(),
  /** CPU seconds of the measured jobs (each at most its core-seconds). */
  cpuSeconds: z.number().int().nonnegative(),
  /** Cores × run time of the measured jobs. */
  coreSeconds: z.number().int().nonnegative(),
  /** cpuSeconds / coreSeconds (0..1): each job's efficiency weighted by its core-seconds; null: none measured. */
  cpuEfficiency: z.number().nullable(),
  /** Jobs with both a peak memory (MaxRSS) and a memory request. */
  memoryMeasuredJobs: z.number().int().nonnegative(),
  /** Sum of the measured jobs' peak memory, MiB. */
  memoryUsedMB: z.number().int().nonnegative(),
  /** Sum of the measured jobs' requested memory, MiB. */
  memoryRequestedMB: z.number().int().nonnegative(),
  /** memoryUsedMB / memoryRequestedMB; null: none measured. */
  memoryRatio: z.number().nullable(),
  /** Jobs with GPU cards and a GPU utilisation from accounting (Slurm with a GPU accounting plugin). */
  gpuMeasuredJobs: z.number().int().nonnegative(),
  /** Cards × run time of those jobs. */
  cardSeconds: z.number().int().nonnegative(),
  /** Busy card-seconds (utilisation ÷ 100 × run time, at most the cards') ÷ cardSeconds; null: none measured. */
  gpuEfficiency: z.number().nullable(),
  hints: z.array(EfficiencyHint),
});
export type EfficiencyFigures = z.infer<typeof EfficiencyFigures>;

export const EfficiencyRow = EfficiencyFigures.extend({ user: z.string() });
export type EfficiencyRow = z.infer<typeof EfficiencyRow>;

export const EfficiencyQuery = UsageFilter.extend(PagingInput.shape);

export const EfficiencyReport = Page(EfficiencyRow).extend({
  timeZone: z.string(),
  from: ReportDay,
  to: ReportDay,
  /** Every job of the range and scope together. */
  totals: EfficiencyFigures,
});
export type EfficiencyReport = z.infer<typeof EfficiencyReport>;

export const efficiencyReport = defineContract({
  id: 'efficiency.report',
  method: 'GET',
  path: '/jm_report/api/efficiency',
  permission: 'reports:read',
  summary:
    'CPU efficiency and memory used against requested of finished jobs by user over whole days, by job end time, with hints',
  query: EfficiencyQuery,
  data: EfficiencyReport,
});
