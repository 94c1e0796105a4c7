import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import type { ActiveUsage } from './active-usage.js';
import type { QuotasRepository } from './quotas.repository.js';

/** What a job asks for, as the check counts it. */
export interface QuotaJob {
  cores: number;
  gpus: number;
  /** Seconds. */
  timeLimit: number;
}

type HourQuota = 'coreHours' | 'cardHours';

const hours = (seconds: number) => seconds / 3600;
const twoDecimals = (h: number) => Math.round(h * 100) / 100;

/** The refusal: names the quota, what counts against it and its limit (English; the web formats `extra` in zh). */
const quotaExceeded = (o: {
  account: string;
  user: string;
  own: boolean;
  quota: HourQuota;
  counted: number;
  reserved: number;
  limit: number;
  job: number;
}) => {
  const unit = o.quota === 'coreHours' ? 'core-hour' : 'card-hour';
  const which = o.own ? `Your ${unit} quota in account ${o.account}` : `The ${unit} quota of account ${o.account}`;
  const held = o.reserved > 0 ? ` (${hours(o.reserved).toFixed(2)} of them reserved by queued and running jobs)` : '';
  return new AppError(
    ErrCode.INSUFFICIENT_PERMISSION,
    'quotaExceeded',
    `${which} is reached: used ${hours(o.counted).toFixed(2)} of ${o.limit} ${unit}s${held}, this job may use up to ${hours(o.job).toFixed(2)} more`,
    {
      status: 403,
      extra: {
        account: o.account,
        user: o.own ? o.user : '',
        quota: o.quota,
        usedHours: twoDecimals(hours(o.counted)),
        reservedHours: twoDecimals(hours(o.reserved)),
        limitHours: o.limit,
        jobHours: twoDecimals(hours(o.job)),
      },
    },
  );
};

/**
 * The quota check at submission, as Slurm's `safe` enforcement: a job is taken only if it can run
 * to its time limit within the account's quota and the user's own quota in that account. What
 * counts: the finished jobs (usage_totals), what the running jobs have run, what the queued and
 * running jobs may still use, and this job's cores (GPUs) × time limit. One statement (the quotas
 * by primary key, each with an aggregate over usage_totals' primary key) and the in-memory job
 * snapshots: no scan of the jobs table, no scheduler call.
 */
/** One hour-quota as it stands for a job: what counts against it now and what the job may add (seconds). */
export interface QuotaFigure {
  quota: HourQuota;
  /** The member's own quota in the account, else the account's. */
  own: boolean;
  account: string;
  user: string;
  limitSeconds: number;
  /** finished + run + reserved */
  countedSeconds: number;
  reservedSeconds: number;
  jobSeconds: number;
}

export class QuotaCheck {
  constructor(
    private readonly repo: QuotasRepository,
    private readonly active: ActiveUsage,
  ) {}

  /**
   * The hour-quotas that hold this job, the account's first, then the member's; core-hours before
   * card-hours. A quota without a limit, or a resource the job does not ask for, is left out.
   */
  async figures(user: { id: number; name: string }, account: string | undefined, job: QuotaJob): Promise<QuotaFigure[]> {
    if (!account) return [];
    const out: QuotaFigure[] = [];
    // The account's own quota first (user_id 0): the one every member shares.
    for (const q of await this.repo.forSubmission(account, user)) {
      const own = Number(q.user_id) !== 0;
      const active = this.active.of(account, own ? user.name : undefined);
      const add = (
        quota: HourQuota,
        limit: number | null,
        finished: number,
        run: number,
        reserved: number,
        jobSeconds: number,
      ) => {
        // A job that asks nothing of this resource is not held by its limit (a CPU job and the card-hours).
        if (limit === null || jobSeconds === 0) return;
        out.push({
          quota,
          own,
          account,
          user: user.name,
          limitSeconds: Number(limit) * 3600,
          countedSeconds: finished + run + reserved,
          reservedSeconds: reserved,
          jobSeconds,
        });
      };
      add(
        'coreHours',
        q.core_hours_limit,
        Number(q.core_used ?? 0),
        active.coreSecondsRun,
        active.coreSecondsReserved,
        job.cores * job.timeLimit,
      );
      add(
        'cardHours',
        q.card_hours_limit,
        Number(q.card_used ?? 0),
        active.cardSecondsRun,
        active.cardSecondsReserved,
        job.gpus * job.timeLimit,
      );
    }
    return out;
  }

  /** The refusal for the first quota the job would pass, or null when it fits them all. */
  static refusalOf(figures: readonly QuotaFigure[]): AppError | null {
    const over = figures.find((f) => f.countedSeconds + f.jobSeconds > f.limitSeconds);
    if (!over) return null;
    return quotaExceeded({
      account: over.account,
      user: over.user,
      own: over.own,
      quota: over.quota,
      counted: over.countedSeconds,
      reserved: over.reservedSeconds,
      limit: over.limitSeconds / 3600,
      job: over.jobSeconds,
    });
  }

  async check(user: { id: number; name: string }, account: string | undefined, job: QuotaJob): Promise<void> {
    const refusal = QuotaCheck.refusalOf(await this.figures(user, account, job));
    if (refusal) throw refusal;
  }
}
