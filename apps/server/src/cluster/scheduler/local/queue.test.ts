import { describe, expect, it } from 'vitest';
import {
  exitCodeText,
  outcomeOf,
  pastLimit,
  planSchedule,
  queueOrder,
  resolveTimeLimit,
  runTimeMs,
  type WaitingJob,
} from './queue.js';
import type { Allocation } from './resources.js';
import { RunningCounts } from './running-counts.js';
import { buildTopology } from './topology.js';

const topology = buildTopology({
  nodes: [
    { name: 'node[01-04]', cpus: 8, memoryMB: 16000, gpus: 0 },
    { name: 'gpu1', cpus: 8, memoryMB: 16000, gpus: 2 },
  ],
  partitions: [
    { name: 'compute', nodes: ['node[01-02]'], default: true, maxTime: '24:00:00', defaultTime: '01:00:00' },
    { name: 'long', nodes: ['node[02-03]'], default: false, maxTime: null, defaultTime: '02:00:00' },
    { name: 'other', nodes: ['node04'], default: false, maxTime: null, defaultTime: '01:00:00' },
    { name: 'gpu', nodes: ['gpu1'], default: false, maxTime: null, defaultTime: '01:00:00' },
  ],
});

let seq = 0;
const job = (over: Partial<WaitingJob> & { cpus?: number; nodes?: number; gpus?: number } = {}): WaitingJob => {
  seq++;
  return {
    id: over.id ?? seq,
    partition: over.partition ?? 'compute',
    priority: over.priority ?? 1000,
    submitAt: over.submitAt ?? seq,
    request: over.request ?? { nodes: over.nodes ?? 1, cpus: over.cpus ?? 1, gpus: over.gpus ?? 0, memoryMB: 100 },
    account: over.account,
    user: over.user,
  };
};
const running = (nodeList: string[], cpus: number): Allocation => ({
  nodes: nodeList.length,
  cpus,
  gpus: 0,
  memoryMB: 100,
  nodeList,
});

describe('queue decisions', () => {
  it('orders by priority, then submission, then id', () => {
    const a = job({ id: 1, priority: 10, submitAt: 5 });
    const b = job({ id: 2, priority: 20, submitAt: 9 });
    const c = job({ id: 3, priority: 10, submitAt: 1 });
    const d = job({ id: 4, priority: 10, submitAt: 1 });
    expect([a, b, c, d].sort(queueOrder).map((j) => j.id)).toEqual([2, 3, 4, 1]);
  });

  it('starts what fits, in queue order', () => {
    const plan = planSchedule(topology, [], [job({ id: 1, cpus: 8 }), job({ id: 2, cpus: 8 }), job({ id: 3, cpus: 1 })]);
    expect(plan.start).toEqual([
      { id: 1, nodeList: ['node01'] },
      { id: 2, nodeList: ['node02'] },
    ]);
    expect(plan.reasons.get(3)).toBe('Resources');
  });

  it('does not let a lower job overtake one that waits for resources', () => {
    const plan = planSchedule(
      topology,
      [running(['node01'], 8), running(['node02'], 4)],
      [job({ id: 1, cpus: 8, priority: 50 }), job({ id: 2, cpus: 1, priority: 10 })],
    );
    expect(plan.start).toEqual([]);
    expect(plan.reasons.get(1)).toBe('Resources');
    expect(plan.reasons.get(2)).toBe('Priority');
  });

  it('lets a higher-priority job go first even when submitted later', () => {
    const plan = planSchedule(
      topology,
      [running(['node01'], 8)],
      [job({ id: 1, cpus: 8, priority: 10 }), job({ id: 2, cpus: 8, priority: 99 })],
    );
    expect(plan.start).toEqual([{ id: 2, nodeList: ['node02'] }]);
    expect(plan.reasons.get(1)).toBe('Resources');
  });

  it('blocks only partitions that share nodes with a waiting job', () => {
    const plan = planSchedule(
      topology,
      [running(['node01'], 8), running(['node02'], 8)],
      [job({ id: 1, cpus: 1 }), job({ id: 2, cpus: 1, partition: 'long' }), job({ id: 3, cpus: 1, partition: 'other' })],
    );
    expect(plan.reasons.get(1)).toBe('Resources');
    // "long" shares node02 with "compute": the compute job is first in line there.
    expect(plan.reasons.get(2)).toBe('Priority');
    expect(plan.start).toEqual([{ id: 3, nodeList: ['node04'] }]);
  });

  it('sets aside jobs that can never run where they are', () => {
    const plan = planSchedule(
      topology,
      [],
      [job({ id: 1, cpus: 99 }), job({ id: 2, partition: 'gone' }), job({ id: 3, cpus: 2 })],
    );
    expect(plan.reasons.get(1)).toBe('PartitionConfig');
    expect(plan.reasons.get(2)).toBe('PartitionConfig');
    expect(plan.start).toEqual([{ id: 3, nodeList: ['node01'] }]);
  });

  it('spreads multi-node jobs and counts GPUs', () => {
    const plan = planSchedule(
      topology,
      [],
      [job({ id: 1, nodes: 2, cpus: 16 }), job({ id: 2, partition: 'gpu', gpus: 2 }), job({ id: 3, partition: 'gpu', gpus: 1 })],
    );
    expect(plan.start).toEqual([
      { id: 1, nodeList: ['node01', 'node02'] },
      { id: 2, nodeList: ['gpu1'] },
    ]);
    expect(plan.reasons.get(3)).toBe('Resources');
  });
});

describe('running-job limits', () => {
  // At most 1 running job per user in acct_a, 2 for the whole of acct_b.
  const limits = {
    maxRunning: (account: string, user: string) => ({
      account: account === 'acct_b' ? 2 : null,
      user: account === 'acct_a' && user === 'ann' ? 1 : null,
    }),
  };

  it('keeps the jobs beyond a limit waiting for AssocMaxJobsLimit, counting the ones already running and those it starts', () => {
    const counts = new RunningCounts(limits, [{ account: 'acct_b', user: 'ben' }]);
    const plan = planSchedule(
      topology,
      [running(['node01'], 1)],
      [
        job({ id: 1, account: 'acct_a', user: 'ann' }),
        job({ id: 2, account: 'acct_a', user: 'ann' }),
        job({ id: 3, account: 'acct_a', user: 'amy' }),
        job({ id: 4, account: 'acct_b', user: 'bea' }),
        job({ id: 5, account: 'acct_b', user: 'ben' }),
      ],
      counts,
    );
    expect(plan.start.map((s) => s.id)).toEqual([1, 3, 4]);
    expect(plan.reasons.get(2)).toBe('AssocMaxJobsLimit');
    expect(plan.reasons.get(5)).toBe('AssocMaxJobsLimit');
  });

  it('lets a job held by its limit reserve no nodes: a later job that fits starts', () => {
    const counts = new RunningCounts(limits, [{ account: 'acct_a', user: 'ann' }]);
    const plan = planSchedule(
      topology,
      [running(['node01'], 8)],
      [job({ id: 1, cpus: 8, priority: 99, account: 'acct_a', user: 'ann' }), job({ id: 2, cpus: 8, priority: 1 })],
      counts,
    );
    expect(plan.reasons.get(1)).toBe('AssocMaxJobsLimit');
    expect(plan.start).toEqual([{ id: 2, nodeList: ['node02'] }]);
  });
});

describe('time limits', () => {
  const compute = topology.partition('compute')!;
  const long = topology.partition('long')!;

  it('applies the default and caps at the maximum', () => {
    expect(resolveTimeLimit(compute, 0)).toBe(3600);
    expect(resolveTimeLimit(compute, 600)).toBe(600);
    expect(resolveTimeLimit(compute, 999_999)).toBe(86400);
    expect(resolveTimeLimit(long, 999_999)).toBe(999_999);
    expect(resolveTimeLimit(long, 0)).toBe(7200);
  });

  it('does not count suspended time as run time', () => {
    const start = 1_000_000;
    expect(runTimeMs({ startAt: null, suspendedMs: 0, suspendedAt: null }, start)).toBe(0);
    expect(runTimeMs({ startAt: start, suspendedMs: 0, suspendedAt: null }, start + 5000)).toBe(5000);
    expect(runTimeMs({ startAt: start, suspendedMs: 2000, suspendedAt: null }, start + 5000)).toBe(3000);
    // Suspended since +4 s: at +10 s it has run 4 s, less the 2 s of an earlier suspension.
    expect(runTimeMs({ startAt: start, suspendedMs: 2000, suspendedAt: start + 4000 }, start + 10_000)).toBe(2000);
    expect(pastLimit({ startAt: start, suspendedMs: 0, suspendedAt: null }, 5, start + 4999)).toBe(false);
    expect(pastLimit({ startAt: start, suspendedMs: 0, suspendedAt: null }, 5, start + 5000)).toBe(true);
    expect(pastLimit({ startAt: start, suspendedMs: 0, suspendedAt: start + 1000 }, 5, start + 60_000)).toBe(false);
  });
});

describe('outcomes', () => {
  it('writes exit codes as code:signal', () => {
    expect(exitCodeText(0)).toBe('0:0');
    expect(exitCodeText(3)).toBe('3:0');
    expect(exitCodeText(143)).toBe('0:15');
    expect(exitCodeText(137)).toBe('0:9');
    expect(exitCodeText(128)).toBe('128:0');
  });

  it('records how a job ended', () => {
    expect(outcomeOf(null, { status: 0, cpuSeconds: 1 })).toEqual({
      exitStatus: 'complete',
      schedulerState: 'COMPLETED',
      exitCode: '0:0',
    });
    expect(outcomeOf(null, { status: 3, cpuSeconds: null })).toEqual({
      exitStatus: 'fail',
      schedulerState: 'FAILED',
      exitCode: '3:0',
    });
    expect(outcomeOf(null, { status: 137, cpuSeconds: null })).toMatchObject({ exitStatus: 'fail', exitCode: '0:9' });
    expect(outcomeOf('timeout', { status: 143, cpuSeconds: null })).toEqual({
      exitStatus: 'timeout',
      schedulerState: 'TIMEOUT',
      exitCode: '0:15',
    });
    expect(outcomeOf('delete', null)).toEqual({ exitStatus: 'delete', schedulerState: 'CANCELLED', exitCode: '0:15' });
    expect(outcomeOf('delete', null, true)).toMatchObject({ exitCode: '0:9' });
    // Vanished without a word: failed.
    expect(outcomeOf(null, null)).toEqual({ exitStatus: 'fail', schedulerState: 'FAILED', exitCode: '0:9' });
  });
});
