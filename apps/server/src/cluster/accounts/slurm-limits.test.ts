import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCommandRunner } from '../access/command-runner.js';
import { SlurmAccountSyncer } from './slurm-accounts.js';
import { NO_LIMITS, type AccountSyncResult, type AssociationLimits, type DesiredAccount } from './types.js';

/*
 * Quotas enforced by Slurm itself, on the real dev cluster (scripts/dev-cluster: AccountingStorageEnforce
 * =associations,limits,qos,safe, usage without decay, gres/gpu accounted), run with
 * PORTAL_TEST_SLURM=1 as root. One account per run, with alice (a real POSIX account) as member;
 * she submits with sbatch directly, not through the portal, and the test reads what Slurm makes of
 * her job with squeue. Her default account stays `research` (the other Slurm tests submit as her
 * without -A). The account and her association in it are removed at the end.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
const A = `lim_${randomBytes(3).toString('hex')}`;

const runner = new LocalCommandRunner();
const syncer = new SlurmAccountSyncer({ runner, config: { binDir: '/usr/bin', commandTimeoutSeconds: 30 } });

const L = (cpuMinutes: number | null, gpuMinutes: number | null, maxJobs: number | null): AssociationLimits => ({
  cpuMinutes,
  gpuMinutes,
  maxJobs,
});
const desired = (account: AssociationLimits, alice: AssociationLimits = NO_LIMITS): DesiredAccount[] => [
  {
    name: A,
    description: 'Limits test',
    organization: 'Portal tests',
    blocked: false,
    limits: account,
    members: [{ user: 'alice', isDefault: false, limits: alice }],
  },
];
const sync = (account: AssociationLimits, alice?: AssociationLimits) => syncer.sync(desired(account, alice), { dryRun: false });
const kinds = (r: AccountSyncResult) => r.changes.map((c) => [c.kind, c.account, c.user]);

const root = async (argv: string[]) => runner.run(null, argv, { timeoutMs: 60_000 });

/** alice's own sbatch to the account: a job of `cores` cores and `minutes` of time limit that ends at once. */
const sbatchAsAlice = async (cores: number, minutes: number) => {
  const r = await runner.run(
    'alice',
    [
      'sbatch',
      '--parsable',
      '-A',
      A,
      '-n',
      String(cores),
      '-t',
      String(minutes),
      '-D',
      '/home/alice',
      '-o',
      '/dev/null',
      '--wrap',
      'true',
    ],
    { timeoutMs: 30_000 },
  );
  const jobId = r.stdout.trim().split(';')[0] ?? '';
  return { accepted: r.code === 0 && /^\d+$/.test(jobId), jobId, message: r.stderr.trim() };
};

/** The job's state and Slurm's reason (squeue while Slurm lists it, then sacct). */
const jobState = async (jobId: string): Promise<{ state: string; reason: string }> => {
  const q = await root(['squeue', '-h', '-j', jobId, '-o', '%T|%r']);
  const [state = '', reason = ''] = q.stdout.trim().split('|');
  if (q.code === 0 && state !== '') return { state, reason };
  const s = await root(['sacct', '-n', '-X', '-P', '-j', jobId, '-o', 'State']);
  return { state: s.stdout.trim().split('\n')[0] ?? '', reason: '' };
};

/** Slurm's controller learns association changes from slurmdbd shortly after sacctmgr, and sets reasons on its next pass: poll. */
const until = async <T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, deadlineMs = 90_000): Promise<T> => {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

/** A job Slurm keeps pending for `reason`; submitted again while the controller has not learnt the limit yet. */
const pendingFor = async (reason: string, cores = 1, minutes = 1) => {
  const submitted: string[] = [];
  const job = await until(
    `a job pending with ${reason}`,
    async () => {
      const s = await sbatchAsAlice(cores, minutes);
      if (!s.accepted) return { ...s, state: 'REFUSED', reason: s.message };
      submitted.push(s.jobId);
      // The scheduler's pass (sched_interval=2) sets the reason; a job that started anyway shows it.
      const seen = await until(
        `job ${s.jobId} to be scheduled`,
        () => jobState(s.jobId),
        (j) => j.reason !== 'None' || j.state !== 'PENDING',
        30_000,
      );
      return { ...s, ...seen };
    },
    (j) => j.state === 'PENDING' && j.reason === reason,
  );
  return { job, submitted };
};

/** The job leaves the queue's pending state (it runs and ends: `true`). */
const runs = (jobId: string) =>
  until(
    `job ${jobId} to run`,
    () => jobState(jobId),
    (j) => ['RUNNING', 'COMPLETING', 'COMPLETED'].includes(j.state),
  );

describe.runIf(enabled)('quotas enforced by Slurm on the dev cluster', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    if (process.getuid?.() !== 0) throw new Error('runs as root (sacctmgr, and sbatch as alice)');
    const r = await sync(NO_LIMITS);
    expect(kinds(r)).toEqual([
      ['addAccount', A, ''],
      ['addMember', A, 'alice'],
    ]);
  });

  afterAll(async () => {
    await root(['scancel', `--account=${A}`]);
    await root(['sacctmgr', '-i', 'delete', 'user', 'where', 'name=alice', `account=${A}`, 'cluster=devcluster']);
    await root(['sacctmgr', '-i', 'delete', 'account', 'where', `name=${A}`]);
    const left = await root(['sacctmgr', '-n', '-P', 'show', 'account', 'format=account']);
    expect(left.stdout.split('\n')).not.toContain(A);
  }, 120_000);

  it('accounts gres/gpu, so GPU limits can be set', async () => {
    expect((await syncer.readState()).tres.has('gres/gpu')).toBe(true);
  });

  it('sets core- and GPU-minutes and running jobs, reads them back, and changes nothing the second time', async () => {
    const r = await sync(L(600, 120, 5), L(60, 30, 2));
    expect(r.changes).toEqual([
      {
        kind: 'setLimits',
        account: A,
        user: '',
        command: [
          '/usr/bin/sacctmgr',
          '-i',
          'modify',
          'account',
          'where',
          `name=${A}`,
          'cluster=devcluster',
          'set',
          'GrpJobs=5',
          'GrpTRESMins=cpu=600,gres/gpu=120',
        ],
      },
      {
        kind: 'setLimits',
        account: A,
        user: 'alice',
        command: [
          '/usr/bin/sacctmgr',
          '-i',
          'modify',
          'user',
          'where',
          'name=alice',
          `account=${A}`,
          'cluster=devcluster',
          'set',
          'GrpTRESMins=cpu=60,gres/gpu=30',
          'MaxJobs=2',
        ],
      },
    ]);
    const s = await syncer.readState();
    expect(s.onCluster.get(A)).toEqual({ grpSubmitJobs: '', grpJobs: '5', grpTresMins: 'cpu=600,gres/gpu=120', maxJobs: '' });
    expect(s.memberLimits.get(A)?.get('alice')).toEqual({
      grpSubmitJobs: '',
      grpJobs: '',
      grpTresMins: 'cpu=60,gres/gpu=30',
      maxJobs: '2',
    });
    expect((await sync(L(600, 120, 5), L(60, 30, 2))).changes).toEqual([]);
  });

  it('clears them with -1, and changes nothing the second time', async () => {
    const r = await sync(NO_LIMITS);
    expect(kinds(r)).toEqual([
      ['setLimits', A, ''],
      ['setLimits', A, 'alice'],
    ]);
    const s = await syncer.readState();
    expect(s.onCluster.get(A)).toEqual({ grpSubmitJobs: '', grpJobs: '', grpTresMins: '', maxJobs: '' });
    expect(s.memberLimits.get(A)?.get('alice')).toEqual({ grpSubmitJobs: '', grpJobs: '', grpTresMins: '', maxJobs: '' });
    expect((await sync(NO_LIMITS)).changes).toEqual([]);
  });

  it('no core-minutes left in the account: Slurm keeps alice’s own job pending, and runs it once the quota is cleared', async () => {
    await sync(L(0, null, null));
    const { job } = await pendingFor('AssocGrpCPUMinutesLimit');
    await sync(NO_LIMITS);
    await runs(job.jobId);
  });

  it('safe: a job that could not finish within the core-minutes left waits; a smaller one runs', async () => {
    // 10 core-minutes: 2 cores × 10 minutes may not start, 1 core × 5 minutes may.
    await sync(L(10, null, null));
    const { job } = await pendingFor('AssocGrpCPUMinutesLimit', 2, 10);
    const small = await sbatchAsAlice(1, 5);
    expect(small.accepted).toBe(true);
    await runs(small.jobId);
    expect(await jobState(job.jobId)).toMatchObject({ state: 'PENDING', reason: 'AssocGrpCPUMinutesLimit' });
    await sync(NO_LIMITS);
    await runs(job.jobId);
  });

  it('no running jobs for alice in the account (MaxJobs=0): her job waits until it is cleared', async () => {
    const r = await sync(NO_LIMITS, L(null, null, 0));
    expect(kinds(r)).toEqual([['setLimits', A, 'alice']]);
    const { job } = await pendingFor('AssocMaxJobsLimit');
    await sync(NO_LIMITS);
    await runs(job.jobId);
  });

  it('no running jobs in the account (GrpJobs=0): her job waits until it is cleared', async () => {
    await sync(L(null, null, 0));
    const { job } = await pendingFor('AssocGrpJobsLimit');
    await sync(NO_LIMITS);
    await runs(job.jobId);
  });
});
