import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { localHomeRoot, type ClusterConfig } from '../../config/cluster-schema.js';
import type { Config } from '../../config/schema.js';
import type { Database } from '../../db/types.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import type { CommandLimiter } from '../access/command-limiter.js';
import { LocalCommandRunner } from '../access/command-runner.js';
import { limitRunner } from '../access/limited-access.js';
import { SlurmAccountSyncer } from '../accounts/slurm-accounts.js';
import type { AccountSyncer } from '../accounts/types.js';
import { unsupportedAccountSyncer } from '../accounts/unsupported-accounts.js';
import { LocalScheduler } from './local/local-scheduler.js';
import type { RunLimits } from './run-limits.js';
import { SlurmAdapter } from './slurm/slurm-adapter.js';
import { SchedulerRejectedError, type SchedulerAdapter } from './types.js';

/** A cluster's scheduler, with the two things about users' folders that depend on it. */
export interface SchedulerSide {
  adapter: SchedulerAdapter;
  /** A user's home folder (relative working directories start there). */
  homeOf: (user: string) => Promise<string>;
  /** Creates a working directory as the user when it does not exist yet. */
  ensureDir: (user: string, path: string) => Promise<void>;
  /** Keeps the scheduler's accounts and associations in line with the portal's. */
  accounts: AccountSyncer;
}

export type SchedulerFactory = (cluster: ClusterConfig) => SchedulerSide;

/**
 * Makes each cluster's scheduler adapter from the config: the built-in local scheduler (jobs run
 * as the server's account in per-user folders) or Slurm (commands run as each user on this host).
 */
export const schedulerFactory = (
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: Logger,
  limiter: CommandLimiter,
  runLimits?: RunLimits,
): SchedulerFactory => {
  // Slurm commands are processes on this host like any other: they share the users' bounds.
  const runner = limitRunner(new LocalCommandRunner(), limiter);
  return (cluster) => {
    if (cluster.scheduler === 'slurm') {
      return {
        adapter: new SlurmAdapter({ runner, config: cluster.slurm, clock }),
        accounts: new SlurmAccountSyncer({ runner, config: cluster.slurm }),
        homeOf: async (user) => {
          const r = await runner.run(null, ['getent', 'passwd', user], { timeoutMs: 10_000 });
          const home = r.code === 0 ? r.stdout.split(':')[5] : undefined;
          return home && home.startsWith('/') ? home : `/home/${user}`;
        },
        // As the user, so the folder is theirs and a path they may not write is refused.
        ensureDir: async (user, path) => {
          const r = await runner.run(user, ['mkdir', '-p', '--', path], { timeoutMs: 10_000 });
          if (r.code !== 0) throw new SchedulerRejectedError(`cannot create ${path}: ${r.stderr.trim()}`, 'workDir');
        },
      };
    }
    const homeRoot = localHomeRoot(config.dataDir, cluster);
    return {
      adapter: new LocalScheduler({
        db,
        clusterId: cluster.id,
        config: cluster.local,
        dataDir: resolve(config.dataDir),
        homeRoot,
        clock,
        runLimits,
        onError: (err) => log.error({ err, cluster: cluster.id }, 'local scheduler'),
      }),
      accounts: unsupportedAccountSyncer,
      homeOf: (user) => Promise.resolve(join(homeRoot, user)),
      // The local scheduler creates working directories inside the user's folder itself.
      ensureDir: () => Promise.resolve(),
    };
  };
};
