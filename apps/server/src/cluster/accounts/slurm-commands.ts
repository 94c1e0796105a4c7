/*
 * The sacctmgr argv of each change, batched: one command names many accounts or users where
 * sacctmgr allows (a list after name=, account= or the entity), so a big synchronisation costs
 * a command per group, not per association. `-i` commits without asking.
 */

/** Names per command: keeps each request to slurmdbd (and the argv) small. */
export const BATCH = 200;

export const chunks = <T>(items: readonly T[], size = BATCH): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const list = (names: readonly string[]) => names.join(',');

export const sacctmgrArgs = {
  addAccounts: (bin: string, cluster: string, accounts: readonly string[], description: string, organization: string) => [
    `${bin}/sacctmgr`,
    '-i',
    'add',
    'account',
    list(accounts),
    `cluster=${cluster}`,
    `description=${description}`,
    `organization=${organization}`,
  ],
  modifyAccounts: (bin: string, cluster: string, accounts: readonly string[], description: string, organization: string) => [
    `${bin}/sacctmgr`,
    '-i',
    'modify',
    'account',
    'where',
    `name=${list(accounts)}`,
    `cluster=${cluster}`,
    'set',
    `description=${description}`,
    `organization=${organization}`,
  ],
  /** Settings of the accounts' own associations: the block (`GrpSubmitJobs=0`) and quotas (`GrpTRESMins=cpu=600,gres/gpu=-1`). */
  setAccountLimits: (bin: string, cluster: string, accounts: readonly string[], settings: readonly string[]) => [
    `${bin}/sacctmgr`,
    '-i',
    'modify',
    'account',
    'where',
    `name=${list(accounts)}`,
    `cluster=${cluster}`,
    'set',
    ...settings,
  ],
  /** Settings of the members' associations in one account (their quotas: `GrpTRESMins=…`, `MaxJobs=…`). */
  setUserLimits: (bin: string, cluster: string, account: string, users: readonly string[], settings: readonly string[]) => [
    `${bin}/sacctmgr`,
    '-i',
    'modify',
    'user',
    'where',
    `name=${list(users)}`,
    `account=${account}`,
    `cluster=${cluster}`,
    'set',
    ...settings,
  ],
  addUsers: (bin: string, cluster: string, account: string, users: readonly string[]) => [
    `${bin}/sacctmgr`,
    '-i',
    'add',
    'user',
    list(users),
    `account=${account}`,
    `cluster=${cluster}`,
  ],
  setDefault: (bin: string, cluster: string, account: string, users: readonly string[]) => [
    `${bin}/sacctmgr`,
    '-i',
    'modify',
    'user',
    'where',
    `name=${list(users)}`,
    `cluster=${cluster}`,
    'set',
    `defaultaccount=${account}`,
  ],
  removeUsers: (bin: string, cluster: string, account: string, users: readonly string[]) => [
    `${bin}/sacctmgr`,
    '-i',
    'delete',
    'user',
    'where',
    `name=${list(users)}`,
    `account=${account}`,
    `cluster=${cluster}`,
  ],
};
