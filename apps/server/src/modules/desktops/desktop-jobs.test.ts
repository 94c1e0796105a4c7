import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDesktop, listDesktops, Role, startDesktop, type DesktopSession } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { connectThroughProxy, waitUntil } from './desktops.test-support.js';

/*
 * Desktops as scheduler jobs (batch-connect) on the built-in scheduler: the job starts Xvnc on a
 * TCP port, writes where it listens, and the desktop lives as long as the job; its time limit ends
 * it in the list. The same on Slurm: desktop-jobs.slurm.test.ts.
 */

describe('desktop jobs on the built-in scheduler', () => {
  let t: TestApp;
  let base = '';
  let user: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    user = await signedIn(t.app, 'dj_user', Role.user);
  });
  afterAll(async () => {
    await t.close();
  });

  const find = async (sessionId: string): Promise<DesktopSession | undefined> =>
    (await user.call(listDesktops)).data.list.find((d) => d.sessionId === sessionId);
  const untilState = async (sessionId: string, state: DesktopSession['state'], timeoutMs = 60_000) => {
    await waitUntil(async () => (await find(sessionId))?.state === state, `the desktop to be ${state}`, timeoutMs);
    const found = await find(sessionId);
    if (!found) throw new Error(`desktop ${sessionId} is not listed`);
    return found;
  };

  it('starts as a job, shows the desktop, and ends in the list at its time limit', async () => {
    const started = await user.call(startDesktop, {
      body: { sessionType: 'job', hours: 1 / 60, cores: 1, resolution: '800x600' },
    });
    expect(started.errCode, started.errMsg).toBe(0);
    expect(started.data).toMatchObject({ sessionType: 'job', state: 'starting', timeLimitSeconds: 60, endReason: null });
    expect(started.data.jobId).toMatch(/^\d+$/);
    const { sessionId } = started.data;

    const running = await untilState(sessionId, 'running');
    expect(running.sessionNumber).toBeGreaterThanOrEqual(0);
    expect(running.queue).not.toBeNull();
    const c = await connectThroughProxy(base, user, sessionId);
    expect([c.width, c.height]).toEqual([800, 600]);
    expect((await c.framebufferUpdate(false)).length).toBeGreaterThan(0);

    // The job's time limit (one minute) ends the desktop, and the list says why.
    const closed = c.closed;
    const ended = await untilState(sessionId, 'ended', 150_000);
    expect(ended.endReason).toBe('timeLimit');
    expect((await closed).code).not.toBeNull();
  }, 240_000);

  it('ends the job when the desktop is deleted', async () => {
    const started = await user.call(startDesktop, { body: { sessionType: 'job', hours: 1 } });
    expect(started.errCode, started.errMsg).toBe(0);
    const { sessionId, jobId } = started.data;
    await untilState(sessionId, 'running');
    expect((await user.call(deleteDesktop, { params: { sessionId } })).errCode).toBe(0);
    expect(await find(sessionId)).toMatchObject({ state: 'ended', endReason: 'deleted' });
    await waitUntil(() => {
      const r = t.app.services.clusters.get().snapshot.read();
      return r.ok && !r.snapshot.jobs.some((j) => j.jobId === jobId);
    }, 'the job to leave the queue');
  }, 120_000);

  it('refuses a queue the cluster does not have, and keeps nothing running', async () => {
    const res = await user.call(startDesktop, { body: { sessionType: 'job', queue: 'no-such-queue' } });
    expect(res.status).toBe(400);
    const listed = (await user.call(listDesktops)).data.list;
    expect(listed.filter((d) => d.state !== 'ended')).toEqual([]);
  }, 60_000);
});
