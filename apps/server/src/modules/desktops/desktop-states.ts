import { DesktopCloseCode } from '@portal/shared';
import type { ClusterEntry } from '../../cluster/registry.js';

/** What the states read of a cluster: its settings, the shared job snapshot, the desktops on its nodes. */
export type DesktopCluster = Pick<ClusterEntry, 'config'> & {
  snapshot: Pick<ClusterEntry['snapshot'], 'read'>;
  desktops: Pick<ClusterEntry['desktops'], 'alive' | 'jobConnection'>;
};
import type { AccessUser } from '../../cluster/access/types.js';
import type { Clock } from '../../lib/time.js';
import type { DesktopConnections } from './desktop-connections.js';
import type { DesktopsRepository, DesktopView } from './desktops.repository.js';

/** A job whose run reached this share of its time limit ended by it (the scheduler's kill comes a little late or early). */
const TIME_LIMIT_SHARE = 0.95;

/** Xvnc's ports: 5900 + the display, displays 0 to 999. */
const VNC_PORTS = { min: 5900, max: 6899 } as const;

/**
 * Where the portal connects for a desktop job: the job's node as the scheduler names it (never
 * the host the job wrote: that file is the user's, and the proxy must not become theirs to aim),
 * through the cluster's nodeHost setting; the port only when it is the display's VNC port.
 */
export const jobDesktopAddress = (
  cluster: { scheduler: 'local' | 'slurm'; desktops: { nodeHost: string } },
  node: string,
  at: { port: number; display: number },
): { host: string; port: number } | null => {
  if (at.display < 0 || at.port !== VNC_PORTS.min + at.display || at.port > VNC_PORTS.max) return null;
  if (!/^[A-Za-z0-9._-]{1,255}$/.test(node)) return null;
  const host = cluster.scheduler === 'local' ? '127.0.0.1' : cluster.desktops.nodeHost.replaceAll('{node}', node);
  return { host, port: at.port };
};

/**
 * Brings one user's desktops on one cluster up to date with the node and the scheduler, changing
 * the rows (and `rows` in place): a login desktop whose Xvnc is gone has ended; a desktop job that
 * wrote where its Xvnc listens runs; one the scheduler no longer lists has ended, by its time limit
 * or otherwise. A scheduler that does not answer changes nothing: its jobs are undetermined.
 */
export class DesktopStates {
  constructor(
    private readonly repo: DesktopsRepository,
    private readonly connections: DesktopConnections,
    private readonly clock: Clock,
  ) {}

  async refresh(user: AccessUser, cluster: DesktopCluster, rows: DesktopView[]): Promise<void> {
    const open = rows.filter((r) => r.state !== 'ended' && r.cluster_id === cluster.config.id);
    await this.refreshLogin(
      user,
      cluster,
      open.filter((r) => r.kind === 'login' && r.state === 'running' && r.pid !== null),
    );
    await this.refreshJobs(
      user,
      cluster,
      open.filter((r) => r.kind === 'job' && r.job_id !== null),
    );
  }

  private async refreshLogin(user: AccessUser, cluster: DesktopCluster, rows: DesktopView[]): Promise<void> {
    if (rows.length === 0) return;
    const alive = await cluster.desktops.alive(
      user,
      rows.map((r) => ({ dir: r.dir, pid: r.pid as number })),
    );
    for (const [i, r] of rows.entries()) if (!alive[i]) await this.end(r, 'exited');
  }

  private async refreshJobs(user: AccessUser, cluster: DesktopCluster, rows: DesktopView[]): Promise<void> {
    if (rows.length === 0) return;
    const read = cluster.snapshot.read();
    if (!read.ok) return;
    const active = new Map(read.snapshot.jobs.map((j) => [j.jobId, j]));
    for (const r of rows) {
      const job = active.get(r.job_id as string);
      if (!job) {
        const ran = r.started_at === null ? 0 : this.clock.now() - Number(r.started_at);
        const limitMs = (r.time_limit_s ?? Infinity) * 1000;
        await this.end(r, ran >= limitMs * TIME_LIMIT_SHARE ? 'timeLimit' : 'jobEnded');
        continue;
      }
      if (r.state !== 'starting') continue;
      // One node: a desktop job asks for one. A job that started after this snapshot was taken
      // may have written its file already while the snapshot still has it waiting, with no node:
      // the next snapshot says where it runs.
      const node = job.nodeList.split(',')[0] ?? '';
      if (job.state !== 'R' || node === '') continue;
      const at = await cluster.desktops.jobConnection(user, r.dir);
      if (!at) continue;
      const address = jobDesktopAddress(cluster.config, node, at);
      if (!address) {
        await this.end(r, 'startFailed');
        continue;
      }
      const changes = {
        state: 'running' as const,
        host: address.host,
        port: address.port,
        display: at.display,
        pid: at.pid,
        node,
        queue: job.partition,
        started_at: job.startTime ?? this.clock.now(),
      };
      await this.repo.update(r.id, changes);
      Object.assign(r, changes);
    }
  }

  private async end(r: DesktopView, reason: NonNullable<DesktopView['end_reason']>): Promise<void> {
    const now = this.clock.now();
    await this.repo.end(r.id, reason, now);
    this.connections.close(r.id, DesktopCloseCode.unreachable, 'the desktop ended');
    Object.assign(r, { state: 'ended', end_reason: reason, ended_at: now });
  }
}
