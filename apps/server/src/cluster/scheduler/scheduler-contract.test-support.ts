import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveJob, Actor, PartitionSettings, SchedulerAdapter, SubmitSpec } from './types.js';
import { OutputTooLargeError, SchedulerRejectedError } from './types.js';

/*
 * The behaviour every scheduler adapter must have, run unchanged against each of them
 * (local.contract.test.ts, slurm.contract.test.ts). Jobs really run: the assertions are what a
 * user would see in the portal.
 */

export interface ContractFixture {
  adapter: SchedulerAdapter;
  /** Two ordinary accounts that exist on the cluster. */
  alice: string;
  bob: string;
  /** A folder the user owns, for work directories. */
  workDirOf(user: string): string;
  /** An account alice submits with, and another one she does not hold (queue management). */
  account: string;
  otherAccount: string;
  /** The default partition and its total cores (to fill it up). */
  partition: string;
  totalCores: number;
  /** The shortest time limit the scheduler honours, in seconds (Slurm counts minutes). */
  minTimeLimit: number;
  /** How long after its limit a job may keep running before the scheduler ends it. */
  timeLimitGraceMs: number;
  cleanup(): Promise<void>;
}

export const waitFor = async <T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
};

export const runSchedulerContract = (name: string, setup: () => Promise<ContractFixture>, enabled = true) => {
  (enabled ? describe : describe.skip)(`scheduler contract: ${name}`, () => {
    let f: ContractFixture;
    const since = Date.now() - 1000;
    const owner = (): Actor => ({ user: f.alice, privileged: false });
    const operator = (): Actor => ({ user: f.alice, privileged: true });
    const spec = (over: Partial<SubmitSpec> = {}): SubmitSpec => ({
      name: 'contract',
      partition: f.partition,
      nodes: 1,
      cores: 1,
      gpus: 0,
      memoryMB: 0,
      timeLimit: 600,
      workDir: f.workDirOf(f.alice),
      script: '#!/bin/bash\nsleep 600\n',
      ...over,
    });
    const active = async (jobId: string): Promise<ActiveJob | undefined> =>
      (await f.adapter.activeJobs()).find((j) => j.jobId === jobId);
    const inState = (jobId: string, states: string, timeoutMs?: number) =>
      waitFor(
        async () => {
          const j = await active(jobId);
          return j && states.includes(j.state) ? j : undefined;
        },
        `job ${jobId} in ${states}`,
        timeoutMs,
      );
    const gone = (jobId: string, timeoutMs?: number) =>
      waitFor(async () => !(await active(jobId)), `job ${jobId} to finish`, timeoutMs);
    const finished = (jobId: string, timeoutMs = 60_000) =>
      waitFor(
        async () => (await f.adapter.finishedSince(since)).find((j) => j.jobId === jobId),
        `accounting of ${jobId}`,
        timeoutMs,
      );
    /** Fills the partition so that the next job has to wait. */
    const blocker = async () => {
      const id = await f.adapter.submit(
        f.alice,
        spec({ name: 'blocker', cores: f.totalCores, nodes: 1 + Math.floor((f.totalCores - 1) / 8) }),
      );
      await inState(id, 'R');
      return id;
    };

    beforeAll(async () => {
      f = await setup();
    }, 180_000);
    afterAll(async () => {
      if (!f) return;
      for (const j of await f.adapter.activeJobs().catch(() => []))
        if (j.name.startsWith('contract') || j.name === 'blocker') await f.adapter.cancel(operator(), j.jobId).catch(() => {});
      await f.cleanup();
    });

    it('describes partitions with a default and nodes with cores', async () => {
      const info = await f.adapter.clusterInfo();
      expect(info.partitions.some((p) => p.isDefault && p.name === f.partition)).toBe(true);
      expect(info.nodes.length).toBeGreaterThan(0);
      expect(info.nodes.every((n) => n.cpus > 0 && n.partitions.length > 0)).toBe(true);
      const part = info.partitions.find((p) => p.name === f.partition);
      expect(part?.totalCores).toBe(f.totalCores);
    });

    it('estimates when a job would start without submitting it: now when free, after the running job when full', async () => {
      const free = await f.adapter.estimateStart(f.alice, spec({ name: 'contract-estimate' }));
      expect(free.startAt).not.toBeNull();
      expect(Math.abs((free.startAt ?? 0) - Date.now())).toBeLessThan(30_000);
      expect((await f.adapter.activeJobs()).some((j) => j.name === 'contract-estimate')).toBe(false);
      const id = await blocker();
      const full = await f.adapter.estimateStart(f.alice, spec({ name: 'contract-estimate' }));
      // The blocker's time limit is 600 s: nothing frees a core before it is up.
      expect(full.startAt ?? 0).toBeGreaterThan(Date.now() + 60_000);
      await f.adapter.cancel(operator(), id);
      await gone(id);
      await expect(
        f.adapter.estimateStart(f.alice, spec({ name: 'contract-estimate', cores: f.totalCores * 4 })),
      ).rejects.toBeInstanceOf(SchedulerRejectedError);
    });

    it('runs a submitted job as its user, writes its output, and records it in accounting', async () => {
      const id = await f.adapter.submit(
        f.alice,
        spec({ name: 'contract-hello', script: '#!/bin/bash\necho "hello from $(id -un)"\nsleep 2\n' }),
      );
      expect(id).toMatch(/^\d+$/);
      const seen = await inState(id, 'QR');
      expect(seen).toMatchObject({ user: f.alice, name: 'contract-hello', partition: f.partition, cpus: 1 });
      await gone(id);
      const done = await finished(id);
      expect(done).toMatchObject({ user: f.alice, exitStatus: 'complete', name: 'contract-hello' });
      expect(done.exitCode).toMatch(/^0/);
      expect(done.elapsed).toBeGreaterThanOrEqual(1);
      expect(done.cpus).toBe(1);
      const out = await f.adapter
        .readOutput(f.alice, `${f.workDirOf(f.alice)}/contract-hello-${id}.out`, { maxBytes: 1 << 20 })
        .catch(async () => {
          // Adapters name output files their own way: find the path from the job.
          const detail = await f.adapter.finishedSince(since);
          throw new Error(`no output at the expected path; finished: ${JSON.stringify(detail.find((j) => j.jobId === id))}`);
        });
      expect(out.content).toContain(`hello from ${f.alice}`);
    });

    it('records a failing job as failed with its exit code', async () => {
      const id = await f.adapter.submit(f.alice, spec({ name: 'contract-fail', script: '#!/bin/bash\nexit 3\n' }));
      const done = await finished(id);
      expect(done.exitStatus).toBe('fail');
      expect(done.exitCode).toMatch(/^3/);
    });

    it('holds and releases a waiting job, and changes its priority and time limit', async () => {
      const block = await blocker();
      const id = await f.adapter.submit(f.alice, spec({ name: 'contract-wait' }));
      expect((await inState(id, 'Q')).reason).not.toBe('');
      await f.adapter.hold(owner(), id);
      await inState(id, 'H');
      await f.adapter.release(owner(), id);
      await inState(id, 'Q');
      await f.adapter.setPriority(operator(), id, 4242);
      await waitFor(async () => (await active(id))?.priority === 4242, 'priority 4242', 20_000);
      await f.adapter.setTimeLimit(operator(), id, 1200);
      await waitFor(async () => (await active(id))?.timeLimit === 1200, 'time limit 1200 s', 20_000);
      await f.adapter.cancel(owner(), id);
      await f.adapter.cancel(owner(), block);
      await gone(id);
      expect((await finished(id)).exitStatus).toBe('delete');
    });

    it('suspends and resumes a running job, and requeues it', async () => {
      const id = await f.adapter.submit(f.alice, spec({ name: 'contract-suspend' }));
      await inState(id, 'R');
      await f.adapter.suspend(operator(), id);
      await inState(id, 'S');
      await f.adapter.resume(operator(), id);
      await inState(id, 'R');
      await f.adapter.requeue(owner(), id);
      const again = await waitFor(
        async () => {
          const j = await active(id);
          return j && j.restartCount >= 1 ? j : undefined;
        },
        'a restart',
        60_000,
      );
      expect('QRH').toContain(again.state);
      await f.adapter.cancel(owner(), id);
      await gone(id);
    });

    it('refuses an action by another user and on an unknown job', async () => {
      const id = await f.adapter.submit(f.alice, spec({ name: 'contract-mine' }));
      await inState(id, 'QR');
      await expect(f.adapter.cancel({ user: f.bob, privileged: false }, id)).rejects.toBeInstanceOf(SchedulerRejectedError);
      expect(await active(id)).toBeDefined();
      await expect(f.adapter.cancel(owner(), '999999999')).rejects.toBeInstanceOf(SchedulerRejectedError);
      await f.adapter.cancel(owner(), id);
      await gone(id);
    });

    it('ends a job at its time limit and records it as timed out', async () => {
      const id = await f.adapter.submit(f.alice, spec({ name: 'contract-limit', timeLimit: f.minTimeLimit }));
      await inState(id, 'R');
      const done = await finished(id, f.minTimeLimit * 1000 + f.timeLimitGraceMs);
      expect(done.exitStatus).toBe('timeout');
    }, 300_000);

    it('reads the tail of an output file and guards against reading a huge one whole', async () => {
      const id = await f.adapter.submit(
        f.alice,
        spec({ name: 'contract-big', script: '#!/bin/bash\nfor i in $(seq 1 20000); do echo "line $i"; done\n' }),
      );
      await gone(id);
      const path = `${f.workDirOf(f.alice)}/contract-big-${id}.out`;
      const tail = await f.adapter.readOutput(f.alice, path, { tailBytes: 11, maxBytes: 1000 });
      expect(tail.content).toBe('line 20000\n');
      expect(tail.truncated).toBe(true);
      expect(tail.size).toBeGreaterThan(100_000);
      await expect(f.adapter.readOutput(f.alice, path, { maxBytes: 1000 })).rejects.toBeInstanceOf(OutputTooLargeError);
      // Another user cannot read it: it lies in alice's own folder.
      await expect(f.adapter.readOutput(f.bob, path, { tailBytes: 11, maxBytes: 1000 })).rejects.toThrow();
    });

    it('shows the active job in detail with its script', async () => {
      const id = await f.adapter.submit(
        f.alice,
        spec({ name: 'contract-detail', script: '#!/bin/bash\n# marker-123\nsleep 600\n' }),
      );
      await inState(id, 'QR');
      const d = await f.adapter.jobDetail(id);
      expect(d).toMatchObject({ jobId: id, user: f.alice, name: 'contract-detail', workDir: f.workDirOf(f.alice) });
      expect(d?.script ?? '').toContain('marker-123');
      expect(d?.stdoutPath).toBe(`${f.workDirOf(f.alice)}/contract-detail-${id}.out`);
      expect(await f.adapter.jobDetail('999999999')).toBeNull();
      await f.adapter.cancel(owner(), id);
      await gone(id);
    });

    describe('queue management', () => {
      // Unique per run, so that a run interrupted before its cleanup does not stand in the next one's way.
      const name = `ct${Date.now().toString(36).slice(-6)}`;
      const settings = async (over: Partial<PartitionSettings> = {}): Promise<PartitionSettings> => {
        const base = (await f.adapter.clusterInfo()).partitions.find((p) => p.name === f.partition);
        return {
          name,
          nodes: [base?.nodes.at(-1) ?? ''],
          maxTime: 600,
          defaultTime: 300,
          maxNodes: 1,
          maxCoresPerJob: 2,
          priority: 5,
          allowAccounts: [f.account],
          state: 'up',
          ...over,
        };
      };
      const partition = async (n = name) => (await f.adapter.clusterInfo()).partitions.find((p) => p.name === n);
      afterAll(async () => {
        if (await partition()) {
          for (const j of (await f.adapter.activeJobs()).filter((x) => x.partition === name))
            await f.adapter.cancel(operator(), j.jobId);
          await waitFor(async () => !(await f.adapter.activeJobs()).some((x) => x.partition === name), 'the queue to empty');
          await f.adapter.deletePartition(name);
        }
      });

      it('creates a partition with its limits, runs an allowed account’s job in it and refuses the others', async () => {
        const wanted = await settings();
        await f.adapter.createPartition(wanted);
        expect(await partition()).toMatchObject({
          name,
          managed: true,
          maxTime: 600,
          defaultTime: 300,
          maxNodes: 1,
          maxCoresPerJob: 2,
          priority: 5,
          allowAccounts: [f.account],
          nodes: wanted.nodes,
          state: 'up',
        });
        await expect(f.adapter.createPartition(wanted)).rejects.toBeInstanceOf(SchedulerRejectedError);
        const id = await f.adapter.submit(
          f.alice,
          spec({ name: 'contract-queue', partition: name, account: f.account, cores: 2 }),
        );
        const running = await inState(id, 'R');
        expect([running.partition, running.nodeList]).toEqual([name, wanted.nodes[0]]);
        await f.adapter.cancel(owner(), id);
        await gone(id);
        // Over the partition's cores per job, and an account it does not allow: refused at submission.
        await expect(f.adapter.submit(f.alice, spec({ partition: name, account: f.account, cores: 3 }))).rejects.toBeInstanceOf(
          SchedulerRejectedError,
        );
        await f.adapter.updatePartition(await settings({ allowAccounts: [f.otherAccount] }));
        await expect(f.adapter.submit(f.alice, spec({ partition: name, account: f.account }))).rejects.toBeInstanceOf(
          SchedulerRejectedError,
        );
      });

      it('changes a partition’s limits and deletes it; the configured partitions are not the portal’s to change', async () => {
        await f.adapter.updatePartition(
          await settings({ maxTime: 1200, maxCoresPerJob: null, maxNodes: null, allowAccounts: 'ALL' }),
        );
        expect(await partition()).toMatchObject({ maxTime: 1200, maxCoresPerJob: null, maxNodes: null, allowAccounts: 'ALL' });
        await expect(f.adapter.updatePartition(await settings({ name: f.partition }))).rejects.toBeInstanceOf(
          SchedulerRejectedError,
        );
        await expect(f.adapter.deletePartition(f.partition)).rejects.toBeInstanceOf(SchedulerRejectedError);
        await expect(
          f.adapter.createPartition(await settings({ name: `${name}x`, nodes: ['nosuchnode'] })),
        ).rejects.toBeInstanceOf(SchedulerRejectedError);
        await f.adapter.deletePartition(name);
        expect(await partition()).toBeUndefined();
      });
    });
  });
};
