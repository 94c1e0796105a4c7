import { describe, expect, it } from 'vitest';
import { parsePartitions, parseSinfoNodes } from './cluster-info.js';
import { SEP } from './commands.js';
import { sample } from './samples.test-support.js';

/* Recorded from the dev cluster (scripts/dev-cluster, Slurm 22.05) with the adapter's own formats. */

describe('sinfo and partitions', () => {
  const nodes = parseSinfoNodes(sample('sinfo-nodes.txt'));

  it('lists each node once with all its partitions', () => {
    expect(nodes.map((n) => n.name)).toEqual(['cn01', 'cn02', 'cn03', 'cn04']);
    expect(nodes[0]).toEqual({
      name: 'cn01',
      state: 'mixed',
      cpus: 8,
      cpusAlloc: 4,
      gpus: 0,
      gpusAlloc: 0,
      memoryMB: 16000,
      partitions: ['compute', 'debug'],
      notResponding: false,
      reason: '',
      reasonSince: null,
    });
    expect(nodes[3]?.partitions).toEqual(['compute']);
  });

  it('drops sinfo’s flag suffixes from node states and counts GPUs', () => {
    const row = (...v: string[]) => v.map((x) => x + SEP).join('');
    const [n] = parseSinfoNodes(row('gpu01', 'down*', '0/0/64/64', '512000', 'gpu', 'gpu:a100:4(S:0-1)', 'gpu:a100:1(IDX:0)'));
    expect(n).toMatchObject({ state: 'down', cpus: 64, gpus: 4, gpusAlloc: 1, notResponding: true });
  });

  it('reads why a node is down or drained, and since when', () => {
    const row = (...v: string[]) => v.map((x) => x + SEP).join('');
    const [n] = parseSinfoNodes(
      row(
        'cn04',
        'drained',
        '0/0/8/8',
        '16000',
        'compute*',
        '(null)',
        '(null)',
        'powered off from the portal by opt',
        '1795799120',
      ),
    );
    expect(n).toMatchObject({
      state: 'drained',
      notResponding: false,
      reason: 'powered off from the portal by opt',
      reasonSince: 1795799120000,
    });
    const [idle] = parseSinfoNodes(row('cn01', 'idle', '0/8/0/8', '16000', 'compute*', '(null)', '(null)', 'none', 'Unknown'));
    expect(idle).toMatchObject({ reason: '', reasonSince: null });
  });

  it('describes partitions with limits, nodes and cores', () => {
    const parts = parsePartitions(sample('scontrol-partitions.txt'), nodes);
    expect(parts).toEqual([
      {
        name: 'compute',
        isDefault: true,
        state: 'up',
        maxTime: 86400,
        defaultTime: 3600,
        maxNodes: null,
        maxCoresPerJob: null,
        priority: 1,
        allowAccounts: 'ALL',
        managed: false,
        nodes: ['cn01', 'cn02', 'cn03', 'cn04'],
        totalCores: 32,
        totalGpus: 0,
      },
      {
        name: 'debug',
        isDefault: false,
        state: 'up',
        maxTime: 1800,
        defaultTime: 600,
        maxNodes: null,
        maxCoresPerJob: null,
        priority: 1,
        allowAccounts: 'ALL',
        managed: false,
        nodes: ['cn01', 'cn02'],
        totalCores: 16,
        totalGpus: 0,
      },
    ]);
  });
});
