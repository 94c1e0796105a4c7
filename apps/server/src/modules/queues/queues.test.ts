import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createQueue,
  deleteQueue,
  listQueueManagement,
  listQueues,
  modifyQueue,
  patchQueue,
  Role,
  submitJob,
  type CreateQueueBody,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, parseEnvelope, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';

/* Queue management on the built-in scheduler: who may change queues, the method override, and what submission refuses. */

const cluster = localTestCluster({ queueNodes: 'n1' });

const OVERRIDE = 'x-http-method-override';

describe('queue management', () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  const queue = (over: Partial<CreateQueueBody> = {}): CreateQueueBody => ({
    name: 'proj_q',
    maxTime: '00:30:00',
    defaultTime: '00:05:00',
    maxNodesPerJob: 1,
    maxCoresPerJob: 2,
    priority: 10,
    nodes: ['n2'],
    allowAccounts: ['alice_proj'],
    ...over,
  });
  const job = (over: Partial<SubmitJobBody> = {}): SubmitJobBody => testJob({ name: 'q-job', queue: 'proj_q', ...over });

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    alice = await signedIn(t.app, 'q_alice', Role.user);
    bob = await signedIn(t.app, 'q_bob', Role.user);
    await admin.call(createAccount, { body: { accountName: 'alice_proj', ownerName: 'q_alice' } });
    await admin.call(createAccount, { body: { accountName: 'bob_proj', ownerName: 'q_bob' } });
    await admin.call(addAccountMember, { params: { accountName: 'alice_proj' }, body: { userName: 'admin' } });
  });
  afterAll(async () => {
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it('refuses a user who creates a queue; an administrator creates one and it is listed at once', async () => {
    const refused = await alice.call(createQueue, { body: queue() });
    expect([refused.status, refused.errCode]).toEqual([403, 10008]);
    const made = await admin.call(createQueue, { body: queue() });
    expect(made.errMsg).toBe('success');
    expect(made.data).toMatchObject({
      name: 'proj_q',
      maxTime: 1800,
      defaultTime: 300,
      maxNodesPerJob: 1,
      maxCoresPerJob: 2,
      priority: 10,
      nodes: 'n2',
      allowAccounts: ['alice_proj'],
      managed: true,
      state: 'up',
    });
    // The submission form's queue list has it too (the snapshot was refreshed).
    expect((await admin.call(listQueues, { query: {} })).data.map((q) => q.name)).toContain('proj_q');
  });

  it('validates names, times, nodes and accounts', async () => {
    const cases: [Partial<CreateQueueBody>, string][] = [
      [{ name: 'Bad-Name' }, 'name'],
      [{ name: 'x1' }, 'name'],
      [{ name: 'okname', maxTime: '1:00' }, 'maxTime'],
      [{ name: 'okname', maxTime: '00:10:00', defaultTime: '00:20:00' }, 'defaultTime'],
      [{ name: 'okname', nodes: ['n9'] }, 'nodes'],
      [{ name: 'okname', allowAccounts: ['no_such_acct'] }, 'allowAccounts'],
    ];
    for (const [over, field] of cases) {
      const r = await admin.callUnchecked(createQueue, { body: queue(over) });
      expect([r.status, r.errCode], JSON.stringify(over)).toEqual([400, 10004]);
      expect(JSON.stringify(r.error), field).toContain(field);
    }
    const twice = await admin.call(createQueue, { body: queue() });
    expect([twice.status, twice.error?.reason]).toEqual([409, 'queueExists']);
    // d-hh:mm:ss and UNLIMITED are accepted
    const long = await admin.call(createQueue, {
      body: queue({ name: 'long_q', maxTime: '2-00:00:00', defaultTime: 'UNLIMITED' }),
    });
    expect(long.status).toBe(400);
    const open = await admin.call(createQueue, {
      body: queue({ name: 'long_q', maxTime: 'UNLIMITED', defaultTime: '1-00:00:00', allowAccounts: 'ALL' }),
    });
    expect(open.data).toMatchObject({ maxTime: 'UNLIMITED', defaultTime: 86400, allowAccounts: 'ALL' });
  });

  it('shows a user only the queues their accounts may use', async () => {
    const forAlice = (await alice.call(listQueueManagement, { query: {} })).data;
    expect(forAlice.map((q) => q.name).sort()).toEqual(['compute', 'long_q', 'proj_q']);
    expect(forAlice.find((q) => q.name === 'proj_q')?.usable).toBe(true);
    const forBob = (await bob.call(listQueueManagement, { query: {} })).data;
    expect(forBob.map((q) => q.name).sort()).toEqual(['compute', 'long_q']);
    // The submit form's queue list too.
    expect((await bob.call(listQueues, { query: {} })).data.map((q) => q.name).sort()).toEqual(['compute', 'long_q']);
    expect((await alice.call(listQueues, { query: {} })).data.map((q) => q.name)).toContain('proj_q');
  });

  it('refuses a job of an account the queue does not allow, naming both; takes one that it allows and runs it there', async () => {
    const crafted = await bob.call(submitJob, { body: job() });
    expect([crafted.status, crafted.errCode, crafted.error?.reason]).toEqual([400, 10004, 'queueNotAllowed']);
    expect(crafted.errMsg).toContain('proj_q');
    expect(crafted.errMsg).toContain('bob_proj');
    const over = await alice.call(submitJob, { body: job({ timeLimit: '00:31:00' }) });
    expect([over.status, over.error?.reason, over.errMsg]).toEqual([
      400,
      'exceedQueueMax',
      'Set the time to exceed the maximum running time of the queue',
    ]);
    const tooWide = await alice.call(submitJob, { body: job({ cores: 3 }) });
    expect([tooWide.status, tooWide.errCode]).toEqual([400, 10004]);
    const ok = await alice.call(submitJob, { body: job({ script: '#!/bin/bash\nsleep 30\n' }) });
    expect(ok.errMsg).toBe('success');
    const scheduler = t.app.services.clusters.get().scheduler;
    const running = await waitFor(
      async () => (await scheduler.activeJobs()).find((j) => j.jobId === ok.data.jobId && j.state === 'R'),
      'the job to run in proj_q',
    );
    expect([running.partition, running.nodeList, running.account]).toEqual(['proj_q', 'n2', 'alice_proj']);
    // While it runs the queue cannot be deleted.
    await t.app.services.clusters.get().snapshot.refresh();
    const busy = await admin.call(deleteQueue, { params: { name: 'proj_q' }, query: {} });
    expect([busy.status, busy.error?.reason]).toEqual([409, 'queueInUse']);
    await scheduler.cancel({ user: 'q_alice', privileged: false }, ok.data.jobId);
    await waitFor(async () => !(await scheduler.activeJobs()).some((j) => j.jobId === ok.data.jobId), 'the job to end');
  });

  it('modifies through POST with X-HTTP-Method-Override: PUT, and deletes with DELETE', async () => {
    const body = { ...queue(), name: undefined, maxTime: '00:45:00', allowAccounts: ['alice_proj', 'bob_proj'] };
    const put = await admin.raw('POST', '/jm_queuemanagement/api/queues/proj_q', { body, headers: { [OVERRIDE]: 'PUT' } });
    expect(put.statusCode).toBe(200);
    expect(parseEnvelope(put.body).data).toMatchObject({ maxTime: 2700, allowAccounts: ['alice_proj', 'bob_proj'] });
    expect((await bob.call(listQueueManagement, { query: {} })).data.map((q) => q.name)).toContain('proj_q');
    // A plain PUT does the same.
    const plain = await admin.call(modifyQueue, { params: { name: 'proj_q' }, body: { ...body, state: 'down' } });
    expect(plain.data.state).toBe('down');
    // GET through POST lists.
    const list = await alice.raw('POST', '/jm_queuemanagement/api/queues', { headers: { [OVERRIDE]: 'GET' } });
    expect(list.statusCode).toBe(200);
    const del = await admin.raw('POST', '/jm_queuemanagement/api/queues/proj_q', { headers: { [OVERRIDE]: 'DELETE' } });
    expect([del.statusCode, parseEnvelope(del.body).errCode]).toEqual([200, 0]);
    expect((await admin.call(listQueueManagement, { query: {} })).data.map((q) => q.name)).not.toContain('proj_q');
  });

  it('changes some fields with PATCH (also as POST with the override), the others kept', async () => {
    const patched = await admin.raw('POST', '/jm_queuemanagement/api/queues/long_q', {
      body: { priority: 42 },
      headers: { [OVERRIDE]: 'PATCH' },
    });
    expect(patched.statusCode).toBe(200);
    expect(parseEnvelope(patched.body).data).toMatchObject({
      priority: 42,
      maxTime: 'UNLIMITED',
      defaultTime: 86400,
      allowAccounts: 'ALL',
    });
    const plain = await admin.call(patchQueue, { params: { name: 'long_q' }, body: { maxTime: '12:00:00' } });
    expect([plain.status, plain.error?.reason]).toEqual([400, 'validation']);
    const ok = await admin.call(patchQueue, { params: { name: 'long_q' }, body: { maxTime: '2-00:00:00', maxCoresPerJob: 3 } });
    expect(ok.data).toMatchObject({ priority: 42, maxTime: 172800, defaultTime: 86400, maxCoresPerJob: 3 });
  });

  it('a user cannot modify or delete through the override either', async () => {
    const put = await alice.raw('POST', '/jm_queuemanagement/api/queues/long_q', {
      body: { maxTime: '00:10:00', nodes: ['n1'] },
      headers: { [OVERRIDE]: 'PUT' },
    });
    expect(put.statusCode).toBe(403);
    const del = await alice.raw('POST', '/jm_queuemanagement/api/queues/long_q', { headers: { [OVERRIDE]: 'DELETE' } });
    expect(del.statusCode).toBe(403);
  });

  it('refuses the override on paths that do not allow it, and counts an overridden GET as unsafe cross-site', async () => {
    const other = await admin.raw('POST', '/jm_accountmanagement/api/accounts/alice_proj', { headers: { [OVERRIDE]: 'DELETE' } });
    expect([other.statusCode, parseEnvelope(other.body).data]).toEqual([
      405,
      expect.objectContaining({ reason: 'methodOverrideRefused' }),
    ]);
    const patch = await admin.raw('POST', '/jm_accountmanagement/api/accounts', { headers: { [OVERRIDE]: 'PATCH' } });
    expect(patch.statusCode).toBe(405);
    const crossSite = await alice.raw('POST', '/jm_queuemanagement/api/queues', {
      headers: { [OVERRIDE]: 'GET', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    const crossSiteDelete = await admin.raw('POST', '/jm_queuemanagement/api/queues/long_q', {
      headers: { [OVERRIDE]: 'DELETE', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });
    expect(crossSiteDelete.statusCode).toBe(403);
    expect((await admin.call(listQueueManagement, { query: {} })).data.map((q) => q.name)).toContain('long_q');
  });

  it('refuses to change or delete a queue of the configuration file', async () => {
    const r = await admin.call(deleteQueue, { params: { name: 'compute' }, query: {} });
    expect([r.status, r.error?.reason]).toEqual([409, 'queueNotManaged']);
  });
});
