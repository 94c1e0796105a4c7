import { describe, expect, it } from 'vitest';
import type { JobDetail, JobTemplate, Queue } from '@portal/shared';
import { copyOfJob } from './copy-model';

const queue = (name: string): Queue => ({
  name,
  isDefault: false,
  state: 'up',
  maxTime: 7200,
  defaultTime: 1800,
  maxNodes: null,
  maxCoresPerJob: null,
  allowAccounts: 'ALL',
  totalNodes: 2,
  totalCores: 8,
  totalGpus: 0,
});
const template = (id: string): JobTemplate => ({
  id,
  name: { en: id, zh: id },
  description: { en: '', zh: '' },
  defaults: {},
  fields: [],
  script: 'echo {{name}}',
});

const job = (over: Partial<JobDetail> = {}): JobDetail => ({
  clusterId: 'hpc1',
  jobId: '42',
  name: 'relax',
  userName: 'alice',
  account: '',
  queue: 'compute',
  jobStatus: 'C',
  schedulerState: 'COMPLETED',
  reason: '',
  coreNum: 8,
  gpuNum: 0,
  nodeNum: 2,
  nodeName: 'node[01-02]',
  priority: 1000,
  submitTime: null,
  startTime: null,
  endTime: null,
  runtime: 10,
  timeLimit: 5400,
  workDir: '/home/alice/run',
  exitStatus: 'complete',
  exitCode: '0:0',
  coreSeconds: 80,
  clusterName: 'HPC 1',
  appType: 'VASP',
  submission: null,
  expectedStartTime: null,
  maxRunTime: 7200,
  cpusApplied: 8,
  cpusOccupied: 8,
  gpusApplied: 0,
  gpusOccupied: 0,
  dcusApplied: 0,
  dcusOccupied: 0,
  memoryAppliedMB: 2048,
  memoryUsedMB: null,
  physicalMemoryMB: null,
  virtualMemoryMB: null,
  nodesApplied: 2,
  nodesOccupied: 2,
  execHosts: '',
  stdoutPath: '',
  stderrPath: '',
  script: '#!/bin/bash\nmpirun vasp_std\n',
  submitParams: '',
  command: '',
  restartCount: 0,
  userGroup: '',
  enqueueTime: null,
  expectedRunTime: null,
  waitTime: null,
  responseTime: null,
  actualRunTime: null,
  exclusive: false,
  cpuTime: null,
  cpuEfficiency: null,
  memoryEfficiency: null,
  cardSeconds: 0,
  cpuHours: 0,
  gpuHours: 0,
  dcuHours: 0,
  actions: [],
  extendableSeconds: null,
  ...over,
});

describe('copying a job into the submission form', () => {
  const templates = [template('BASE'), template('VASP')];
  const queues = [queue('compute'), queue('debug')];

  it('takes every parameter the job tells, with its template and cluster', () => {
    expect(copyOfJob(job(), templates, queues)).toEqual({
      sourceJobId: '42',
      clusterId: 'hpc1',
      templateId: 'VASP',
      values: {
        name: 'relax',
        queue: 'compute',
        nodes: 2,
        cores: 8,
        gpus: 0,
        memoryMB: 2048,
        timeLimit: '01:30:00',
        workDir: '/home/alice/run',
      },
      script: '#!/bin/bash\nmpirun vasp_std\n',
      missing: [],
    });
  });

  it('leaves what a history job does not tell at the defaults and says which', () => {
    const c = copyOfJob(
      job({ script: null, timeLimit: null, queue: 'gone', appType: 'NAMD', cpusApplied: 0, workDir: '' }),
      templates,
      queues,
    );
    expect(c.templateId).toBe('BASE');
    expect(c.script).toBeNull();
    // The list's core count stands in for the applied one.
    expect(c.values).toMatchObject({ cores: 8, nodes: 2 });
    expect(c.values).not.toHaveProperty('queue');
    expect(c.values).not.toHaveProperty('timeLimit');
    expect(c.missing).toEqual(['queue', 'timeLimit', 'workDir', 'script']);
  });

  it('prefers what the portal recorded at submission over what the scheduler reports', () => {
    const submission = {
      template: 'VASP',
      queue: 'debug',
      nodes: 1,
      cores: 4,
      gpus: 0,
      memoryMB: 1024,
      timeLimit: 600,
      workDir: '/home/alice/other',
      account: null,
      submittedAt: '2026-11-25T00:00:00Z',
    };
    const c = copyOfJob(job({ submission, appType: '', queue: 'compute', timeLimit: null }), templates, queues);
    expect(c.templateId).toBe('VASP');
    expect(c.values).toMatchObject({
      queue: 'debug',
      nodes: 1,
      cores: 4,
      memoryMB: 1024,
      timeLimit: '00:10:00',
      workDir: '/home/alice/other',
    });
    expect(c.missing).toEqual([]);
  });
});
