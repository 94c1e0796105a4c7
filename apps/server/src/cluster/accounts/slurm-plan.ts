import { chunks, sacctmgrArgs } from './slurm-commands.js';
import type { SlurmAccountsState } from './slurm-state.js';
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
  targets: { account: string; user: string }[];
}

export interface AccountPlan {
  steps: PlannedStep[];
  drift: AccountDrift[];
}

/** Slurm's own accounts, never reported. */
const SLURM_OWN = new Set(['root']);

const ACCOUNT_NAME = /^[a-z0-9_][a-z0-9_.-]{0,63}$/;
const USER_NAME = /^[a-z_][a-z0-9_.-]{0,31}$/;

/** A name that sacctmgr would read as something else (a list, a setting) is refused, not sent. */
export class InvalidAccountNameError extends Error {
  override readonly name = 'InvalidAccountNameError';
}

const checked = (re: RegExp, what: string, name: string): string => {
  const lower = name.toLowerCase();
  if (!re.test(lower)) throw new InvalidAccountNameError(`not a Slurm ${what} name: ${JSON.stringify(name)}`);
  return lower;
};

/**
 * A text as sacctmgr stores it: lowercase, quotes turned into backquotes; '|' and control
 * characters (which would break its parsable listing) become spaces. Empty: the account's name,
 * as Slurm fills it in.
 */
export const slurmText = (text: string, fallback: string): string => {
  const t = text
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f|]/g, ' ')
    .replace(/['"]/g, '`')
    .toLowerCase();
  return t.trim() === '' ? fallback : t;
};

/** The settings of an account's own association the portal decides (limits join here). */
const accountSettings = (a: DesiredAccount): Record<string, string> =>
  a.blocked ? { GrpSubmitJobs: '0', GrpJobs: '0' } : { GrpSubmitJobs: '-1', GrpJobs: '-1' };

/** sacctmgr prints an unset limit as ''; -1 sets it unset. */
const sameLimit = (current: string, wanted: string) => (current === '' ? '-1' : current) === wanted;

interface Normalised {
  name: string;
  description: string;
  organization: string;
  settings: Record<string, string>;
  blocked: boolean;
  members: { user: string; isDefault: boolean }[];
}

const normalise = (desired: readonly DesiredAccount[]): Normalised[] => {
  const byName = new Map<string, Normalised>();
  for (const a of desired) {
    const name = checked(ACCOUNT_NAME, 'account', a.name);
    if (byName.has(name)) continue;
    const seen = new Set<string>();
    const members = [];
    for (const m of a.members) {
      const user = checked(USER_NAME, 'user', m.user);
      if (seen.has(user)) continue;
      seen.add(user);
      members.push({ user, isDefault: m.isDefault });
    }
    byName.set(name, {
      name,
      description: slurmText(a.description, name),
      organization: slurmText(a.organization, name),
      settings: accountSettings(a),
      blocked: a.blocked,
      members,
    });
  }
  return [...byName.values()];
};

/** Groups items by a key, keeping first-seen order. */
const groupBy = <T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> => {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const g = m.get(k);
    if (g) g.push(it);
    else m.set(k, [it]);
  }
  return m;
};

export const planAccountSync = (
  desiredAccounts: readonly DesiredAccount[],
  state: SlurmAccountsState,
  bin: string,
  cluster: string,
): AccountPlan => {
  const desired = normalise(desiredAccounts);
  const steps: PlannedStep[] = [];
  const drift: AccountDrift[] = [];
  const known = new Set(desired.flatMap((a) => a.members.map((m) => m.user)));
  const step = (kind: PlannedStep['kind'], command: string[], targets: PlannedStep['targets']) =>
    steps.push({ kind, command, targets });

  // Accounts: created with their texts, or their texts changed (batched by identical texts).
  const toAdd = desired.filter((a) => !state.onCluster.has(a.name));
  const toModify = desired.filter((a) => {
    const cur = state.accounts.get(a.name);
    return cur !== undefined && (cur.description !== a.description || cur.organization !== a.organization);
  });
  const texts = (a: Normalised) => JSON.stringify([a.description, a.organization]);
  for (const group of groupBy(toAdd, texts).values()) {
    const [first] = group;
    if (!first) continue;
    for (const part of chunks(group)) {
      const names = part.map((a) => a.name);
      step(
        'addAccount',
        sacctmgrArgs.addAccounts(bin, cluster, names, first.description, first.organization),
        names.map((account) => ({ account, user: '' })),
      );
    }
  }
  for (const group of groupBy(toModify, texts).values()) {
    const [first] = group;
    if (!first) continue;
    for (const part of chunks(group)) {
      const names = part.map((a) => a.name);
      step(
        'modifyAccount',
        sacctmgrArgs.modifyAccounts(bin, cluster, names, first.description, first.organization),
        names.map((account) => ({ account, user: '' })),
      );
    }
  }

  // Limits of the accounts' own associations (a new account has none set).
  const limitsToSet = desired.filter((a) => {
    const cur = state.onCluster.get(a.name) ?? { grpSubmitJobs: '', grpJobs: '' };
    return !sameLimit(cur.grpSubmitJobs, a.settings.GrpSubmitJobs ?? '-1') || !sameLimit(cur.grpJobs, a.settings.GrpJobs ?? '-1');
  });
  const settingsKey = (a: Normalised) =>
    Object.entries(a.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
  for (const group of groupBy(limitsToSet, settingsKey).values()) {
    const [first] = group;
    if (!first) continue;
    for (const part of chunks(group)) {
      const names = part.map((a) => a.name);
      step(
        first.blocked ? 'block' : 'unblock',
        sacctmgrArgs.setAccountLimits(bin, cluster, names, settingsKey(first).split(' ')),
        names.map((account) => ({ account, user: '' })),
      );
    }
  }

  // Members: associations to add and to remove; users no portal account has are left alone.
  const adds: { account: string; user: string }[] = [];
  const removes: { account: string; user: string }[] = [];
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
  for (const [account, group] of groupBy(adds, (t) => t.account)) {
    for (const part of chunks(group)) {
      step(
        'addMember',
        sacctmgrArgs.addUsers(
          bin,
          cluster,
          account,
          part.map((t) => t.user),
        ),
        part,
      );
    }
  }

  // Default accounts: the portal's choice, else the current one while it stays, else the user's
  // first portal account. A user new to the cluster gets the first account added as default.
  const removed = new Set(removes.map((t) => `${t.account}\u0000${t.user}`));
  const firstAdded = new Map<string, string>();
  for (const t of adds) if (!firstAdded.has(t.user)) firstAdded.set(t.user, t.account);
  const accountsOf = new Map<string, { account: string; isDefault: boolean }[]>();
  for (const a of desired)
    for (const m of a.members) {
      const list = accountsOf.get(m.user) ?? [];
      list.push({ account: a.name, isDefault: m.isDefault });
      accountsOf.set(m.user, list);
    }
  const defaults: { account: string; user: string }[] = [];
  for (const [user, list] of accountsOf) {
    const current = state.defaults.get(user) ?? firstAdded.get(user);
    const stays = current !== undefined && !removed.has(`${current}\u0000${user}`);
    const target = list.find((x) => x.isDefault)?.account ?? (stays ? current : list[0]?.account);
    if (target !== undefined && target !== current) defaults.push({ account: target, user });
  }
  for (const [account, group] of groupBy(defaults, (t) => t.account)) {
    for (const part of chunks(group)) {
      step(
        'setDefault',
        sacctmgrArgs.setDefault(
          bin,
          cluster,
          account,
          part.map((t) => t.user),
        ),
        part,
      );
    }
  }

  for (const [account, group] of groupBy(removes, (t) => t.account)) {
    for (const part of chunks(group)) {
      step(
        'removeMember',
        sacctmgrArgs.removeUsers(
          bin,
          cluster,
          account,
          part.map((t) => t.user),
        ),
        part,
      );
    }
  }

  // Accounts only in Slurm: reported, never changed.
  const managed = new Set(desired.map((a) => a.name));
  for (const account of state.onCluster.keys())
    if (!managed.has(account) && !SLURM_OWN.has(account)) drift.push({ kind: 'accountOnlyInSlurm', account, user: '' });

  return { steps, drift };
};

/** One change per account or association, each with the (batched) command that makes it. */
export const changesOf = (steps: readonly PlannedStep[]): AccountChange[] =>
  steps.flatMap((s) => s.targets.map((t) => ({ kind: s.kind, account: t.account, user: t.user, command: s.command })));
