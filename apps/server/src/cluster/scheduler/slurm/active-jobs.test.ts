import { describe, expect, it } from 'vitest';
import { parseJobDetail, parseSqueue } from './active-jobs.js';
import { sample } from './samples.test-support.js';

/* Recorded from the dev cluster (scripts/dev-cluster, Slurm 22.05) with the adapter's own formats. */

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
