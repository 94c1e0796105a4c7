import type { Insertable } from 'kysely';
import { formatQueueTime, queueAllows, UNLIMITED, type CreateApplicationBody, type JobState } from '@portal/shared';
import type { z } from 'zod';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { PartitionInfo } from '../../cluster/scheduler/types.js';
import type { ApplicationsTable } from '../../db/quota-tables.js';
import type { Auth } from '../../lib/auth.js';
import { accountUnusable } from '../accounts/index.js';
import { viaScheduler } from '../jobs/index.js';
import {
  accountNotFound,
  jobWithoutPortalAccount,
  noActiveJob,
  noQuotaLimit,
  notAccountMember,
  queueAlreadyAllowed,
  queueNotFound,
  queueNotManaged,
  timeLimitNotLonger,
  wallTimeOff,
} from './application-errors.js';
import type { ApplicationsRepository, ApplyingAccount } from './applications.repository.js';

export type CreateApplication = z.output<typeof CreateApplicationBody>;

/** What applications need of queue management (the queues module's service). */
export interface ApplicationQueues {
  /** A queue of the cluster as the scheduler holds it, or undefined. */
  find(clusterId: string | undefined, name: string): PartitionInfo | undefined;
  /** Lets one more account use the queue (nothing when it already may). */
  allowAccount(auth: Auth, clusterId: string | undefined, name: string, account: string): Promise<void>;
}

export interface IntakeDeps {
  repo: ApplicationsRepository;
  clusters: ClusterRegistry;
  queues: ApplicationQueues;
  /** Spec section 6's walltimeApply rule: only in gold mode (ui.goldEnable). */
  goldEnabled: () => boolean;
}

/** An application as checked, before it is stored (state, applicant, reason and time are added then). */
export type CheckedApplication = Omit<
  Insertable<ApplicationsTable>,
  'state' | 'applicant_id' | 'reason' | 'created_at' | 'remark' | 'decided_by' | 'decided_at' | 'error'
> & {
  account_id: number;
};

/** Job states in which a time limit still means something: queued or running (held and suspended included). */
const OPEN_STATES: readonly JobState[] = ['Q', 'W', 'H', 'R', 'S'];
export const isOpen = (state: JobState) => OPEN_STATES.includes(state);

const nothingElse = { target: null, hours: null, cluster_id: null, job_id: null, time_limit_s: null, queue: null };

/** An account the caller is a member of and may use now (not Frozen, not Disable). */
const usableAccount = (account: ApplyingAccount | undefined, name: string): ApplyingAccount => {
  if (!account) throw accountNotFound(name);
  if (account.is_member !== 1) throw notAccountMember(name);
  const unusable = accountUnusable(account);
  if (unusable) throw unusable;
  return account;
};

/**
 * Checks a new application against the rules of its kind (docs/applications.md) and settles who
 * decides it: each refusal says what is wrong in words the applicant can act on.
 */
export const checkApplication = async (deps: IntakeDeps, auth: Auth, body: CreateApplication): Promise<CheckedApplication> => {
  const me = auth.user;
  switch (body.kind) {
    case 'coreHours':
    case 'cardHours': {
      const account = usableAccount(await deps.repo.account(body.accountName, me.id), body.accountName);
      const limits = await deps.repo.limits(account.id, me.id, body.kind);
      // A member with a limit of their own asks for more of it; the others for the account's.
      const target = limits.member !== null ? 'user' : 'account';
      if (target === 'account' && limits.account === null) throw noQuotaLimit(account.name, body.kind);
      return {
        ...nothingElse,
        kind: body.kind,
        account_id: account.id,
        target,
        hours: body.hours,
        reviewer: target === 'user' ? 'ownerOrAdmin' : 'admin',
      };
    }
    case 'wallTime': {
      if (!deps.goldEnabled()) throw wallTimeOff();
      const cluster = deps.clusters.get(body.clusterId);
      const clusterId = cluster.config.id;
      const job = await viaScheduler(() => cluster.scheduler.jobDetail(body.jobId));
      if (!job || job.user !== me.userName || !isOpen(job.state)) throw noActiveJob(body.jobId, clusterId);
      const account = job.account ? await deps.repo.account(job.account.toLowerCase(), me.id) : undefined;
      if (account?.is_member !== 1) throw jobWithoutPortalAccount(body.jobId, job.account);
      const unusable = accountUnusable(account);
      if (unusable) throw unusable;
      if (job.timeLimit === null || body.timeLimit <= job.timeLimit)
        throw timeLimitNotLonger(formatQueueTime(job.timeLimit ?? UNLIMITED));
      return {
        ...nothingElse,
        kind: 'wallTime',
        account_id: account.id,
        cluster_id: clusterId,
        job_id: body.jobId,
        time_limit_s: body.timeLimit,
        reviewer: 'ownerOrAdmin',
      };
    }
    case 'queueAccess': {
      const clusterId = deps.clusters.get(body.clusterId).config.id;
      const account = usableAccount(await deps.repo.account(body.accountName, me.id), body.accountName);
      const queue = deps.queues.find(clusterId, body.queue);
      if (!queue) throw queueNotFound(body.queue, clusterId);
      if (queueAllows(queue.allowAccounts, account.name)) throw queueAlreadyAllowed(queue.name, account.name);
      if (!queue.managed) throw queueNotManaged(queue.name);
      return {
        ...nothingElse,
        kind: 'queueAccess',
        account_id: account.id,
        cluster_id: clusterId,
        queue: queue.name,
        reviewer: 'admin',
      };
    }
  }
};
