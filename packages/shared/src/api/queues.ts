import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zInt, zList, zOptionalText } from '../input.js';
import { patterns } from '../validation.js';
import { AccountName } from './accounts.js';
import { Ok, OptionalClusterId } from './common.js';

/*
 * Queue management (spec sections 1, 2 and 7: `/jm_queuemanagement/api/queues`, POST with a method
 * override). A queue is a Slurm partition, or a partition of the built-in scheduler: its limits,
 * its nodes and the accounts allowed to use it. docs/queues.md maps each field to Slurm.
 */

/** No limit, as Slurm prints it. */
export const UNLIMITED = 'UNLIMITED';

const QUEUE_TIME = /^(?:(\d{1,3})-)?(\d+):([0-5]\d):([0-5]\d)$/;

/** Seconds of `hh:mm:ss` or `d-hh:mm:ss` (Slurm's time format), or null when it is neither. */
export const parseQueueTime = (text: string): number | null => {
  const m = QUEUE_TIME.exec(text.trim());
  if (!m) return null;
  return Number(m[1] ?? 0) * 86400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
};

/** Seconds as `d-hh:mm:ss` (days only when there are some), or UNLIMITED. */
export const formatQueueTime = (seconds: number | typeof UNLIMITED): string => {
  if (seconds === UNLIMITED) return UNLIMITED;
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = Math.floor(seconds / 86400);
  const hms = `${pad(Math.floor((seconds % 86400) / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
  return d > 0 ? `${d}-${hms}` : hms;
};

/** A queue name: as Slurm partition names the portal creates (the spec's lowercase identifier, 3-16). */
export const QueueName = z.string().regex(patterns.lowercaseIdentifier, 'not a queue name (a-z, 0-9, _; 3-16, no digit first)');

/** Seconds, or UNLIMITED. */
export const QueueTime = z.union([z.number().int().nonnegative(), z.literal(UNLIMITED)]);
export type QueueTime = z.infer<typeof QueueTime>;

/** 'ALL', or the accounts allowed. */
export const AllowAccounts = z.union([z.literal('ALL'), z.array(z.string())]);
export type AllowAccounts = z.infer<typeof AllowAccounts>;

/** Whether an account may use a queue (no account: only a queue open to all). */
export const queueAllows = (allow: AllowAccounts, account: string | null | undefined): boolean =>
  allow === 'ALL' || (!!account && allow.includes(account));

export const QueueItem = z.object({
  name: z.string(),
  /** up, down, drain, inactive */
  state: z.string(),
  isDefault: z.boolean(),
  maxTime: QueueTime,
  defaultTime: QueueTime,
  /** null = no limit. */
  maxNodesPerJob: z.number().int().nullable(),
  maxCoresPerJob: z.number().int().nullable(),
  /** Slurm's PriorityJobFactor. */
  priority: z.number().int(),
  /** The nodes as a hostlist (cn[01-04]). */
  nodes: z.string(),
  nodeList: z.array(z.string()),
  totalCores: z.number().int(),
  totalGpus: z.number().int(),
  allowAccounts: AllowAccounts,
  /** Made in the portal: it may change and delete it (the others come from the scheduler's configuration). */
  managed: z.boolean(),
  /** Jobs queued or running in it now. */
  activeJobs: z.number().int(),
  /** The caller's default account may use it. */
  usable: z.boolean(),
});
export type QueueItem = z.infer<typeof QueueItem>;

export const QueuesQuery = z.object({ clusterId: OptionalClusterId });

export const listQueueManagement = defineContract({
  id: 'queues.list',
  method: 'GET',
  path: '/jm_queuemanagement/api/queues',
  permission: 'jobs:read',
  methodOverridable: true,
  summary:
    "Queues with their limits, nodes and allowed accounts (a user sees the queues their accounts may use); usable: for the caller's default account",
  query: QueuesQuery,
  data: z.array(QueueItem),
});

const timeText = z
  .string()
  .trim()
  .refine((v) => v.toUpperCase() === UNLIMITED || parseQueueTime(v) !== null, 'hh:mm:ss, d-hh:mm:ss or UNLIMITED')
  .transform((v): QueueTime => (v.toUpperCase() === UNLIMITED ? UNLIMITED : (parseQueueTime(v) as number)));
/** A limit: a positive integer, or '' / null / UNLIMITED for none. */
const optionalLimit = z
  .union([z.literal(''), z.literal(UNLIMITED), z.null(), zInt().pipe(z.number().int().min(1).max(1_000_000))])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));
/** A node name as schedulers write them. */
const NodeName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'not a node name');

const queueFields = {
  maxTime: timeText,
  /** Omitted: the maximum. */
  defaultTime: z
    .union([z.literal('').transform(() => undefined), timeText])
    .optional()
    .transform((v) => v ?? undefined),
  maxNodesPerJob: optionalLimit,
  maxCoresPerJob: optionalLimit,
  priority: z
    .union([z.literal('').transform(() => 1), zInt().pipe(z.number().int().min(0).max(65533))])
    .optional()
    .transform((v) => v ?? 1),
  nodes: zList(NodeName).pipe(z.array(NodeName).min(1, 'at least one node').max(4096)),
  allowAccounts: z
    .union([z.literal('ALL'), zList(AccountName).pipe(z.array(AccountName).min(1).max(1000))])
    .optional()
    .transform((v): AllowAccounts => v ?? 'ALL'),
  state: zOptionalText(z.enum(['up', 'down'])).transform((v) => v ?? 'up'),
};

/** maxTime ≥ defaultTime: Slurm refuses a default above the maximum. */
const timesInOrder = (v: { maxTime: QueueTime; defaultTime?: QueueTime | undefined }, ctx: z.RefinementCtx) => {
  const { maxTime, defaultTime } = v;
  if (defaultTime === undefined || maxTime === UNLIMITED) return;
  if (defaultTime === UNLIMITED || defaultTime > maxTime)
    ctx.addIssue({ code: 'custom', path: ['defaultTime'], message: 'the default run time exceeds the maximum run time' });
};

export const QueueBody = z.object(queueFields).superRefine(timesInOrder);
export type QueueBody = z.input<typeof QueueBody>;
export type QueueSettings = z.output<typeof QueueBody>;

export const CreateQueueBody = z
  .object({ name: QueueName, clusterId: OptionalClusterId, ...queueFields })
  .superRefine(timesInOrder);
export type CreateQueueBody = z.input<typeof CreateQueueBody>;

export const createQueue = defineContract({
  id: 'queues.create',
  method: 'POST',
  path: '/jm_queuemanagement/api/queues',
  permission: 'queues:manage',
  summary: 'Add a queue (a Slurm partition made with scontrol create partition and kept across restarts)',
  body: CreateQueueBody,
  data: QueueItem,
});

export const QueueParams = z.object({ name: QueueName });

export const ModifyQueueBody = z.object({ clusterId: OptionalClusterId, ...queueFields }).superRefine(timesInOrder);
export type ModifyQueueBody = z.input<typeof ModifyQueueBody>;

export const modifyQueue = defineContract({
  id: 'queues.modify',
  method: 'PUT',
  path: '/jm_queuemanagement/api/queues/:name',
  permission: 'queues:manage',
  methodOverridable: true,
  summary: 'Change a queue the portal made: limits, nodes, allowed accounts, state (every field; PATCH-like calls send them all)',
  params: QueueParams,
  body: ModifyQueueBody,
  data: QueueItem,
});

/** A limit to change: a positive integer, or '' / null / UNLIMITED for none; absent: unchanged. */
const patchLimit = z
  .union([z.literal(''), z.literal(UNLIMITED), z.null(), zInt().pipe(z.number().int().min(1).max(1_000_000))])
  .optional()
  .transform((v) => (v === undefined ? undefined : typeof v === 'number' ? v : null));

/** Only the fields sent change (the others keep their value). */
export const PatchQueueBody = z.object({
  clusterId: OptionalClusterId,
  maxTime: timeText.optional(),
  /** '' : back to the maximum. */
  defaultTime: z.union([z.literal(''), timeText]).optional(),
  maxNodesPerJob: patchLimit,
  maxCoresPerJob: patchLimit,
  priority: zInt().pipe(z.number().int().min(0).max(65533)).optional(),
  nodes: zList(NodeName).pipe(z.array(NodeName).min(1, 'at least one node').max(4096)).optional(),
  allowAccounts: z.union([z.literal('ALL'), zList(AccountName).pipe(z.array(AccountName).min(1).max(1000))]).optional(),
  state: z.enum(['up', 'down']).optional(),
});
export type PatchQueueBody = z.input<typeof PatchQueueBody>;
export type QueuePatch = z.output<typeof PatchQueueBody>;

export const patchQueue = defineContract({
  id: 'queues.patch',
  method: 'PATCH',
  path: '/jm_queuemanagement/api/queues/:name',
  permission: 'queues:manage',
  methodOverridable: true,
  summary: 'Change some fields of a queue the portal made (the others keep their value)',
  params: QueueParams,
  body: PatchQueueBody,
  data: QueueItem,
});

export const deleteQueue = defineContract({
  id: 'queues.delete',
  method: 'DELETE',
  path: '/jm_queuemanagement/api/queues/:name',
  permission: 'queues:manage',
  methodOverridable: true,
  summary: 'Delete a queue the portal made; refused while jobs are queued or running in it',
  params: QueueParams,
  query: QueuesQuery,
  data: Ok,
});
