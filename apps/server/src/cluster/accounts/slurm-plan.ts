import { type NormalisedAccount, normaliseAccounts } from './desired-accounts.js';
import { chunks, sacctmgrArgs } from './slurm-commands.js';
import type { SlurmAccountLimits, SlurmAccountsState } from './slurm-state.js';
import type { AccountChange, AccountDrift, DesiredAccount } from './types.js';

/*
 * The changes that make Slurm's associations on one cluster match the portal's accounts, as
 * batched sacctmgr commands in the order they must run: accounts, their settings and limits,
 * new members, default accounts (before removals: Slurm refuses to delete a user's default), then
 * removals. Only accounts the portal has are changed; Slurm's other accounts, and members of
 * portal accounts who are no portal account's member, are reported as drift.
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

/** The limits read from sacctmgr under the names sacctmgr's `set` takes. */
const currentSettings = (l: SlurmAccountLimits | undefined): Record<string, string> => ({
  GrpSubmitJobs: l?.grpSubmitJobs ?? '',
  GrpJobs: l?.grpJobs ?? '',
});

/** sacctmgr prints an unset limit as ''; -1 unsets it. */
const sameSetting = (current: string | undefined, wanted: string) => (current || '-1') === wanted;

const texts = (a: NormalisedAccount) => JSON.stringify([a.description, a.organization]);
const settingsOf = (a: NormalisedAccount) => Object.entries(a.settings).map(([k, v]) => `${k}=${v}`);
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

  // Settings of the accounts' own associations: blocks now, quotas later (a new account has none).
  const toSet = desired.filter((a) => {
    const cur = currentSettings(state.onCluster.get(a.name));
    return Object.entries(a.settings).some(([k, v]) => !sameSetting(cur[k], v));
  });
  for (const blocked of [true, false])
    batched(
      blocked ? 'block' : 'unblock',
      groupBy(
        toSet.filter((a) => a.blocked === blocked),
        (a) => settingsOf(a).join(' '),
      ),
      accountTarget,
      (part, a) => sacctmgrArgs.setAccountLimits(bin, cluster, names(part), settingsOf(a)),
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
