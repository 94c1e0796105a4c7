import type { CommandResult, RunOptions } from '../../access/command-runner.js';
import { SchedulerRejectedError, type ClusterInfo, type PartitionSettings } from '../types.js';
import type { PartitionExtras } from './cluster-info.js';
import { checkResult, slurmMessage } from './errors.js';
import {
  createPartitionArgs,
  deletePartitionArgs,
  includeFile,
  partitionsInIncludeFile,
  settingsOf,
  updatePartitionArgs,
} from './partition-commands.js';

/*
 * Queue management on Slurm, as the service identity: scontrol create/update/delete partition
 * (live), and the portal's include file rewritten after every change, so that slurmctld reads the
 * partitions again when it restarts (docs/queues.md: why an include file and not
 * `scontrol write config`). The file also carries each partition's cores per job, which Slurm
 * 22.05 has no partition field for: submit() checks it.
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

export class SlurmPartitionAdmin {
  /** The include file's partitions, read once (this portal is the file's only writer) and kept in step. */
  private known: Promise<Map<string, number | null>> | null = null;

  constructor(private readonly d: PartitionAdminDeps) {}

  private async run(argv: string[], opts?: RunOptions): Promise<CommandResult> {
    const r = await this.d.exec(null, argv, opts);
    checkResult(r, argv[0] as string);
    return r;
  }

  /** The portal's partitions with their cores per job. */
  managed(): Promise<Map<string, number | null>> {
    this.known ??= this.d.exec(null, ['cat', '--', this.d.file]).then((r) => {
      if (r.code === 0) return partitionsInIncludeFile(r.stdout);
      this.known = null;
      if (/no such file/i.test(r.stderr)) return new Map<string, number | null>();
      throw new SchedulerRejectedError(`cannot read ${this.d.file}: ${slurmMessage(r)}`);
    });
    return this.known;
  }

  /** For the partition listing: an unreadable file shows no partition as the portal's. */
  async extras(): Promise<PartitionExtras> {
    return { managed: await this.managed().catch(() => new Map<string, number | null>()) };
  }

  /** Refuses a job over its partition's cores per job (Slurm does not know that limit). */
  async checkSubmission(partition: string, cores: number): Promise<void> {
    const max = (await this.extras()).managed.get(partition);
    if (max !== undefined && max !== null && cores > max)
      throw new SchedulerRejectedError(`Requested ${cores} CPUs: partition ${partition} allows ${max} per job (MaxCPUsPerJob)`);
  }

  async create(s: PartitionSettings): Promise<void> {
    const managed = await this.managed();
    const info = await this.d.clusterInfo(await this.extras());
    if (info.partitions.some((p) => p.name === s.name)) throw new SchedulerRejectedError(`Partition ${s.name} already exists`);
    this.checkNodes(info, s);
    await this.run(createPartitionArgs(this.d.bin, s));
    managed.set(s.name, s.maxCoresPerJob);
    await this.writeFile();
  }

  async update(s: PartitionSettings): Promise<void> {
    const managed = await this.assertManaged(s.name);
    this.checkNodes(await this.d.clusterInfo(await this.extras()), s);
    await this.run(updatePartitionArgs(this.d.bin, s));
    managed.set(s.name, s.maxCoresPerJob);
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
  }

  private async assertManaged(name: string): Promise<Map<string, number | null>> {
    const managed = await this.managed();
    if (!managed.has(name)) {
      const info = await this.d.clusterInfo({ managed });
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

  /** Rewrites the include file from the live partitions the portal made (a new file renamed over the old one). */
  private async writeFile(): Promise<void> {
    const info = await this.d.clusterInfo(await this.extras());
    const managed = await this.managed();
    const mine = info.partitions.filter((p) => managed.has(p.name)).map(settingsOf);
    const tmp = `${this.d.file}.portal-tmp`;
    await this.run(['tee', '--', tmp], { input: includeFile(mine), maxOutputBytes: 1 });
    await this.run(['chmod', '644', '--', tmp]);
    await this.run(['mv', '-f', '--', tmp, this.d.file]);
  }
}
