import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zOptionalText } from '../input.js';
import { OptionalClusterId } from './common.js';
import { JobListItem } from './jobs.js';
import { AllowAccounts } from './queues.js';

/** The spec's chart payload: which cluster (all optional: the first cluster by default). */
export const ChartPayload = z.object({
  clusterID: OptionalClusterId,
  clusterType: zOptionalText(z.string().max(32)),
  clusterIP: zOptionalText(z.string().max(255)),
  clusterPort: zOptionalText(z.string().max(16)),
});

const Point = z.object({ name: z.string(), y: z.number() });

export const Queue = z.object({
  name: z.string(),
  isDefault: z.boolean(),
  /** up, down, drain, inactive */
  state: z.string(),
  /** Seconds; null = unlimited. */
  maxTime: z.number().int().nullable(),
  defaultTime: z.number().int().nullable(),
  /** Per job; null = unlimited. */
  maxNodes: z.number().int().nullable(),
  maxCoresPerJob: z.number().int().nullable(),
  /** 'ALL' or the accounts that may submit to it (the submission form offers a queue only to them). */
  allowAccounts: AllowAccounts,
  totalNodes: z.number().int(),
  totalCores: z.number().int(),
  totalGpus: z.number().int(),
});
export type Queue = z.infer<typeof Queue>;

export const listQueues = defineContract({
  id: 'jobCharts.queues',
  method: 'GET',
  path: '/jm_jobmanagement/api/queues',
  permission: 'jobs:read',
  summary: "The cluster's queues (partitions) with their limits",
  query: z.object({ clusterId: OptionalClusterId }),
  data: z.array(Queue),
});

/** Spec section 3, "Menu statistics". */
export const MenuStatistics = z.object({
  jobStateList: z.array(Point),
  nodeStateList: z.array(Point),
  /** used and free cores; the used entry is named "used". */
  coreState: z.array(Point),
  partitionJobTop: z.array(Point),
  partitionJobTopMax: z.number(),
  partitionCoreTopMax: z.number(),
  partitionCoreTop: z.array(Point),
  userJobList: z.array(Point),
  userMaxRunningJobList: z.array(Point),
  userMaxCoreList: z.array(Point),
});
export type MenuStatistics = z.infer<typeof MenuStatistics>;

export const queryChartData = defineContract({
  id: 'jobCharts.queryChartData',
  method: 'POST',
  path: '/jm_jv/jobview/queryChartData.action',
  permission: 'jobs:read',
  summary: 'Job charts: state distribution, node states, cores, top 5 queues and users',
  body: ChartPayload,
  data: MenuStatistics,
  audit: false,
});

export const HomePageChartData = z.object({
  onlineJobs: z.number().int(),
  runningJobs: z.number().int(),
  queuedJobs: z.number().int(),
  coreUsed: z.number().int(),
  coreTotal: z.number().int(),
  gpuUsed: z.number().int(),
  gpuTotal: z.number().int(),
  /** When the numbers were read from the scheduler. */
  snapshotAt: z.string().nullable(),
});
export type HomePageChartData = z.infer<typeof HomePageChartData>;

export const queryHomePageChartData = defineContract({
  id: 'jobCharts.queryHomePageChartData',
  method: 'POST',
  path: '/jm_jv/jobview/queryHomePageChartData.action',
  permission: 'session',
  summary: 'Online jobs and used/total cores for the statistics bar',
  body: ChartPayload,
  data: HomePageChartData,
  audit: false,
});

export const queryWallTimeUsed = defineContract({
  id: 'jobCharts.queryWallTimeUsed',
  method: 'POST',
  path: '/jm_jv/jobview/queryWallTimeUsed.action',
  permission: 'jobs:read',
  summary: "Core and card time the signed-in user's finished jobs used this year and this month (UTC, by end time)",
  body: ChartPayload,
  data: z.object({
    year: z.number().int(),
    jobCount: z.number().int(),
    coreSeconds: z.number().int(),
    cardSeconds: z.number().int(),
    coreHours: z.number(),
    cardHours: z.number(),
    /** 1 to 12: the month the `month*` figures count. */
    month: z.number().int().min(1).max(12),
    monthJobCount: z.number().int(),
    monthCoreSeconds: z.number().int(),
    monthCoreHours: z.number(),
  }),
  audit: false,
});

export const queryJobInfo = defineContract({
  id: 'jobCharts.queryJobInfo',
  method: 'POST',
  path: '/jm_jv/hpchomepagedata/queryJobInfo.action',
  permission: 'jobs:read',
  summary: 'Recent jobs and the count per status for the overview',
  body: ChartPayload,
  data: z.object({
    jobList: z.array(JobListItem),
    statusSum: z.array(z.object({ statusName: z.string(), value: z.number().int() })),
  }),
  audit: false,
});

export const HeatMapNode = z.object({
  name: z.string(),
  /** exclusive, free, busy, down, offline, unknown, mix (spec section 4 node colours). */
  state: z.enum(['exclusive', 'free', 'busy', 'down', 'offline', 'unknown', 'mix']),
  schedulerState: z.string(),
  cpus: z.number().int(),
  cpusAlloc: z.number().int(),
  gpus: z.number().int(),
  gpusAlloc: z.number().int(),
  memoryMB: z.number().int(),
  partitions: z.array(z.string()),
  jobs: z.array(z.object({ jobId: z.string(), userName: z.string(), cores: z.number().int() })),
});
export type HeatMapNode = z.infer<typeof HeatMapNode>;

export const queryClusterInfo = defineContract({
  id: 'jobCharts.queryClusterInfo',
  method: 'POST',
  path: '/jm_jobheatmap/jobheatmap/queryClusterInfo.action',
  permission: 'jobs:read',
  summary: 'Job heat map: nodes coloured by state with the jobs on each',
  body: ChartPayload,
  data: z.object({
    nodes: z.array(HeatMapNode),
    coreUsed: z.number().int(),
    coreTotal: z.number().int(),
    snapshotAt: z.string().nullable(),
  }),
  audit: false,
});
