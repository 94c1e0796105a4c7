import { GPU_TRES, differingSettings, settingArgs, withoutTres } from './association-limits.js';
import { type NormalisedAccount, normaliseAccounts } from './desired-accounts.js';
import { chunks, sacctmgrArgs } from './slurm-commands.js';
import type { SlurmAccountLimits, SlurmAccountsState } from './slurm-state.js';
import type { AccountChange, AccountDrift, DesiredAccount } from './types.js';

/*
 * The changes that make Slurm's associations on one cluster match the portal's accounts, as
 * batched sacctmgr commands in the order they must run: accounts, their blocks and limits, new
 * members and their limits, default accounts (before removals: Slurm refuses to delete a user's
 * default), then removals. Only accounts the portal has are changed; Slurm's other accounts, and
 * members of portal accounts who are no portal account's member, are reported as drift, as are
 * GPU limits a cluster without the gres/gpu TRES cannot hold.
 */

/** One sacctmgr command and the changes it makes (a batch: several accounts or users). */
export interface PlannedStep {
  kind: AccountChange['kind'];
  command: string[];
  targets: Target[];
}

interface Target {
  account: string;
  user: string;
}

export interface AccountPlan {
  steps: PlannedStep[];
  drift: AccountDrift[];
}

/** Slurm's own accounts, never reported. */
const SLURM_OWN = new Set(['root']);

/** Groups items by a key, keeping first-seen order. */
const groupBy = <T>(items: readonly T[], key: (t: T) => string): T[][] => {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const g = m.get(k);
    if (g) g.push(it);
    else m.set(k, [it]);
  }
  return [...m.values()];
};

/** The limits read from sacctmgr under the names sacctmgr's `set` takes ('' when unset or absent). */
const currentSettings = (l: SlurmAccountLimits | undefined): Record<string, string> => ({
  GrpSubmitJobs: l?.grpSubmitJobs ?? '',
  GrpJobs: l?.grpJobs ?? '',
  GrpTRESMins: l?.grpTresMins ?? '',
  MaxJobs: l?.maxJobs ?? '',
});

/** Settings of one association to change: the `set` clause, and the association. */
interface SettingsChange extends Target {
  set: string[];
}

const texts = (a: NormalisedAccount) => JSON.stringify([a.description, a.organization]);
const pairKey = (account: string, user: string) => `${account}\u0000${user}`;

export const planAccountSync = (
  desiredAccounts: readonly DesiredAccount[],
  state: SlurmAccountsState,
  bin: string,
  cluster: string,
): AccountPlan => {
  const desired = normaliseAccounts(desiredAccounts);
  const steps: PlannedStep[] = [];
  const drift: AccountDrift[] = [];
  const known = new Set(desired.flatMap((a) => a.members.map((m) => m.user)));

  /** One step per batch of each group; every item of a group shares the command's settings. */
  const batched = <T>(
    kind: PlannedStep['kind'],
    groups: T[][],
    target: (t: T) => Target,
    command: (part: T[], first: T) => string[],
  ) => {
    for (const group of groups)
      for (const part of chunks(group)) {
        const [first] = part;
        if (first !== undefined) steps.push({ kind, command: command(part, first), targets: part.map(target) });
      }
  };
  const accountTarget = (a: NormalisedAccount): Target => ({ account: a.name, user: '' });
  const names = (part: NormalisedAccount[]) => part.map((a) => a.name);
  const users = (part: Target[]) => part.map((t) => t.user);

  // Accounts: created with their texts, or their texts changed (batched by identical texts).
  const toAdd = desired.filter((a) => !state.onCluster.has(a.name));
  const toModify = desired.filter((a) => {
    const cur = state.accounts.get(a.name);
    return cur !== undefined && (cur.description !== a.description || cur.organization !== a.organization);
  });
  batched('addAccount', groupBy(toAdd, texts), accountTarget, (part, a) =>
    sacctmgrArgs.addAccounts(bin, cluster, names(part), a.description, a.organization),
  );
  batched('modifyAccount', groupBy(toModify, texts), accountTarget, (part, a) =>
    sacctmgrArgs.modifyAccounts(bin, cluster, names(part), a.description, a.organization),
  );

  // A cluster that does not account gres/gpu (AccountingStorageTRES) refuses a limit on it: the
  // GPU limit is left out of the settings and reported, the rest is still applied.
  const missingTres = state.tres.has(GPU_TRES) ? [] : [GPU_TRES];
  const changedSettings = (wanted: Record<string, string>, current: SlurmAccountLimits | undefined, at: Target) => {
    const applicable = withoutTres(wanted, missingTres);
    if (applicable.dropped) drift.push({ kind: 'gpuTresMissing', ...at });
    return differingSettings(applicable.settings, currentSettings(current));
  };

  // Settings of the accounts' own associations: a change of GrpSubmitJobs, or of a blocked
  // account's GrpJobs (0), is a block or an unblock; any other change is the account's quota.
  const blocks: SettingsChange[] = [];
  const accountLimits: SettingsChange[] = [];
  for (const a of desired) {
    const changed = Object.entries(changedSettings(a.settings, state.onCluster.get(a.name), accountTarget(a)));
    const isBlock = changed.some(([k]) => k === 'GrpSubmitJobs' || (a.blocked && k === 'GrpJobs'));
    const inBlock = ([k]: [string, string]) => k === 'GrpSubmitJobs' || (isBlock && k === 'GrpJobs');
    const block = changed.filter(inBlock);
    const quota = changed.filter((e) => !inBlock(e));
    if (block.length > 0) blocks.push({ ...accountTarget(a), set: settingArgs(Object.fromEntries(block)) });
    if (quota.length > 0) accountLimits.push({ ...accountTarget(a), set: settingArgs(Object.fromEntries(quota)) });
  }
  const bySet = (c: SettingsChange) => c.set.join(' ');
  const blockedNow = new Set(desired.filter((a) => a.blocked).map((a) => a.name));
  const accountNames = (part: Target[]) => part.map((t) => t.account);
  for (const blocked of [true, false])
    batched(
      blocked ? 'block' : 'unblock',
      groupBy(
        blocks.filter((c) => blockedNow.has(c.account) === blocked),
        bySet,
      ),
      (c) => ({ account: c.account, user: '' }),
      (part, c) => sacctmgrArgs.setAccountLimits(bin, cluster, accountNames(part), c.set),
    );
  batched(
    'setLimits',
    groupBy(accountLimits, bySet),
    (c) => ({ account: c.account, user: '' }),
    (part, c) => sacctmgrArgs.setAccountLimits(bin, cluster, accountNames(part), c.set),
  );

  // Members: associations to add and to remove; users no portal account has are left alone.
  const adds: Target[] = [];
  const removes: Target[] = [];
  for (const a of desired) {
    const current = state.members.get(a.name) ?? new Set<string>();
    const wanted = new Set(a.members.map((m) => m.user));
    for (const m of a.members) if (!current.has(m.user)) adds.push({ account: a.name, user: m.user });
    for (const user of current) {
      if (wanted.has(user)) continue;
      if (known.has(user)) removes.push({ account: a.name, user });
      else drift.push({ kind: 'memberOnlyInSlurm', account: a.name, user });
    }
  }
  const byAccount = (t: Target) => t.account;
  const same = (t: Target) => t;
  batched('addMember', groupBy(adds, byAccount), same, (part, t) => sacctmgrArgs.addUsers(bin, cluster, t.account, users(part)));

  // Members' own quotas in each account, new members' included (they start without limits).
  const memberLimits: SettingsChange[] = [];
  for (const a of desired)
    for (const m of a.members) {
      const at = { account: a.name, user: m.user };
      const set = settingArgs(changedSettings(m.settings, state.memberLimits.get(a.name)?.get(m.user), at));
      if (set.length > 0) memberLimits.push({ ...at, set });
    }
  batched(
    'setLimits',
    groupBy(memberLimits, (c) => `${c.account} ${bySet(c)}`),
    (c) => ({ account: c.account, user: c.user }),
    (part, c) => sacctmgrArgs.setUserLimits(bin, cluster, c.account, users(part), c.set),
  );

  // Default accounts: the portal's choice, else the current one while it stays, else the user's
  // first portal account. A user new to the cluster gets the first account added as default.
  const removed = new Set(removes.map((t) => pairKey(t.account, t.user)));
  const firstAdded = new Map<string, string>();
  for (const t of adds) if (!firstAdded.has(t.user)) firstAdded.set(t.user, t.account);
  const accountsOf = new Map<string, { account: string; isDefault: boolean }[]>();
  for (const a of desired)
    for (const m of a.members) {
      const list = accountsOf.get(m.user) ?? [];
      list.push({ account: a.name, isDefault: m.isDefault });
      accountsOf.set(m.user, list);
    }
  const defaults: Target[] = [];
  for (const [user, list] of accountsOf) {
    const current = state.defaults.get(user) ?? firstAdded.get(user);
    const stays = current !== undefined && !removed.has(pairKey(current, user));
    const target = list.find((x) => x.isDefault)?.account ?? (stays ? current : list[0]?.account);
    if (target !== undefined && target !== current) defaults.push({ account: target, user });
  }
  batched('setDefault', groupBy(defaults, byAccount), same, (part, t) =>
    sacctmgrArgs.setDefault(bin, cluster, t.account, users(part)),
  );
  batched('removeMember', groupBy(removes, byAccount), same, (part, t) =>
    sacctmgrArgs.removeUsers(bin, cluster, t.account, users(part)),
  );

  // Accounts only in Slurm: reported, never changed.
  const managed = new Set(desired.map((a) => a.name));
  for (const account of state.onCluster.keys())
    if (!managed.has(account) && !SLURM_OWN.has(account)) drift.push({ kind: 'accountOnlyInSlurm', account, user: '' });

  return { steps, drift };
};

/** One change per account or association, each with the (batched) command that makes it. */
export const changesOf = (steps: readonly PlannedStep[]): AccountChange[] =>
  steps.flatMap((s) => s.targets.map((t) => ({ kind: s.kind, account: t.account, user: t.user, command: s.command })));
