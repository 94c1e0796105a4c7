/*
 * What Slurm holds for one cluster, read with four parsable sacctmgr listings (-n -P: no header,
 * '|' between fields): the accounts (global in Slurm), the cluster's associations with their
 * limits, each user's default association on the cluster, and the TRES Slurm accounts (a limit on
 * gres/gpu needs that TRES).
 */

/** An account as sacctmgr prints it, with its association on the cluster. */
export interface SlurmAccount {
  name: string;
  description: string;
  organization: string;
}

/** Limits on an association, as sacctmgr prints them: '' when unset; grpTresMins like `cpu=600,gres/gpu=120`. */
export interface SlurmAccountLimits {
  grpSubmitJobs: string;
  grpJobs: string;
  grpTresMins: string;
  maxJobs: string;
}

export interface SlurmAccountsState {
  /** Every account in Slurm's database, by name (accounts are global; associations are per cluster). */
  accounts: Map<string, SlurmAccount>;
  /** Accounts with an association on this cluster, with their limits. */
  onCluster: Map<string, SlurmAccountLimits>;
  /** The users associated with each account on this cluster. */
  members: Map<string, Set<string>>;
  /** The limits of each member's association, by account then user. */
  memberLimits: Map<string, Map<string, SlurmAccountLimits>>;
  /** Each user's default account on this cluster. */
  defaults: Map<string, string>;
  /** The TRES Slurm accounts, by name (`cpu`, `mem`, `gres/gpu`, …). */
  tres: Set<string>;
}

/**
 * WOPInfo (without parent information): sacctmgr otherwise looks up every association's parent,
 * which took 8.4 s instead of 0.56 s with 10,000 users (bench/accounts). It implies WOPLimits: the
 * limits read are each association's own, not those it inherits.
 */
export const sacctmgrReadArgs = (bin: string, cluster: string) => ({
  accounts: [`${bin}/sacctmgr`, '-n', '-P', 'show', 'account', 'format=account,description,organization'],
  associations: [
    `${bin}/sacctmgr`,
    '-n',
    '-P',
    'show',
    'association',
    `cluster=${cluster}`,
    'WOPInfo',
    'format=account,user,partition,grpsubmitjobs,grpjobs,grptresmins,maxjobs',
  ],
  /** Each user's default association (`show user withassoc` took 7 s with 10,000 users). */
  defaults: [
    `${bin}/sacctmgr`,
    '-n',
    '-P',
    'show',
    'association',
    `cluster=${cluster}`,
    'onlydefaults',
    'WOPInfo',
    'format=user,account',
  ],
  tres: [`${bin}/sacctmgr`, '-n', '-P', 'show', 'tres', 'format=type,name'],
});

const rows = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('|'));

/** `account|description|organization`; a description holding '|' (set outside the portal) keeps its middle. */
export const parseAccounts = (out: string): Map<string, SlurmAccount> => {
  const map = new Map<string, SlurmAccount>();
  for (const f of rows(out)) {
    const name = f[0] ?? '';
    if (!name || f.length < 3) continue;
    map.set(name, { name, description: f.slice(1, -1).join('|'), organization: f[f.length - 1] ?? '' });
  }
  return map;
};

/**
 * `account|user|partition|grpsubmitjobs|grpjobs|grptresmins|maxjobs`: one row per association
 * (user '' for the account's own). A member's limits are those of their association without a
 * partition (the portal makes no other); associations per partition, made by hand, count as the
 * membership only.
 */
export const parseAssociations = (out: string): Pick<SlurmAccountsState, 'onCluster' | 'members' | 'memberLimits'> => {
  const onCluster = new Map<string, SlurmAccountLimits>();
  const members = new Map<string, Set<string>>();
  const memberLimits = new Map<string, Map<string, SlurmAccountLimits>>();
  for (const [account = '', user = '', partition = '', grpSubmitJobs = '', grpJobs = '', grpTresMins = '', maxJobs = ''] of rows(
    out,
  )) {
    if (!account) continue;
    const limits = { grpSubmitJobs, grpJobs, grpTresMins, maxJobs };
    if (user === '') {
      onCluster.set(account, limits);
      continue;
    }
    let set = members.get(account);
    if (!set) members.set(account, (set = new Set()));
    set.add(user);
    let byUser = memberLimits.get(account);
    if (!byUser) memberLimits.set(account, (byUser = new Map()));
    if (partition === '' || !byUser.has(user)) byUser.set(user, limits);
  }
  return { onCluster, members, memberLimits };
};

/** `user|account`, the user's default association on the cluster. */
export const parseDefaults = (out: string): Map<string, string> => {
  const map = new Map<string, string>();
  for (const [user = '', account = ''] of rows(out)) if (user && account) map.set(user, account);
  return map;
};

/** `type|name` (`cpu|`, `gres|gpu`): the TRES names, `type/name` when there is a name. */
export const parseTresList = (out: string): Set<string> =>
  new Set(rows(out).flatMap(([type = '', name = '']) => (type ? [name ? `${type}/${name}` : type] : [])));

export const parseState = (out: {
  accounts: string;
  associations: string;
  defaults: string;
  tres: string;
}): SlurmAccountsState => ({
  accounts: parseAccounts(out.accounts),
  ...parseAssociations(out.associations),
  defaults: parseDefaults(out.defaults),
  tres: parseTresList(out.tres),
});
