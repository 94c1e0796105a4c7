import type { SubmitJobBody } from '@portal/shared';

interface LocalTestClusterOptions {
  /** The nodes, in hostlist form. */
  nodes?: string;
  cpus?: number;
  memoryMB?: number;
  /** GPU cards per node (none unless given). */
  gpus?: number;
  /** The nodes of the default queue `compute` (all by default). */
  queueNodes?: string;
  maxTime?: string;
  pollIntervalSeconds?: number;
}

/** A cluster on the built-in scheduler for server tests (jobs really run): small enough to fill on purpose. */
export const localTestCluster = (o: LocalTestClusterOptions = {}) => {
  const nodes = o.nodes ?? 'n[1-2]';
  return {
    id: 'local',
    name: 'Test cluster',
    pollIntervalSeconds: o.pollIntervalSeconds ?? 1,
    local: {
      nodes: [
        { name: nodes, cpus: o.cpus ?? 2, memoryMB: o.memoryMB ?? 2048, ...(o.gpus === undefined ? {} : { gpus: o.gpus }) },
      ],
      partitions: [
        {
          name: 'compute',
          nodes: [o.queueNodes ?? nodes],
          default: true,
          maxTime: o.maxTime ?? '01:00:00',
          defaultTime: '00:10:00',
        },
      ],
    },
  };
};

/** A one-core job to the queue `compute` that ends at once; `over` sets what a test is about. */
export const testJob = (over: Partial<SubmitJobBody> = {}): SubmitJobBody => ({
  name: 'job',
  queue: 'compute',
  nodes: 1,
  cores: 1,
  timeLimit: '00:05:00',
  workDir: 'work',
  script: '#!/bin/bash\nexit 0\n',
  ...over,
});
