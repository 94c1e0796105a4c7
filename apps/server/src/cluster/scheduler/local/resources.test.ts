import { describe, expect, it } from 'vitest';
import { allocate, capacityOf, defaultMemoryPerNode, freeByNode, reserve, share, usageByNode, type Amount } from './resources.js';
import type { NodeSpec } from './topology.js';

const node = (name: string, cpus = 8, gpus = 0, memoryMB = 16000): NodeSpec => ({ name, cpus, gpus, memoryMB });
const four = ['n1', 'n2', 'n3', 'n4'].map((n) => node(n));
const names = four.map((n) => n.name);

describe('resource accounting', () => {
  it('spreads a total evenly, the first nodes taking the remainder', () => {
    expect([0, 1].map((i) => share(9, 2, i))).toEqual([5, 4]);
    expect([0, 1, 2].map((i) => share(2, 3, i))).toEqual([1, 1, 0]);
    expect([0, 1, 2, 3].map((i) => share(32, 4, i))).toEqual([8, 8, 8, 8]);
  });

  it('adds up what running jobs hold on each node', () => {
    const used = usageByNode([
      { nodes: 2, cpus: 9, gpus: 1, memoryMB: 100, nodeList: ['n2', 'n1'] },
      { nodes: 1, cpus: 2, gpus: 0, memoryMB: 50, nodeList: ['n1'] },
    ]);
    expect(used.get('n2')).toEqual({ cpus: 5, gpus: 1, memoryMB: 100 });
    expect(used.get('n1')).toEqual({ cpus: 6, gpus: 0, memoryMB: 150 });
    const free = freeByNode(four, used);
    expect(free.get('n1')).toEqual({ cpus: 2, gpus: 0, memoryMB: 15850 });
    expect(free.get('n3')).toEqual({ cpus: 8, gpus: 0, memoryMB: 16000 });
  });

  it('places a job on the fullest nodes that can take it', () => {
    const free = new Map<string, Amount>([
      ['n1', { cpus: 8, gpus: 0, memoryMB: 16000 }],
      ['n2', { cpus: 3, gpus: 0, memoryMB: 16000 }],
      ['n3', { cpus: 1, gpus: 0, memoryMB: 16000 }],
      ['n4', { cpus: 8, gpus: 0, memoryMB: 16000 }],
    ]);
    expect(allocate(names, free, { nodes: 1, cpus: 2, gpus: 0, memoryMB: 1 })).toEqual(['n2']);
    expect(allocate(names, free, { nodes: 1, cpus: 1, gpus: 0, memoryMB: 1 })).toEqual(['n3']);
    expect(allocate(names, free, { nodes: 2, cpus: 16, gpus: 0, memoryMB: 1 })).toEqual(['n1', 'n4']);
    expect(allocate(names, free, { nodes: 3, cpus: 17, gpus: 0, memoryMB: 1 })).toBeNull();
    // 11 cores on 2 nodes: 6 + 5, so n2 (3 free) cannot take part.
    expect(allocate(names, free, { nodes: 2, cpus: 11, gpus: 0, memoryMB: 1 })).toEqual(['n1', 'n4']);
  });

  it('counts GPUs and memory, and keeps GPU nodes for GPU jobs', () => {
    const nodes = [node('c1', 8, 0), node('g1', 8, 2)];
    const free = capacityOf(nodes);
    expect(allocate(['g1', 'c1'], free, { nodes: 1, cpus: 1, gpus: 0, memoryMB: 1 })).toEqual(['c1']);
    expect(allocate(['c1', 'g1'], free, { nodes: 1, cpus: 1, gpus: 2, memoryMB: 1 })).toEqual(['g1']);
    expect(allocate(['c1', 'g1'], free, { nodes: 1, cpus: 1, gpus: 3, memoryMB: 1 })).toBeNull();
    expect(allocate(['c1', 'g1'], free, { nodes: 1, cpus: 1, gpus: 0, memoryMB: 16001 })).toBeNull();
  });

  it('refuses impossible shapes', () => {
    const free = capacityOf(four);
    expect(allocate(names, free, { nodes: 5, cpus: 5, gpus: 0, memoryMB: 1 })).toBeNull();
    expect(allocate(names, free, { nodes: 2, cpus: 1, gpus: 0, memoryMB: 1 })).toBeNull();
    expect(allocate(names, free, { nodes: 0, cpus: 1, gpus: 0, memoryMB: 1 })).toBeNull();
  });

  it('finds a placement whenever one exists (small exhaustive check)', () => {
    const free = new Map<string, Amount>([
      ['n1', { cpus: 3, gpus: 1, memoryMB: 10 }],
      ['n2', { cpus: 5, gpus: 0, memoryMB: 10 }],
      ['n3', { cpus: 4, gpus: 2, memoryMB: 5 }],
    ]);
    const all = ['n1', 'n2', 'n3'];
    const brute = (nodes: number, cpus: number, gpus: number, mem: number): boolean => {
      const perms = (xs: string[], k: number): string[][] =>
        k === 0
          ? [[]]
          : xs.flatMap((x) =>
              perms(
                xs.filter((y) => y !== x),
                k - 1,
              ).map((p) => [x, ...p]),
            );
      return perms(all, nodes).some((p) =>
        p.every((n, i) => {
          const f = free.get(n)!;
          return f.cpus >= share(cpus, nodes, i) && f.gpus >= share(gpus, nodes, i) && f.memoryMB >= mem;
        }),
      );
    };
    for (let nodes = 1; nodes <= 3; nodes++)
      for (let cpus = nodes; cpus <= 13; cpus++)
        for (let gpus = 0; gpus <= 4; gpus++)
          for (const mem of [1, 6, 10]) {
            const got = allocate(all, free, { nodes, cpus, gpus, memoryMB: mem });
            expect(got !== null, `${nodes}N ${cpus}c ${gpus}g ${mem}M`).toBe(brute(nodes, cpus, gpus, mem));
          }
  });

  it('reserves what it places', () => {
    const free = capacityOf(four);
    reserve(free, { nodes: 2, cpus: 9, gpus: 0, memoryMB: 100, nodeList: ['n3', 'n4'] });
    expect(free.get('n3')).toEqual({ cpus: 3, gpus: 0, memoryMB: 15900 });
    expect(free.get('n4')).toEqual({ cpus: 4, gpus: 0, memoryMB: 15900 });
  });

  it('gives a job without a memory request its cores’ share of the smallest node', () => {
    expect(defaultMemoryPerNode(four, { nodes: 1, cpus: 1 })).toBe(2000);
    expect(defaultMemoryPerNode(four, { nodes: 4, cpus: 32 })).toBe(16000);
    expect(defaultMemoryPerNode([node('a', 8, 0, 16000), node('b', 4, 0, 4000)], { nodes: 2, cpus: 3 })).toBe(2000);
  });
});
