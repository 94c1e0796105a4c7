import {
  NODE_VIEW_STATES,
  expandHostlist,
  type NodeList,
  type NodeView,
  type NodeViewState,
  type PowerAction,
  type PowerReading,
  type PowerState,
} from '@portal/shared';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import { BmcError, type BmcTarget, type PowerCommand } from '../../cluster/power/types.js';
import type { ActiveJob } from '../../cluster/scheduler/types.js';
import { mapBounded } from '../../lib/map-bounded.js';
import { iso } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { schedulerError } from '../jobs/index.js';
import type { NodeHealth } from './node-health.js';
import type { NodeInventory } from './node-inventory.js';
import { viewStateOf } from './node-states.js';
import type { AssetsRepository } from './assets.repository.js';
import * as errors from './resource-errors.js';

export interface NodesDeps {
  clusters: ClusterRegistry;
  inventory: NodeInventory;
  repo: AssetsRepository;
  bmcOf(clusterId: string, node: string): Promise<BmcTarget | null>;
  health: NodeHealth;
  log: Logger;
}

const COMMAND: Record<PowerAction, PowerCommand> = { on: 'on', off: 'off', reboot: 'cycle' };
const TRANSIENT: Record<PowerAction, PowerState> = { on: 'starting', off: 'stopping', reboot: 'starting' };

/**
 * The state view and node power (docs/resources.md). Power goes to each node's BMC through the
 * cluster's PowerController, a bounded number at a time; the last state read or set is kept per
 * node (with starting/stopping while an action runs), so the view shows it without asking every
 * BMC on every refresh.
 */
export class NodesService {
  private readonly power = new Map<string, PowerState>();

  constructor(private readonly d: NodesDeps) {}

  async list(clusterId: string | undefined): Promise<NodeList> {
    const cluster = this.d.clusters.get(clusterId);
    const id = cluster.config.id;
    await this.d.inventory.sync(cluster);
    const read = cluster.snapshot.read();
    if (!read.ok) throw schedulerError(read.lastGoodAt);
    const jobsOn = runningJobsByNode(read.snapshot.jobs);
    const assets = new Map((await this.d.repo.nodesOf(id)).map((r) => [r.name, r]));
    const racks = await this.d.repo.rackNames();
    const health = await this.d.health.exceptions(
      cluster,
      read.snapshot.info.nodes.map((n) => n.name),
    );
    const nodes: NodeView[] = read.snapshot.info.nodes.map((n) => {
      const jobs = jobsOn.get(n.name) ?? [];
      const asset = assets.get(n.name);
      const power = this.power.get(`${id}/${n.name}`) ?? null;
      return {
        name: n.name,
        schedulerState: n.state,
        // A node its BMC says is off is down, whatever the scheduler still calls it (drained, idle*).
        state: power === 'off' ? 'down' : viewStateOf(n, jobs),
        cpus: n.cpus,
        cpusAlloc: n.cpusAlloc,
        gpus: n.gpus,
        gpusAlloc: n.gpusAlloc,
        memoryMB: n.memoryMB,
        partitions: n.partitions,
        jobs: jobs.map((j) => ({ jobId: j.jobId, user: j.user, name: j.name })),
        notResponding: n.notResponding ?? false,
        reason: n.reason ?? '',
        reasonSince: n.reasonSince ? iso(n.reasonSince) : null,
        rack: asset ? (asset.rack ?? (asset.parent_id === null ? null : (racks.get(Number(asset.parent_id)) ?? null))) : null,
        assetId: asset ? Number(asset.id) : null,
        hasBmc: !!(asset?.ipmi_ip && asset.ipmi_user && asset.ipmi_password_sealed),
        power,
        metricExceptions: health.byNode.get(n.name) ?? [],
      };
    });
    const counts = Object.fromEntries(NODE_VIEW_STATES.map((s) => [s, 0])) as Record<NodeViewState, number>;
    for (const n of nodes) counts[n.state] += 1;
    return {
      nodes,
      counts,
      powerEnabled: cluster.power !== null,
      drainSupported: !!cluster.scheduler.setNodeState,
      metricCheck: health.state,
    };
  }

  /** Reads each node's power from its BMC. */
  async readPower(clusterId: string | undefined, nodes: string[]): Promise<PowerReading[]> {
    const cluster = this.powered(clusterId);
    return mapBounded(unique(nodes), cluster.config.power.parallel, async (node) => {
      const bmc = await this.bmc(cluster, node);
      if ('power' in bmc) return bmc;
      return this.remember(cluster, node, () => this.controller(cluster).status(bmc));
    });
  }

  /**
   * Powers nodes on, off or reboots them. Every node is answered (a BMC that fails does not stop
   * the others). With drain, a power off first drains the node; after it the scheduler is told the
   * node is down, and after a power on that it may be used again.
   */
  async act(
    clusterId: string | undefined,
    nodes: string[],
    action: PowerAction,
    drain: boolean,
    actor: string,
  ): Promise<PowerReading[]> {
    const cluster = this.powered(clusterId);
    const setState = cluster.scheduler.setNodeState?.bind(cluster.scheduler);
    if (drain && !setState) throw errors.drainUnsupported();
    const read = cluster.snapshot.read();
    // Only the scheduler's nodes (while it answers): a name it does not list is refused.
    const listed = new Set(read.ok ? read.snapshot.info.nodes.map((n) => n.name) : []);
    return mapBounded(unique(nodes), cluster.config.power.parallel, async (node): Promise<PowerReading> => {
      if (read.ok && !listed.has(node))
        return { node, power: 'unknown', reason: 'resourceNotFound', error: 'The resource is not exist!' };
      const bmc = await this.bmc(cluster, node);
      if ('power' in bmc) return bmc;
      const key = `${cluster.config.id}/${node}`;
      const reason = `powered ${action} from the portal by ${actor}`;
      try {
        if (drain && action === 'off' && setState) await setState(node, 'drain', reason);
        this.power.set(key, TRANSIENT[action]);
        await this.controller(cluster).set(bmc, COMMAND[action]);
        if (setState && action === 'off') await setState(node, 'down', reason);
        if (setState && action === 'on')
          await setState(node, 'resume', reason).catch((e: unknown) =>
            this.d.log.warn({ err: e, node }, 'resume after power on'),
          );
      } catch (e) {
        this.power.delete(key);
        return failure(node, e);
      }
      // Read back what the BMC says now: a reboot reads off until the machine is on again.
      return this.remember(cluster, node, async () => {
        const now = await this.controller(cluster).status(bmc);
        return action === 'reboot' && now === 'off' ? 'starting' : now;
      });
    }).finally(() => void cluster.snapshot.refresh().catch(() => undefined));
  }

  private powered(clusterId: string | undefined): ClusterEntry {
    const cluster = this.d.clusters.get(clusterId);
    if (!cluster.power) throw errors.powerDisabled(cluster.config.id);
    return cluster;
  }

  private controller(cluster: ClusterEntry) {
    if (!cluster.power) throw errors.powerDisabled(cluster.config.id);
    return cluster.power;
  }

  private async bmc(cluster: ClusterEntry, node: string): Promise<BmcTarget | PowerReading> {
    const bmc = await this.d.bmcOf(cluster.config.id, node);
    if (bmc) return bmc;
    return { node, power: 'unknown', reason: 'ipmiNotConfigured', error: errors.ipmiNotConfigured(node).message };
  }

  private async remember(cluster: ClusterEntry, node: string, read: () => Promise<PowerState>): Promise<PowerReading> {
    const key = `${cluster.config.id}/${node}`;
    try {
      const power = await read();
      this.power.set(key, power);
      return { node, power };
    } catch (e) {
      this.power.set(key, 'unknown');
      return failure(node, e);
    }
  }
}

const unique = (nodes: string[]) => [...new Set(nodes)];

const failure = (node: string, e: unknown): PowerReading => {
  if (e instanceof BmcError)
    return { node, power: 'unknown', reason: 'ipmiUnreachable', error: `${errors.IPMI_UNREACHABLE} (${e.detail})` };
  const message = e instanceof Error ? e.message : String(e);
  return { node, power: 'unknown', reason: 'schedulerRejected', error: message };
};

/** Running jobs by the nodes they run on. */
const runningJobsByNode = (jobs: readonly ActiveJob[]): Map<string, ActiveJob[]> => {
  const on = new Map<string, ActiveJob[]>();
  for (const j of jobs) {
    if (j.state !== 'R' || !j.nodeList) continue;
    for (const n of expandHostlist(j.nodeList)) {
      const list = on.get(n);
      if (list) list.push(j);
      else on.set(n, [j]);
    }
  }
  return on;
};
