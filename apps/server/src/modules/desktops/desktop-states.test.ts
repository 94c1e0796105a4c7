import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@portal/shared';
import { parseConfig } from '../../config/load.js';
import type { ActiveJob } from '../../cluster/scheduler/types.js';
import type { JobConnection } from '../../cluster/desktops/desktop-launcher.js';
import { createTestApp, signedIn, type TestApp } from '../../test/harness.js';
import { DesktopConnections } from './desktop-connections.js';
import { DesktopStates, type DesktopCluster } from './desktop-states.js';
import { DesktopsRepository } from './desktops.repository.js';

/*
 * A desktop job turns running from two sources that do not agree in time: the file the job writes
 * when its Xvnc listens, and the scheduler's snapshot that says on which node. On an idle cluster
 * the file comes first (the job started just after the snapshot was taken): the desktop must wait
 * for a snapshot that names the node, not end as failed (found on the dev cluster, where it ended
 * 0.3 s after the start).
 */

const NOW = Date.UTC(2026, 10, 27, 12);

const job = (state: ActiveJob['state'], nodeList: string): ActiveJob => ({
  jobId: '7',
  name: 'desktop',
  user: 'st_alice',
  account: '',
  partition: 'compute',
  state,
  schedulerState: state === 'R' ? 'RUNNING' : 'PENDING',
  reason: state === 'R' ? '' : 'None',
  priority: 1,
  submitTime: NOW - 1000,
  startTime: state === 'R' ? NOW - 500 : null,
  expectedStartTime: null,
  timeLimit: 1800,
  runTime: 0,
  nodes: 1,
  cpus: 1,
  gpus: 0,
  memoryMB: null,
  nodeList,
  workDir: '/home/st_alice',
  stdoutPath: '',
  stderrPath: '',
  command: '',
  restartCount: 0,
  exclusive: false,
});

describe('desktop job states', () => {
  let t: TestApp;
  let repo: DesktopsRepository;
  let userId = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await signedIn(t.app, 'st_alice', Role.user);
    const user = await t.app.services.usersRepo.findByName('st_alice');
    userId = user?.id ?? 0;
    repo = new DesktopsRepository(t.app.services.db);
  });
  afterAll(() => t.close());

  const config = parseConfig({
    clusters: [{ id: 'hpc', name: 'HPC', scheduler: 'slurm', desktops: { nodeHost: '{node}.ib' } }],
  }).clusters[0];

  /** A cluster whose snapshot holds `jobs` and whose job wrote `file` (null: not yet). */
  const cluster = (jobs: ActiveJob[], file: JobConnection | null): DesktopCluster => {
    if (!config) throw new Error('no cluster');
    return {
      config,
      snapshot: {
        read: () => ({
          ok: true,
          snapshot: { jobs, byAccount: new Map(), info: { partitions: [], nodes: [] }, takenAt: NOW },
        }),
      },
      desktops: { alive: () => Promise.resolve([]), jobConnection: () => Promise.resolve(file) },
    };
  };

  it('waits for a snapshot that names the node when the job wrote its file first, then runs there', async () => {
    const id = 'states-job-0001';
    await repo.insert({
      id,
      user_id: userId,
      cluster_id: 'hpc',
      name: 'Desk',
      kind: 'job',
      resolution: '800x600',
      app_name: null,
      node: '',
      display: null,
      pid: null,
      socket_path: null,
      job_id: '7',
      queue: 'compute',
      time_limit_s: 1800,
      started_at: null,
      host: null,
      port: null,
      dir: '/home/st_alice/.portal/desktops/states-job-0001',
      password_sealed: 'x',
      view_password_sealed: 'x',
      state: 'starting',
      end_reason: null,
      created_at: NOW - 1000,
      ended_at: null,
    });
    const states = new DesktopStates(repo, new DesktopConnections(), { now: () => NOW });
    const user = { id: userId, name: 'st_alice' };
    const written = { host: 'anything', port: 5900, display: 0, pid: 4242 };
    const rowsNow = async () => (await repo.ownedBy(userId)).filter((r) => r.id === id);

    // The snapshot still has the job waiting, with no node, though its Xvnc listens already.
    let rows = await rowsNow();
    await states.refresh(user, cluster([job('Q', '')], written), rows);
    expect((await repo.get(id))?.state).toBe('starting');

    // The next snapshot has it running on cn03: the desktop runs there, at the display's port.
    rows = await rowsNow();
    await states.refresh(user, cluster([job('R', 'cn03')], written), rows);
    expect(await repo.get(id)).toMatchObject({ state: 'running', node: 'cn03', host: 'cn03.ib', port: 5900, display: 0 });
  });
});
