import type { Clock } from '../../../lib/time.js';
import type { PartitionSettings } from '../types.js';
import type { LocalPartitionStore } from './partition-store.js';
import { checkPartitionSettings } from './partitions.js';
import type { LocalJobStore } from './store.js';
import { reject } from './submission.js';
import { buildTopology, type LiveTopology, type LocalSettings } from './topology.js';

/**
 * Partitions made in the portal: checked, stored, and the live topology rebuilt from the
 * configuration's and the stored ones. Partitions from the configuration file are not changed here.
 */
export class PartitionAdmin {
  constructor(
    private readonly topology: LiveTopology,
    private readonly settings: Pick<LocalSettings, 'nodes' | 'partitions'>,
    private readonly partitions: LocalPartitionStore,
    private readonly jobs: LocalJobStore,
    private readonly clock: Clock,
  ) {}

  async create(settings: PartitionSettings): Promise<void> {
    if (this.topology.partition(settings.name)) reject(`Partition ${settings.name} already exists`);
    checkPartitionSettings(this.topology, settings);
    await this.partitions.insert(settings, this.clock.now());
    await this.reload();
  }

  async update(settings: PartitionSettings): Promise<void> {
    this.managed(settings.name);
    checkPartitionSettings(this.topology, settings);
    await this.partitions.update(settings, this.clock.now());
    await this.reload();
  }

  async delete(name: string): Promise<void> {
    this.managed(name);
    const open = (await this.jobs.open()).filter((j) => j.partition === name);
    if (open.length > 0) reject(`Partition ${name} is in use: ${open.length} job(s) queued or running in it`);
    await this.partitions.delete(name);
    await this.reload();
  }

  /** Rebuilds the live topology from the configuration and the stored partitions. */
  async reload(): Promise<void> {
    this.topology.replace(buildTopology(this.settings, await this.partitions.list()));
  }

  private managed(name: string): void {
    const p = this.topology.partition(name);
    if (!p) reject(`Invalid partition name specified: ${name}`);
    if (!p.managed) reject(`Partition ${name} comes from the configuration file: change it there`);
  }
}
