import type { RunLimits, RunningJobLimits } from '../../cluster/scheduler/run-limits.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import type { QuotasRepository } from './quotas.repository.js';

const key = (account: string, user: string) => `${account}\u0000${user}`;

/** How long a read of the limits is trusted before the next pass reads them again in the background. */
const MAX_AGE_MS = 30_000;

/**
 * The quotas' running-job limits in memory, for the built-in scheduler's passes (twice a second:
 * never a database read there). Read at start and again after every change made through the
 * quotas service; also again in the background once they are older than 30 s, so a change
 * written by someone else (another instance, an approved application) arrives too.
 */
export class RunLimitsCache implements RunLimits {
  private limits = new Map<string, number>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly repo: QuotasRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Reads the limits again (callers at the same time share one read). */
  reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.repo.runLimits();
        this.limits = new Map(rows.map((r) => [key(r.account_name, r.user_name), Number(r.max_running_jobs)]));
        this.loadedAt = this.clock.now();
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  maxRunning(account: string, user: string): RunningJobLimits {
    if (this.clock.now() - this.loadedAt > MAX_AGE_MS && !this.loading)
      this.reload().catch((err: unknown) => {
        // The last limits stay in force; the next try waits as long as a good read would.
        this.loadedAt = this.clock.now();
        this.log.warn({ err }, 'the running-job limits could not be read');
      });
    return { account: this.limits.get(key(account, '')) ?? null, user: this.limits.get(key(account, user)) ?? null };
  }
}
