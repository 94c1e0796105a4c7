import {
  parseDuration,
  type JobPreview,
  type JobPreviewCost,
  type JobPreviewQuota,
  type JobPreviewRefusal,
} from '@portal/shared';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import { systemClock, type Clock } from '../../lib/time.js';
import type { JobToCost } from '../bills/index.js';
import type { QuotaFigure } from '../quotas/index.js';
import type { SubmitAccount, SubmitRequest } from './job-actions.service.js';
import { schedulerError, viaScheduler } from './scheduler-errors.js';
import { checkSubmission, workDirOf } from './submit-checks.js';

/** The quotas module's figures for a job and the refusal its check would give (docs/quotas.md). */
export type PreviewQuota = (
  user: { id: number; name: string },
  account: string | undefined,
  job: { cores: number; gpus: number; timeLimit: number },
) => Promise<{ figures: QuotaFigure[]; refusal: AppError | null }>;

/** The bills module's price of a job not yet run, or null when the centre sets no prices. */
export type PreviewCost = (job: JobToCost) => Promise<JobPreviewCost | null>;

/** Previews per user: the form asks once its fields rest (600 ms), so a person stays far below it. */
export const PREVIEW_LIMIT = { max: 60, windowMs: 60_000 };

const refusalOf = (e: AppError): JobPreviewRefusal => ({
  errCode: e.code,
  reason: e.reason,
  message: e.message,
  ...(Object.keys(e.extra).length ? { data: e.extra } : {}),
});

/** The tightest of the quotas of one kind (least left), or null when none holds the job. */
const tightest = (figures: readonly QuotaFigure[], quota: QuotaFigure['quota']): JobPreviewQuota | null => {
  const of = figures
    .filter((f) => f.quota === quota)
    .map((f) => ({
      scope: f.own ? ('user' as const) : ('account' as const),
      account: f.account,
      limitSeconds: f.limitSeconds,
      countedSeconds: f.countedSeconds,
      leftBeforeSeconds: Math.max(0, f.limitSeconds - f.countedSeconds),
      leftAfterSeconds: f.limitSeconds - f.countedSeconds - f.jobSeconds,
    }));
  return of.reduce<JobPreviewQuota | null>(
    (min, q) => (min === null || q.leftAfterSeconds < min.leftAfterSeconds ? q : min),
    null,
  );
};

/**
 * What a submission would use and when it would start, before it is made: the submit's own checks
 * (submit-checks.ts, the account, the quotas) and the scheduler's estimate. Submits nothing, writes
 * nothing: a refusal the submit would give is answered in `refusals`, not thrown.
 */
export class JobPreviewService {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly accountFor: SubmitAccount = (_user, requested) => Promise.resolve(requested),
    private readonly quotaFor: PreviewQuota = () => Promise.resolve({ figures: [], refusal: null }),
    /** Counts a user's previews; throws 429 beyond PREVIEW_LIMIT (each may run sbatch --test-only as them). */
    private readonly throttle: (userName: string) => void = () => {},
    private readonly costOf: PreviewCost = () => Promise.resolve(null),
    private readonly clock: Clock = systemClock,
  ) {}

  private info(cluster: ClusterEntry) {
    const read = cluster.snapshot.read();
    if (!read.ok) throw schedulerError(read.lastGoodAt);
    return read.snapshot.info;
  }

  async preview(auth: Auth, r: SubmitRequest): Promise<JobPreview> {
    const user = { id: auth.user.id, name: auth.user.userName };
    this.throttle(user.name);
    const asked = Math.max(0, parseDuration(r.timeLimit) ?? 0);
    const answer: JobPreview = {
      coreSeconds: r.cores * asked,
      cardSeconds: r.gpus * asked,
      quota: null,
      expectedStartAt: null,
      nodes: [],
      cost: null,
      refusals: [],
    };
    const cluster = this.clusters.get(r.clusterId);
    // The submit's checks in its order; the first refusal ends the preview as it would end the submit.
    const refused = (e: unknown): JobPreview => {
      if (!(e instanceof AppError)) throw e;
      return { ...answer, refusals: [...answer.refusals, refusalOf(e)] };
    };
    let checked: { account: string | undefined; queue: string; limit: number };
    try {
      const account = await this.accountFor(user, r.account);
      const { queue, limit } = checkSubmission(this.info(cluster), r, account);
      checked = { account, queue: queue.name, limit };
    } catch (e) {
      return refused(e);
    }
    // Priced on the day it would end if it started now and ran to its limit (a later start moves it below).
    const costAt = (startAt: number) =>
      this.costOf({
        clusterId: cluster.config.id,
        queue: checked.queue,
        account: checked.account,
        endAt: startAt + checked.limit * 1000,
        coreSeconds: answer.coreSeconds,
        cardSeconds: answer.cardSeconds,
      });
    answer.cost = await costAt(this.clock.now());
    const quota = await this.quotaFor(user, checked.account, { cores: r.cores, gpus: r.gpus, timeLimit: checked.limit });
    if (quota.figures.length)
      answer.quota = { coreHours: tightest(quota.figures, 'coreHours'), cardHours: tightest(quota.figures, 'cardHours') };
    if (quota.refusal) return refused(quota.refusal);
    try {
      const workDir = await workDirOf(cluster, user.name, r.workDir);
      const start = await viaScheduler(() =>
        cluster.scheduler.estimateStart(user.name, {
          name: r.name,
          partition: checked.queue,
          nodes: r.nodes,
          cores: r.cores,
          gpus: r.gpus,
          memoryMB: r.memoryMB,
          timeLimit: checked.limit,
          workDir,
          script: r.script,
          account: checked.account,
        }),
      );
      answer.expectedStartAt = start.startAt;
      answer.nodes = start.nodes ?? [];
      if (start.startAt !== null && start.startAt > this.clock.now()) answer.cost = await costAt(start.startAt);
    } catch (e) {
      return refused(e);
    }
    return answer;
  }
}
