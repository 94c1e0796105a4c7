import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import {
  exitDetailOf,
  getJob,
  jobAction,
  jobOutput,
  listJobs,
  Role,
  stateWordOf,
  submitJob,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { exitStatusOf } from '../../cluster/scheduler/slurm/states.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';

/*
 * Job states as the API answers them on the built-in scheduler: one vocabulary, how a job ended
 * with its exit code, what the submission recorded kept for the finished job, and the effect of
 * an action seen at once although the snapshot is polled only once an hour.
 */

const cluster = localTestCluster({
  memoryMB: 4096,
  maxTime: '02:00:00',
  // Only the scheduler's word can explain a change seen within seconds.
  pollIntervalSeconds: 3600,
});

describe('job states and what history keeps', () => {
  let t: TestApp;
  let alice: TestClient;

  const submit = async (over: Partial<SubmitJobBody>) => {
    const body: SubmitJobBody = {
      name: 'job',
      queue: 'compute',
      nodes: 1,
      cores: 1,
      timeLimit: '00:10:00',
      workDir: 'states',
      script: '#!/bin/bash\nsleep 300\n',
      ...over,
    };
    const res = await alice.call(submitJob, { body });
    expect(res.errMsg).toBe('success');
    return res.data.jobId;
  };
  const current = async (jobId: string) => (await alice.call(listJobs, { query: { jobId } })).data.list[0];
  const history = (jobId: string) =>
    waitFor(
      async () => (await alice.call(listJobs, { query: { scope: 'history', jobId } })).data.list[0],
      `${jobId} in history`,
      30_000,
    );

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    alice = await signedIn(t.app, 'alice', Role.user);
  });
  afterAll(async () => {
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it('shows a cancel at once: never running after the answer, gone from the current list within seconds', async () => {
    const id = await submit({ name: 'tocancel' });
    // The submission's answer waits for a read begun after it: the job is listed at once.
    expect(await current(id)).toBeDefined();
    await waitFor(async () => (await current(id))?.jobStatus === 'R', `${id} running`, 20_000);
    expect((await alice.call(jobAction, { params: { jobId: id, action: 'cancel' }, body: {} })).errCode).toBe(0);
    // Read after the action: exiting or gone, never still running.
    expect(['E', undefined]).toContain((await current(id))?.jobStatus);
    const t0 = Date.now();
    await waitFor(async () => (await current(id)) === undefined, `${id} gone from the current list`, 20_000);
    expect(Date.now() - t0).toBeLessThan(15_000);
    const h = await history(id);
    expect(h).toMatchObject({ jobStatus: 'C', exitStatus: 'delete' });
    expect(stateWordOf(h)).toBe('delete');
    expect(exitDetailOf(h)).toBeNull();
  });

  it('records a failure with its exit code, and keeps the script, parameters and template for the details', async () => {
    const script = '#!/bin/bash\necho failing on purpose\nexit 3\n';
    const id = await submit({ name: 'fails', script, template: 'LAMMPS', timeLimit: '00:20:00' });
    const h = await history(id);
    expect(h).toMatchObject({ jobStatus: 'C', exitStatus: 'fail', exitCode: '3:0' });
    expect(exitDetailOf(h)).toEqual({ kind: 'exit', value: 3 });
    const d = (await alice.call(getJob, { params: { jobId: id } })).data;
    expect(d.jobStatus).toBe('C');
    expect(d.script).toBe(script);
    expect(d.appType).toBe('LAMMPS');
    expect(d.submitParams).toContain('--nodes=1');
    expect(d.submitParams).toContain('--time=00:20:00');
    expect(d.command).not.toBe('');
    expect(d.submission).toMatchObject({ template: 'LAMMPS', queue: 'compute', nodes: 1, cores: 1, timeLimit: 1200 });
    expect(d.submission?.workDir).toMatch(/\/states$/);
  });

  it('records a job past its time limit as timed out', async () => {
    const id = await submit({ name: 'slow', timeLimit: '00:00:02', script: '#!/bin/bash\nsleep 120\n' });
    const h = await history(id);
    expect(h).toMatchObject({ jobStatus: 'C', exitStatus: 'timeout' });
    expect(exitDetailOf(h)).toBeNull();
  });

  it('says "no output yet", not "missing", for a running job whose file is not there yet', async () => {
    const id = await submit({ name: 'quiet', script: '#!/bin/bash\nsleep 300\n' });
    await waitFor(async () => (await current(id))?.jobStatus === 'R', `${id} running`, 20_000);
    const d = (await alice.call(getJob, { params: { jobId: id } })).data;
    // The scheduler makes the file a moment after the job shows as running (CI: removed before it
    // was made, it then appeared): once it is there, taken away as it is in the moment between
    // being started and its shell opening the file.
    await waitFor(() => Promise.resolve(existsSync(d.stdoutPath)), `${id}'s output file`, 20_000);
    rmSync(d.stdoutPath, { force: true });
    const res = await alice.call(jobOutput, { params: { jobId: id }, query: { stream: 'stdout' } });
    expect(res.errMsg).toBe('The job does not have this output');
    await alice.call(jobAction, { params: { jobId: id, action: 'cancel' }, body: {} });
  });

  it('shows no template for a job whose submission did not name one, rather than a guess', async () => {
    const id = await submit({ name: 'plain', script: '#!/bin/bash\ntrue\n' });
    await history(id);
    const d = (await alice.call(getJob, { params: { jobId: id } })).data;
    expect(d.appType).toBe('');
    expect(d.submission?.template).toBeNull();
    expect(d.script).toBe('#!/bin/bash\ntrue\n');
  });
});

describe("Slurm's final states in the portal's words", () => {
  it('maps FAILED, CANCELLED, TIMEOUT and the rest, and shows a failure’s exit code beside', () => {
    const cases: [string, string, string, ReturnType<typeof exitDetailOf>][] = [
      ['COMPLETED', '0:0', 'complete', null],
      ['FAILED', '1:0', 'fail', { kind: 'exit', value: 1 }],
      ['OUT_OF_MEMORY', '0:125', 'fail', { kind: 'signal', value: 125 }],
      ['CANCELLED by 1001', '0:15', 'delete', null],
      ['TIMEOUT', '0:1', 'timeout', null],
      ['NODE_FAIL', '0:0', 'nodeAbnormal', null],
      ['PREEMPTED', '0:0', 'reenterQueue', null],
    ];
    for (const [state, exitCode, word, beside] of cases) {
      const exitStatus = exitStatusOf(state);
      const job = { jobStatus: 'C' as const, exitStatus, exitCode };
      expect(stateWordOf(job), state).toBe(word);
      expect(exitDetailOf(job), state).toEqual(beside);
    }
  });
});
