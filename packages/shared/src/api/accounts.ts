import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { zBool, zInt, zOptionalText } from '../input.js';
import { DESCRIPTION_MAX, patterns } from '../validation.js';
import { ClusterId, Ok, OptionalClusterId, Timestamp } from './common.js';

/*
 * Billing/project accounts (spec sections 1, 3, 4 and 7): an account has an owner (its PI),
 * members, a place in the organisation and a status. Each user has one default account
 * (`isDefault`). The portal is the source of truth; accounts, members and blocks are synchronised
 * into Slurm's associations with sacctmgr.
 */

/**
 * Normal: usable. Trial: usable, on trial. Frozen: no new jobs (running ones go on). Disable:
 * deactivated: "The account has been deactivated and cannot be operated." (the spec's word).
 */
export const ACCOUNT_STATUSES = ['Normal', 'Trial', 'Frozen', 'Disable'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** Whether an account may submit jobs (Normal and Trial may). */
export const accountUsable = (status: AccountStatus): boolean => status === 'Normal' || status === 'Trial';

/** A Slurm-compatible account name: the spec's lowercase identifier (3-16, a-z 0-9 _, not a digit first). */
export const AccountName = z.string().regex(patterns.lowercaseIdentifier, 'not an account name');

export const AccountItem = z.object({
  accountId: z.number().int(),
  accountName: z.string(),
  description: z.string(),
  status: AccountStatus,
  /** The account's owner (PI), who manages its members. */
  ownerName: z.string(),
  orgUnitId: z.number().int().nullable(),
  company: z.string(),
  department: z.string(),
  memberCount: z.number().int().nonnegative(),
  /** The caller's default account (spec section 3: account info is the first item, with isDefault). */
  isDefault: z.boolean(),
  /** The caller owns it. */
  isOwner: z.boolean(),
  /** The caller is a member. */
  isMember: z.boolean(),
  createdAt: Timestamp,
});
export type AccountItem = z.infer<typeof AccountItem>;

export const AccountMember = z.object({
  userName: z.string(),
  /** This is the member's default account. */
  isDefault: z.boolean(),
  isOwner: z.boolean(),
  addedAt: Timestamp,
  addedBy: z.string(),
});
export type AccountMember = z.infer<typeof AccountMember>;

export const AccountDetail = AccountItem.extend({ members: z.array(AccountMember) });
export type AccountDetail = z.infer<typeof AccountDetail>;

const optionalInt = (range: z.ZodNumber) =>
  z
    .union([z.literal('').transform(() => undefined), zInt().pipe(range)])
    .optional()
    .transform((v) => v ?? undefined);

export const AccountsQuery = z.object({
  /** Spec section 9: the account list defaults to start 0, limit 1 (the session's account info). */
  pageStart: optionalInt(z.number().int().min(0)).transform((v) => v ?? 0),
  pageLimit: optionalInt(z.number().int().min(1).max(300)).transform((v) => v ?? 1),
  /** Spec: sent empty by default. Empty: the caller's default account first, then by name. */
  sort: zOptionalText(z.enum(['accountName', 'createdAt', 'status', 'memberCount'])),
  orderBy: zOptionalText(z.enum(['asc', 'desc'])),
  /** mine (default): the caller's own accounts; all: every account (roles that read all). */
  scope: zOptionalText(z.enum(['mine', 'all'])),
  accountName: zOptionalText(z.string().max(64)),
  status: zOptionalText(AccountStatus),
  orgUnitId: optionalInt(z.number().int().min(1)),
});

export const listAccounts = defineContract({
  id: 'accounts.listAccounts',
  method: 'GET',
  path: '/jm_accountmanagement/api/accounts',
  permission: 'accounts:read',
  summary:
    "Accounts: the caller's own (default first, with isDefault) or, for roles that read all, every account; filtered, sorted and paged",
  query: AccountsQuery,
  data: Page(AccountItem),
});

export const AccountNameParams = z.object({ accountName: AccountName });

export const getAccount = defineContract({
  id: 'accounts.getAccount',
  method: 'GET',
  path: '/jm_accountmanagement/api/accounts/:accountName',
  permission: 'accounts:read',
  summary: 'One account with its members (its members, its owner and roles that read all)',
  params: AccountNameParams,
  data: AccountDetail,
});

const description = zOptionalText(z.string().max(DESCRIPTION_MAX));
const userName = z.string().min(1).max(64);
/** A department (or company) id, or '' / null to clear it. */
const orgUnitRef = z.union([z.literal('').transform(() => null), z.null(), zInt().pipe(z.number().int().min(1))]).optional();

export const CreateAccountBody = z.object({
  accountName: AccountName,
  description,
  ownerName: userName,
  orgUnitId: orgUnitRef,
  status: zOptionalText(AccountStatus),
});
export type CreateAccountBody = z.input<typeof CreateAccountBody>;

export const createAccount = defineContract({
  id: 'accounts.createAccount',
  method: 'POST',
  path: '/jm_accountmanagement/api/accounts',
  permission: 'accounts:manage',
  summary: 'Create an account; its owner becomes its first member (and gets it as default when they have none)',
  body: CreateAccountBody,
  data: AccountItem,
});

export const ModifyAccountBody = z.object({
  description,
  ownerName: zOptionalText(userName),
  orgUnitId: orgUnitRef,
  status: zOptionalText(AccountStatus),
});
export type ModifyAccountBody = z.input<typeof ModifyAccountBody>;

export const modifyAccount = defineContract({
  id: 'accounts.modifyAccount',
  method: 'PUT',
  path: '/jm_accountmanagement/api/accounts/:accountName',
  permission: 'accounts:manage',
  summary: "Change an account's description, owner, department or status (Frozen and Disable block new jobs, in Slurm too)",
  params: AccountNameParams,
  body: ModifyAccountBody,
  data: AccountItem,
});

export const deleteAccount = defineContract({
  id: 'accounts.deleteAccount',
  method: 'DELETE',
  path: '/jm_accountmanagement/api/accounts/:accountName',
  permission: 'accounts:manage',
  summary: 'Delete an account that has no member but its owner',
  params: AccountNameParams,
  data: Ok,
});

export const AddMemberBody = z.object({
  userName,
  /** Make it the member's default account (also when they have none yet). */
  isDefault: zBool().optional(),
});
export type AddMemberBody = z.input<typeof AddMemberBody>;

export const addAccountMember = defineContract({
  id: 'accounts.addAccountMember',
  method: 'POST',
  path: '/jm_accountmanagement/api/accounts/:accountName/members',
  permission: 'accounts:members',
  summary: 'Add an active user to an account (its owner or an administrator); it becomes their default when they have none',
  params: AccountNameParams,
  body: AddMemberBody,
  data: AccountDetail,
});

export const MemberParams = AccountNameParams.extend({ userName });

export const removeAccountMember = defineContract({
  id: 'accounts.removeAccountMember',
  method: 'DELETE',
  path: '/jm_accountmanagement/api/accounts/:accountName/members/:userName',
  permission: 'accounts:members',
  summary: 'Remove a member from an account (its owner or an administrator); the owner stays',
  params: MemberParams,
  data: AccountDetail,
});

export const setDefaultAccount = defineContract({
  id: 'accounts.setDefaultAccount',
  method: 'POST',
  path: '/jm_accountmanagement/api/accounts/:accountName/default',
  permission: 'accounts:read',
  summary: "Make one of the caller's accounts their default (jobs without an account are charged to it)",
  params: AccountNameParams,
  data: Ok,
});

/** Spec section 3's user fields: group, main group, subsidiary group, account, company, department. */
export const UserAccountInfo = z.object({
  userName: z.string(),
  email: z.string(),
  phoneNum: z.string(),
  /** The group an administrator set on the user. */
  groupName: z.string(),
  /** The default account: the group jobs are charged to. */
  mainGroup: z.string(),
  /** The user's other accounts. */
  subsidiaryGroup: z.array(z.string()),
  /** The default account's name ('' when the user has none). */
  account: z.string(),
  /** Status of the default account ('Normal' when there is none). */
  accountStatus: AccountStatus,
  accounts: z.array(z.object({ accountName: z.string(), status: AccountStatus, isDefault: z.boolean(), isOwner: z.boolean() })),
  departmentId: z.number().int().nullable(),
  company: z.string(),
  department: z.string(),
});
export type UserAccountInfo = z.infer<typeof UserAccountInfo>;

export const queryUserInfo = defineContract({
  id: 'accounts.queryUserInfo',
  method: 'POST',
  path: '/jm_accountmanagement/accountmanagement/queryUserInfo.action',
  permission: 'accounts:read',
  summary: "A user's accounts, groups, company and department (the caller's own; any user's for roles that read all)",
  body: z.object({ userName: zOptionalText(userName) }),
  data: UserAccountInfo,
  audit: false,
});

/** One sacctmgr change the synchronisation makes (or would make, in a dry run). */
export const AccountSyncChange = z.object({
  kind: z.enum(['addAccount', 'modifyAccount', 'addMember', 'removeMember', 'setDefault', 'block', 'unblock', 'setLimits']),
  account: z.string(),
  user: z.string(),
  /** The sacctmgr argv, for the operator to read. */
  command: z.array(z.string()),
});
/**
 * What differs between Slurm and the portal and the synchronisation leaves as it is (the portal is
 * the source of truth; drift is reported, never deleted): accounts and members only in Slurm, and
 * an association's GPU limit that a cluster without the gres/gpu TRES cannot hold (its other limits
 * are set).
 */
export const AccountSyncDrift = z.object({
  kind: z.enum(['accountOnlyInSlurm', 'memberOnlyInSlurm', 'gpuTresMissing']),
  account: z.string(),
  user: z.string(),
});
export const AccountSyncReport = z.object({
  clusterId: z.string(),
  /** False on schedulers that keep no associations (the built-in one checks at submission). */
  supported: z.boolean(),
  dryRun: z.boolean(),
  changes: z.array(AccountSyncChange),
  drift: z.array(AccountSyncDrift),
  /** Milliseconds the whole run took. */
  tookMs: z.number().int().nonnegative(),
});
export type AccountSyncReport = z.infer<typeof AccountSyncReport>;

export const previewAccountSync = defineContract({
  id: 'accounts.previewAccountSync',
  method: 'GET',
  path: '/jm_accountmanagement/api/sync',
  permission: 'accounts:manage',
  summary: 'Dry run: the sacctmgr changes a synchronisation would make on a cluster, and the drift found in Slurm',
  query: z.object({ clusterId: OptionalClusterId }),
  data: AccountSyncReport,
});

export const applyAccountSync = defineContract({
  id: 'accounts.applyAccountSync',
  method: 'POST',
  path: '/jm_accountmanagement/api/sync',
  permission: 'accounts:manage',
  summary: "Synchronise the portal's accounts, members and blocks into a cluster's Slurm (idempotent)",
  body: z.object({ clusterId: ClusterId }),
  data: AccountSyncReport,
});
