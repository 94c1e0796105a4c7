import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, Role, submitJob, type SubmitJobBody } from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { signedIn, createTestApp, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * A submission fills what sbatch would: no queue is the cluster's default queue (here not the
 * first one listed), no working directory is the user's home. A bad value still names its field.
 */

const cluster = {
  id: 'local',
  name: 'Defaults cluster',
  pollIntervalSeconds: 1,
  local: {
    nodes: [{ name: 'n1', cpus: 2, memoryMB: 2048 }],
    partitions: [
      { name: 'debug', nodes: ['n1'], maxTime: '00:30:00' },
      { name: 'main', nodes: ['n1'], default: true, maxTime: '02:00:00' },
    ],
  },
};

describe('job submission defaults on the local scheduler', () => {
  let t: TestApp;
  let alice: TestClient;
  const minimal: SubmitJobBody = {
    name: 'defaults',
    nodes: 1,
    cores: 1,
    timeLimit: '00:05:00',
    script: '#!/bin/bash\nsleep 300\n',
  };

  beforeAll(async () => {
    t = await createTestApp({ clusters: [cluster] });
    alice = await signedIn(t.app, 'alice', Role.user);
  });
  afterAll(async () => {
    const scheduler = t.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t.close();
  });

  it('runs in the default queue and the home folder when both are omitted (or empty, as a form sends them)', async () => {
    const home = await t.app.services.clusters.get().homeOf('alice');
    for (const body of [minimal, { ...minimal, queue: '', workDir: '' }]) {
      const res = await alice.call(submitJob, { body });
      expect(res.errMsg).toBe('success');
      const detail = (await alice.call(getJob, { params: { jobId: res.data.jobId } })).data;
      expect(detail).toMatchObject({ queue: 'main', workDir: home });
    }
    const named = await alice.call(submitJob, { body: { ...minimal, queue: 'debug', workDir: 'runs' } });
    expect((await alice.call(getJob, { params: { jobId: named.data.jobId } })).data).toMatchObject({
      queue: 'debug',
      workDir: `${home}/runs`,
    });
  });

  it('answers 400 with 10004 naming the field for a bad queue or working directory', async () => {
    for (const [body, field] of [
      [{ ...minimal, queue: 'nope' }, 'queue'],
      [{ ...minimal, queue: 7 }, 'queue'],
      [{ ...minimal, workDir: ['x'] }, 'workDir'],
      [{ ...minimal, workDir: '../bob' }, 'workDir'],
    ] as const) {
      const res = await alice.callUnchecked(submitJob, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.errCode).toBe(10004);
      expect(res.error?.issues?.map((i) => i.path)).toEqual([field]);
    }
    const unknown = await alice.callUnchecked(submitJob, { body: { ...minimal, queue: 'nope' } });
    expect(unknown.errMsg).toContain('queue');
  });

  it('gives each refusal a code and values the console translates at the field at fault', async () => {
    for (const [body, issue] of [
      [
        { ...minimal, queue: 'nope' },
        { path: 'queue', code: 'queueUnknown', params: { queue: 'nope' } },
      ],
      [
        { ...minimal, queue: 'debug', timeLimit: '01:00:00' },
        { path: 'timeLimit', code: 'timeLimitOverMax', params: { max: 1800 } },
      ],
      [
        { ...minimal, nodes: 2, cores: 2 },
        { path: 'nodes', code: 'nodesOverQueue', params: { queue: 'main', max: 1 } },
      ],
      [
        { ...minimal, cores: 3 },
        { path: 'cores', code: 'coresOverQueue', params: { queue: 'main', max: 2 } },
      ],
      [
        { ...minimal, workDir: 'a/../../bob' },
        { path: 'workDir', code: 'workDirDotDot' },
      ],
      // Outside the user's folder: the local scheduler refuses it, the portal says which field.
      [
        { ...minimal, workDir: '/etc/portal-test' },
        { path: 'workDir', code: 'workDirUnusable', params: { path: '/etc/portal-test' } },
      ],
    ] as const) {
      const res = await alice.callUnchecked(submitJob, { body });
      expect(res.errCode, JSON.stringify(body)).toBe(10004);
      expect(res.error?.issues, JSON.stringify(body)).toEqual([expect.objectContaining(issue)]);
    }
  });
});
