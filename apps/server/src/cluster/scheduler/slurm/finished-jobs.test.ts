import { describe, expect, it } from 'vitest';
import { SACCT_FIELDS, SEP } from './commands.js';
import { parseSacct } from './finished-jobs.js';
import { sample } from './samples.test-support.js';

/* Recorded from the dev cluster (scripts/dev-cluster, Slurm 22.05) with the adapter's own formats. */

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
      gpuUtil: null,
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

/*
 * Written in sacct's own format (-P with the adapter's separator) for the formats the dev cluster
 * did not produce: TotalCPU as HH:MM:SS, D-HH:MM:SS and MM:SS.mmm, MaxRSS in K, M and G on steps,
 * and a step's TRESUsageInTot with the GPU plugin's gres/gpuutil.
 */
describe('sacct: what jobs used (job efficiency)', () => {
  const jobs = parseSacct(sample('sacct-efficiency.txt'));
  const one = (id: string) => jobs.find((j) => j.jobId === id);

  it('reads the allocation’s TotalCPU in every format sacct writes', () => {
    expect(one('101')?.cpuTime).toBe(3723);
    expect(one('102')?.cpuTime).toBe(93_784);
    expect(one('103')?.cpuTime).toBe(755);
  });

  it('takes the largest MaxRSS over the job’s steps, and none when no step measured one', () => {
    expect(one('101')).toMatchObject({ maxRssMB: 2560, memoryMB: 4096, cpus: 4, elapsed: 3723 });
    expect(one('102')).toMatchObject({ maxRssMB: 512, memoryMB: 16_384, gpus: 1 });
    expect(one('103')).toMatchObject({ maxRssMB: null, memoryMB: 1000 });
    // Steps are not jobs.
    expect(jobs.map((j) => j.jobId)).toEqual(['103', '101', '102']);
  });

  it('reads the GPU utilisation a step’s TRESUsageInTot gives, and none without a GPU accounting plugin', () => {
    expect(one('102')?.gpuUtil).toBe(87);
    expect(one('101')?.gpuUtil).toBeNull();
    expect(parseSacct(sample('sacct.txt')).every((j) => j.gpuUtil === null)).toBe(true);
  });
});
