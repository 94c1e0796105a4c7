import { describe, expect, it } from 'vitest';
import { buildTopology } from './topology.js';

const nodes = [
  { name: 'node[01-04]', cpus: 8, memoryMB: 16000, gpus: 0 },
  { name: 'gpu[1-2]', cpus: 16, memoryMB: 64000, gpus: 4 },
];

describe('topology', () => {
  it('builds nodes and partitions from the configuration', () => {
    const t = buildTopology({
      nodes,
      partitions: [
        { name: 'compute', nodes: ['node[01-04]'], default: true, maxTime: '24:00:00', defaultTime: '01:00:00' },
        { name: 'gpu', nodes: ['gpu[1-2]', 'node04'], default: false, maxTime: null, defaultTime: '00:30:00' },
      ],
    });
    expect(t.nodes.map((n) => n.name)).toEqual(['node01', 'node02', 'node03', 'node04', 'gpu1', 'gpu2']);
    expect(t.defaultPartition.name).toBe('compute');
    expect(t.partition('compute')).toMatchObject({ maxTime: 86400, defaultTime: 3600, isDefault: true });
    expect(t.partition('gpu')).toMatchObject({
      maxTime: null,
      defaultTime: 1800,
      isDefault: false,
      nodes: ['gpu1', 'gpu2', 'node04'],
    });
    expect(t.partitionsOf('node04')).toEqual(['compute', 'gpu']);
    expect(t.node('gpu2')).toEqual({ name: 'gpu2', cpus: 16, memoryMB: 64000, gpus: 4 });
  });

  it('takes the first partition as default when none is marked, and caps the default time', () => {
    const t = buildTopology({
      nodes,
      partitions: [
        { name: 'a', nodes: ['node01'], default: false, maxTime: '00:10:00', defaultTime: '01:00:00' },
        { name: 'b', nodes: ['node02'], default: false, maxTime: null, defaultTime: '01:00:00' },
      ],
    });
    expect(t.defaultPartition.name).toBe('a');
    expect(t.partition('a')?.defaultTime).toBe(600);
    // Nodes in no partition are not part of the cluster.
    expect(t.nodes.map((n) => n.name)).toEqual(['node01', 'node02']);
  });

  it('refuses a configuration that cannot work', () => {
    const p = { default: true, maxTime: null, defaultTime: '01:00:00' };
    expect(() => buildTopology({ nodes, partitions: [{ name: 'x', nodes: ['nodeXX'], ...p }] })).toThrow(/unknown node/);
    expect(() =>
      buildTopology({
        nodes: [...nodes, { name: 'node04', cpus: 1, memoryMB: 1, gpus: 0 }],
        partitions: [{ name: 'x', nodes: ['node01'], ...p }],
      }),
    ).toThrow(/twice/);
    expect(() =>
      buildTopology({
        nodes,
        partitions: [
          { name: 'x', nodes: ['node01'], ...p },
          { name: 'x', nodes: ['node02'], ...p },
        ],
      }),
    ).toThrow(/twice/);
  });
});
