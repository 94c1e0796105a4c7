import { describe, expect, it } from 'vitest';
import { estimateStart, type Holding, type Queued } from './start-estimate.js';
import { buildTopology } from './topology.js';

/* The built-in scheduler's start estimate, on a made-up queue (times in ms from 0). */

const topology = buildTopology({
  nodes: [
    { name: 'node[01-02]', cpus: 4, memoryMB: 8000, gpus: 0 },
    { name: 'node03', cpus: 4, memoryMB: 8000, gpus: 0 },
  ],
  partitions: [
    { name: 'compute', nodes: ['node[01-02]'], default: true, maxTime: null, defaultTime: '01:00:00' },
    { name: 'other', nodes: ['node03'], default: false, maxTime: null, defaultTime: '01:00:00' },
  ],
});

const H = 3_600_000;
const req = (cpus: number, nodes = 1) => ({ nodes, cpus, gpus: 0, memoryMB: 100 });
const holding = (node: string, cpus: number, endAt: number): Holding => ({ ...req(cpus), nodeList: [node], endAt });
const queued = (id: number, cpus: number, timeLimit: number, partition = 'compute'): Queued => ({
  id,
  partition,
  priority: 1000,
  submitAt: -id,
  request: req(cpus),
  timeLimit,
});
const mine = (cpus: number, partition = 'compute') => ({ partition, request: req(cpus), priority: 1000, timeLimit: 3600 });

describe('start estimate (built-in scheduler)', () => {
  it('is now when the cores are free', () => {
    expect(estimateStart(topology, 0, [holding('node01', 4, H)], [], mine(4))).toEqual({ startAt: 0, nodes: ['node02'] });
  });

  it('is the earliest time limit that frees enough cores', () => {
    const busy = [holding('node01', 4, 2 * H), holding('node02', 3, H)];
    expect(estimateStart(topology, 0, busy, [], mine(2))).toEqual({ startAt: H, nodes: ['node02'] });
    expect(estimateStart(topology, 0, busy, [], mine(1))).toEqual({ startAt: 0, nodes: ['node02'] });
  });

  it('places the waiting jobs ahead first and never starts before them (strict queue order)', () => {
    const busy = [holding('node01', 4, H), holding('node02', 4, 3 * H)];
    // The job ahead takes node01 at 1 h for 1 h: the new one waits for it, though node01 has room at 1 h.
    expect(estimateStart(topology, 0, busy, [queued(1, 4, 3600)], mine(1))).toEqual({ startAt: 2 * H, nodes: ['node01'] });
    // A job ahead in another partition holds no one up.
    expect(estimateStart(topology, 0, busy, [queued(1, 4, 3600, 'other')], mine(1))).toEqual({ startAt: H, nodes: ['node01'] });
  });

  it('does not know when a job without an end frees its cores, nor a job that can never fit', () => {
    expect(estimateStart(topology, 0, [holding('node03', 4, Infinity)], [], mine(1, 'other'))).toBeNull();
    expect(estimateStart(topology, 0, [], [], mine(9))).toBeNull();
  });
});
