import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SACCT_FIELDS, SEP } from './commands.js';
import {
  expandOutputPath,
  gresGpus,
  parseDuration,
  parseJobDetail,
  parseKeyValues,
  parseMemory,
  parsePartitions,
  parseSacct,
  parseSinfoNodes,
  parseSqueue,
  parseTime,
  parseTres,
  tresGpus,
} from './parse.js';

/* Recorded from the dev cluster (scripts/dev-cluster, Slurm 22.05) with the adapter's own formats. */
const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

describe('Slurm values', () => {
  it('reads durations in all of Slurm’s shapes', () => {
    expect(parseDuration('5:00')).toBe(300);
    expect(parseDuration('0:11')).toBe(11);
    expect(parseDuration('00:10:00')).toBe(600);
    expect(parseDuration('1-00:00:00')).toBe(86400);
    expect(parseDuration('2-03:04:05')).toBe(2 * 86400 + 3 * 3600 + 4 * 60 + 5);
    expect(parseDuration('1-02')).toBe(86400 + 7200);
    expect(parseDuration('00:00.054')).toBeCloseTo(0.054);
    expect(parseDuration('30')).toBe(1800);
    for (const none of ['UNLIMITED', 'NONE', 'N/A', 'Partition_Limit', 'INVALID', '', undefined])
      expect(parseDuration(none)).toBeNull();
  });

  it('reads epoch times and memory sizes', () => {
    expect(parseTime('1795320177')).toBe(1795320177000);
    for (const none of ['N/A', 'Unknown', 'None', '0', '']) expect(parseTime(none)).toBeNull();
    expect(parseMemory('1000M')).toBe(1000);
    expect(parseMemory('62.50G')).toBe(64000);
    expect(parseMemory('4776K')).toBe(5);
    expect(parseMemory('2000Mn')).toBe(2000);
    expect(parseMemory('16?')).toBeNull();
    expect(parseMemory('')).toBeNull();
  });

  it('counts GPUs in TRES and gres strings', () => {
    expect(tresGpus(parseTres('cpu=4,mem=8G,node=1,billing=4,gres/gpu=2,gres/gpu:a100=2'))).toBe(2);
    expect(tresGpus(parseTres('cpu=4,gres/gpu:a100=1,gres/gpu:v100=2'))).toBe(3);
    expect(tresGpus(parseTres('cpu=1,mem=1000M,node=1'))).toBe(0);
    expect(gresGpus('gpu:4')).toBe(4);
    expect(gresGpus('gpu:a100:2(S:0-1)')).toBe(2);
    expect(gresGpus('gpu:a100:1(IDX:0),gpu:v100:1(IDX:2)')).toBe(2);
    expect(gresGpus('gres:gpu:2')).toBe(2);
    expect(gresGpus('gres/gpu:3,gres/mps:100')).toBe(3);
    expect(gresGpus('(null)')).toBe(0);
    expect(gresGpus('N/A')).toBe(0);
  });

  it('splits scontrol records whose values hold spaces and equals signs', () => {
    const kv = parseKeyValues('NodeName=cn01 OS=Linux 6.1 #1 SMP  RealMemory=16000 CfgTRES=cpu=8,mem=16000M AllocTRES= Power=');
    expect(kv.get('OS')).toBe('Linux 6.1 #1 SMP');
    expect(kv.get('CfgTRES')).toBe('cpu=8,mem=16000M');
    expect(kv.get('AllocTRES')).toBe('');
    expect(kv.get('RealMemory')).toBe('16000');
  });

  it('expands output patterns as Slurm does for a batch job', () => {
    const n = { jobId: '25', arrayJobId: '24', arrayTaskId: '1', name: 'arr', user: 'alice', node: 'cn01' };
    expect(expandOutputPath('/w/%x-%j.out', '/w', n)).toBe('/w/arr-25.out');
    expect(expandOutputPath('%A_%a.%u.%N.out', '/w/', n)).toBe('/w/24_1.alice.cn01.out');
    expect(expandOutputPath('/w/%5j-100%%.out', '/w', n)).toBe('/w/00025-100%.out');
    expect(expandOutputPath('/w/%a.out', '/w', { jobId: '7', name: 'x', user: 'u' })).toBe('/w/4294967294.out');
    expect(expandOutputPath('/w/slurm-7.out', '/w', n)).toBe('/w/slurm-7.out');
  });
});

describe('squeue', () => {
  const jobs = parseSqueue(sample('squeue.txt'));
  const byName = (name: string) => jobs.find((j) => j.name === name);

  it('lists the active jobs, not the ones that ended but linger', () => {
    expect(jobs.map((j) => j.jobId)).toEqual(['23', '19', '22', '27_[1-3%1]', '21', '20', '18', '24_2', '24_3']);
  });

  it('maps Slurm states and reasons to the portal’s codes', () => {
    expect(byName('later')).toMatchObject({ state: 'W', reason: 'BeginTime', schedulerState: 'PENDING' });
    expect(byName('dep')).toMatchObject({ state: 'W', reason: 'Dependency' });
    expect(byName('held')).toMatchObject({ state: 'H', reason: 'JobHeldUser', priority: 0 });
    expect(byName('pend')).toMatchObject({ state: 'H', reason: 'JobHeldAdmin' });
    expect(byName('arr2')).toMatchObject({ state: 'H' });
    expect(byName('big')).toMatchObject({ state: 'S', schedulerState: 'SUSPENDED', reason: '' });
    // Requeued: Slurm holds it back until cred_expire passes, with reason BeginTime.
    expect(byName('small')).toMatchObject({ state: 'Q', reason: 'BeginTime', restartCount: 2 });
    expect(jobs.find((j) => j.jobId === '24_2')).toMatchObject({ state: 'R', reason: '' });
  });

  it('reads a running array element in full', () => {
    expect(jobs.find((j) => j.jobId === '24_2')).toEqual({
      jobId: '24_2',
      name: 'arr',
      user: 'alice',
      account: 'research',
      partition: 'debug',
      state: 'R',
      schedulerState: 'RUNNING',
      reason: '',
      priority: 1,
      submitTime: 1795320177000,
      startTime: 1795320179000,
      expectedStartTime: null,
      timeLimit: 600,
      runTime: 45,
      nodes: 1,
      cpus: 1,
      gpus: 0,
      memoryMB: 2000,
      nodeList: 'cn01',
      workDir: '/home/alice/t',
      stdoutPath: '/home/alice/t/arr-26.out',
      stderrPath: '/home/alice/t/arr-26.err',
      command: '',
      restartCount: 0,
      exclusive: false,
    });
  });

  it('gives pending jobs an expected start and no nodes', () => {
    expect(byName('later')).toMatchObject({
      startTime: null,
      expectedStartTime: 1795323777000,
      nodeList: '',
      cpus: 1,
      memoryMB: 1000,
    });
    expect(byName('big')).toMatchObject({ nodes: 4, cpus: 31, memoryMB: 31000, nodeList: 'cn[01-04]', runTime: 3 });
  });

  it('shows a job being requeued as exiting, with its restart already counted', () => {
    const j = parseSqueue(sample('squeue-requeueing.txt')).find((x) => x.name === 'small');
    expect(j).toMatchObject({ state: 'E', schedulerState: 'COMPLETING', restartCount: 2 });
  });

  it('reads nothing from an empty queue', () => {
    expect(parseSqueue('')).toEqual([]);
  });
});

describe('scontrol show job', () => {
  it('details a running array element', () => {
    const d = parseJobDetail(sample('scontrol-job-running.txt'), '#!/bin/bash\nsleep 300\n');
    expect(d).toMatchObject({
      jobId: '24_2',
      name: 'arr',
      user: 'alice',
      group: 'alice',
      account: 'research',
      partition: 'debug',
      state: 'R',
      startTime: 1795320179000,
      timeLimit: 600,
      runTime: 52,
      cpus: 1,
      memoryMB: 2000,
      nodeList: 'cn01',
      workDir: '/home/alice/t',
      stdoutPath: '/home/alice/t/arr-26.out',
      stderrPath: '/home/alice/t/arr-26.err',
      script: '#!/bin/bash\nsleep 300\n',
      exitCode: '0:0',
    });
    expect(d?.submitParams).toBe('-J arr -p debug -N 1 -n 1 --mem=2000M -t 10 -D /home/alice/t -A research');
  });

  it('details a held job and a waiting array', () => {
    expect(parseJobDetail(sample('scontrol-job-pending.txt'), null)).toMatchObject({
      jobId: '20',
      state: 'H',
      reason: 'JobHeldAdmin',
      cpus: 2,
      nodeList: '',
      script: null,
    });
    expect(parseJobDetail(sample('scontrol-job-array.txt'), null)).toMatchObject({
      jobId: '27_[1-3%1]',
      state: 'H',
      name: 'arr2',
    });
  });

  it('knows no job that has ended', () => {
    const ended = sample('scontrol-job-running.txt').replace('JobState=RUNNING', 'JobState=COMPLETED');
    expect(parseJobDetail(ended, null)).toBeNull();
    expect(parseJobDetail('', null)).toBeNull();
  });
});

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
    });
    expect(nodes[3]?.partitions).toEqual(['compute']);
  });

  it('drops sinfo’s flag suffixes from node states and counts GPUs', () => {
    const row = (...v: string[]) => v.map((x) => x + SEP).join('');
    const [n] = parseSinfoNodes(row('gpu01', 'down*', '0/0/64/64', '512000', 'gpu', 'gpu:a100:4(S:0-1)', 'gpu:a100:1(IDX:0)'));
    expect(n).toMatchObject({ state: 'down', cpus: 64, gpus: 4, gpusAlloc: 1 });
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
        nodes: ['cn01', 'cn02'],
        totalCores: 16,
        totalGpus: 0,
      },
    ]);
  });
});

describe('sacct', () => {
  const jobs = parseSacct(sample('sacct.txt'));
  const one = (id: string) => jobs.filter((j) => j.jobId === id);

  it('lists ended runs oldest first', () => {
    const ends = jobs.map((j) => j.endTime);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    expect(new Set(jobs.map((j) => j.jobId)).size).toBe(27);
  });

  it('maps final states to exit statuses, with exit codes', () => {
    expect(one('7')[0]).toMatchObject({ name: 'contract-hello', exitStatus: 'complete', exitCode: '0:0', elapsed: 2, cpus: 1 });
    expect(one('8')[0]).toMatchObject({ exitStatus: 'fail', exitCode: '3:0', schedulerState: 'FAILED' });
    expect(one('13')[0]).toMatchObject({ exitStatus: 'timeout', elapsed: 65, timeLimit: 60, maxRssMB: 4 });
    expect(one('10')[0]).toMatchObject({
      exitStatus: 'delete',
      schedulerState: 'CANCELLED',
      startTime: null,
      eligibleTime: null,
      nodeList: '',
    });
  });

  it('reads a finished job in full', () => {
    expect(one('24_2')[0]).toEqual({
      jobId: '24_2',
      name: 'arr',
      user: 'alice',
      group: 'alice',
      account: 'research',
      partition: 'debug',
      schedulerState: 'CANCELLED',
      exitStatus: 'delete',
      exitCode: '0:0',
      submitTime: 1795320177000,
      eligibleTime: 1795320177000,
      startTime: 1795320179000,
      endTime: 1795320231000,
      elapsed: 52,
      timeLimit: 600,
      nodes: 1,
      cpus: 1,
      gpus: 0,
      nodeList: 'cn01',
      memoryMB: 2000,
      maxRssMB: 5,
      cpuTime: 0,
      workDir: '/home/alice/t',
      restartCount: 0,
      exclusive: false,
    });
  });

  it('keeps each run of a requeued job, counting the earlier ones', () => {
    expect(one('19').map((j) => [j.exitStatus, j.restartCount, j.endTime])).toEqual([
      ['reenterQueue', 0, 1795320180000],
      ['reenterQueue', 1, 1795320223000],
      ['delete', 2, 1795320231000],
    ]);
  });

  it('skips the stand-in record slurmdbd keeps until slurmctld’s job record arrives', () => {
    const row = (v: Partial<Record<(typeof SACCT_FIELDS)[number], string>>) => SACCT_FIELDS.map((f) => v[f] ?? '').join(SEP);
    const out = [
      row({ JobID: '17', JobName: 'allocation', User: 'alice', Group: 'root', State: 'COMPLETED', End: '1795320146' }),
      row({ JobID: '17.batch', JobName: 'batch', State: 'COMPLETED', End: '1795320146', MaxRSS: '2048K' }),
    ].join('\n');
    expect(parseSacct(out)).toEqual([]);
  });
});
