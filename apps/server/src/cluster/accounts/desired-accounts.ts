import { SchedulerRejectedError } from '../scheduler/types.js';
import { accountAssociationSettings, memberAssociationSettings } from './association-limits.js';
import type { DesiredAccount } from './types.js';

/*
 * The portal's accounts in the form Slurm stores them, so that what the planner compares with
 * sacctmgr's listing is equal when nothing changed, and every name is safe to send.
 */

const ACCOUNT_NAME = /^[a-z0-9_][a-z0-9_.-]{0,63}$/;
const USER_NAME = /^[a-z_][a-z0-9_.-]{0,31}$/;

/**
 * A name that sacctmgr would read as something else (a list, a setting) is refused, not sent
 * (a refusal like the scheduler's own, so callers handle both alike).
 */
export class InvalidAccountNameError extends SchedulerRejectedError {}

/** Slurm lowercases account and user names. */
const checked = (re: RegExp, what: string, name: string): string => {
  const lower = name.toLowerCase();
  if (!re.test(lower)) throw new InvalidAccountNameError(`not a Slurm ${what} name: ${JSON.stringify(name)}`);
  return lower;
};

/**
 * A text as sacctmgr stores it: ASCII letters lowercased, quotes turned into backquotes; '|' and control
 * characters (which would break its parsable listing) become spaces. Empty: the account's name,
 * as Slurm fills it in.
 */
export const slurmText = (text: string, fallback: string): string => {
  const t = text
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f|]/g, ' ')
    .replace(/['"]/g, '`')
    // sacctmgr lowers ASCII letters only (byte by byte): "Étude" stays "Étude".
    .replace(/[A-Z]+/g, (c) => c.toLowerCase());
  return t.trim() === '' ? fallback : t;
};

export interface NormalisedAccount {
  name: string;
  description: string;
  organization: string;
  blocked: boolean;
  /**
   * The settings of the account's own association the portal decides, as sacctmgr's `set` takes
   * them: the block (GrpSubmitJobs, GrpJobs) and the account's quota (GrpTRESMins, GrpJobs).
   */
  settings: Record<string, string>;
  /** Each member with the settings of their association in the account (their quota: GrpTRESMins, MaxJobs). */
  members: { user: string; isDefault: boolean; settings: Record<string, string> }[];
}

/** Checked, lowercased, texts as Slurm keeps them; the first of two accounts or members with one name wins. */
export const normaliseAccounts = (desired: readonly DesiredAccount[]): NormalisedAccount[] => {
  const byName = new Map<string, NormalisedAccount>();
  for (const a of desired) {
    const name = checked(ACCOUNT_NAME, 'account', a.name);
    if (byName.has(name)) continue;
    const members = new Map<string, NormalisedAccount['members'][number]>();
    for (const m of a.members) {
      const user = checked(USER_NAME, 'user', m.user);
      if (!members.has(user)) members.set(user, { user, isDefault: m.isDefault, settings: memberAssociationSettings(m.limits) });
    }
    byName.set(name, {
      name,
      description: slurmText(a.description, name),
      organization: slurmText(a.organization, name),
      blocked: a.blocked,
      settings: accountAssociationSettings(a.blocked, a.limits),
      members: [...members.values()],
    });
  }
  return [...byName.values()];
};
