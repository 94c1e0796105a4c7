import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCommandRunner } from '../access/command-runner.js';
import { SlurmAccountSyncer } from './slurm-accounts.js';
import { NO_LIMITS, type AccountSyncResult, type DesiredAccount } from './types.js';

/*
 * The synchronisation against the real Slurm of scripts/dev-cluster (`bash scripts/dev-cluster
 * start` as root; it sets AccountingStorageEnforce=associations,limits,qos,safe), run with
 * PORTAL_TEST_SLURM=1 as root. Accounts and users are unique per run and removed at the end. alice
 * (a real POSIX account) submits with sbatch directly, not through the portal, to show that Slurm
 * itself enforces what the portal synchronised. Her default account stays `research`: the other
 * Slurm tests, which may run beside this one, submit as her without -A. The default-account cases
 * use users that exist only in Slurm.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
const id = randomBytes(3).toString('hex');
const A = `sync_${id}_a`;
const B = `sync_${id}_b`;
const U1 = `sync${id}u1`;
const U2 = `sync${id}u2`;

const runner = new LocalCommandRunner();
const syncer = new SlurmAccountSyncer({ runner, config: { binDir: '/usr/bin', commandTimeoutSeconds: 30 } });

const desired = (over: { blocked?: boolean; aMembers?: [string, boolean][] } = {}): DesiredAccount[] => [
  {
    name: A,
    description: 'Sync test A',
    organization: 'Portal tests',
    blocked: over.blocked ?? false,
    limits: NO_LIMITS,
    members: (
      over.aMembers ?? [
        ['alice', false],
        [U1, true],
      ]
    ).map(([user, isDefault]) => ({ user, isDefault, limits: NO_LIMITS })),
  },
  {
    name: B,
    description: 'Sync test B',
    organization: 'Portal tests',
    blocked: false,
    limits: NO_LIMITS,
    members: [
      { user: 'alice', isDefault: false, limits: NO_LIMITS },
      { user: U1, isDefault: false, limits: NO_LIMITS },
      { user: U2, isDefault: true, limits: NO_LIMITS },
    ],
  },
];

const kinds = (r: AccountSyncResult) => r.changes.map((c) => [c.kind, c.account, c.user]);

/** What Slurm holds for this run's accounts and users (others, such as a benchmark's, may change beside it). */
const ours = async () => {
  const s = await syncer.readState();
  return {
    accounts: [A, B, 'research'].map((a) => [s.accounts.get(a), s.onCluster.get(a), [...(s.members.get(a) ?? [])].sort()]),
    defaults: ['alice', 'bob', U1, U2].map((u) => s.defaults.get(u)),
  };
};

const root = async (argv: string[]) => {
  const r = await runner.run(null, argv, { timeoutMs: 60_000 });
  return { ...r, out: `${r.stdout}${r.stderr}` };
};

/** sbatch as alice herself with -A: a held one-second job, cancelled at once when accepted. */
const sbatchAsAlice = async (account: string) => {
  const r = await runner.run(
    'alice',
    ['sbatch', '--parsable', '--hold', '-A', account, '-t', '1', '-D', '/home/alice', '-o', '/dev/null', '--wrap', 'true'],
    { timeoutMs: 30_000 },
  );
  const jobId = r.stdout.trim().split(';')[0] ?? '';
  if (r.code === 0 && /^\d+$/.test(jobId)) await root(['scancel', jobId]);
  return { accepted: r.code === 0, message: r.stderr.trim() };
};

/** Slurm's controller learns association changes from slurmdbd shortly after sacctmgr: poll. */
const until = async <T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, deadlineMs = 60_000): Promise<T> => {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe.runIf(enabled)('account synchronisation on the dev cluster', { timeout: 180_000 }, () => {
  beforeAll(() => {
    if (process.getuid?.() !== 0) throw new Error('runs as root (sacctmgr, and sbatch as alice)');
  });

  afterAll(async () => {
    await root(['scancel', `--account=${A},${B}`]);
    await root(['sacctmgr', '-i', 'delete', 'user', 'where', `name=${U1},${U2}`]);
    await root(['sacctmgr', '-i', 'delete', 'user', 'where', 'name=alice', `account=${A},${B}`, 'cluster=devcluster']);
    await root(['sacctmgr', '-i', 'delete', 'account', 'where', `name=${A},${B}`]);
    const left = await root(['sacctmgr', '-n', '-P', 'show', 'account', 'format=account']);
    expect(left.stdout.split('\n')).not.toContain(A);
  }, 180_000);

  it('creates the accounts with their members and default accounts', async () => {
    expect(await syncer.clusterName()).toBe('devcluster');
    const r = await syncer.sync(desired(), { dryRun: false });
    expect(r).toMatchObject({ supported: true, dryRun: false });
    expect(r.tookMs).toBeGreaterThan(0);
    expect(kinds(r)).toEqual([
      ['addAccount', A, ''],
      ['addAccount', B, ''],
      ['addMember', A, 'alice'],
      ['addMember', A, U1],
      ['addMember', B, 'alice'],
      ['addMember', B, U1],
      ['addMember', B, U2],
    ]);
    expect(r.changes[0]?.command).toEqual([
      '/usr/bin/sacctmgr',
      '-i',
      'add',
      'account',
      A,
      'cluster=devcluster',
      'description=sync test a',
      'organization=portal tests',
    ]);
    const s = await syncer.readState();
    expect(s.accounts.get(A)).toEqual({ name: A, description: 'sync test a', organization: 'portal tests' });
    expect([...(s.members.get(A) ?? [])].sort()).toEqual(['alice', U1].sort());
    expect([...(s.members.get(B) ?? [])].sort()).toEqual(['alice', U1, U2].sort());
    expect(s.defaults.get(U1)).toBe(A);
    expect(s.defaults.get(U2)).toBe(B);
    // Not the portal's default for her: Slurm's stays.
    expect(s.defaults.get('alice')).toBe('research');
  });

  it('changes nothing the second time', async () => {
    const r = await syncer.sync(desired(), { dryRun: false });
    expect(r.changes).toEqual([]);
  });

  it('reports research, which only Slurm has, and leaves it alone', async () => {
    const before = await syncer.readState();
    const r = await syncer.sync(desired(), { dryRun: false });
    expect(r.drift).toContainEqual({ kind: 'accountOnlyInSlurm', account: 'research', user: '' });
    expect(r.changes.filter((c) => c.account === 'research')).toEqual([]);
    const after = await syncer.readState();
    expect(after.members.get('research')).toEqual(before.members.get('research'));
    expect(after.accounts.get('research')).toEqual(before.accounts.get('research'));
  });

  it('lets alice submit to the account with sbatch directly', async () => {
    const r = await until(
      'sbatch -A to be accepted',
      () => sbatchAsAlice(A),
      (x) => x.accepted,
    );
    expect(r.accepted).toBe(true);
  });

  it('plans a block in a dry run and changes nothing', async () => {
    const before = await ours();
    const r = await syncer.sync(desired({ blocked: true }), { dryRun: true });
    expect(r.dryRun).toBe(true);
    expect(r.changes).toEqual([
      {
        kind: 'block',
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
          'GrpSubmitJobs=0',
          'GrpJobs=0',
        ],
      },
    ]);
    expect(await ours()).toEqual(before);
  });

  it('blocks the account: Slurm refuses alice’s own sbatch', async () => {
    const r = await syncer.sync(desired({ blocked: true }), { dryRun: false });
    expect(kinds(r)).toEqual([['block', A, '']]);
    const refused = await until(
      'sbatch to be refused',
      () => sbatchAsAlice(A),
      (x) => !x.accepted,
    );
    expect(refused.message).toMatch(/Job violates accounting\/QOS policy/);
    expect((await syncer.readState()).onCluster.get(A)).toEqual({
      grpSubmitJobs: '0',
      grpJobs: '0',
      grpTresMins: '',
      maxJobs: '',
    });
    expect((await syncer.sync(desired({ blocked: true }), { dryRun: false })).changes).toEqual([]);
  });

  it('unblocks the account: her sbatch is accepted again', async () => {
    const r = await syncer.sync(desired(), { dryRun: false });
    expect(kinds(r)).toEqual([['unblock', A, '']]);
    await until(
      'sbatch to be accepted again',
      () => sbatchAsAlice(A),
      (x) => x.accepted,
    );
    expect((await syncer.readState()).onCluster.get(A)).toEqual({ grpSubmitJobs: '', grpJobs: '', grpTresMins: '', maxJobs: '' });
  });

  it('removes a member, moving their default account away first', async () => {
    // U1 leaves A, their default: B becomes their default, then the association goes.
    const r = await syncer.sync(desired({ aMembers: [['alice', false]] }), { dryRun: false });
    expect(kinds(r)).toEqual([
      ['setDefault', B, U1],
      ['removeMember', A, U1],
    ]);
    const s = await syncer.readState();
    expect([...(s.members.get(A) ?? [])]).toEqual(['alice']);
    expect(s.defaults.get(U1)).toBe(B);
    expect((await syncer.sync(desired({ aMembers: [['alice', false]] }), { dryRun: false })).changes).toEqual([]);
  });

  it('removes alice’s association: Slurm then refuses her sbatch to that account', async () => {
    const r = await syncer.sync(desired({ aMembers: [] }), { dryRun: false });
    expect(kinds(r)).toEqual([['removeMember', A, 'alice']]);
    const refused = await until(
      'sbatch to be refused',
      () => sbatchAsAlice(A),
      (x) => !x.accepted,
    );
    expect(refused.message).toMatch(/Invalid account or account\/partition combination specified/);
  });

  it('names the command when sacctmgr refuses', async () => {
    const bad = new SlurmAccountSyncer({
      runner,
      config: { binDir: '/usr/bin', commandTimeoutSeconds: 30 },
      clusterName: 'nosuchcluster',
    });
    await expect(bad.sync(desired(), { dryRun: false })).rejects.toThrow(/sacctmgr -i add account/);
  });
});
