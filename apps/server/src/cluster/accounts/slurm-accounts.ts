import { CommandFailedError, type CommandRunner } from '../access/command-runner.js';
import { SLURM_ENV } from '../scheduler/slurm/commands.js';
import { isUnavailableMessage, slurmMessage } from '../scheduler/slurm/errors.js';
import type { SlurmSettings } from '../scheduler/slurm/slurm-adapter.js';
import { SchedulerRejectedError, SchedulerUnavailableError } from '../scheduler/types.js';
import { changesOf, planAccountSync } from './slurm-plan.js';
import { parseState, sacctmgrReadArgs, type SlurmAccountsState } from './slurm-state.js';
import type { AccountSyncResult, AccountSyncer, DesiredAccount } from './types.js';

/*
 * Synchronises the portal's accounts into Slurm's associations on one cluster (docs/accounts-sync.md):
 * read Slurm's state (four sacctmgr listings), plan the batched changes, apply them in order with
 * `sacctmgr -i` as the service identity. Idempotent: an unchanged state plans no command.
 */

export interface SlurmAccountSyncerOptions {
  runner: CommandRunner;
  config: SlurmSettings;
  /** Slurm's name of the cluster; default: ClusterName of `scontrol show config`. */
  clusterName?: string;
  /** Time allowed to one change command (a batch of 200 users); default 120 s. */
  changeTimeoutMs?: number;
}

/** An argv for messages: long batches shortened. */
const shown = (argv: readonly string[]) => {
  const s = argv.join(' ');
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

export class SlurmAccountSyncer implements AccountSyncer {
  private readonly runner: CommandRunner;
  private readonly bin: string;
  private readonly timeoutMs: number;
  private readonly changeTimeoutMs: number;
  private cluster: string | undefined;
  /** The run in progress: runs take turns, so one never plans from a state another is changing. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(opts: SlurmAccountSyncerOptions) {
    this.runner = opts.runner;
    this.bin = opts.config.binDir.replace(/\/+$/, '');
    this.timeoutMs = opts.config.commandTimeoutSeconds * 1000;
    this.changeTimeoutMs = opts.changeTimeoutMs ?? 120_000;
    this.cluster = opts.clusterName;
  }

  /** Runs a command as the service identity; its output, or an error naming the command and Slurm's words. */
  private async run(argv: string[], timeoutMs = this.timeoutMs): Promise<string> {
    let r;
    try {
      r = await this.runner.run(null, argv, { timeoutMs, env: SLURM_ENV });
    } catch (e) {
      if (e instanceof CommandFailedError) throw new SchedulerUnavailableError(`${shown(argv)}: ${e.message}`);
      throw e;
    }
    if (r.code === 0) return r.stdout;
    const message = slurmMessage(r);
    // Another run got there first (two synchronisations at once): the state is the wanted one.
    if (/^nothing (new added|deleted|modified)/i.test(message)) return r.stdout;
    if (isUnavailableMessage(message) || r.code === 126 || r.code === 127)
      throw new SchedulerUnavailableError(`${shown(argv)}: the scheduler did not answer: ${message}`);
    throw new SchedulerRejectedError(`${shown(argv)}: ${message}`);
  }

  async clusterName(): Promise<string> {
    if (this.cluster === undefined) {
      const out = await this.run([`${this.bin}/scontrol`, 'show', 'config']);
      const name = /^ClusterName\s*=\s*(\S+)/m.exec(out)?.[1];
      if (!name) throw new SchedulerRejectedError('scontrol show config: no ClusterName');
      this.cluster = name;
    }
    return this.cluster;
  }

  /** Slurm's accounts, associations (with their limits), default accounts and TRES on the cluster. */
  async readState(): Promise<SlurmAccountsState> {
    const args = sacctmgrReadArgs(this.bin, await this.clusterName());
    const [accounts, associations, defaults, tres] = await Promise.all([
      this.run(args.accounts),
      this.run(args.associations),
      this.run(args.defaults),
      this.run(args.tres),
    ]);
    return parseState({ accounts, associations, defaults, tres });
  }

  sync(desired: readonly DesiredAccount[], opts: { dryRun: boolean }): Promise<AccountSyncResult> {
    const run = this.last.then(
      () => this.syncNow(desired, opts),
      () => this.syncNow(desired, opts),
    );
    this.last = run.catch(() => undefined);
    return run;
  }

  private async syncNow(desired: readonly DesiredAccount[], { dryRun }: { dryRun: boolean }): Promise<AccountSyncResult> {
    const started = performance.now();
    const cluster = await this.clusterName();
    const plan = planAccountSync(desired, await this.readState(), this.bin, cluster);
    // In order, one at a time: a later step relies on an earlier one (a member needs the account).
    if (!dryRun) for (const step of plan.steps) await this.run(step.command, this.changeTimeoutMs);
    return {
      supported: true,
      dryRun,
      changes: changesOf(plan.steps),
      drift: plan.drift,
      tookMs: Math.round(performance.now() - started),
    };
  }
}
