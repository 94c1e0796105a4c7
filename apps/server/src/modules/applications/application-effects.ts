import type { ClusterRegistry } from '../../cluster/registry.js';
import { SchedulerUnavailableError } from '../../cluster/scheduler/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import { schedulerError } from '../jobs/index.js';
import { applicationNotPending } from './application-errors.js';
import { isOpen, type ApplicationQueues } from './application-intake.js';
import type { ApplicationsRepository, ApplicationView } from './applications.repository.js';

export interface EffectDeps {
  repo: ApplicationsRepository;
  clusters: ClusterRegistry;
  queues: ApplicationQueues;
  /** Schedules the background synchronisation of accounts (and their limits) into the schedulers. */
  accountsChanged: () => void;
}

interface Decision {
  by: string;
  at: number;
  remark: string;
}

const HOURS_WORD = { coreHours: 'core-hour', cardHours: 'card-hour' } as const;

/** The first line of an error, short: what the applicant and the reviewer read in `error`. */
const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, 500) ?? '';

/** The scheduler or its snapshot did not answer: nothing was decided, the application stays pending. */
const notAnswered = (err: unknown) =>
  err instanceof SchedulerUnavailableError || (err instanceof AppError && (err.status === 503 || err.status === 502));

/**
 * An approval makes the change at once: hours raise the limit in the same transaction that marks
 * the application Approved; a run time and a queue go to the scheduler just after, and when that
 * cannot be done (the job has ended) the application is Failed with why.
 */
export class ApplicationEffects {
  constructor(private readonly deps: EffectDeps) {}

  async approve(auth: Auth, a: ApplicationView, d: Decision): Promise<void> {
    if (a.kind === 'coreHours' || a.kind === 'cardHours') return this.hours(a, a.kind, d);
    await this.claim(this.deps.repo, a, d);
    try {
      if (a.kind === 'wallTime') await this.wallTime(a, d);
      else await this.queueAccess(auth, a);
    } catch (err) {
      if (notAnswered(err)) {
        await this.deps.repo.reopen(Number(a.id));
        throw err instanceof AppError ? err : schedulerError();
      }
      await this.deps.repo.fail(Number(a.id), firstLine(err));
    }
  }

  /** Marks it Approved, only if it is still pending (two reviewers at once: one wins). */
  private async claim(repo: ApplicationsRepository, a: ApplicationView, d: Decision): Promise<void> {
    const won = await repo.close(Number(a.id), { state: 'Approved', remark: d.remark, decided_by: d.by, decided_at: d.at });
    if (!won) throw applicationNotPending(Number(a.id), 'decided');
  }

  private async hours(a: ApplicationView, kind: 'coreHours' | 'cardHours', d: Decision): Promise<void> {
    const forMember = a.target === 'user';
    const raised = await this.deps.repo.transaction(async (tx) => {
      await this.claim(tx, a, d);
      const ok = await tx.raiseLimit(
        { accountId: Number(a.account_id), userId: forMember ? Number(a.applicant_id) : 0, kind, hours: Number(a.hours) },
        d.by,
        d.at,
      );
      if (!ok) {
        const whose = forMember ? `${a.applicant_name}'s quota in ${a.account_name}` : `The account ${a.account_name}`;
        await tx.fail(
          Number(a.id),
          `${whose} no longer has a ${HOURS_WORD[kind]} limit to raise (or it would pass the largest one)`,
        );
      }
      return ok;
    });
    // Slurm learns the new limit (GrpTRESMins) through the account synchronisation.
    if (raised) this.deps.accountsChanged();
  }

  private async wallTime(a: ApplicationView, d: Decision): Promise<void> {
    const jobId = a.job_id ?? '';
    const asked = Number(a.time_limit_s);
    const cluster = this.deps.clusters.get(a.cluster_id ?? undefined);
    const job = await cluster.scheduler.jobDetail(jobId);
    if (!job || !isOpen(job.state)) throw new Error(`The job ${jobId} has ended: its time limit can no longer change`);
    // Already as long (an operator extended it meanwhile): never shorten it.
    if (job.timeLimit === null || job.timeLimit >= asked) return;
    // Raising a limit is an operator's work on Slurm: the service identity runs scontrol.
    await cluster.scheduler.setTimeLimit({ user: d.by, privileged: true }, jobId, asked);
    // The change is made: a re-read that fails only delays the lists until the next poll.
    await cluster.snapshot.refreshAfterAction([jobId]).catch(() => undefined);
  }

  private async queueAccess(auth: Auth, a: ApplicationView): Promise<void> {
    await this.deps.queues.allowAccount(auth, a.cluster_id ?? undefined, a.queue ?? '', a.account_name);
  }
}
