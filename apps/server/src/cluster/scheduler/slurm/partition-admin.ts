import type { CommandResult, RunOptions } from '../../access/command-runner.js';
import { SchedulerRejectedError, type ClusterInfo, type PartitionSettings } from '../types.js';
import type { PartitionExtras } from './cluster-info.js';
import { checkResult, slurmMessage } from './errors.js';
import {
  addQosArgs,
  createPartitionArgs,
  deletePartitionArgs,
  deleteQosArgs,
  includeFile,
  namesInIncludeFile,
  parseQosCpus,
  qosListArgs,
  qosOf,
  setQosCpusArgs,
  settingsOf,
  updatePartitionArgs,
} from './partition-commands.js';

/*
 * Queue management on Slurm, as the service identity: scontrol create/update/delete partition
 * (live), a partition QOS per portal partition (maximum cores per job), and the portal's include
 * file rewritten after every change so that slurmctld reads the partitions again when it
 * restarts (docs/queues.md: why an include file and not `scontrol write config`).
 */

export interface PartitionAdminDeps {
  bin: string;
  /** The include file slurm.conf names (slurm.partitionsFile). */
  file: string;
  exec(user: string | null, argv: string[], opts?: RunOptions): Promise<CommandResult>;
  clusterInfo(extras: PartitionExtras): Promise<ClusterInfo>;
  /** Ids of the jobs queued or running in a partition. */
  jobsIn(partition: string): Promise<string[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** slurmctld learns of a new QOS from slurmdbd a moment after sacctmgr adds it. */
const QOS_SETTLE_MS = 20_000;

export class SlurmPartitionAdmin {
  /** The partitions of the include file, read once (this portal is the file's only writer). */
  private managedNames: Promise<Set<string>> | null = null;

  constructor(private readonly d: PartitionAdminDeps) {}

  private async run(argv: string[], opts?: RunOptions): Promise<CommandResult> {
    const r = await this.d.exec(null, argv, opts);
    checkResult(r, argv[0] as string);
    return r;
  }

  managed(): Promise<Set<string>> {
    this.managedNames ??= this.d.exec(null, ['cat', '--', this.d.file]).then((r) => {
      if (r.code !== 0) {
        this.managedNames = null;
        if (/no such file/i.test(r.stderr)) return new Set<string>();
        throw new SchedulerRejectedError(`cannot read ${this.d.file}: ${slurmMessage(r)}`);
      }
      return new Set(namesInIncludeFile(r.stdout));
    });
    return this.managedNames;
  }

  /** The portal's partitions and the cpu limits of their QOS, for the partition listing. */
  async extras(): Promise<PartitionExtras> {
    const managed = await this.managed().catch(() => new Set<string>());
    if (managed.size === 0) return { managed, qosMaxCpus: new Map() };
    const r = await this.d.exec(null, qosListArgs(this.d.bin));
    return { managed, qosMaxCpus: r.code === 0 ? parseQosCpus(r.stdout) : new Map() };
  }

  async create(s: PartitionSettings): Promise<void> {
    const managed = await this.managed();
    const info = await this.d.clusterInfo(await this.extras());
    if (info.partitions.some((p) => p.name === s.name)) throw new SchedulerRejectedError(`Partition ${s.name} already exists`);
    this.checkNodes(info, s);
    const add = await this.d.exec(null, addQosArgs(this.d.bin, s.name));
    if (add.code !== 0 && !/nothing new added|already exist/i.test(slurmMessage(add))) checkResult(add, 'sacctmgr');
    await this.run(setQosCpusArgs(this.d.bin, s.name, s.maxCoresPerJob));
    await this.untilQosKnown(() => this.d.exec(null, createPartitionArgs(this.d.bin, s)));
    managed.add(s.name);
    await this.writeFile();
  }

  async update(s: PartitionSettings): Promise<void> {
    await this.assertManaged(s.name);
    this.checkNodes(await this.d.clusterInfo(await this.extras()), s);
    await this.run(setQosCpusArgs(this.d.bin, s.name, s.maxCoresPerJob));
    await this.untilQosKnown(() => this.d.exec(null, updatePartitionArgs(this.d.bin, s)));
    await this.writeFile();
  }

  async delete(name: string): Promise<void> {
    const managed = await this.assertManaged(name);
    const jobs = await this.d.jobsIn(name);
    if (jobs.length > 0)
      throw new SchedulerRejectedError(`Partition ${name} is in use: ${jobs.length} job(s) queued or running in it`);
    await this.run(deletePartitionArgs(this.d.bin, name));
    managed.delete(name);
    await this.writeFile();
    // The QOS holds no state worth keeping; a failure leaves only an unused QOS behind.
    await this.d.exec(null, deleteQosArgs(this.d.bin, name));
  }

  private async assertManaged(name: string): Promise<Set<string>> {
    const managed = await this.managed();
    if (!managed.has(name)) {
      const info = await this.d.clusterInfo({ managed, qosMaxCpus: new Map() });
      throw new SchedulerRejectedError(
        info.partitions.some((p) => p.name === name)
          ? `Partition ${name} comes from slurm.conf, not from the portal: change it there`
          : `Invalid partition name specified: ${name}`,
      );
    }
    return managed;
  }

  private checkNodes(info: ClusterInfo, s: PartitionSettings): void {
    const known = new Set(info.nodes.map((n) => n.name));
    const unknown = s.nodes.filter((n) => !known.has(n));
    if (unknown.length) throw new SchedulerRejectedError(`Invalid node name specified: ${unknown.join(',')}`);
  }

  /** Runs a partition command again while slurmctld does not know the partition's QOS yet. */
  private async untilQosKnown(command: () => Promise<CommandResult>): Promise<void> {
    const end = Date.now() + QOS_SETTLE_MS;
    for (;;) {
      const r = await command();
      if (r.code === 0 || !/qos/i.test(slurmMessage(r)) || Date.now() > end) return checkResult(r, 'scontrol');
      await sleep(300);
    }
  }

  /** Rewrites the include file from the live partitions the portal made (atomically: a new file renamed over it). */
  private async writeFile(): Promise<void> {
    const managed = await this.managed();
    const info = await this.d.clusterInfo(await this.extras());
    const mine = info.partitions.filter((p) => managed.has(p.name)).map(settingsOf);
    const tmp = `${this.d.file}.portal-tmp`;
    await this.run(['tee', '--', tmp], { input: includeFile(mine), maxOutputBytes: 1 });
    await this.run(['chmod', '644', '--', tmp]);
    await this.run(['mv', '-f', '--', tmp, this.d.file]);
  }
}

export { qosOf };
