import type { AccountSyncReport } from '@portal/shared';
import { NO_LIMITS, type AssociationLimits, type DesiredAccount } from '../../cluster/accounts/types.js';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { Logger } from '../../lib/logger.js';
import type { OrgService } from '../org/index.js';
import type { AccountsRepository } from './accounts.repository.js';

/** The quotas as association limits, by account name, then user name ('' for the account's own). */
export type QuotaLimitsSource = () => Promise<Map<string, Map<string, AssociationLimits>>>;

/** Per cluster: the run going on, and whether another must follow it. */
interface Lane {
  running: Promise<void> | null;
  again: boolean;
}

/** Only the error's first line: sacctmgr or ssh output could carry more than an operator should read in a log. */
const brief = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, 200) ?? '';

/**
 * The portal's accounts, members and blocks, brought into each cluster's scheduler. On demand
 * (preview and apply) and in the background after every change: at most one run per cluster at a
 * time and one queued behind it, however many changes come in meanwhile.
 */
export class AccountSyncService {
  private readonly lanes = new Map<string, Lane>();
  private closed = false;

  constructor(
    private readonly repo: AccountsRepository,
    private readonly org: OrgService,
    private readonly clusters: ClusterRegistry,
    private readonly log: Logger,
    /** The quotas module's limits (docs/quotas.md); none by default. */
    private readonly quotaLimits: QuotaLimitsSource = () => Promise.resolve(new Map()),
  ) {}

  /** The accounts as every scheduler should hold them, with their quotas and their members'. */
  async desired(): Promise<DesiredAccount[]> {
    const [accounts, members, tree, quotas] = await Promise.all([
      this.repo.all(),
      this.repo.allMembers(),
      this.org.tree(),
      this.quotaLimits(),
    ]);
    const byAccount = new Map<number, { user: string; isDefault: boolean }[]>();
    for (const m of members) {
      const list = byAccount.get(Number(m.account_id)) ?? [];
      list.push({ user: m.user_name, isDefault: m.is_default === 1 });
      byAccount.set(Number(m.account_id), list);
    }
    return accounts.map((a) => {
      const limits = quotas.get(a.name);
      return {
        name: a.name.toLowerCase(),
        description: a.description,
        organization: a.org_unit_id === null ? '' : (tree.get(Number(a.org_unit_id))?.name ?? ''),
        blocked: a.status === 'Frozen' || a.status === 'Disable',
        limits: limits?.get('') ?? NO_LIMITS,
        members: (byAccount.get(Number(a.id)) ?? []).map((m) => ({ ...m, limits: limits?.get(m.user) ?? NO_LIMITS })),
      };
    });
  }

  /** One synchronisation of one cluster (a dry run only plans). */
  async run(clusterId: string | undefined, dryRun: boolean): Promise<AccountSyncReport> {
    const cluster = this.clusters.get(clusterId);
    const result = await cluster.accounts.sync(await this.desired(), { dryRun });
    return { clusterId: cluster.config.id, ...result };
  }

  /** Schedules a background synchronisation of every cluster; never throws, never waits. */
  schedule(): void {
    if (this.closed) return;
    for (const c of this.clusters.all()) this.scheduleOne(c.config.id);
  }

  private scheduleOne(clusterId: string): void {
    const lane = this.lanes.get(clusterId) ?? { running: null, again: false };
    this.lanes.set(clusterId, lane);
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = (async () => {
      do {
        lane.again = false;
        try {
          const r = await this.run(clusterId, false);
          if (r.supported && r.changes.length) this.log.info({ clusterId, changes: r.changes.length }, 'accounts synchronised');
        } catch (err) {
          this.log.warn({ clusterId, error: brief(err) }, 'account synchronisation failed');
        }
      } while (lane.again && !this.closed);
      lane.running = null;
    })();
  }

  /** Resolves once no background synchronisation is running or queued. */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.lanes.values()].map((l) => l.running).filter((p): p is Promise<void> => p !== null);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  /** No new runs; waits for the one going on (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }
}
