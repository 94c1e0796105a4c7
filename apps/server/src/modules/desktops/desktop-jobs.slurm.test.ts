import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDesktop, listDesktops, Role, startDesktop, type DesktopSession } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { devClusterSshAccess, installPortalKey, removeAuthorizedKey } from '../../test/dev-cluster-ssh.js';
import { connectThroughProxy, waitUntil } from './desktops.test-support.js';

/*
 * A desktop as a Slurm job on the dev cluster (`bash scripts/dev-cluster start` as root,
 * PORTAL_TEST_SLURM=1): sbatch as alice over ssh, Xvnc on the compute node's TCP port, reached by a
 * direct-tcpip channel from the login node on alice's connection; deleting it cancels the job.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
/** The job's state in squeue; '' once it has left (squeue refuses a purged id: also gone). */
const jobState = (jobId: string) => {
  try {
    return execFileSync('squeue', ['-h', '-j', jobId, '-o', '%T'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
};

describe.runIf(enabled)('desktop jobs on Slurm', () => {
  let t: TestApp;
  let base = '';
  let alice: TestClient;
  let keyLine = '';

  beforeAll(async () => {
    t = await createTestApp({
      clusters: [
        {
          id: 'dev',
          name: 'Dev Slurm',
          scheduler: 'slurm',
          pollIntervalSeconds: 1,
          access: devClusterSshAccess(),
          // The dev cluster's nodes cn01-04 are this machine (NodeAddr=127.0.0.1): no DNS names.
          desktops: { nodeHost: '127.0.0.1' },
        },
      ],
    });
    base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    alice = await signedIn(t.app, 'alice', Role.user);
    keyLine = await installPortalKey(t.app, 'alice');
  }, 60_000);
  afterAll(async () => {
    removeAuthorizedKey('alice', keyLine);
    await t?.close();
  });

  const find = async (sessionId: string): Promise<DesktopSession | undefined> =>
    (await alice.call(listDesktops)).data.list.find((d) => d.sessionId === sessionId);

  it('runs the desktop in a job on a compute node and cancels the job on delete', async () => {
    const started = await alice.call(startDesktop, {
      body: { clusterId: 'dev', sessionType: 'job', queue: 'compute', cores: 1, hours: 0.5, resolution: '800x600' },
    });
    expect(started.errCode, started.errMsg).toBe(0);
    const { sessionId, jobId } = started.data;
    expect(jobId).toMatch(/^\d+$/);
    // The Slurm round runs other files beside this one, whose jobs may hold every node for minutes.
    // On a timeout, how the portal saw it: the snapshot, the job in it, the file the job writes.
    const seen = async () => {
      const read = t.app.services.clusters.get('dev').snapshot.read();
      const job = read.ok ? read.snapshot.jobs.find((j) => j.jobId === jobId) : undefined;
      const row = await t.app.services.db
        .selectFrom('desktop_sessions')
        .select('dir')
        .where('id', '=', sessionId)
        .executeTakeFirst();
      const file = (() => {
        try {
          return readFileSync(`${row?.dir ?? ''}/connection`, 'utf8').trim();
        } catch (err) {
          return String(err);
        }
      })();
      const listed = await find(sessionId);
      return `the desktop job to run (listed ${listed?.state ?? 'nowhere'} ${listed?.endReason ?? ''}): snapshot ${read.ok ? `ok, job ${job ? `${job.state} on ${job.nodeList}` : 'absent'}` : `not ok (${read.error})`}; squeue says ${jobState(jobId ?? '')}; connection file: ${file}`;
    };
    await waitUntil(
      async () => {
        const s = await find(sessionId);
        if (s?.state === 'ended') throw new Error(`the desktop ended (${s.endReason ?? ''}) instead of running: ${await seen()}`);
        return s?.state === 'running';
      },
      seen,
      420_000,
    );
    const running = await find(sessionId);
    expect(running).toMatchObject({ sessionType: 'job', queue: 'compute', owner: 'alice', timeLimitSeconds: 1800 });
    expect(running?.nodes).toMatch(/^cn0\d$/);

    const c = await connectThroughProxy(base, alice, sessionId);
    expect([c.width, c.height]).toEqual([800, 600]);
    expect((await c.framebufferUpdate(false)).length).toBeGreaterThan(0);

    const closed = c.closed;
    expect((await alice.call(deleteDesktop, { params: { sessionId } })).errCode).toBe(0);
    await closed;
    await waitUntil(() => jobState(jobId ?? '') === '', 'Slurm to end the job', 60_000);
    expect(await find(sessionId)).toMatchObject({ state: 'ended', endReason: 'deleted' });
  }, 600_000);
});
