import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, jobAction, listJobs, Role, submitJob } from '@portal/shared';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * The job API against the real Slurm cluster of scripts/dev-cluster (PORTAL_TEST_SLURM=1), and
 * what users see when slurmctld stops: 'Job Scheduler Error!', never a job taken for finished,
 * and recovery by itself once slurmctld is back.
 */

const devCluster = fileURLToPath(new URL('../../../../../scripts/dev-cluster', import.meta.url));
const enabled = process.env.PORTAL_TEST_SLURM === '1';

(enabled ? describe : describe.skip)('jobs API on Slurm, and a scheduler that stops answering', () => {
  let t: TestApp;
  let alice: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      clusters: [
        { id: 'dev', name: 'Dev Slurm', scheduler: 'slurm', pollIntervalSeconds: 1, slurm: { commandTimeoutSeconds: 10 } },
      ],
    });
    alice = await signedIn(t.app, 'alice', Role.user);
  }, 60_000);
  afterAll(async () => {
    execFileSync('bash', [devCluster, 'start'], { stdio: 'ignore' });
    await t?.close();
  }, 120_000);

  /** The job in the current list; undefined while the scheduler answers an error (a wait keeps polling). */
  const find = async (id: string) => {
    const res = await alice.call(listJobs, { query: { jobId: id } });
    return res.errCode === 0 ? res.data.list[0] : undefined;
  };

  it('submits as the user into their home folder and reads the job back', async () => {
    const res = await alice.call(submitJob, {
      body: {
        name: 'portal-slurm',
        queue: 'compute',
        nodes: 1,
        cores: 2,
        timeLimit: '00:05:00',
        workDir: 'portal-test',
        script: '#!/bin/bash\necho "on $(hostname) as $(id -un)"\nsleep 2\n',
      },
    });
    expect(res.errMsg).toBe('success');
    const id = res.data.jobId;
    const detail = (await alice.call(getJob, { params: { jobId: id } })).data;
    expect(detail).toMatchObject({ userName: 'alice', queue: 'compute', workDir: '/home/alice/portal-test', coreNum: 2 });
    const done = await waitFor(
      async () => {
        const h = await alice.call(listJobs, { query: { scope: 'history', jobId: id } });
        return h.data.list[0];
      },
      'the job in history',
      90_000,
    );
    expect(done).toMatchObject({ exitStatus: 'complete', userName: 'alice' });
  }, 120_000);

  it("says 'Job Scheduler Error!' while slurmctld is down, shows no job as finished, and recovers", async () => {
    const res = await alice.call(submitJob, {
      body: {
        name: 'portal-fault',
        queue: 'compute',
        nodes: 1,
        cores: 1,
        timeLimit: '00:10:00',
        workDir: 'portal-test',
        script: '#!/bin/bash\nsleep 240\n',
      },
    });
    const id = res.data.jobId;
    await waitFor(async () => (await find(id))?.jobStatus === 'R', 'the job running', 60_000);

    execFileSync('bash', [devCluster, 'stop', 'slurmctld'], { stdio: 'ignore' });
    const down = await waitFor(
      async () => {
        const r = await alice.call(listJobs, { query: {} });
        return r.status === 503 ? r : undefined;
      },
      'the scheduler error',
      60_000,
    );
    expect(down.errMsg).toBe('Job Scheduler Error!');
    expect(down.error?.reason).toBe('schedulerError');
    // Not in history: the portal never decides a job finished because the scheduler was silent.
    expect((await alice.call(listJobs, { query: { scope: 'history', jobId: id } })).data.list).toEqual([]);
    expect((await alice.call(getJob, { params: { jobId: id } })).errMsg).toBe('Job Scheduler Error!');

    execFileSync('bash', [devCluster, 'start'], { stdio: 'ignore' });
    const back = await waitFor(async () => find(id), 'the job listed again', 90_000);
    expect(back.jobStatus).toBe('R');
    await alice.call(jobAction, { params: { jobId: id, action: 'cancel' }, body: {} });
  }, 240_000);
});
