import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, deleteQueue, listQueueManagement, Role } from '@portal/shared';
import { LocalCommandRunner } from '../../cluster/access/command-runner.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/*
 * A queue made in the portal on the real Slurm cluster of scripts/dev-cluster (PORTAL_TEST_SLURM=1,
 * as root): it takes alice's job (sbatch by alice herself, not through the portal), and it is
 * still there with its limits after slurmctld restarts, because the portal wrote it into its
 * include file. It stops slurmctld: scripts/test-all.sh runs it alone, after the other Slurm tests.
 */

const devCluster = fileURLToPath(new URL('../../../../../scripts/dev-cluster', import.meta.url));
const enabled = process.env.PORTAL_TEST_SLURM === '1';
const INCLUDE = '/etc/slurm/portal-partitions.conf';
const runner = new LocalCommandRunner();

/** Runs a command as a user (or as root: null); its standard output. */
const run = async (user: string | null, argv: string[]) => {
  const r = await runner.run(user, argv, { timeoutMs: 60_000 });
  return { ...r, out: r.stdout.trim() };
};

/** sbatch by alice herself; the job id, or the refusal. */
const sbatch = (partition: string) =>
  run('alice', [
    'sbatch',
    '--parsable',
    '-p',
    partition,
    '-n',
    '1',
    '-t',
    '2',
    '-D',
    '/tmp',
    '-o',
    '/dev/null',
    '--wrap',
    'sleep 1',
  ]);

const finished = (jobId: string) =>
  waitFor(
    async () => {
      const r = await run(null, ['sacct', '-n', '-X', '-P', '-j', jobId, '-o', 'State']);
      return r.out.startsWith('COMPLETED') ? 'COMPLETED' : undefined;
    },
    `job ${jobId} to complete`,
    180_000,
  );

/** The partition slurmctld gave a job (it keeps ended jobs for MinJobAge, 10 s on the dev cluster). */
const partitionOf = async (jobId: string) =>
  /(?:^|\s)Partition=(\S+)/.exec((await run(null, ['scontrol', 'show', 'job', '-o', jobId])).out)?.[1];

(enabled ? describe : describe.skip)('a queue made in the portal on Slurm', () => {
  let t: TestApp;
  let admin: TestClient;
  const name = `pq${Date.now().toString(36).slice(-6)}`;
  const listed = async () => (await admin.call(listQueueManagement, { query: {} })).data.find((q) => q.name === name);

  beforeAll(async () => {
    if (process.getuid?.() !== 0) throw new Error('the Slurm queue test runs as root (it restarts slurmctld and acts as alice)');
    t = await createTestApp({
      clusters: [
        { id: 'dev', name: 'Dev Slurm', scheduler: 'slurm', pollIntervalSeconds: 1, slurm: { commandTimeoutSeconds: 20 } },
      ],
    });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    await signedIn(t.app, 'alice', Role.user);
  }, 60_000);
  afterAll(async () => {
    execFileSync('bash', [devCluster, 'start'], { stdio: 'ignore' });
    const scheduler = t?.app.services.clusters.get().scheduler;
    if (scheduler && (await scheduler.clusterInfo()).partitions.some((p) => p.name === name))
      await scheduler.deletePartition(name);
    await t?.close();
  }, 180_000);

  it('takes a job from alice in a queue made in the portal, with its limits in Slurm itself', async () => {
    const made = await admin.call(createQueue, {
      body: {
        name,
        maxTime: '00:20:00',
        defaultTime: '00:05:00',
        maxNodesPerJob: 1,
        maxCoresPerJob: 4,
        priority: 7,
        nodes: ['cn03', 'cn04'],
        allowAccounts: 'ALL',
      },
    });
    expect(made.errMsg).toBe('success');
    expect(made.data).toMatchObject({ name, nodes: 'cn[03-04]', maxTime: 1200, maxCoresPerJob: 4, managed: true });
    const show = (await run(null, ['scontrol', 'show', 'partition', name, '-o'])).out;
    expect(show).toContain('MaxTime=00:20:00');
    expect(show).toContain('MaxNodes=1');
    expect(show).toContain('PriorityJobFactor=7');
    expect(readFileSync(INCLUDE, 'utf8')).toMatch(new RegExp(`^PartitionName=${name} .*# portal: MaxCPUsPerJob=4$`, 'm'));
    const job = await sbatch(name);
    expect(job.code, job.stderr).toBe(0);
    expect(await partitionOf(job.out)).toBe(name);
    expect(await finished(job.out)).toBe('COMPLETED');
  }, 240_000);

  it('is still there with its limits after slurmctld restarts, and takes jobs again', async () => {
    try {
      execFileSync('bash', [devCluster, 'stop', 'slurmctld'], { stdio: 'ignore' });
    } catch {
      // A slow save of its state outlasts the script's wait: wait for it here.
    }
    await waitFor(async () => (await run(null, ['pgrep', '-x', 'slurmctld'])).code !== 0, 'slurmctld to stop', 120_000);
    execFileSync('bash', [devCluster, 'start'], { stdio: 'ignore' });
    const show = (await run(null, ['scontrol', 'show', 'partition', name, '-o'])).out;
    expect(show).toContain('MaxTime=00:20:00');
    expect(show).toContain('DefaultTime=00:05:00');
    expect(show).toContain('Nodes=cn[03-04]');
    expect(show).toContain('MaxNodes=1');
    await t.app.services.clusters.get().snapshot.refresh();
    expect(await waitFor(listed, 'the queue in the portal', 60_000)).toMatchObject({
      maxTime: 1200,
      defaultTime: 300,
      maxNodesPerJob: 1,
      maxCoresPerJob: 4,
      priority: 7,
      managed: true,
      state: 'up',
    });
    const job = await waitFor(async () => {
      const r = await sbatch(name);
      return r.code === 0 ? r : undefined;
    }, 'sbatch to be accepted again');
    expect(await partitionOf(job.out)).toBe(name);
    expect(await finished(job.out)).toBe('COMPLETED');
  }, 300_000);

  it('deletes it: gone from Slurm and from the include file', async () => {
    await t.app.services.clusters.get().snapshot.refresh();
    const del = await admin.call(deleteQueue, { params: { name }, query: {} });
    expect(del.errMsg).toBe('success');
    expect(await listed()).toBeUndefined();
    expect((await run(null, ['scontrol', 'show', 'partition', name])).code).not.toBe(0);
    expect(readFileSync(INCLUDE, 'utf8')).not.toContain(`PartitionName=${name} `);
  }, 120_000);
});
