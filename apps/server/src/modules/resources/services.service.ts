import { SERVICE_CHECK_CACHE_SECONDS, type ServiceStatusGroups } from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { Clock } from '../../lib/time.js';
import { checkServices } from './service-checks.js';

/*
 * The service status groups per cluster (docs/services.md). Checks run when a page asks, at most
 * once per SERVICE_CHECK_CACHE_SECONDS per cluster: many open pages cost one round of checks, and
 * a page that asks while a round runs waits for that round instead of starting another.
 */
export class ServicesService {
  private readonly rounds = new Map<string, { startedAt: number; settled: boolean; result: Promise<ServiceStatusGroups> }>();

  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly pingDatabase: () => Promise<boolean>,
    private readonly clock: Clock,
  ) {}

  status(clusterId: string | undefined, refresh = false): Promise<ServiceStatusGroups> {
    const cluster = this.clusters.get(clusterId);
    const now = this.clock.now();
    const last = this.rounds.get(cluster.config.id);
    if (last && !last.settled) return last.result;
    if (last && !refresh && now - last.startedAt < SERVICE_CHECK_CACHE_SECONDS * 1000) return last.result;
    const result = checkServices({ cluster, pingDatabase: this.pingDatabase, now: () => this.clock.now() });
    const round = { startedAt: now, settled: false, result };
    this.rounds.set(cluster.config.id, round);
    result.then(
      () => (round.settled = true),
      // A round that failed as a whole is not kept: the next request checks again.
      () => {
        if (this.rounds.get(cluster.config.id) === round) this.rounds.delete(cluster.config.id);
      },
    );
    return round.result;
  }
}
