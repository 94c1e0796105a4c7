import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  getJob,
  jobAction,
  jobActionsFor,
  jobBatchAction,
  jobOutput,
  listJobs,
  listJobTemplates,
  listQueues,
  queryChartData,
  queryClusterInfo,
  queryHomePageChartData,
  queryWallTimeUsed,
  Role,
  submitJob,
  type Permission,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';

/*
 * The job API on the built-in scheduler: jobs really run. Two nodes of two cores keep it small
 * enough to fill on purpose.
 */

const cluster = localTestCluster({ memoryMB: 4096, maxTime: '02:00:00' });

describe('jobs API on the local scheduler', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let viewer: TestClient;
  let admin: TestClient;

  const job = (over: Partial<SubmitJobBody> = {}): SubmitJobBody =>
    testJob({ timeLimit: '00:10:00', script: '#!/bin/bash\nsleep 300\n', ...over });
  const submit = async (c: TestClient, over: Partial<SubmitJobBody> = {}) => {
    const res = await c.call(submitJob, { body: job(over) });
    expect(res.errMsg).toBe('success');
    return res.data.jobId;
  };
  const current = async (c: TestClient, query: Record<string, string> = {}) => (await c.call(listJobs, { query })).data;
  const stateOf = async (id: string) => (await current(admin, { jobId: id })).list[0]?.jobStatus;
  const inState = (id: string, states: string) =>
    waitFor(async () => states.includes((await stateOf(id)) ?? '-'), `${id} in ${states}`, 20_000);

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    alice = await signedIn(t.app, 'alice', Role.user);
    bob = await signedIn(t.app, 'bob', Role.user);
    viewer = await signedIn(t.app, 'vera', Role.viewer);
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
  });
  afterAll(async () => {
    // Jobs outlive the server on purpose (a restart loses none); a test run ends its own.
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it('lists the queues with their limits and the templates, BASE first', async () => {
    expect((await alice.call(listQueues)).data).toEqual([
      expect.objectContaining({ name: 'compute', isDefault: true, maxTime: 7200, totalCores: 4, totalNodes: 2 }),
    ]);
    const templates = (await alice.call(listJobTemplates)).data;
    expect(templates[0]?.id).toBe('BASE');
    expect(templates.map((x) => x.id)).toEqual(expect.arrayContaining(['LAMMPS', 'GROMACS', 'VASP', 'MATLAB']));
  });

  it('runs a submitted job, shows it to its owner and job admins only, then in history with its output', async () => {
    const id = await submit(alice, { name: 'hello', script: '#!/bin/bash\necho "hi from job"\nsleep 2\n' });
    await inState(id, 'R');
    expect((await current(alice)).list.map((j) => j.jobId)).toContain(id);
    expect((await current(bob)).list.map((j) => j.jobId)).not.toContain(id);
    expect((await current(viewer)).list.map((j) => j.jobId)).toContain(id);
    expect((await bob.call(getJob, { params: { jobId: id } })).status).toBe(404);
    // The snapshot shows it running as soon as the scheduler starts it, a moment before its output exists.
    const out = await waitFor(
      async () => {
        const res = await alice.call(jobOutput, { params: { jobId: id }, query: { stream: 'stdout', tailBytes: 100 } });
        return res.errCode === 0 && res.data.content.includes('hi from job') ? res.data.content : undefined;
      },
      'its output',
      20_000,
    );
    expect(out).toContain('hi from job');
    const history = await waitFor(
      async () => {
        const h = await alice.call(listJobs, { query: { scope: 'history', jobId: id } });
        return h.data.list[0];
      },
      'history',
      20_000,
    );
    expect(history).toMatchObject({ jobId: id, jobStatus: 'C', exitStatus: 'complete', userName: 'alice' });
    const detail = (await alice.call(getJob, { params: { jobId: id } })).data;
    expect(detail.coreSeconds).toBeGreaterThanOrEqual(1);
    expect(detail.actions).toEqual([]);
    expect((await alice.call(queryWallTimeUsed, { body: {} })).data.coreSeconds).toBeGreaterThanOrEqual(1);
  });

  it('refuses output for a job that waits', async () => {
    const block = await submit(alice, { name: 'block', cores: 4, nodes: 2 });
    await inState(block, 'R');
    const waiting = await submit(alice, { name: 'waits' });
    await inState(waiting, 'Q');
    const res = await alice.call(jobOutput, { params: { jobId: waiting }, query: {} });
    expect(res.errMsg).toBe('The job does not have this output');
    await alice.call(jobBatchAction, { params: { action: 'cancel' }, body: { jobIds: [block, waiting] } });
  });

  it('lets owners hold and release, job admins act on anyone, viewers and others nothing', async () => {
    const block = await submit(alice, { name: 'block', cores: 4, nodes: 2 });
    await inState(block, 'R');
    const id = await submit(alice, { name: 'held' });
    await inState(id, 'Q');
    expect((await alice.call(getJob, { params: { jobId: id } })).data.actions).toEqual(
      expect.arrayContaining(['cancel', 'hold', 'extend']),
    );
    expect((await alice.call(getJob, { params: { jobId: id } })).data.actions).not.toContain('priority');
    // The detail offers what the console's own rule (packages/shared) offers in the list.
    const asAlice = { userName: 'alice', can: (p: Permission) => can(Role.user, p) };
    expect((await alice.call(getJob, { params: { jobId: id } })).data.actions).toEqual(
      jobActionsFor(asAlice, { owner: 'alice', state: 'Q' }),
    );
    expect((await alice.call(jobAction, { params: { jobId: id, action: 'hold' }, body: {} })).errCode).toBe(0);
    expect(await stateOf(id)).toBe('H');
    expect((await bob.call(jobAction, { params: { jobId: id, action: 'release' }, body: {} })).status).toBe(404);
    expect((await viewer.call(jobAction, { params: { jobId: id, action: 'release' }, body: {} })).status).toBe(403);
    const suspendQueued = await alice.call(jobAction, { params: { jobId: id, action: 'suspend' }, body: {} });
    expect(suspendQueued.error?.reason).toBe('actionNotApplicable');
    expect((await admin.call(jobAction, { params: { jobId: id, action: 'release' }, body: {} })).errCode).toBe(0);
    expect(await stateOf(id)).toBe('Q');
    expect((await alice.call(jobAction, { params: { jobId: id, action: 'priority' }, body: { priority: 5 } })).status).toBe(403);
    expect((await admin.call(jobAction, { params: { jobId: id, action: 'priority' }, body: { priority: 5000 } })).errCode).toBe(
      0,
    );
    expect((await current(admin, { jobId: id })).list[0]?.priority).toBe(5000);
    const tooLong = await alice.call(jobAction, { params: { jobId: id, action: 'extend' }, body: { hours: 2 } });
    expect(tooLong.errMsg).toBe('Set the time to exceed the maximum running time of the queue');
    expect((await alice.call(jobAction, { params: { jobId: id, action: 'extend' }, body: { minutes: 30 } })).errCode).toBe(0);
    expect((await current(alice, { jobId: id })).list[0]?.timeLimit).toBe(40 * 60);
    const batch = await alice.call(jobBatchAction, { params: { action: 'cancel' }, body: { jobIds: [id, block, '424242'] } });
    expect(batch.data.results).toEqual([
      { jobId: id, ok: true, errCode: 0, reason: '', errMsg: '' },
      { jobId: block, ok: true, errCode: 0, reason: '', errMsg: '' },
      expect.objectContaining({ jobId: '424242', ok: false, errCode: 10004, reason: 'notFound' }),
    ]);
  });

  it('suspends and resumes a running job of its owner', async () => {
    const id = await submit(alice, { name: 'pause' });
    await inState(id, 'R');
    expect((await alice.call(jobAction, { params: { jobId: id, action: 'suspend' }, body: {} })).errCode).toBe(0);
    expect(await stateOf(id)).toBe('S');
    expect((await alice.call(jobAction, { params: { jobId: id, action: 'resume' }, body: {} })).errCode).toBe(0);
    expect(await stateOf(id)).toBe('R');
    await alice.call(jobAction, { params: { jobId: id, action: 'cancel' }, body: {} });
  });

  it('checks a submission against the queue before the scheduler sees it', async () => {
    const over = await alice.call(submitJob, { body: job({ timeLimit: '03:00:00' }) });
    expect(over.errMsg).toBe('Set the time to exceed the maximum running time of the queue');
    expect((await alice.call(submitJob, { body: job({ queue: 'nope' }) })).error?.reason).toBe('invalidJobRequest');
    expect((await alice.call(submitJob, { body: job({ cores: 99 }) })).error?.reason).toBe('invalidJobRequest');
    expect((await alice.call(submitJob, { body: job({ timeLimit: '1:60:00' }) })).errCode).toBe(10004);
    expect((await viewer.call(submitJob, { body: job() })).status).toBe(403);
    expect((await alice.call(submitJob, { body: job({ workDir: '../bob' }) })).error?.reason).toBe('invalidJobRequest');
  });

  it('feeds the charts, the heat map and the statistics bar from the snapshot', async () => {
    const coresUsed = async () => (await bob.call(queryHomePageChartData, { body: {} })).data.coreUsed;
    // Jobs the tests before cancelled may take a moment to end on a busy machine: the figures below are exact.
    await waitFor(async () => (await coresUsed()) === 0, 'no cores in use', 30_000);
    const id = await submit(alice, { name: 'chart', cores: 2 });
    await inState(id, 'R');
    const home = (await bob.call(queryHomePageChartData, { body: {} })).data;
    expect(home).toMatchObject({ coreTotal: 4, coreUsed: 2 });
    expect(home.onlineJobs).toBeGreaterThanOrEqual(1);
    const charts = (await admin.call(queryChartData, { body: {} })).data;
    expect(charts.coreState).toEqual([
      { name: 'used', y: 2 },
      { name: 'free', y: 2 },
    ]);
    expect(charts.userJobList[0]).toEqual({ name: 'alice', y: 1 });
    // bob's charts count only his own jobs.
    expect((await bob.call(queryChartData, { body: {} })).data.userJobList).toEqual([]);
    const heat = (await bob.call(queryClusterInfo, { body: {} })).data;
    const busy = heat.nodes.find((n: { jobs: unknown[] }) => n.jobs.length > 0);
    expect(busy?.state).toBe('busy');
    expect(busy?.jobs[0]).toEqual({ jobId: '', userName: '', cores: 2 });
    const adminHeat = (await admin.call(queryClusterInfo, { body: {} })).data;
    expect(adminHeat.nodes.flatMap((n: { jobs: { jobId: string }[] }) => n.jobs.map((j) => j.jobId))).toContain(id);
    await alice.call(jobAction, { params: { jobId: id, action: 'cancel' }, body: {} });
  });
});
