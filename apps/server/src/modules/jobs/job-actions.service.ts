import { actionApplies, ErrCode, hasOutput, MAX_JOB_PRIORITY, type JobAction } from '@portal/shared';
import { OutputMissingError, SchedulerRejectedError, type Actor } from '../../cluster/scheduler/types.js';
import { AppError } from '../../lib/app-error.js';
import type { Auth } from '../../lib/auth.js';
import { extendableSeconds, mayAct, needsOperator } from './job-access.js';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import type { JobsService } from './jobs.service.js';
import { schedulerError, viaScheduler } from './scheduler-errors.js';
import { checkSubmission, exceedsQueue, invalid, workDirOf } from './submit-checks.js';
import type { SubmissionsRepository } from './submissions.repository.js';
import type { Clock } from '../../lib/time.js';

/** Output shown in the page; bigger files are downloaded. */
export const OUTPUT_VIEW_MAX_BYTES = 1024 * 1024;
export const OUTPUT_DOWNLOAD_MAX_BYTES = 256 * 1024 * 1024;

export interface SubmitRequest {
  clusterId?: string | undefined;
  name: string;
  /** Omitted: the cluster's default queue. */
  queue?: string | undefined;
  nodes: number;
  cores: number;
  gpus: number;
  memoryMB: number;
  timeLimit: string;
  /** Omitted: the user's home. */
  workDir?: string | undefined;
  script: string;
  account?: string | undefined;
  /** The application template the form was filled from; recorded, shown in the job's details. */
  template?: string | undefined;
}

export type SubmitAccount = (user: { id: number; name: string }, requested: string | undefined) => Promise<string | undefined>;

/** Throws when the job would pass a quota of its account or of the user in it (timeLimit in seconds). */
export type SubmitQuota = (
  user: { id: number; name: string },
  account: string | undefined,
  job: { cores: number; gpus: number; timeLimit: number },
) => Promise<void>;

export interface ActionParams {
  priority?: number | undefined;
  hours?: number | undefined;
  minutes?: number | undefined;
}

const forbidden = () => new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });

/** Submitting, acting on jobs, and reading their output: checked here, carried out by the scheduler. */
export class JobActionsService {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly jobs: JobsService,
    private readonly submissions: SubmissionsRepository,
    private readonly clock: Clock,
    /**
     * The account a job is charged to (the accounts module: the one asked for or the user's
     * default; throws when the user may not use it). Default: the one asked for.
     */
    private readonly accountFor: SubmitAccount = (_user, requested) => Promise.resolve(requested),
    /** The quotas module's check at submission (docs/quotas.md). Default: none. */
    private readonly quotaFor: SubmitQuota = () => Promise.resolve(),
  ) {}

  private info(cluster: ClusterEntry) {
    const read = cluster.snapshot.read();
    if (!read.ok) throw schedulerError(read.lastGoodAt);
    return read.snapshot.info;
  }

  async submit(auth: Auth, r: SubmitRequest): Promise<{ jobId: string }> {
    const cluster = this.clusters.get(r.clusterId);
    // First: a disabled or frozen account refuses whatever the form says.
    const account = await this.accountFor({ id: auth.user.id, name: auth.user.userName }, r.account);
    const { queue, limit } = checkSubmission(this.info(cluster), r, account);
    // Last of the checks: only a job the cluster would take counts against a quota.
    await this.quotaFor({ id: auth.user.id, name: auth.user.userName }, account, {
      cores: r.cores,
      gpus: r.gpus,
      timeLimit: limit,
    });
    const workDir = await workDirOf(cluster, auth.user.userName, r.workDir);
    const send = async () => {
      await cluster.ensureDir(auth.user.userName, workDir);
      return cluster.scheduler.submit(auth.user.userName, {
        name: r.name,
        partition: queue.name,
        nodes: r.nodes,
        cores: r.cores,
        gpus: r.gpus,
        memoryMB: r.memoryMB,
        timeLimit: limit,
        workDir,
        script: r.script,
        account,
      });
    };
    // A folder the user cannot create, or one the scheduler refuses, is the working directory's fault.
    const jobId = await viaScheduler(() =>
      send().catch((err: unknown) => {
        throw err instanceof SchedulerRejectedError && err.field === 'workDir'
          ? invalid(err.message, 'workDir', 'workDirUnusable', { path: workDir })
          : err;
      }),
    );
    const submittedAt = this.clock.now();
    await cluster.snapshot.refreshAfterAction([jobId]);
    // What was asked for, kept for the details once accounting has the job (it keeps neither
    // script nor template). The command is the scheduler's word, from the read just taken.
    await this.submissions.save({
      cluster_id: cluster.config.id,
      job_id: jobId,
      user_name: auth.user.userName,
      template: r.template ?? null,
      queue: queue.name,
      nodes: r.nodes,
      cores: r.cores,
      gpus: r.gpus,
      memory_mb: r.memoryMB,
      time_limit_s: limit,
      work_dir: workDir,
      account: account ?? null,
      script: r.script,
      command: this.jobs.activeJob(cluster, jobId)?.command ?? '',
      submitted_at: submittedAt,
    });
    return { jobId };
  }

  /** One action; throws when it is not allowed, does not apply, or the scheduler refuses. */
  private async actOne(auth: Auth, cluster: ClusterEntry, jobId: string, action: JobAction, p: ActionParams): Promise<void> {
    const { job, state, owner } = await this.jobs.stateOf(auth, cluster, jobId);
    if (!mayAct(auth, owner, action)) throw forbidden();
    if (!job || !actionApplies(action, state))
      throw new AppError(
        ErrCode.PARAM_INVALID,
        'actionNotApplicable',
        'This action does not apply to the job in its current state',
        {
          status: 409,
        },
      );
    const actor: Actor = { user: auth.user.userName, privileged: owner !== auth.user.userName || needsOperator(action) };
    const a = cluster.scheduler;
    await viaScheduler(async () => {
      switch (action) {
        case 'cancel':
          return a.cancel(actor, jobId);
        case 'hold':
          return a.hold(actor, jobId);
        case 'release':
          return a.release(actor, jobId);
        case 'suspend':
          return a.suspend(actor, jobId);
        case 'resume':
          return a.resume(actor, jobId);
        case 'rerun':
          return a.requeue(actor, jobId);
        case 'priority': {
          if (p.priority === undefined)
            throw new AppError(ErrCode.PARAM_INCOMPLETE, 'validation', 'The priority cannot be empty');
          if (p.priority > MAX_JOB_PRIORITY) throw invalid(`the priority may not exceed ${MAX_JOB_PRIORITY}`);
          return a.setPriority(actor, jobId, p.priority);
        }
        case 'extend': {
          const extra = (p.hours ?? 0) * 3600 + (p.minutes ?? 0) * 60;
          if (p.hours === undefined && p.minutes === undefined)
            throw new AppError(ErrCode.PARAM_INCOMPLETE, 'validation', 'Hours and minutes cannot both be empty');
          if (extra <= 0) throw invalid('the extension must be more than zero');
          const room = extendableSeconds(job, this.info(cluster));
          if (room !== null && extra > room) throw exceedsQueue();
          return a.setTimeLimit(actor, jobId, (job.timeLimit ?? 0) + extra);
        }
      }
    });
  }

  async act(auth: Auth, clusterId: string | undefined, jobId: string, action: JobAction, p: ActionParams): Promise<void> {
    const cluster = this.clusters.get(clusterId);
    await this.actOne(auth, cluster, jobId, action, p);
    // The list answered next shows the action's effect, not a read begun before it.
    await cluster.snapshot.refreshAfterAction([jobId]);
  }

  async batch(auth: Auth, clusterId: string | undefined, jobIds: string[], action: JobAction, p: ActionParams) {
    const cluster = this.clusters.get(clusterId);
    const results: { jobId: string; ok: boolean; errCode: number; reason: string; errMsg: string }[] = [];
    for (const jobId of jobIds) {
      try {
        await this.actOne(auth, cluster, jobId, action, p);
        results.push({ jobId, ok: true, errCode: 0, reason: '', errMsg: '' });
      } catch (err) {
        if (err instanceof AppError && err.reason === 'schedulerError') throw err;
        if (!(err instanceof AppError)) throw err;
        results.push({ jobId, ok: false, errCode: err.code, reason: err.reason, errMsg: err.message });
      }
    }
    await cluster.snapshot.refreshAfterAction(results.filter((r) => r.ok).map((r) => r.jobId));
    return { results };
  }

  /** A job's stdout or stderr, read as the job's owner. */
  async output(
    auth: Auth,
    clusterId: string | undefined,
    jobId: string,
    stream: 'stdout' | 'stderr',
    opts: { tailBytes?: number | undefined; download: boolean },
  ) {
    const cluster = this.clusters.get(clusterId);
    const { state, owner } = await this.jobs.stateOf(auth, cluster, jobId);
    if (!hasOutput(state))
      throw new AppError(ErrCode.PARAM_INVALID, 'noOutput', 'The job does not have this output', { status: 404 });
    const detail = await this.jobs.detail(auth, cluster.config.id, jobId);
    const path = stream === 'stdout' ? detail.stdoutPath : detail.stderrPath;
    if (!path) throw new AppError(ErrCode.PARAM_INVALID, 'noOutput', 'The job does not have this output', { status: 404 });
    const read = await viaScheduler(() =>
      cluster.scheduler
        .readOutput(owner, path, {
          tailBytes: opts.download ? undefined : opts.tailBytes,
          maxBytes: opts.download ? OUTPUT_DOWNLOAD_MAX_BYTES : OUTPUT_VIEW_MAX_BYTES,
        })
        .catch((err: unknown) => {
          // A job shown running the moment it starts may not have created its file yet: "not yet", not "missing".
          if (err instanceof OutputMissingError && state !== 'C')
            throw new AppError(ErrCode.PARAM_INVALID, 'noOutput', 'The job does not have this output', { status: 404 });
          throw err;
        }),
    );
    return { path, ...read };
  }
}
