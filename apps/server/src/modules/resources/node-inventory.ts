import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { AssetsRepository } from './assets.repository.js';

/**
 * Keeps each cluster's compute nodes in the inventory in step with its scheduler: a node the
 * scheduler lists and the inventory lacks is added (a SERVER of that cluster); one it no longer
 * lists is marked so, not deleted (its rack place and BMC stay until an operator removes it).
 * Read from the shared snapshot, at most once per snapshot, when the inventory is read.
 */
export class NodeInventory {
  private readonly synced = new Map<string, number>();

  constructor(
    private readonly repo: AssetsRepository,
    private readonly clusters: ClusterRegistry,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async syncAll(): Promise<void> {
    await Promise.all(this.clusters.all().map((c) => this.sync(c)));
  }

  async sync(cluster: ClusterEntry): Promise<void> {
    const read = cluster.snapshot.read();
    if (!read.ok) return; // The scheduler does not answer: leave the inventory as it is.
    const id = cluster.config.id;
    if (this.synced.get(id) === read.snapshot.takenAt) return;
    const listed = new Set(read.snapshot.info.nodes.map((n) => n.name));
    const rows = await this.repo.nodesOf(id);
    const known = new Set(rows.map((r) => r.name));
    const now = this.clock.now();
    for (const name of listed) {
      if (known.has(name)) continue;
      await this.repo
        .insert({ name, type: 'SERVER', cluster_id: id, source: 'scheduler', in_scheduler: 1, created_at: now, updated_at: now })
        .catch((e: unknown) => {
          if (!isUniqueViolation(e)) throw e; // Another request added it at the same moment.
        });
    }
    await this.repo.setInScheduler(
      rows.filter((r) => r.in_scheduler === 1 && !listed.has(r.name)).map((r) => Number(r.id)),
      false,
      now,
    );
    await this.repo.setInScheduler(
      rows.filter((r) => r.in_scheduler === 0 && listed.has(r.name)).map((r) => Number(r.id)),
      true,
      now,
    );
    if (listed.size !== known.size) this.log.debug({ cluster: id, nodes: listed.size }, 'node inventory synced');
    this.synced.set(id, read.snapshot.takenAt);
  }
}
