import {
  DESKTOP_CORES,
  DESKTOP_HOURS,
  queueAllows,
  type AccountItem,
  type DesktopSessionType,
  type Queue,
  type StartDesktopBody,
} from '@portal/shared';

/** What the start dialog holds; the job fields count only when the desktop runs as a job. */
export interface StartValues {
  name?: string;
  resolution: string;
  clusterId?: string;
  sessionType: DesktopSessionType;
  queue?: string;
  cores: number;
  hours: number;
  account?: string;
}

export const START_DEFAULTS = {
  sessionType: 'login',
  cores: DESKTOP_CORES.default,
  hours: DESKTOP_HOURS.default,
} as const satisfies Partial<StartValues>;

/** The account field is offered only when there is a choice; otherwise the server uses the default account. */
export const accountChoice = (accounts: readonly AccountItem[]) => accounts.length > 1;

/** The account a job is charged to when nobody chose: the caller's default one (listed first). */
export const defaultAccount = (accounts: readonly AccountItem[]) =>
  accounts[0]?.isDefault ? accounts[0].accountName : undefined;

/** The queues the job's account may use (a user without accounts: those open to all), as the scheduler refuses the others. */
export const usableQueues = (queues: readonly Queue[], account: string | undefined) =>
  queues.filter((q) => queueAllows(q.allowAccounts, account));

/** The queue a desktop job starts in: the cluster's default, else the first one that is up. */
export const startQueue = (queues: readonly Queue[]) =>
  queues.find((q) => q.isDefault) ?? queues.find((q) => q.state === 'up') ?? queues[0];

/** The most cores a desktop job may ask for in a queue (its per-job limit and its size, within the portal's bound). */
export const maxCores = (queue: Queue | undefined) =>
  Math.min(
    DESKTOP_CORES.max,
    queue?.maxCoresPerJob ?? DESKTOP_CORES.max,
    queue && queue.totalCores > 0 ? queue.totalCores : DESKTOP_CORES.max,
  );

/** The longest time limit in hours a queue allows a desktop job (null: the portal's bound only). */
export const maxHours = (queue: Queue | undefined): number | null =>
  queue?.maxTime == null ? null : Math.min(DESKTOP_HOURS.max, queue.maxTime / 3600);

/** Hours as people read them: "1.5" rather than "1.50", at most two decimals. */
export const hoursText = (hours: number) => String(Math.round(hours * 100) / 100);

/**
 * The request: a login desktop sends only what it uses; a job desktop adds its queue, cores, hours
 * and, when the user had a choice, the account.
 */
export const toStartBody = (v: StartValues, opts: { appId?: string; chooseAccount: boolean }): StartDesktopBody => ({
  name: v.name?.trim() || undefined,
  resolution: v.resolution,
  clusterId: v.clusterId,
  sessionType: v.sessionType,
  ...(opts.appId ? { appId: opts.appId } : {}),
  ...(v.sessionType === 'job'
    ? {
        queue: v.queue || undefined,
        cores: v.cores,
        hours: v.hours,
        account: opts.chooseAccount ? v.account || undefined : undefined,
      }
    : {}),
});
