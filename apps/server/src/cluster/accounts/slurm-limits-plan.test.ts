import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InvalidAssociationLimitError, parseTres, sameSetting } from './association-limits.js';
import { changesOf, planAccountSync } from './slurm-plan.js';
import { parseAssociations, parseState } from './slurm-state.js';
import { NO_LIMITS, type AssociationLimits, type DesiredAccount } from './types.js';

/*
 * Quotas as association limits, planned on the sacctmgr output of samples/ (slurm-plan.test.ts
 * describes it): chem holds GrpTRESMins=cpu=600,gres/gpu=120 and GrpJobs=4, carol's association in
 * chem GrpTRESMins=cpu=60 and MaxJobs=2, phys is blocked. The same plans on the dev cluster:
 * slurm-limits.test.ts.
 */

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
/** The recorded state, with association rows replaced (`account|user|` prefix → new row) or TRES listed. */
const state = (rows: Record<string, string> = {}, tres = sample('sacctmgr-tres.txt')) =>
  parseState({
    accounts: sample('sacctmgr-accounts.txt'),
    associations: sample('sacctmgr-associations.txt')
      .split('\n')
      .map((line) => Object.entries(rows).find(([prefix]) => line.startsWith(prefix))?.[1] ?? line)
      .join('\n'),
    defaults: sample('sacctmgr-defaults.txt'),
    tres,
  });

const S = '/usr/bin/sacctmgr';
const L = (cpuMinutes: number | null, gpuMinutes: number | null, maxJobs: number | null): AssociationLimits => ({
  cpuMinutes,
  gpuMinutes,
  maxJobs,
});
const CHEM = L(600, 120, 4);
const CAROL = L(60, null, 2);

/** The portal's accounts matching the samples, with chem's, carol's and erin's limits replaced. */
const desired = (
  over: { chem?: AssociationLimits; carol?: AssociationLimits; erin?: AssociationLimits; phys?: Partial<DesiredAccount> } = {},
) => {
  const base = { description: 'Chemistry lab', organization: 'Science' };
  return [
    {
      ...base,
      name: 'chem',
      blocked: false,
      limits: over.chem ?? CHEM,
      members: [
        { user: 'carol', isDefault: false, limits: over.carol ?? CAROL },
        { user: 'dave', isDefault: true, limits: NO_LIMITS },
      ],
    },
    {
      ...base,
      name: 'phys',
      blocked: true,
      limits: NO_LIMITS,
      members: [
        { user: 'carol', isDefault: true, limits: NO_LIMITS },
        { user: 'erin', isDefault: true, limits: over.erin ?? NO_LIMITS },
      ],
      ...over.phys,
    },
  ];
};
const plan = (d: DesiredAccount[], s = state()) => planAccountSync(d, s, '/usr/bin', 'devcluster');
const commands = (d: DesiredAccount[], s = state()) => plan(d, s).steps.map((x) => [x.kind, x.command]);
const modifyAccount = (name: string, ...set: string[]) => [
  S,
  '-i',
  'modify',
  'account',
  'where',
  `name=${name}`,
  'cluster=devcluster',
  'set',
  ...set,
];
const modifyUser = (names: string, account: string, ...set: string[]) => [
  S,
  '-i',
  'modify',
  'user',
  'where',
  `name=${names}`,
  `account=${account}`,
  'cluster=devcluster',
  'set',
  ...set,
];

describe('quotas as association limits', () => {
  it('plans nothing when Slurm holds the same limits', () => {
    expect(plan(desired())).toMatchObject({ steps: [] });
  });

  it('compares limits whatever their order, spelling and other TRES set by hand', () => {
    const s = state({
      'chem|||': 'chem||||4|gres/gpu=120,CPU=0600|',
      'chem|carol|': 'chem|carol||||mem=1000,cpu=60,energy=5|2',
    });
    expect(plan(desired(), s).steps).toEqual([]);
    expect(sameSetting('GrpTRESMins', 'gres/gpu=120,cpu=600', 'cpu=600,gres/gpu=120')).toBe(true);
    expect(sameSetting('GrpTRESMins', '', 'cpu=-1,gres/gpu=-1')).toBe(true);
    expect(sameSetting('GrpTRESMins', 'cpu=600', 'cpu=600,gres/gpu=-1')).toBe(true);
    expect(sameSetting('GrpTRESMins', 'cpu=600', 'cpu=600,gres/gpu=0')).toBe(false);
    expect(sameSetting('MaxJobs', '', '-1')).toBe(true);
    expect(sameSetting('MaxJobs', '0', '-1')).toBe(false);
    expect(parseTres('CPU=0600,gres/gpu=')).toEqual(
      new Map([
        ['cpu', '600'],
        ['gres/gpu', '-1'],
      ]),
    );
  });

  it('adds limits to an account and to a member', () => {
    expect(commands(desired({ erin: L(120, 30, 1) }))).toEqual([
      ['setLimits', modifyUser('erin', 'phys', 'GrpTRESMins=cpu=120,gres/gpu=30', 'MaxJobs=1')],
    ]);
    const changes = changesOf(plan(desired({ erin: L(null, null, 0) })).steps);
    expect(changes).toEqual([
      { kind: 'setLimits', account: 'phys', user: 'erin', command: modifyUser('erin', 'phys', 'MaxJobs=0') },
    ]);
  });

  it('changes only the settings that differ', () => {
    expect(commands(desired({ chem: L(900, 120, 4), carol: L(60, null, 3) }))).toEqual([
      ['setLimits', modifyAccount('chem', 'GrpTRESMins=cpu=900,gres/gpu=120')],
      ['setLimits', modifyUser('carol', 'chem', 'MaxJobs=3')],
    ]);
    expect(commands(desired({ chem: L(600, 120, 8) }))).toEqual([['setLimits', modifyAccount('chem', 'GrpJobs=8')]]);
  });

  it('clears limits with -1', () => {
    expect(commands(desired({ chem: NO_LIMITS, carol: NO_LIMITS }))).toEqual([
      ['setLimits', modifyAccount('chem', 'GrpJobs=-1', 'GrpTRESMins=cpu=-1,gres/gpu=-1')],
      ['setLimits', modifyUser('carol', 'chem', 'GrpTRESMins=cpu=-1,gres/gpu=-1', 'MaxJobs=-1')],
    ]);
    // Read back as Slurm prints cleared limits (empty fields): nothing more to do.
    const cleared = state({ 'chem|||': 'chem|||||', 'chem|carol|': 'chem|carol|||||' });
    expect(plan(desired({ chem: NO_LIMITS, carol: NO_LIMITS }), cleared).steps).toEqual([]);
  });

  it('batches members of one account that get the same limits', () => {
    const d = desired();
    d[1]!.members = d[1]!.members.map((m) => ({ ...m, limits: L(10, null, null) }));
    expect(commands(d)).toEqual([['setLimits', modifyUser('carol,erin', 'phys', 'GrpTRESMins=cpu=10,gres/gpu=-1')]]);
  });

  it('keeps a blocked account blocked whatever its quota, and unblocks it to its quota', () => {
    // phys is blocked: its running-jobs quota waits behind GrpJobs=0, its core-minutes apply.
    expect(commands(desired({ phys: { limits: L(300, null, 3) } }))).toEqual([
      ['setLimits', modifyAccount('phys', 'GrpTRESMins=cpu=300,gres/gpu=-1')],
    ]);
    expect(commands(desired({ phys: { blocked: false, limits: L(null, null, 3) } }))).toEqual([
      ['unblock', modifyAccount('phys', 'GrpSubmitJobs=-1', 'GrpJobs=3')],
    ]);
    // Unblocked to a quota of no running jobs: GrpJobs stays 0, GrpSubmitJobs goes.
    expect(commands(desired({ phys: { blocked: false, limits: L(null, null, 0) } }))).toEqual([
      ['unblock', modifyAccount('phys', 'GrpSubmitJobs=-1')],
    ]);
    // Blocking chem leaves its core- and GPU-minutes; read back blocked, nothing more to do.
    const d = desired();
    d[0]!.blocked = true;
    expect(commands(d)).toEqual([['block', modifyAccount('chem', 'GrpSubmitJobs=0', 'GrpJobs=0')]]);
    expect(plan(d, state({ 'chem|||': 'chem|||0|0|cpu=600,gres/gpu=120|' })).steps).toEqual([]);
    // A blocked account whose GrpJobs was changed by hand is blocked again.
    expect(commands(d, state({ 'chem|||': 'chem|||0|4|cpu=600,gres/gpu=120|' }))).toEqual([
      ['block', modifyAccount('chem', 'GrpJobs=0')],
    ]);
  });

  it('sets the limits of a new account and a new member after adding them', () => {
    const d: DesiredAccount[] = [
      ...desired(),
      {
        name: 'bio',
        description: 'Biology',
        organization: '',
        blocked: false,
        limits: L(6000, null, null),
        members: [{ user: 'fred', isDefault: true, limits: L(null, 60, 1) }],
      },
    ];
    expect(commands(d)).toEqual([
      ['addAccount', [S, '-i', 'add', 'account', 'bio', 'cluster=devcluster', 'description=biology', 'organization=bio']],
      ['setLimits', modifyAccount('bio', 'GrpTRESMins=cpu=6000,gres/gpu=-1')],
      ['addMember', [S, '-i', 'add', 'user', 'fred', 'account=bio', 'cluster=devcluster']],
      ['setLimits', modifyUser('fred', 'bio', 'GrpTRESMins=cpu=-1,gres/gpu=60', 'MaxJobs=1')],
    ]);
  });

  it('leaves GPU limits out on a cluster without the gres/gpu TRES, reporting them', () => {
    const noGpu = state({}, 'cpu|\nmem|\nenergy|\nnode|\nbilling|\nfs|disk\nvmem|\npages|\n');
    // chem's 120 GPU-minutes cannot be held there (the samples' cluster had them): cpu still compares.
    expect(plan(desired(), noGpu)).toMatchObject({ steps: [] });
    expect(plan(desired(), noGpu).drift).toContainEqual({ kind: 'gpuTresMissing', account: 'chem', user: '' });
    expect(commands(desired({ chem: L(900, 120, 4), erin: L(null, 60, 1) }), noGpu)).toEqual([
      ['setLimits', modifyAccount('chem', 'GrpTRESMins=cpu=900')],
      ['setLimits', modifyUser('erin', 'phys', 'MaxJobs=1')],
    ]);
    expect(plan(desired({ erin: L(null, 60, 1) }), noGpu).drift).toContainEqual({
      kind: 'gpuTresMissing',
      account: 'phys',
      user: 'erin',
    });
    // No GPU limit wanted: nothing reported.
    expect(plan(desired({ chem: L(600, null, 4) }), noGpu).drift.filter((d) => d.kind === 'gpuTresMissing')).toEqual([]);
  });

  it('refuses a limit sacctmgr would misread', () => {
    expect(() => plan(desired({ chem: L(-5, null, null) }))).toThrow(InvalidAssociationLimitError);
    expect(() => plan(desired({ carol: L(null, null, 1.5) }))).toThrow(InvalidAssociationLimitError);
  });

  it("reads a member's limits from their association without a partition", () => {
    const s = parseAssociations('chem|carol|debug|||cpu=5|1\nchem|carol||||cpu=60|2\nchem|dave|debug|||cpu=7|\n');
    expect(s.memberLimits.get('chem')?.get('carol')).toMatchObject({ grpTresMins: 'cpu=60', maxJobs: '2' });
    // Only partition associations: the first one's.
    expect(s.memberLimits.get('chem')?.get('dave')).toMatchObject({ grpTresMins: 'cpu=7' });
    expect([...(s.members.get('chem') ?? [])]).toEqual(['carol', 'dave']);
  });
});
