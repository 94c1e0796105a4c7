import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidAccountNameError, slurmText } from './desired-accounts.js';
import { changesOf, planAccountSync } from './slurm-plan.js';
import { parseState } from './slurm-state.js';
import { NO_LIMITS, type DesiredAccount } from './types.js';

/*
 * The planner on sacctmgr output recorded from the dev cluster (Slurm 22.05, samples/): accounts
 * chem (carol, dave; a quota of 600 core-minutes, 120 GPU-minutes and 4 running jobs; carol's own
 * 60 core-minutes and 2 jobs) and phys (carol, erin; blocked: GrpSubmitJobs=0 GrpJobs=0; carol's
 * default) made by the portal, and the dev cluster's own research (alice, bob). Quotas in detail:
 * slurm-limits.test.ts.
 */

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
const state = () =>
  parseState({
    accounts: sample('sacctmgr-accounts.txt'),
    associations: sample('sacctmgr-associations.txt'),
    defaults: sample('sacctmgr-defaults.txt'),
    tres: sample('sacctmgr-tres.txt'),
  });

const S = '/usr/bin/sacctmgr';
const account = (name: string, members: [string, boolean][], over: Partial<DesiredAccount> = {}): DesiredAccount => ({
  name,
  description: 'Chemistry lab',
  organization: 'Science',
  blocked: false,
  limits: NO_LIMITS,
  members: members.map(([user, isDefault]) => ({ user, isDefault, limits: NO_LIMITS })),
  ...over,
});
/** The portal's view that matches the samples exactly. */
const matching = () => [
  account(
    'chem',
    [
      ['carol', false],
      ['dave', true],
    ],
    {
      limits: { cpuMinutes: 600, gpuMinutes: 120, maxJobs: 4 },
      members: [
        { user: 'carol', isDefault: false, limits: { cpuMinutes: 60, gpuMinutes: null, maxJobs: 2 } },
        { user: 'dave', isDefault: true, limits: NO_LIMITS },
      ],
    },
  ),
  account(
    'phys',
    [
      ['carol', true],
      ['erin', true],
    ],
    { blocked: true },
  ),
];
const plan = (desired: DesiredAccount[]) => planAccountSync(desired, state(), '/usr/bin', 'devcluster');
const kinds = (desired: DesiredAccount[]) => changesOf(plan(desired).steps).map((c) => [c.kind, c.account, c.user]);

describe('reading sacctmgr', () => {
  it('reads accounts, associations with their limits, and default accounts', () => {
    const s = state();
    expect(s.accounts.get('chem')).toEqual({ name: 'chem', description: 'chemistry lab', organization: 'science' });
    expect(s.onCluster.get('phys')).toEqual({ grpSubmitJobs: '0', grpJobs: '0', grpTresMins: '', maxJobs: '' });
    expect(s.onCluster.get('chem')).toEqual({
      grpSubmitJobs: '',
      grpJobs: '4',
      grpTresMins: 'cpu=600,gres/gpu=120',
      maxJobs: '',
    });
    expect(s.memberLimits.get('chem')?.get('carol')).toEqual({
      grpSubmitJobs: '',
      grpJobs: '',
      grpTresMins: 'cpu=60',
      maxJobs: '2',
    });
    expect(s.tres.has('gres/gpu')).toBe(true);
    expect([...(s.members.get('phys') ?? [])].sort()).toEqual(['carol', 'erin']);
    expect(s.defaults.get('carol')).toBe('phys');
  });
});

describe('planning a synchronisation', () => {
  it('plans nothing when Slurm already matches (texts compared as Slurm stores them)', () => {
    expect(plan(matching()).steps).toEqual([]);
  });

  it('reports accounts only in Slurm, and never changes them', () => {
    expect(plan(matching()).drift).toEqual([{ kind: 'accountOnlyInSlurm', account: 'research', user: '' }]);
    expect(plan([]).steps).toEqual([]);
  });

  it('creates accounts in one command per description and organization, members in one command per account', () => {
    const desired = [
      ...matching(),
      account('bio1', [['fred', true]], { description: 'Biology', organization: '' }),
      account(
        'bio2',
        [
          ['fred', false],
          ['gina', true],
        ],
        { description: 'Biology', organization: '' },
      ),
    ];
    const steps = plan(desired).steps;
    expect(steps.map((s) => s.command)).toEqual([
      [S, '-i', 'add', 'account', 'bio1', 'cluster=devcluster', 'description=biology', 'organization=bio1'],
      [S, '-i', 'add', 'account', 'bio2', 'cluster=devcluster', 'description=biology', 'organization=bio2'],
      [S, '-i', 'add', 'user', 'fred', 'account=bio1', 'cluster=devcluster'],
      [S, '-i', 'add', 'user', 'fred,gina', 'account=bio2', 'cluster=devcluster'],
    ]);
    // fred and gina are new to the cluster: Slurm makes the first account they join their default.
    expect(kinds(desired)).toEqual([
      ['addAccount', 'bio1', ''],
      ['addAccount', 'bio2', ''],
      ['addMember', 'bio1', 'fred'],
      ['addMember', 'bio2', 'fred'],
      ['addMember', 'bio2', 'gina'],
    ]);
  });

  it('batches accounts that share texts', () => {
    const desired = [...matching(), account('x1', []), account('x2', []), account('x3', [])];
    expect(plan(desired).steps.map((s) => s.command)).toEqual([
      [S, '-i', 'add', 'account', 'x1,x2,x3', 'cluster=devcluster', 'description=chemistry lab', 'organization=science'],
    ]);
    expect(kinds(desired)).toEqual([
      ['addAccount', 'x1', ''],
      ['addAccount', 'x2', ''],
      ['addAccount', 'x3', ''],
    ]);
  });

  it('modifies a changed description or organization', () => {
    const [chem, phys] = matching();
    const desired = [{ ...chem!, description: 'Chemistry "Lab" 2' }, phys!];
    expect(plan(desired).steps.map((s) => s.command)).toEqual([
      [
        S,
        '-i',
        'modify',
        'account',
        'where',
        'name=chem',
        'cluster=devcluster',
        'set',
        'description=chemistry `lab` 2',
        'organization=science',
      ],
    ]);
  });

  it('blocks with GrpSubmitJobs=0 and GrpJobs=0, unblocks with -1 (or the running-jobs quota)', () => {
    const [chem, phys] = matching();
    const steps = plan([
      { ...chem!, blocked: true },
      { ...phys!, blocked: false },
    ]).steps;
    // chem keeps its other limits; its GrpJobs of 4 is 0 while blocked.
    expect(steps.map((s) => [s.kind, s.command])).toEqual([
      [
        'block',
        [S, '-i', 'modify', 'account', 'where', 'name=chem', 'cluster=devcluster', 'set', 'GrpSubmitJobs=0', 'GrpJobs=0'],
      ],
      [
        'unblock',
        [S, '-i', 'modify', 'account', 'where', 'name=phys', 'cluster=devcluster', 'set', 'GrpSubmitJobs=-1', 'GrpJobs=-1'],
      ],
    ]);
  });

  it('removes a portal user from an account that no longer has them, after moving their default away', () => {
    const [chem, phys] = matching();
    // carol leaves phys, her default: chem becomes her default first.
    const desired = [chem!, { ...phys!, members: phys!.members.filter((m) => m.user !== 'carol') }];
    expect(plan(desired).steps.map((s) => [s.kind, s.command])).toEqual([
      ['setDefault', [S, '-i', 'modify', 'user', 'where', 'name=carol', 'cluster=devcluster', 'set', 'defaultaccount=chem']],
      ['removeMember', [S, '-i', 'delete', 'user', 'where', 'name=carol', 'account=phys', 'cluster=devcluster']],
    ]);
  });

  it('leaves members the portal does not know, reporting them as drift', () => {
    const [chem, phys] = matching();
    // dave is in no portal account any more: not removed, reported.
    const desired = [{ ...chem!, members: chem!.members.filter((m) => m.user !== 'dave') }, phys!];
    const p = plan(desired);
    expect(p.steps).toEqual([]);
    expect(p.drift).toContainEqual({ kind: 'memberOnlyInSlurm', account: 'chem', user: 'dave' });
  });

  it("sets the portal's default account, and leaves a default in an account the portal does not manage", () => {
    const [chem, phys] = matching();
    const withAlice = { ...chem!, members: [...chem!.members, { user: 'alice', isDefault: false, limits: NO_LIMITS }] };
    expect(plan([withAlice, phys!]).steps.map((s) => s.command)).toEqual([
      [S, '-i', 'add', 'user', 'alice', 'account=chem', 'cluster=devcluster'],
    ]);
    expect(kinds([withAlice, phys!])).toEqual([['addMember', 'chem', 'alice']]);
    const aliceDefault = { ...chem!, members: [...chem!.members, { user: 'alice', isDefault: true, limits: NO_LIMITS }] };
    expect(kinds([aliceDefault, phys!])).toEqual([
      ['addMember', 'chem', 'alice'],
      ['setDefault', 'chem', 'alice'],
    ]);
  });

  it('lowercases names as Slurm does and refuses names sacctmgr would misread', () => {
    expect(plan(matching().map((a) => ({ ...a, name: a.name.toUpperCase() }))).steps).toEqual([]);
    expect(() => plan([account('a,b', [])])).toThrow(InvalidAccountNameError);
    expect(() => plan([account('ok', [['x cluster=other', true]])])).toThrow(InvalidAccountNameError);
  });

  it('stores texts the way sacctmgr does', () => {
    expect(slurmText("It's A|B", 'acct')).toBe('it`s a b');
    expect(slurmText('  ', 'acct')).toBe('acct');
    // Recorded: description=Étude 化学 ÄB organization=Café read back as "Étude 化学 Äb" and "café".
    expect(slurmText('Étude 化学 ÄB', 'acct')).toBe('Étude 化学 Äb');
    expect(slurmText('Café', 'acct')).toBe('café');
  });

  it('splits big batches', () => {
    const users = Array.from({ length: 450 }, (_, i): [string, boolean] => [`u${i}`, true]);
    const steps = plan([...matching(), account('big', users)]).steps;
    expect(steps.filter((s) => s.kind === 'addMember').map((s) => s.targets.length)).toEqual([200, 200, 50]);
  });
});
