import { describe, expect, it } from 'vitest';
import type { NodeView } from '@portal/shared';
import { exceptionGroups, isAbnormal } from './node-exceptions';

const node = (name: string, over: Partial<NodeView> = {}): NodeView => ({
  name,
  schedulerState: 'idle',
  state: 'free',
  cpus: 8,
  cpusAlloc: 0,
  gpus: 0,
  gpusAlloc: 0,
  memoryMB: 16000,
  partitions: ['compute'],
  jobs: [],
  assetId: null,
  hasBmc: false,
  power: null,
  notResponding: false,
  reason: '',
  reasonSince: null,
  rack: null,
  metricExceptions: [],
  ...over,
});

describe('node exceptions', () => {
  it('counts down, offline, unknown and silent nodes as abnormal', () => {
    expect(
      [
        node('a'),
        node('b', { state: 'down' }),
        node('c', { state: 'offline' }),
        node('d', { state: 'unknown' }),
        node('e', { state: 'mix', notResponding: true }),
      ].map(isAbnormal),
    ).toEqual([false, true, true, true, true]);
  });

  it('groups abnormal nodes sharing a reason or a rack, two or more, largest first', () => {
    const nodes = [
      node('cn01', { state: 'down', reason: 'Not responding', rack: 'r1' }),
      node('cn02', { state: 'down', reason: 'Not responding', rack: 'r1' }),
      node('cn03', { state: 'down', reason: 'Not responding', rack: 'r2' }),
      node('cn04', { state: 'offline', reason: 'disk replacement', rack: 'r2' }),
      node('cn05', { rack: 'r1' }),
      node('cn06', { state: 'offline', reason: 'bios update' }),
    ];
    expect(exceptionGroups(nodes).map((g) => [g.kind, g.key, g.nodes.map((n) => n.name), g.of])).toEqual([
      ['reason', 'Not responding', ['cn01', 'cn02', 'cn03'], 3],
      ['rack', 'r1', ['cn01', 'cn02'], 3],
      ['rack', 'r2', ['cn03', 'cn04'], 2],
    ]);
  });

  it('counts a node past a metric limit as abnormal, and groups nodes past the same limit', () => {
    const full = { check: 'rootUsage' as const, value: 93.5, threshold: 90 };
    const hot = { check: 'temperature' as const, value: 91, threshold: 85 };
    const nodes = [
      node('cn01', { metricExceptions: [full] }),
      node('cn02', { state: 'busy', metricExceptions: [full, hot] }),
      node('cn03', { metricExceptions: [hot] }),
      node('cn04', { metricExceptions: [{ check: 'infinibandDown', value: 1, threshold: 1 }] }),
      node('cn05'),
    ];
    expect(nodes.map(isAbnormal)).toEqual([true, true, true, true, false]);
    expect(exceptionGroups(nodes).map((g) => [g.kind, g.key, g.nodes.map((n) => n.name)])).toEqual([
      ['metric', 'rootUsage', ['cn01', 'cn02']],
      ['metric', 'temperature', ['cn02', 'cn03']],
    ]);
  });
});
