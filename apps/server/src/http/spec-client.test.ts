import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { LocalScheduler } from '../cluster/scheduler/local/local-scheduler.js';
import { createTestApp, createUser, type TestApp } from '../test/harness.js';
import { SpecClient } from '../test/spec-client.js';

/*
 * What a script written from spec section 7 alone does (issue 10, "done means"): sign in, submit a
 * job without queue or working directory, import a key, with form posts and the session cookie only.
 */
describe('a script written from spec section 7', () => {
  let t: TestApp;
  let client: SpecClient;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.app, 'scripted', Role.user);
    client = new SpecClient(t);
    const login = await client.post('/login/loginAuth.action', { strUserName: user.userName, strPassword: user.password });
    expect(login.envelope.errCode).toBe(0);
  });
  afterAll(async () => {
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it('submits a job without queue or workDir: the default queue, in the home folder', async () => {
    const res = await client.post('/jm_jobmanagement/api/jobs', {
      name: 'scripted',
      nodes: '1',
      cores: '1',
      timeLimit: '00:05:00',
      script: '#!/bin/bash\nsleep 120\n',
    });
    expect(res.envelope.errCode).toBe(0);
    const { jobId } = z.object({ jobId: z.string() }).parse(res.envelope.data);
    const detail = await client.get(`/jm_jobmanagement/api/jobs/${jobId}`);
    const cluster = t.app.services.clusters.get();
    const { partitions } = await cluster.scheduler.clusterInfo();
    expect(detail.envelope.data).toMatchObject({
      queue: partitions.find((p) => p.isDefault)?.name,
      workDir: await cluster.homeOf('scripted'),
    });
  });

  it('imports a key and reads the spec result beside the envelope', async () => {
    const key = ssh2.utils.generateKeyPairSync('ed25519', { comment: 'script@laptop' });
    const res = await client.post('/pageframe/main/importKey.action', { rsaKeyName: 'laptop', rsaKeyContent: key.public });
    expect(res.envelope.errCode).toBe(0);
    expect(res.body.result).toBe(true);
    const refused = await client.post('/pageframe/main/importKey.action', { rsaKeyName: 'junk', rsaKeyContent: 'not a key' });
    expect(refused.status).toBe(400);
    expect(refused.body.result).toBe(false);
  });
});
