import { can, ErrCode, queueAllows, UNLIMITED, type QueueItem, type QueuePatch, type QueueSettings } from '@portal/shared';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import type { PartitionInfo, PartitionSettings } from '../../cluster/scheduler/types.js';
import { AppError, invalid } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import { viaScheduler } from '../jobs/index.js';
import { toQueueItem } from './queue-view.js';

/** What the queues module needs of the accounts module (wired in services.ts). */
export interface QueueAccounts {
  /** A user's accounts and their default one. */
  accountsOf(userId: number): Promise<{ names: string[]; defaultName: string | null }>;
  /** Which of these account names the portal does not know. */
  unknown(names: readonly string[]): Promise<string[]>;
}

/** Spec section 8: the text shown when the queues cannot be read. */
const queueInfoFailed = () =>
  new AppError(ErrCode.CONNECTION_INTERRUPTED, 'queueInfoFailed', 'Request queue information failed', { status: 503 });

const notManaged = (name: string) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'queueNotManaged',
    `The queue ${name} comes from the scheduler's configuration, not from the portal: change it there`,
    { status: 409, extra: { queue: name } },
  );

const toSettings = (name: string, s: QueueSettings): PartitionSettings => ({
  name,
  maxTime: s.maxTime === UNLIMITED ? null : s.maxTime,
  defaultTime: s.defaultTime === undefined ? null : s.defaultTime === UNLIMITED ? null : s.defaultTime,
  maxNodes: s.maxNodesPerJob,
  maxCoresPerJob: s.maxCoresPerJob,
  priority: s.priority,
  nodes: [...new Set(s.nodes)],
  allowAccounts: s.allowAccounts === 'ALL' ? 'ALL' : [...new Set(s.allowAccounts)],
  state: s.state === 'down' ? 'down' : 'up',
});

/**
 * Queue management: the cluster's partitions with their limits, read from the job snapshot, and
 * changed through the scheduler adapter as its service identity. After a change the snapshot is
 * read again, so the cluster's queue list and the submission form show it at once.
 */
export class QueuesService {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly accounts: QueueAccounts,
  ) {}

  private snapshot(cluster: ClusterEntry) {
    const read = cluster.snapshot.read();
    if (!read.ok) throw queueInfoFailed();
    return read.snapshot;
  }

  /** Every queue for roles that read all accounts; for the others the queues one of their accounts may use. */
  async list(auth: Auth, clusterId: string | undefined): Promise<QueueItem[]> {
    const cluster = this.clusters.get(clusterId);
    const { names, defaultName } = await this.accounts.accountsOf(auth.user.id);
    const { info, jobs } = this.snapshot(cluster);
    const seesAll = can(auth.user.roleId, 'accounts:readAll');
    return info.partitions
      .filter(
        (p) => seesAll || (names.length === 0 ? p.allowAccounts === 'ALL' : names.some((a) => queueAllows(p.allowAccounts, a))),
      )
      .map((p) => toQueueItem(p, jobs, defaultName));
  }

  async create(auth: Auth, clusterId: string | undefined, name: string, body: QueueSettings): Promise<QueueItem> {
    const cluster = this.clusters.get(clusterId);
    if (this.snapshot(cluster).info.partitions.some((p) => p.name === name))
      throw new AppError(ErrCode.PARAM_INVALID, 'queueExists', `The queue ${name} already exists`, {
        status: 409,
        extra: { queue: name },
      });
    const settings = await this.checked(cluster, name, body);
    await viaScheduler(() => cluster.scheduler.createPartition(settings));
    return this.after(auth, cluster, name);
  }

  async modify(auth: Auth, clusterId: string | undefined, name: string, body: QueueSettings): Promise<QueueItem> {
    const cluster = this.clusters.get(clusterId);
    this.managed(cluster, name);
    const settings = await this.checked(cluster, name, body);
    await viaScheduler(() => cluster.scheduler.updatePartition(settings));
    return this.after(auth, cluster, name);
  }

  /** PATCH: the fields sent over the queue's current ones. */
  async patch(auth: Auth, clusterId: string | undefined, name: string, patch: Omit<QueuePatch, 'clusterId'>): Promise<QueueItem> {
    const cluster = this.clusters.get(clusterId);
    const p = this.managed(cluster, name);
    const merged: QueueSettings = {
      maxTime: patch.maxTime ?? p.maxTime ?? UNLIMITED,
      defaultTime: patch.defaultTime === '' ? undefined : (patch.defaultTime ?? p.defaultTime ?? undefined),
      maxNodesPerJob: patch.maxNodesPerJob === undefined ? p.maxNodes : patch.maxNodesPerJob,
      maxCoresPerJob: patch.maxCoresPerJob === undefined ? p.maxCoresPerJob : patch.maxCoresPerJob,
      priority: patch.priority ?? p.priority,
      nodes: patch.nodes ?? p.nodes,
      allowAccounts: patch.allowAccounts ?? p.allowAccounts,
      state: patch.state ?? (p.state === 'down' ? 'down' : 'up'),
    };
    const { maxTime, defaultTime } = merged;
    if (defaultTime !== undefined && maxTime !== UNLIMITED && (defaultTime === UNLIMITED || defaultTime > maxTime))
      throw invalid('validation', 'the default run time exceeds the maximum run time', {
        issues: [{ path: 'defaultTime', message: 'the default run time exceeds the maximum run time' }],
      });
    return this.modify(auth, clusterId, name, merged);
  }

  async delete(clusterId: string | undefined, name: string): Promise<void> {
    const cluster = this.clusters.get(clusterId);
    const queue = this.managed(cluster, name);
    // Checked again by the scheduler itself (the snapshot may be a moment old).
    const inQueue = this.snapshot(cluster).jobs.filter((j) => j.partition === queue.name).length;
    if (inQueue > 0)
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'queueInUse',
        `The queue ${name} still has ${inQueue} queued or running job(s): it cannot be deleted`,
        { status: 409, extra: { queue: name, jobs: inQueue } },
      );
    await viaScheduler(() => cluster.scheduler.deletePartition(name));
    await cluster.snapshot.refresh();
  }

  /** A queue of the cluster as the scheduler holds it (applications), or undefined. */
  find(clusterId: string | undefined, name: string): PartitionInfo | undefined {
    return this.snapshot(this.clusters.get(clusterId)).info.partitions.find((p) => p.name === name);
  }

  /**
   * Lets one more account use a queue (an approved application): the queue's allowed accounts
   * with this one added, through the same path as an administrator's change. Nothing to do when
   * the queue already allows it.
   */
  async allowAccount(auth: Auth, clusterId: string | undefined, name: string, account: string): Promise<void> {
    const queue = this.managed(this.clusters.get(clusterId), name);
    if (queueAllows(queue.allowAccounts, account)) return;
    const allow = queue.allowAccounts === 'ALL' ? [account] : [...queue.allowAccounts, account];
    await this.patch(auth, clusterId, name, { allowAccounts: allow, maxNodesPerJob: undefined, maxCoresPerJob: undefined });
  }

  private managed(cluster: ClusterEntry, name: string) {
    const queue = this.snapshot(cluster).info.partitions.find((p) => p.name === name);
    if (!queue) throw new AppError(ErrCode.PARAM_INVALID, 'notFound', `No queue ${name}`, { status: 404 });
    if (!queue.managed) throw notManaged(name);
    return queue;
  }

  /** Nodes of the cluster and accounts of the portal only. */
  private async checked(cluster: ClusterEntry, name: string, body: QueueSettings): Promise<PartitionSettings> {
    const settings = toSettings(name, body);
    const known = new Set(this.snapshot(cluster).info.nodes.map((n) => n.name));
    const strangers = settings.nodes.filter((n) => !known.has(n));
    if (strangers.length)
      throw invalid('validation', `The cluster has no node ${strangers.join(', ')}`, {
        issues: [{ path: 'nodes', message: `unknown node(s): ${strangers.join(', ')}` }],
      });
    if (settings.allowAccounts !== 'ALL') {
      const missing = await this.accounts.unknown(settings.allowAccounts);
      if (missing.length)
        throw invalid('validation', `The portal has no account ${missing.join(', ')}`, {
          issues: [{ path: 'allowAccounts', message: `unknown account(s): ${missing.join(', ')}` }],
        });
    }
    return settings;
  }

  private async after(auth: Auth, cluster: ClusterEntry, name: string): Promise<QueueItem> {
    await cluster.snapshot.refresh();
    const item = (await this.list(auth, cluster.config.id)).find((q) => q.name === name);
    if (!item) throw queueInfoFailed();
    return item;
  }
}
