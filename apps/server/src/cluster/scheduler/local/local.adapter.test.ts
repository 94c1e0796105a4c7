import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdirSync, symlinkSync, writeFileSync } from '../../../test/planted-files.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../scheduler-contract.test-support.js';
import { OutputMissingError, SchedulerRejectedError, SchedulerUnavailableError, type Actor, type SubmitSpec } from '../types.js';
import { testSpec, useLocalScheduler } from './local-env.test-support.js';

/* What the contract does not pin down: validation, permissions, queue order, limits, environment. */

const alice = 'alice';
const bob = 'bob';
const owner: Actor = { user: alice, privileged: false };
const operator: Actor = { user: 'admin', privileged: true };

const local = useLocalScheduler({ tickMs: 200, killGraceMs: 1000 });

const wd = (user = alice, sub = 'work') => join(local.env.homeRoot, user, sub);
const spec = (over: Partial<SubmitSpec> = {}) => testSpec(wd(), over);
const job = async (id: string) => (await local.scheduler.activeJobs()).find((j) => j.jobId === id);
const inState = (id: string, states: string, timeoutMs = 20_000) =>
  waitFor(
    async () => {
      const j = await job(id);
      return j && states.includes(j.state) ? j : undefined;
    },
    `${id} in ${states}`,
    timeoutMs,
  );
const finished = (id: string, timeoutMs = 20_000) =>
  waitFor(async () => (await local.scheduler.finishedSince(0)).find((j) => j.jobId === id), `${id} to finish`, timeoutMs);
const clear = async () => {
  for (const j of await local.scheduler.activeJobs()) await local.scheduler.cancel(operator, j.jobId);
  await waitFor(async () => (await local.scheduler.activeJobs()).length === 0, 'an empty queue');
};

describe('local scheduler: submission', () => {
  it('refuses work directories outside the user’s folder, links included', async () => {
    mkdirSync(wd(bob, 'shared'), { recursive: true });
    mkdirSync(wd(alice, ''), { recursive: true });
    symlinkSync(wd(bob, 'shared'), join(local.env.homeRoot, alice, 'to-bob'));
    for (const workDir of [
      '/tmp',
      wd(bob),
      join(local.env.homeRoot, alice, 'to-bob'),
      join(local.env.homeRoot, alice, 'to-bob', 'x'),
      `${wd()}/../../bob`,
      'work',
    ])
      await expect(local.scheduler.submit(alice, spec({ workDir })), workDir).rejects.toBeInstanceOf(SchedulerRejectedError);
  });

  it('creates a missing work directory inside the folder, and the folder itself privately', async () => {
    const id = await local.scheduler.submit('carol', spec({ workDir: wd('carol', 'a/b/c'), script: '#!/bin/bash\ntrue\n' }));
    expect(statSync(join(local.env.homeRoot, 'carol')).mode & 0o777).toBe(0o700);
    expect(statSync(wd('carol', 'a/b/c')).isDirectory()).toBe(true);
    await finished(id);
  });

  it('refuses what cannot run', async () => {
    const bad: [string, Partial<SubmitSpec>][] = [
      ['partition', { partition: 'nope' }],
      ['too many cores', { cores: 33, nodes: 4 }],
      ['too many per node', { cores: 9, nodes: 1 }],
      ['too many nodes', { cores: 5, nodes: 5 }],
      ['fewer cores than nodes', { cores: 1, nodes: 2 }],
      ['gpus', { gpus: 1 }],
      ['memory', { memoryMB: 16001 }],
      ['name with slash', { name: 'a/b' }],
      ['dot name', { name: '..' }],
      ['empty name', { name: '' }],
      ['fractional cores', { cores: 1.5 }],
      ['negative time', { timeLimit: -1 }],
      ['nul in script', { script: 'echo \u0000' }],
    ];
    for (const [what, over] of bad)
      await expect(local.scheduler.submit(alice, spec(over)), what).rejects.toBeInstanceOf(SchedulerRejectedError);
    await expect(local.scheduler.submit('../x', spec())).rejects.toBeInstanceOf(SchedulerRejectedError);
    expect(await local.scheduler.activeJobs()).toEqual([]);
  });

  it('applies the partition’s default time and caps at its maximum; the default partition when none is named', async () => {
    const blocker = await local.scheduler.submit(alice, spec({ name: 'blocker', cores: 32, nodes: 4 }));
    await inState(blocker, 'R');
    const a = await local.scheduler.submit(alice, spec({ timeLimit: 0, partition: '' }));
    const b = await local.scheduler.submit(alice, spec({ timeLimit: 10 * 86400 }));
    expect(await job(a)).toMatchObject({ timeLimit: 3600, partition: 'compute', memoryMB: 2000 });
    expect(await job(b)).toMatchObject({ timeLimit: 86400 });
    await clear();
  });
});

describe('local scheduler: the queue', () => {
  it('starts jobs by priority, then in submission order, and says why the others wait', async () => {
    const blocker = await local.scheduler.submit(alice, spec({ name: 'blocker', cores: 32, nodes: 4 }));
    await inState(blocker, 'R');
    const first = await local.scheduler.submit(alice, spec({ name: 'first', cores: 32, nodes: 4 }));
    const second = await local.scheduler.submit(alice, spec({ name: 'second', cores: 32, nodes: 4 }));
    const small = await local.scheduler.submit(alice, spec({ name: 'small' }));
    await waitFor(async () => (await job(small))?.reason === 'Priority', 'reasons');
    expect((await job(first))?.reason).toBe('Resources');
    expect((await job(second))?.reason).toBe('Priority');

    await local.scheduler.setPriority(operator, second, 5000);
    await waitFor(async () => (await job(second))?.reason === 'Resources', 'second to lead');
    expect((await job(first))?.reason).toBe('Priority');

    await local.scheduler.cancel(owner, blocker);
    await inState(second, 'R');
    expect(await job(first)).toMatchObject({ state: 'Q', reason: 'Resources' });
    // The small job does not overtake the first one.
    expect((await job(small))?.state).toBe('Q');
    await local.scheduler.cancel(owner, second);
    await inState(first, 'R');
    await clear();
  });

  it('reports what running jobs hold on each node, spreading cores evenly', async () => {
    const id = await local.scheduler.submit(alice, spec({ nodes: 2, cores: 12, memoryMB: 1000 }));
    await inState(id, 'R');
    const info = await local.scheduler.clusterInfo();
    expect(info.nodes.slice(0, 2).map((n) => [n.name, n.cpusAlloc, n.state])).toEqual([
      ['node01', 6, 'mixed'],
      ['node02', 6, 'mixed'],
    ]);
    expect(info.nodes.slice(2).every((n) => n.cpusAlloc === 0 && n.state === 'idle')).toBe(true);
    expect(info.partitions).toEqual([
      expect.objectContaining({
        name: 'compute',
        isDefault: true,
        state: 'up',
        maxTime: 86400,
        defaultTime: 3600,
        totalCores: 32,
        totalGpus: 0,
      }),
    ]);
    expect(await job(id)).toMatchObject({ nodeList: 'node[01-02]', nodes: 2, cpus: 12, memoryMB: 1000 });
    await clear();
  });

  it('gives the job Slurm’s environment, the user’s folder as HOME, and its output files', async () => {
    const id = await local.scheduler.submit(
      alice,
      spec({
        name: 'env',
        nodes: 2,
        cores: 12,
        script:
          '#!/bin/bash\necho "$SLURM_JOB_ID $PORTAL_JOB_ID $SLURM_NTASKS $SLURM_JOB_NUM_NODES $SLURM_JOB_NODELIST $SLURM_JOB_CPUS_PER_NODE $SLURM_JOB_PARTITION $SLURM_JOB_USER"\necho "$HOME|$(pwd)|$SLURM_SUBMIT_DIR"\necho oops >&2\n',
      }),
    );
    const done = await finished(id);
    expect(done).toMatchObject({ exitStatus: 'complete', nodeList: 'node[01-02]', cpus: 12, nodes: 2, restartCount: 0 });
    expect(done.cpuTime).not.toBeNull();
    expect(readFileSync(join(wd(), `env-${id}.out`), 'utf8')).toBe(
      `${id} ${id} 12 2 node[01-02] 6(x2) compute ${alice}\n${join(local.env.homeRoot, alice)}|${wd()}|${wd()}\n`,
    );
    expect(readFileSync(join(wd(), `env-${id}.err`), 'utf8')).toBe('oops\n');
  });
});

describe('local scheduler: actions', () => {
  it('lets only the owner or an operator act, and operators alone suspend, raise priority or extend', async () => {
    const id = await local.scheduler.submit(alice, spec());
    await inState(id, 'R');
    const asBob: Actor = { user: bob, privileged: false };
    for (const act of [
      () => local.scheduler.cancel(asBob, id),
      () => local.scheduler.hold(asBob, id),
      () => local.scheduler.requeue(asBob, id),
      () => local.scheduler.setPriority(asBob, id, 1),
      () => local.scheduler.suspend(owner, id),
      () => local.scheduler.setPriority(owner, id, 999_999),
      () => local.scheduler.setTimeLimit(owner, id, 100_000),
      () => local.scheduler.setTimeLimit(operator, id, 0),
      () => local.scheduler.setPriority(operator, id, -1),
      () => local.scheduler.hold(owner, id),
      () => local.scheduler.release(owner, id),
      () => local.scheduler.resume(operator, id),
      () => local.scheduler.cancel(owner, 'abc'),
      () => local.scheduler.cancel(owner, '123456789'),
    ])
      await expect(act()).rejects.toBeInstanceOf(SchedulerRejectedError);
    // Lowering is fine for the owner.
    await local.scheduler.setPriority(owner, id, 10);
    await local.scheduler.setTimeLimit(owner, id, 300);
    expect(await job(id)).toMatchObject({ priority: 10, timeLimit: 300, state: 'R' });
    await local.scheduler.cancel(owner, id);
    expect(await finished(id)).toMatchObject({ exitStatus: 'delete', schedulerState: 'CANCELLED' });
    await expect(local.scheduler.cancel(owner, id)).rejects.toBeInstanceOf(SchedulerRejectedError);
  });

  it('keeps an administrator’s hold out of the owner’s hands', async () => {
    const blocker = await local.scheduler.submit(alice, spec({ name: 'blocker', cores: 32, nodes: 4 }));
    await inState(blocker, 'R');
    const id = await local.scheduler.submit(alice, spec());
    await local.scheduler.hold(operator, id);
    expect(await job(id)).toMatchObject({ state: 'H', reason: 'JobHeldAdmin', schedulerState: 'PENDING' });
    await expect(local.scheduler.release(owner, id)).rejects.toBeInstanceOf(SchedulerRejectedError);
    await local.scheduler.release(operator, id);
    await local.scheduler.hold(owner, id);
    expect(await job(id)).toMatchObject({ state: 'H', reason: 'JobHeldUser' });
    await local.scheduler.cancel(owner, id);
    // A waiting job ends at once.
    expect(await job(id)).toBeUndefined();
    expect(await finished(id)).toMatchObject({ exitStatus: 'delete', startTime: null, elapsed: 0 });
    await clear();
  });

  it('does not count suspended time against the limit', async () => {
    const id = await local.scheduler.submit(alice, spec({ timeLimit: 4 }));
    await inState(id, 'R');
    await new Promise((r) => setTimeout(r, 1000));
    await local.scheduler.suspend(operator, id);
    await inState(id, 'S');
    const atSuspend = (await job(id))?.runTime ?? Infinity;
    expect(atSuspend).toBeLessThan(4);
    // Suspended for longer than the whole limit: the clock must not have moved.
    await new Promise((r) => setTimeout(r, 5000));
    const held = await job(id);
    expect(held?.state).toBe('S');
    expect(held?.runTime).toBe(atSuspend);
    await local.scheduler.resume(operator, id);
    expect((await job(id))?.state).toBe('R');
    const done = await finished(id, 30_000);
    expect(done).toMatchObject({ exitStatus: 'timeout', schedulerState: 'TIMEOUT' });
    // Run time counts only the running: the limit plus a late tick, never the 5 s suspended.
    expect(done.elapsed).toBeGreaterThanOrEqual(4);
    expect(done.elapsed).toBeLessThan(8);
    expect(done.endTime - done.startTime!).toBeGreaterThan(8000);
  });

  it('ends a job at a shortened limit, and a job that ignores SIGTERM with SIGKILL', async () => {
    const id = await local.scheduler.submit(alice, spec({ script: '#!/bin/bash\ntrap "" TERM\nsleep 600\n' }));
    await inState(id, 'R');
    await local.scheduler.setTimeLimit(operator, id, 1);
    const done = await finished(id, 10_000);
    expect(done).toMatchObject({ exitStatus: 'timeout', exitCode: '0:9' });
  });

  it('requeues with the restart count, appending to the output', async () => {
    const id = await local.scheduler.submit(
      alice,
      spec({ name: 'again', script: '#!/bin/bash\necho "run $SLURM_RESTART_COUNT"\nsleep 600\n' }),
    );
    await inState(id, 'R');
    // The job is R once its row says so; its process may open the output a moment later.
    const out = join(wd(), `again-${id}.out`);
    const output = () => (existsSync(out) ? readFileSync(out, 'utf8') : '');
    await waitFor(async () => output().includes('run 0'), 'first output');
    await local.scheduler.requeue(owner, id);
    await waitFor(async () => (await job(id))?.restartCount === 1 && (await job(id))?.state === 'R', 'a second run');
    await waitFor(async () => output() === 'run 0\nrun 1\n', 'second output');
    await local.scheduler.cancel(owner, id);
    expect(await finished(id)).toMatchObject({ exitStatus: 'delete', restartCount: 1 });
  });

  it('reads only inside the reader’s folder', async () => {
    writeFileSync(join(wd(bob, 'shared'), 'secret.txt'), 'bob only');
    symlinkSync(join(wd(bob, 'shared'), 'secret.txt'), join(wd(), 'peek.txt'));
    writeFileSync(join(wd(), 'mine.txt'), 'hello');
    expect(await local.scheduler.readOutput(alice, join(wd(), 'mine.txt'), { maxBytes: 100 })).toEqual({
      size: 5,
      content: 'hello',
      truncated: false,
    });
    await expect(local.scheduler.readOutput(alice, join(wd(), 'peek.txt'), { maxBytes: 100 })).rejects.toBeInstanceOf(
      SchedulerRejectedError,
    );
    await expect(
      local.scheduler.readOutput(alice, join(wd(bob, 'shared'), 'secret.txt'), { maxBytes: 100 }),
    ).rejects.toBeInstanceOf(SchedulerRejectedError);
    await expect(local.scheduler.readOutput(bob, join(wd(), 'mine.txt'), { maxBytes: 100 })).rejects.toBeInstanceOf(
      SchedulerRejectedError,
    );
    await expect(local.scheduler.readOutput(alice, join(wd(), 'missing.txt'), { maxBytes: 100 })).rejects.toBeInstanceOf(
      OutputMissingError,
    );
  });
});

describe('local scheduler: clusters and life cycle', () => {
  it('keeps clusters that share a database apart', async () => {
    const other = local.env.scheduler(local.db, { clusterId: 'other', tickMs: 200 });
    try {
      const mine = await local.scheduler.submit(alice, spec({ name: 'here' }));
      const theirs = await other.submit(alice, spec({ name: 'there' }));
      await inState(mine, 'R');
      expect((await local.scheduler.activeJobs()).map((j) => j.jobId)).toEqual([mine]);
      expect((await other.activeJobs()).map((j) => j.jobId)).toEqual([theirs]);
      await expect(local.scheduler.cancel(operator, theirs)).rejects.toBeInstanceOf(SchedulerRejectedError);
      expect(await local.scheduler.jobDetail(theirs)).toBeNull();
      await other.cancel(operator, theirs);
      await clear();
    } finally {
      await other.shutdownJobs();
      await other.close();
    }
  });

  it('refuses users’ folders that would hold the data folder', () => {
    expect(() => local.env.scheduler(local.db, { clusterId: 'x', homeRoot: local.env.dataDir })).toThrow(/must not lie inside/);
    expect(() => local.env.scheduler(local.db, { clusterId: 'x', homeRoot: join(local.env.dataDir, '..') })).toThrow(
      /must not lie inside/,
    );
  });

  it('answers "unavailable" once closed', async () => {
    const closed = local.env.scheduler(local.db, { clusterId: 'closed' });
    await closed.close();
    await expect(closed.submit(alice, spec())).rejects.toBeInstanceOf(SchedulerUnavailableError);
    await expect(closed.cancel(operator, '1')).rejects.toBeInstanceOf(SchedulerUnavailableError);
  });
});
