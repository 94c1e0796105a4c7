import type { z } from 'zod';
import type { AccountSyncChange, AccountSyncDrift } from '@portal/shared';

/*
 * The portal's accounts as a scheduler should hold them. The portal is the source of truth: a
 * synchronisation makes the scheduler's associations match (idempotent: a second run changes
 * nothing) and reports what the scheduler holds beyond them (drift), deleting nothing.
 */

/**
 * Limits on an association (a quota in the portal). Slurm: GrpTRESMins=cpu=…,gres/gpu=… and
 * MaxJobs; null is no limit (Slurm's -1).
 */
export interface AssociationLimits {
  /** Core-minutes of past, running and future jobs together (core-hours × 60). */
  cpuMinutes: number | null;
  /** GPU-minutes likewise (card-hours × 60). */
  gpuMinutes: number | null;
  /** Jobs running at once. */
  maxJobs: number | null;
}

export const NO_LIMITS: AssociationLimits = { cpuMinutes: null, gpuMinutes: null, maxJobs: null };

export interface DesiredMember {
  /** The member's POSIX account name (the portal user name). */
  user: string;
  /** This account is the member's default account. */
  isDefault: boolean;
  /** The member's own quota within the account. */
  limits: AssociationLimits;
}

export interface DesiredAccount {
  /** Lowercase, as Slurm stores account names. */
  name: string;
  description: string;
  /** The company or department's name ('' when none). */
  organization: string;
  /** Frozen or Disable in the portal: no new jobs (Slurm: GrpSubmitJobs=0 and GrpJobs=0). */
  blocked: boolean;
  /** The account's quota (all its members together). */
  limits: AssociationLimits;
  members: DesiredMember[];
}

export type AccountChange = z.infer<typeof AccountSyncChange>;
export type AccountDrift = z.infer<typeof AccountSyncDrift>;

export interface AccountSyncResult {
  /** False where the scheduler keeps no associations (the built-in scheduler: the portal checks at submission). */
  supported: boolean;
  dryRun: boolean;
  changes: AccountChange[];
  drift: AccountDrift[];
  tookMs: number;
}

/** Brings a cluster's scheduler in line with the portal's accounts. */
export interface AccountSyncer {
  /** With dryRun, only plans: answers the changes it would make. */
  sync(desired: readonly DesiredAccount[], opts: { dryRun: boolean }): Promise<AccountSyncResult>;
}
