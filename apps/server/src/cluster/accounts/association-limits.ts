import { SchedulerRejectedError } from '../scheduler/types.js';
import type { AssociationLimits } from './types.js';

/*
 * The portal's quotas as settings of Slurm associations (docs/accounts-sync.md), and the rules
 * that make what sacctmgr prints compare equal to what the portal wants, so that an unchanged
 * quota plans nothing:
 *   account association  GrpTRESMins=cpu=…,gres/gpu=…  GrpJobs=…   (all members together)
 *   user association     GrpTRESMins=cpu=…,gres/gpu=…  MaxJobs=…   (one member within the account)
 * An account's running-jobs limit is GrpJobs, not MaxJobs: Slurm reads MaxJobs on an account as
 * the limit of each of its users (their associations inherit it), not of the members together.
 * -1 clears a limit; sacctmgr prints a cleared one as an empty field (or leaves the TRES out).
 */

/** The TRES the portal limits, in the order sacctmgr prints them (by TRES id: cpu is 1, a gres above 1000). */
export const CPU_TRES = 'cpu';
export const GPU_TRES = 'gres/gpu';
export const PORTAL_TRES = [CPU_TRES, GPU_TRES] as const;

/** A limit sacctmgr would refuse or misread (the portal's quotas are whole numbers from 0). */
export class InvalidAssociationLimitError extends SchedulerRejectedError {}

const NO_LIMIT = '-1';

/** A limit as sacctmgr takes it: the number, or -1 for none. */
const limitValue = (what: string, v: number | null): string => {
  if (v === null) return NO_LIMIT;
  if (!Number.isSafeInteger(v) || v < 0) throw new InvalidAssociationLimitError(`not a Slurm limit for ${what}: ${v}`);
  return String(v);
};

/** `cpu=600,gres/gpu=-1`: every TRES the portal limits, a cleared one as -1. */
export const tresMinutesSetting = (l: AssociationLimits): string =>
  `${CPU_TRES}=${limitValue('cpu minutes', l.cpuMinutes)},${GPU_TRES}=${limitValue('gpu minutes', l.gpuMinutes)}`;

/** Settings of an account's own association: the block (GrpSubmitJobs, and GrpJobs=0) and its quota. */
export const accountAssociationSettings = (blocked: boolean, l: AssociationLimits): Record<string, string> => ({
  GrpSubmitJobs: blocked ? '0' : NO_LIMIT,
  GrpJobs: blocked ? '0' : limitValue('running jobs', l.maxJobs),
  GrpTRESMins: tresMinutesSetting(l),
});

/** Settings of a member's association in an account: their own quota there. */
export const memberAssociationSettings = (l: AssociationLimits): Record<string, string> => ({
  GrpTRESMins: tresMinutesSetting(l),
  MaxJobs: limitValue('running jobs', l.maxJobs),
});

/** A number in one spelling ('0600' and '600' alike); an empty or negative one is no limit. */
const canonicalNumber = (v: string | undefined): string => {
  const t = (v ?? '').trim();
  if (t === '' || t.startsWith('-')) return NO_LIMIT;
  return /^\d+$/.test(t) ? String(BigInt(t)) : t;
};

/** `cpu=600,gres/gpu=120` (in any order, any case) as TRES name → value. */
export const parseTres = (text: string): Map<string, string> => {
  const map = new Map<string, string>();
  for (const item of text.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    map.set(item.slice(0, eq).trim().toLowerCase(), canonicalNumber(item.slice(eq + 1)));
  }
  return map;
};

/**
 * The current value equals the wanted one. For GrpTRESMins only the TRES the wanted setting names
 * are compared (a limit on another TRES, set in Slurm by hand, is left alone); a TRES missing from
 * the listing is no limit, like -1.
 */
export const sameSetting = (key: string, current: string | undefined, wanted: string): boolean => {
  if (key !== 'GrpTRESMins') return canonicalNumber(current) === canonicalNumber(wanted);
  const cur = parseTres(current ?? '');
  return [...parseTres(wanted)].every(([tres, v]) => (cur.get(tres) ?? NO_LIMIT) === v);
};

/** The settings that differ from Slurm's, in the wanted ones' order. */
export const differingSettings = (
  wanted: Record<string, string>,
  current: Record<string, string | undefined>,
): Record<string, string> => Object.fromEntries(Object.entries(wanted).filter(([k, v]) => !sameSetting(k, current[k], v)));

/**
 * The settings without TRES the cluster does not account (sacctmgr refuses a limit on an
 * unknown TRES); `dropped` tells whether a real limit (not -1) was left out.
 */
export const withoutTres = (
  settings: Record<string, string>,
  missing: readonly string[],
): { settings: Record<string, string>; dropped: boolean } => {
  const tres = settings.GrpTRESMins;
  if (tres === undefined || missing.length === 0) return { settings, dropped: false };
  const kept = [...parseTres(tres)].filter(([name]) => !missing.includes(name));
  const dropped = [...parseTres(tres)].some(([name, v]) => missing.includes(name) && v !== NO_LIMIT);
  const rest = Object.fromEntries(Object.entries(settings).filter(([k]) => k !== 'GrpTRESMins'));
  if (kept.length > 0) rest.GrpTRESMins = kept.map(([name, v]) => `${name}=${v}`).join(',');
  return { settings: rest, dropped };
};

/** `GrpTRESMins=cpu=600,gres/gpu=-1`, … as sacctmgr's `set` takes them. */
export const settingArgs = (settings: Record<string, string>): string[] => Object.entries(settings).map(([k, v]) => `${k}=${v}`);
