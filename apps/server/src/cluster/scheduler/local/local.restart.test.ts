import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/database.js';
import { waitFor } from '../scheduler-contract.test-support.js';
import type { SubmitSpec } from '../types.js';
import type { LocalScheduler } from './local-scheduler.js';
import { createLocalTestEnv, testSpec, TEST_CLUSTER, type LocalTestEnv } from './local-env.test-support.js';

/* A restart of the server loses no job: a new instance on the same database and folders takes over. */

const user = 'alice';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let env: LocalTestEnv;
const open: { adapter: LocalScheduler; db: DbHandle }[] = [];

const start = async (over: { killGraceMs?: number } = {}) => {
  const db = await env.openDb();
  const adapter = env.scheduler(db, { tickMs: 200, ...over });
  open.push({ adapter, db });
  return { adapter, db };
};
const stop = async (s: { adapter: LocalScheduler; db: DbHandle }) => {
  await s.adapter.close();
  await s.db.close();
  open.splice(open.indexOf(s), 1);
};
const spec = (over: Partial<SubmitSpec> = {}) => testSpec(join(env.homeRoot, user, 'restart'), over);
const pidOf = async (db: DbHandle, jobId: string) =>
  waitFor(
    async () => (await db.db.selectFrom('local_jobs').select('pid').where('id', '=', Number(jobId)).executeTakeFirst())?.pid,
    `pid of ${jobId}`,
  );
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const stateOf = async (a: LocalScheduler, id: string) => (await a.activeJobs()).find((j) => j.jobId === id);
const finished = (a: LocalScheduler, id: string, timeoutMs = 30_000) =>
  waitFor(async () => (await a.finishedSince(0)).find((j) => j.jobId === id), `${id} to finish`, timeoutMs);

afterEach(async () => {
  for (const s of [...open]) {
    await s.adapter.shutdownJobs();
    await stop(s);
  }
  await env?.dispose();
});

describe('local scheduler across a restart', () => {
  it('keeps a running job running, records its real exit code, and starts the queued one', async () => {
    env = createLocalTestEnv();
    const first = await start();
    const long = await first.adapter.submit(
      user,
      spec({ name: 'long', cores: 32, nodes: 4, script: '#!/bin/bash\necho started\nsleep 4\necho done\nexit 7\n' }),
    );
    await waitFor(async () => (await stateOf(first.adapter, long))?.state === 'R', 'long to run');
    const queued = await first.adapter.submit(
      user,
      spec({ name: 'queued', script: '#!/bin/bash\necho "queued ran on $SLURM_JOB_NODELIST"\n' }),
    );
    await waitFor(async () => (await stateOf(first.adapter, queued))?.reason === 'Resources', 'queued to wait');
    const pid = await pidOf(first.db, long);
    await stop(first);

    // Nobody watches: the job runs on.
    await sleep(1000);
    expect(alive(pid)).toBe(true);

    const second = await start();
    expect(await stateOf(second.adapter, long)).toMatchObject({ state: 'R', nodeList: 'node[01-04]', cpus: 32 });
    expect((await second.adapter.clusterInfo()).nodes.every((n) => n.state === 'allocated')).toBe(true);
    const done = await finished(second.adapter, long);
    expect(done).toMatchObject({
      exitStatus: 'fail',
      exitCode: '7:0',
      schedulerState: 'FAILED',
      cpus: 32,
      nodeList: 'node[01-04]',
    });
    expect(done.elapsed).toBeGreaterThanOrEqual(4);
    expect(readFileSync(join(env.homeRoot, user, 'restart', `long-${long}.out`), 'utf8')).toBe('started\ndone\n');

    const q = await finished(second.adapter, queued);
    expect(q).toMatchObject({ exitStatus: 'complete', exitCode: '0:0' });
    expect(readFileSync(join(env.homeRoot, user, 'restart', `queued-${queued}.out`), 'utf8')).toBe('queued ran on node01\n');
    // The private state of ended jobs is cleared away.
    expect(existsSync(join(env.dataDir, 'local-scheduler', 'local', 'jobs', long))).toBe(false);
  }, 60_000);

  it('records a job whose process vanished while no scheduler watched as failed', async () => {
    env = createLocalTestEnv();
    const first = await start();
    const id = await first.adapter.submit(user, spec({ name: 'vanish' }));
    const pid = await pidOf(first.db, id);
    await waitFor(async () => (await stateOf(first.adapter, id))?.state === 'R', 'running');
    await stop(first);
    process.kill(-pid, 'SIGKILL');
    await waitFor(async () => !alive(pid), 'the process to die');

    const second = await start();
    const done = await finished(second.adapter, id);
    expect(done).toMatchObject({ exitStatus: 'fail', schedulerState: 'FAILED', exitCode: '0:9' });
    expect(await stateOf(second.adapter, id)).toBeUndefined();
  }, 60_000);

  it('finishes ending a job that was being cancelled when the server stopped', async () => {
    env = createLocalTestEnv();
    const first = await start({ killGraceMs: 60_000 });
    // Ignores SIGTERM: only SIGKILL ends it.
    const id = await first.adapter.submit(user, spec({ name: 'stubborn', script: '#!/bin/bash\ntrap "" TERM\nsleep 600\n' }));
    await waitFor(async () => (await stateOf(first.adapter, id))?.state === 'R', 'running');
    const pid = await pidOf(first.db, id);
    await first.adapter.cancel({ user, privileged: false }, id);
    expect(await stateOf(first.adapter, id)).toMatchObject({ state: 'E', schedulerState: 'COMPLETING' });
    await stop(first);
    expect(alive(pid)).toBe(true);

    const second = await start({ killGraceMs: 500 });
    const done = await finished(second.adapter, id);
    expect(done).toMatchObject({ exitStatus: 'delete', schedulerState: 'CANCELLED' });
    expect(alive(pid)).toBe(false);
  }, 60_000);

  it('puts back in the queue a job whose start was never recorded', async () => {
    env = createLocalTestEnv();
    const first = await start();
    // Keep it waiting and held, then fake a start cut short by a crash.
    const blocker = await first.adapter.submit(user, spec({ name: 'blocker', cores: 32, nodes: 4 }));
    await waitFor(async () => (await stateOf(first.adapter, blocker))?.state === 'R', 'blocker to run');
    const id = await first.adapter.submit(user, spec({ name: 'cut', script: '#!/bin/bash\necho ran\n' }));
    await first.adapter.hold({ user, privileged: false }, id);
    await first.adapter.shutdownJobs();
    await stop(first);
    const db = await env.openDb();
    await db.db
      .updateTable('local_jobs')
      .set({ state: 'R', scheduler_state: 'RUNNING', held: 0, reason: '', start_at: Date.now(), node_list: 'node01', pid: null })
      .where('id', '=', Number(id))
      .execute();
    await db.close();

    const second = await start();
    const done = await finished(second.adapter, id);
    expect(done).toMatchObject({ exitStatus: 'complete', restartCount: 0 });
    expect(readFileSync(join(env.homeRoot, user, 'restart', `cut-${id}.out`), 'utf8')).toBe('ran\n');
  }, 60_000);

  it('outlives a server process that is killed outright', async () => {
    env = createLocalTestEnv();
    const here = dirname(fileURLToPath(import.meta.url));
    // A separate server process (TypeScript through tsx) submits a job and is then SIGKILLed.
    const code = `
      const { openDatabase } = await import(${JSON.stringify(join(here, '../../../db/database.ts'))});
      const { LocalScheduler } = await import(${JSON.stringify(join(here, 'local-scheduler.ts'))});
      const c = JSON.parse(process.env.CHILD_SETUP);
      const handle = await openDatabase(c.config);
      const s = new LocalScheduler({ db: handle.db, clusterId: 'local', config: c.cluster, dataDir: c.dataDir, homeRoot: c.homeRoot, tickMs: 100 });
      const id = await s.submit('alice', c.spec);
      for (;;) {
        const j = (await s.activeJobs()).find((x) => x.jobId === id);
        if (j && j.state === 'R') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      console.log('RUNNING ' + id);
      setInterval(() => {}, 1000);
    `;
    const db = await env.openDb();
    const setup = {
      config: env.config,
      cluster: TEST_CLUSTER,
      dataDir: env.dataDir,
      homeRoot: env.homeRoot,
      spec: spec({ name: 'orphan', script: '#!/bin/bash\necho "parent gone"\nsleep 3\nexit 5\n' }),
    };
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: join(here, '../../../..'),
      env: { ...process.env, CHILD_SETUP: JSON.stringify(setup) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const id = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /RUNNING (\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (c) => reject(new Error(`the server process ended early (${c}): ${out}`)));
    });
    const pid = await pidOf(db, id);
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    await db.close();
    expect(alive(pid)).toBe(true);

    const second = await start();
    expect(await stateOf(second.adapter, id)).toMatchObject({ state: 'R' });
    const done = await finished(second.adapter, id);
    expect(done).toMatchObject({ exitStatus: 'fail', exitCode: '5:0' });
    expect(readFileSync(join(env.homeRoot, user, 'restart', `orphan-${id}.out`), 'utf8')).toBe('parent gone\n');
  }, 90_000);
});
