// Over 300 lines on purpose: every endpoint of the jobs area, one file (docs/architecture.md, "One word
// per area"); the submission form's schemas sit beside the contract that uses them.
import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { commaListPattern, PagingInput, zInt, zList, zOptionalText } from '../input.js';
import { EXIT_STATUSES, JOB_ACTIONS, JOB_STATES } from '../jobs.js';
import { patterns } from '../validation.js';
import { OptionalClusterId, Timestamp } from './common.js';

export const JobStateSchema = z.enum(JOB_STATES);
export const ExitStatusSchema = z.enum(EXIT_STATUSES);
export const JobActionSchema = z.enum(JOB_ACTIONS);

/** A job in a list (spec section 3, "Job list item", plus what the tables show). */
export const JobListItem = z.object({
  clusterId: z.string(),
  jobId: z.string(),
  name: z.string(),
  userName: z.string(),
  account: z.string(),
  queue: z.string(),
  /** Q R E C H S W X */
  jobStatus: JobStateSchema,
  /** The scheduler's own state word (RUNNING, PENDING, ...). */
  schedulerState: z.string(),
  /** Why a job waits, as the scheduler says it. */
  reason: z.string(),
  coreNum: z.number().int(),
  gpuNum: z.number().int(),
  nodeNum: z.number().int(),
  /** Execution hosts (node list). */
  nodeName: z.string(),
  priority: z.number(),
  submitTime: Timestamp.nullable(),
  startTime: Timestamp.nullable(),
  endTime: Timestamp.nullable(),
  /** Seconds run so far (finished: elapsed). */
  runtime: z.number().int(),
  /** Seconds; null = unlimited. */
  timeLimit: z.number().int().nullable(),
  workDir: z.string(),
  /** Finished jobs only. */
  exitStatus: ExitStatusSchema.nullable(),
  exitCode: z.string().nullable(),
  /** Cores × seconds run (finished: from accounting). Core-hours for display derive from it. */
  coreSeconds: z.number().int(),
});
export type JobListItem = z.infer<typeof JobListItem>;

const nullableSeconds = z.number().int().nullable();

/** What the portal's submission recorded for a job; null for jobs submitted elsewhere (sbatch). */
export const JobSubmission = z.object({
  /** The application template the form was filled from (BASE, VASP, ...); null when none was named. */
  template: z.string().nullable(),
  queue: z.string(),
  nodes: z.number().int(),
  /** Cores (tasks) in total. */
  cores: z.number().int(),
  gpus: z.number().int(),
  /** Per node; 0 = the queue's default. */
  memoryMB: z.number().int(),
  /** The time limit asked for, in seconds. */
  timeLimit: z.number().int(),
  workDir: z.string(),
  account: z.string().nullable(),
  submittedAt: Timestamp,
});
export type JobSubmission = z.infer<typeof JobSubmission>;

/** Every field of spec section 3 "Job"; the history fields are filled for finished jobs. */
export const JobDetail = JobListItem.extend({
  clusterName: z.string(),
  /** The application template recorded at submission; '' when the job was not submitted through the portal. */
  appType: z.string(),
  submission: JobSubmission.nullable(),
  expectedStartTime: Timestamp.nullable(),
  /** The queue's maximum run time in seconds (null = unlimited). */
  maxRunTime: nullableSeconds,
  cpusApplied: z.number().int(),
  cpusOccupied: z.number().int(),
  gpusApplied: z.number().int(),
  gpusOccupied: z.number().int(),
  dcusApplied: z.number().int(),
  dcusOccupied: z.number().int(),
  memoryAppliedMB: z.number().nullable(),
  memoryUsedMB: z.number().nullable(),
  physicalMemoryMB: z.number().nullable(),
  virtualMemoryMB: z.number().nullable(),
  nodesApplied: z.number().int(),
  nodesOccupied: z.number().int(),
  execHosts: z.string(),
  stdoutPath: z.string(),
  stderrPath: z.string(),
  script: z.string().nullable(),
  submitParams: z.string(),
  command: z.string(),
  restartCount: z.number().int(),
  // History fields.
  userGroup: z.string(),
  enqueueTime: Timestamp.nullable(),
  expectedRunTime: nullableSeconds,
  waitTime: nullableSeconds,
  responseTime: nullableSeconds,
  actualRunTime: nullableSeconds,
  exclusive: z.boolean(),
  cpuTime: nullableSeconds,
  /** CPU time / (CPUs × run time), 0..1. */
  cpuEfficiency: z.number().nullable(),
  /** Peak memory used / memory applied (may exceed 1 when a job overran its request); null: not measured. */
  memoryEfficiency: z.number().nullable(),
  cardSeconds: z.number().int(),
  cpuHours: z.number(),
  gpuHours: z.number(),
  dcuHours: z.number(),
  /** What the signed-in user may do to this job now. */
  actions: z.array(JobActionSchema),
  /** Seconds the time limit can still grow (queue maximum minus limit); 0 = cannot extend. */
  extendableSeconds: nullableSeconds,
});
export type JobDetail = z.infer<typeof JobDetail>;

const isoFilter = zOptionalText(z.iso.datetime({ offset: true }));

export const JobsQuery = PagingInput.extend({
  scope: z.enum(['current', 'history']).optional().default('current'),
  clusterId: OptionalClusterId,
  user: zOptionalText(z.string().max(64)),
  state: zOptionalText(z.string().regex(commaListPattern(JOB_STATES))),
  /** History: how jobs ended, comma-separated (complete, fail, timeout, nodeAbnormal, delete, reenterQueue). */
  exitStatus: zOptionalText(z.string().regex(commaListPattern(EXIT_STATUSES))),
  queue: zOptionalText(z.string().max(64)),
  name: zOptionalText(z.string().max(128)),
  jobId: zOptionalText(z.string().max(32)),
  /** Submitted (current) or ended (history) at or after. */
  startTime: isoFilter,
  endTime: isoFilter,
  sort: z
    .enum([
      'jobId',
      'name',
      'userName',
      'queue',
      'jobStatus',
      'submitTime',
      'startTime',
      'endTime',
      'runtime',
      'coreNum',
      'priority',
    ])
    .optional(),
  order: z.enum(['asc', 'desc']).optional().default('desc'),
}).refine((q) => !q.startTime || !q.endTime || Date.parse(q.startTime) <= Date.parse(q.endTime), {
  message: 'start cannot be later than end',
  path: ['startTime'],
});

export const JobsPage = Page(JobListItem).extend({
  /** When the scheduler snapshot behind a current list was taken. */
  snapshotAt: Timestamp.nullable(),
});

export const listJobs = defineContract({
  id: 'jobs.list',
  method: 'GET',
  path: '/jm_jobmanagement/api/jobs',
  permission: 'jobs:read',
  summary: 'Current jobs (from the shared scheduler snapshot) or history jobs (from accounting), filtered, sorted and paged',
  query: JobsQuery,
  data: JobsPage,
});

const durationText = z.string().regex(patterns.duration);

export const SubmitJobBody = z.object({
  clusterId: OptionalClusterId,
  name: z.string().regex(patterns.jobName),
  /** Omitted: the cluster's default queue, as `sbatch` without `-p`. */
  queue: zOptionalText(z.string().max(64)),
  nodes: zInt().pipe(z.number().int().min(1).max(10000)),
  /** Cores (tasks) in total. */
  cores: zInt().pipe(z.number().int().min(1).max(1_000_000)),
  gpus: zInt().pipe(z.number().int().min(0).max(100_000)).optional().default(0),
  memoryMB: zInt().pipe(z.number().int().min(0).max(100_000_000)).optional().default(0),
  /** hh:mm:ss */
  timeLimit: durationText,
  /** Absolute, or relative to the user's home; omitted: the home, as `sbatch` run there. */
  workDir: zOptionalText(
    z
      .string()
      .max(4096)
      .regex(/^[^\0]+$/),
  ),
  script: z.string().min(1).max(1_000_000),
  account: zOptionalText(z.string().max(64)),
  /** The application template the form was filled from (BASE by default). */
  template: zOptionalText(z.string().max(64)),
});
export type SubmitJobBody = z.input<typeof SubmitJobBody>;

export const submitJob = defineContract({
  id: 'jobs.submit',
  method: 'POST',
  path: '/jm_jobmanagement/api/jobs',
  permission: 'jobs:submit',
  summary: 'Submit a batch job as the signed-in user',
  body: SubmitJobBody,
  data: z.object({ jobId: z.string() }),
});

export const JobIdParams = z.object({
  jobId: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[0-9A-Za-z_.+-]+$/),
});
export const ClusterQuery = z.object({ clusterId: OptionalClusterId });

export const getJob = defineContract({
  id: 'jobs.detail',
  method: 'GET',
  path: '/jm_jobmanagement/api/jobs/:jobId',
  permission: 'jobs:read',
  summary: 'Every field of a job (history fields for finished jobs)',
  params: JobIdParams,
  query: ClusterQuery,
  data: JobDetail,
});

/** Body of an action: priority needs `priority`, extend `hours` and/or `minutes`. */
export const JobActionBody = z.object({
  clusterId: OptionalClusterId,
  priority: zInt().pipe(z.number().int().min(0)).optional(),
  hours: zInt().pipe(z.number().int().min(0)).optional(),
  minutes: zInt().pipe(z.number().int().min(0)).optional(),
});

export const jobAction = defineContract({
  id: 'jobs.action',
  method: 'POST',
  path: '/jm_jobmanagement/api/jobs/:jobId/:action',
  permission: 'jobs:act',
  summary: 'cancel, hold, release, suspend, resume, rerun, priority {priority}, extend {hours, minutes}',
  params: JobIdParams.extend({ action: JobActionSchema }),
  body: JobActionBody,
  data: z.object({ jobId: z.string(), action: JobActionSchema }),
});

export const BatchActionBody = JobActionBody.extend({
  jobIds: zList(
    z
      .string()
      .min(1)
      .max(32)
      .regex(/^[0-9A-Za-z_.+-]+$/),
  ).pipe(z.array(z.string()).min(1).max(500)),
});

export const jobBatchAction = defineContract({
  id: 'jobs.batchAction',
  method: 'POST',
  path: '/jm_jobmanagement/api/jobs/actions/:action',
  permission: 'jobs:act',
  summary: 'One action on many jobs; answers what happened to each',
  params: z.object({ action: JobActionSchema }),
  body: BatchActionBody,
  data: z.object({
    /** Per job: `errCode` 0 when done, else the error code and `reason` a client translates. */
    results: z.array(
      z.object({ jobId: z.string(), ok: z.boolean(), errCode: z.number().int(), reason: z.string(), errMsg: z.string() }),
    ),
  }),
});

export const OutputQuery = ClusterQuery.extend({
  stream: z.enum(['stdout', 'stderr']).optional().default('stdout'),
  /** Read only the last N bytes; without it the whole file, refused above the size guard. */
  tailBytes: zInt()
    .pipe(
      z
        .number()
        .int()
        .min(1)
        .max(10 * 1024 * 1024),
    )
    .optional(),
  /** Download the whole file instead of showing it. */
  download: z.enum(['0', '1']).optional(),
});

export const JobOutput = z.object({
  path: z.string(),
  size: z.number().int(),
  content: z.string(),
  truncated: z.boolean(),
});

export const jobOutput = defineContract({
  id: 'jobs.output',
  method: 'GET',
  path: '/jm_jobmanagement/api/jobs/:jobId/output',
  permission: 'jobs:read',
  summary: "A job's standard output or error (tail, whole, or download=1 as a file)",
  params: JobIdParams,
  query: OutputQuery,
  data: JobOutput,
});

export const TemplateField = z.object({
  name: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  type: z.enum(['text', 'number', 'path']),
  default: z.string(),
  required: z.boolean(),
});

export const JobTemplate = z.object({
  /** A finished portal type (spec section 9): BASE, VASP, LAMMPS, ... */
  id: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  description: z.object({ en: z.string(), zh: z.string() }),
  defaults: z.object({
    queue: z.string().optional(),
    nodes: z.number().int().optional(),
    cores: z.number().int().optional(),
    gpus: z.number().int().optional(),
    memoryMB: z.number().int().optional(),
    timeLimit: z.string().optional(),
  }),
  fields: z.array(TemplateField),
  /** The script, with {{field}} placeholders for the fields. */
  script: z.string(),
});
export type JobTemplate = z.infer<typeof JobTemplate>;

export const listJobTemplates = defineContract({
  id: 'jobs.templates',
  method: 'GET',
  path: '/jm_jobmanagement/api/templates',
  permission: 'jobs:read',
  summary: 'Application templates for the submission form (data files: a centre adds one without code)',
  data: z.array(JobTemplate),
});

/**
 * One hour-quota a job would count against, the tightest of the account's and the member's
 * (the one with the least left). Seconds: core- or card-seconds.
 */
export const JobPreviewQuota = z.object({
  /** Whose quota: the account's own (all members together) or the member's in the account. */
  scope: z.enum(['account', 'user']),
  account: z.string(),
  limitSeconds: z.number(),
  /** Used + reserved by queued and running jobs, what counts against the limit now. */
  countedSeconds: z.number(),
  /** Left before this job (never below zero). */
  leftBeforeSeconds: z.number(),
  /** Left if this job ran to its time limit (below zero: the job would be refused). */
  leftAfterSeconds: z.number(),
});
export type JobPreviewQuota = z.infer<typeof JobPreviewQuota>;

/** A refusal the submission would meet, as the real submit words it (errCode, reason, message, data). */
export const JobPreviewRefusal = z.object({
  errCode: z.number().int(),
  reason: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type JobPreviewRefusal = z.infer<typeof JobPreviewRefusal>;

/**
 * What the job would cost at most in money: its core- and card-seconds at the price that would apply
 * (docs/bills.md: the most specific price for its cluster, queue and account class in force on the
 * day it would end if it ran to its time limit), rounded half up to cents once, as a bill does.
 */
export const JobPreviewCost = z.object({
  amountCents: z.number().int(),
  currency: z.string(),
  /** Per core-hour and card-hour, four decimals ('0.1200'). */
  coreHourPrice: z.string(),
  cardHourPrice: z.string(),
  /** The price row applied, or null when no price matches (the job costs nothing). */
  priceId: z.number().int().nullable(),
  /** The day whose price applies (YYYY-MM-DD, report time zone). */
  priceDay: z.string(),
});
export type JobPreviewCost = z.infer<typeof JobPreviewCost>;

export const JobPreview = z.object({
  /** The most the job may use: cores × time limit (it may end sooner). */
  coreSeconds: z.number(),
  /** GPUs × time limit. */
  cardSeconds: z.number(),
  /** The quotas that apply, or null when none does (no limit set on the account or the member). */
  quota: z
    .object({
      coreHours: JobPreviewQuota.nullable(),
      cardHours: JobPreviewQuota.nullable(),
    })
    .nullable(),
  /** When the scheduler expects the job to start if submitted now (epoch ms); null when it cannot say. */
  expectedStartAt: z.number().nullable(),
  /** Nodes the scheduler would start it on, when it says. */
  nodes: z.array(z.string()),
  /** The most it would cost in money; null when the centre sets no prices (it does not bill in money). */
  cost: JobPreviewCost.nullable(),
  /** Why the submission would be refused; empty when it would be taken. */
  refusals: z.array(JobPreviewRefusal),
});
export type JobPreview = z.infer<typeof JobPreview>;

export const previewJob = defineContract({
  id: 'jobs.preview',
  method: 'POST',
  path: '/jm_jobmanagement/api/jobs/preview',
  permission: 'jobs:submit',
  summary: 'What a submission would use (core- and card-seconds, quota left) and when it would start; submits nothing',
  // A read asked as the form changes (every pause in typing): it changes nothing, so no audit line.
  audit: false,
  body: SubmitJobBody,
  data: JobPreview,
});
