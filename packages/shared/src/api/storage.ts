import { z } from 'zod';
import { defineContract } from '../contract.js';
import { OptionalClusterId, Timestamp } from './common.js';
import { METRIC_RANGE_MAX_DAYS, MetricPoint } from './metrics.js';

/*
 * Parallel and shared storage (spec sections 2 and 3, "Storage system (parastor)", "Shared storage
 * metric", the ParaStor node list; spec section 4's storage states; issue 15, docs/storage.md).
 * A storage system is configured per cluster (clusters[].storage in portal.yaml): its servers
 * (metric resources), the file system they serve and their disks. Capacity, IOPS and throughput
 * come from the servers' exporters through the cluster's metric source, embedded or Prometheus.
 */

/** Spec section 4: every server answers (normal), some do (downgrade), none (fault), nothing known yet (unknown). */
export const STORAGE_STATES = ['normal', 'downgrade', 'unknown', 'fault'] as const;
export type StorageState = (typeof STORAGE_STATES)[number];

/** A storage server's own state: it answered lately (normal), it did before (fault), never in the last hour (unknown). */
export const STORAGE_NODE_STATES = ['normal', 'fault', 'unknown'] as const;
export type StorageNodeState = (typeof STORAGE_NODE_STATES)[number];

/** The series a storage system answers with when no range is asked: the last hour. */
export const STORAGE_DEFAULT_RANGE_MS = 3_600_000;

const Capacity = {
  /** Bytes, as df counts them (used: taken; free: still writable by users; root's reserve is neither); null while no server has answered lately. */
  total: z.number().nullable(),
  used: z.number().nullable(),
  free: z.number().nullable(),
  /** Per cent used of used + free, two decimals (df's Use%). */
  usage: z.number().nullable(),
};

export const StorageSystem = z.object({
  /** The name in portal.yaml, unique in its cluster. */
  id: z.string(),
  name: z.string(),
  /** What it is (parastor, lustre, beegfs, gpfs, nfs...), as configured. */
  type: z.string(),
  /** Where users find it on the nodes (/public, /home). */
  directory: z.string(),
  state: z.enum(STORAGE_STATES),
  /** Servers answering lately, of all. */
  serversUp: z.number().int(),
  serversTotal: z.number().int(),
  ...Capacity,
  /** When the newest capacity sample was taken; null when none in the last hour. */
  collectTime: Timestamp.nullable(),
  /** Sums over the servers' disks per step (operations or bytes per second). */
  readIOPS: z.array(MetricPoint),
  writeIOPS: z.array(MetricPoint),
  readThroughput: z.array(MetricPoint),
  writeThroughput: z.array(MetricPoint),
  /** Seconds per point. */
  step: z.number().int(),
});
export type StorageSystem = z.infer<typeof StorageSystem>;

const RangeQuery = z
  .object({
    clusterId: OptionalClusterId,
    /** The series' range; default the last hour. */
    startTime: Timestamp.pipe(z.coerce.date()).optional(),
    endTime: Timestamp.pipe(z.coerce.date()).optional(),
  })
  .refine((q) => !q.startTime || !q.endTime || q.startTime.getTime() < q.endTime.getTime(), {
    message: 'the start must be before the end',
    path: ['endTime'],
  })
  .refine(
    (q) => !q.startTime || !q.endTime || q.endTime.getTime() - q.startTime.getTime() <= METRIC_RANGE_MAX_DAYS * 86_400_000,
    {
      message: `at most ${METRIC_RANGE_MAX_DAYS} days`,
      path: ['startTime'],
    },
  );

export const storageSystems = defineContract({
  id: 'storage.systems',
  method: 'GET',
  path: '/api/bigscreen/queryparastorlist',
  permission: 'resources:read',
  summary: "A cluster's storage systems: state, capacity, and IOPS and throughput series",
  query: RangeQuery,
  data: z.array(StorageSystem),
  audit: false,
});

/** Spec section 3 "System state", for partName PARASTORNODE: one row per storage server. */
export const StorageNodeStateRow = z.object({
  resourceId: z.string(),
  resourceName: z.string(),
  modelName: z.literal('PARASTORNODE'),
  metricName: z.literal('state'),
  value: z.enum(STORAGE_NODE_STATES),
  /** The storage system the server belongs to. */
  storage: z.string(),
  ...Capacity,
  collectTime: Timestamp.nullable(),
});
export type StorageNodeStateRow = z.infer<typeof StorageNodeStateRow>;

export const storageNodes = defineContract({
  id: 'storage.nodes',
  method: 'GET',
  path: '/api/bigscreen/querysystemstate',
  permission: 'resources:read',
  summary: 'The ParaStor node list: each storage server, its state and the capacity it serves',
  query: z.object({
    clusterId: OptionalClusterId,
    /** Only PARASTORNODE (storage servers) is kept by this portal. */
    partName: z.literal('PARASTORNODE'),
  }),
  data: z.array(StorageNodeStateRow),
  audit: false,
});

export const SHARED_STORAGE_METRICS = ['total', 'used', 'free', 'usage'] as const;

/** Spec section 3 "Shared storage metric": one row per storage system and capacity figure. */
export const SharedStorageMetric = z.object({
  /** `<storage>:<metricName>`. */
  metricId: z.string(),
  resId: z.string(),
  resName: z.string(),
  metricName: z.enum(SHARED_STORAGE_METRICS),
  /** Bytes, or per cent for usage; null while no server has answered lately. */
  metricValue: z.number().nullable(),
  collectTime: Timestamp.nullable(),
  sharedType: z.string(),
  directory: z.string(),
});
export type SharedStorageMetric = z.infer<typeof SharedStorageMetric>;

export const sharedStorageMetrics = defineContract({
  id: 'storage.shared',
  method: 'GET',
  path: '/monitor/resSharedstorage/getSharedStorageMetric.action',
  permission: 'resources:read',
  summary: 'Capacity of the shared storage users see (total, used, free, usage per storage system)',
  query: z.object({ clusterId: OptionalClusterId }),
  data: z.array(SharedStorageMetric),
  audit: false,
});
