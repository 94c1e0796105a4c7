import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

/* The refusals of applications: English text for API clients, a reason the console translates. */

/** Unknown, or one the caller may not see: the same answer, so ids reveal nothing. */
export const applicationNotFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'notFound', `No application ${id}`, { status: 404 });

export const accountNotFound = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'accountNotFound', `The account ${name} does not exist`, {
    status: 404,
    extra: { account: name },
  });

export const notAccountMember = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'notAccountMember', `You are not a member of the account ${name}`, {
    extra: { account: name },
  });

const HOURS_WORD = { coreHours: 'core-hour', cardHours: 'card-hour' } as const;

export const noQuotaLimit = (account: string, kind: 'coreHours' | 'cardHours') =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'noQuotaLimit',
    `The account ${account} has no ${HOURS_WORD[kind]} limit: nothing to apply for`,
    {
      extra: { account, kind },
    },
  );

export const wallTimeOff = () =>
  new AppError(
    ErrCode.INSUFFICIENT_PERMISSION,
    'wallTimeOff',
    'Applications for a longer run time are off on this portal (they need gold mode, ui.goldEnable)',
    { status: 403 },
  );

/** Not the caller's, not known, or already ended: one answer, so other users' job ids reveal nothing. */
export const noActiveJob = (jobId: string, clusterId: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'notFound', `You have no queued or running job ${jobId} on the cluster ${clusterId}`, {
    status: 404,
    extra: { jobId, clusterId },
  });

export const jobWithoutPortalAccount = (jobId: string, account: string) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'notAccountMember',
    account
      ? `The job ${jobId} is charged to ${account}, which is not a portal account of yours: nobody here can decide for it`
      : `The job ${jobId} is charged to no account: nobody here can decide for it`,
    { extra: { jobId, account } },
  );

export const timeLimitNotLonger = (current: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'timeLimitNotLonger', `The job's time limit is already ${current}: ask for a longer one`, {
    extra: { current, issues: [{ path: 'timeLimit', message: `not longer than ${current}` }] },
  });

export const queueNotFound = (queue: string, clusterId: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'notFound', `The cluster ${clusterId} has no queue ${queue}`, {
    status: 404,
    extra: { queue },
  });

export const queueAlreadyAllowed = (queue: string, account: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'queueAlreadyAllowed', `The account ${account} may already use the queue ${queue}`, {
    status: 409,
    extra: { queue, account },
  });

/** A queue of the scheduler's own configuration: the portal cannot add an account to it. */
export const queueNotManaged = (queue: string) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'queueNotManaged',
    `The queue ${queue} comes from the scheduler's configuration, not from the portal: ask an administrator to change it there`,
    { status: 409, extra: { queue } },
  );

export const applicationPending = (id: number) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'applicationPending',
    `You already have a pending application (${id}) for this: wait for its decision or withdraw it`,
    { status: 409, extra: { applicationId: id } },
  );

export const ownApplication = () =>
  new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'ownApplication', 'Nobody decides their own application', { status: 403 });

export const applicationNotPending = (id: number, state: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'applicationNotPending', `The application ${id} is ${state}, no longer pending`, {
    status: 409,
    extra: { applicationId: id, state },
  });

export const adminDecides = () =>
  new AppError(
    ErrCode.INSUFFICIENT_PERMISSION,
    'adminDecides',
    "Only an administrator decides this application (an account's own hours, access to a queue)",
    { status: 403 },
  );

export const notApplicant = () =>
  new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'notApplicant', 'Only the applicant withdraws an application', { status: 403 });
