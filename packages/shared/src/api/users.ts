import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zList, zOptionalText } from '../input.js';
import { Ok, RoleIdSchema, Timestamp } from './common.js';

export const USER_STATUSES = ['pending', 'active', 'refused', 'frozen'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

export const UserSummary = z.object({
  userNo: z.number().int(),
  userName: z.string(),
  roleId: z.number().int(),
  status: UserStatus,
  email: z.string(),
  phoneNum: z.string(),
  descInfo: z.string(),
  groupName: z.string(),
  company: z.string(),
  department: z.string(),
  /** The department (or company) the user belongs to; company and department name its path. */
  departmentId: z.number().int().nullable(),
  /** The user's default account ('' when none). */
  defaultAccount: z.string(),
  createdAt: Timestamp,
  approvedAt: Timestamp.nullable(),
  approvedBy: z.string().nullable(),
  lastLoginAt: Timestamp.nullable(),
  refuseReason: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

const nameFilter = zOptionalText(z.string().max(64));

export const PendingQueryBody = PagingInput.extend({ userName: nameFilter });
export const queryPendingUserInfo = defineContract({
  id: 'users.queryPendingUserInfo',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/queryPendingUserInfo.action',
  permission: 'users:approve',
  summary: 'Registered users waiting for approval, oldest first',
  body: PendingQueryBody,
  data: Page(UserSummary),
  audit: false,
});

const userNames = zList(z.string().min(1).max(64)).pipe(z.array(z.string()).min(1).max(200));

export const ApproveUserBody = z.object({
  userNames,
  /** Role given on approval (default: user). */
  roleId: zInt().pipe(RoleIdSchema).optional(),
});
export const approveUser = defineContract({
  id: 'users.approveUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/approveUser.action',
  permission: 'users:approve',
  summary: 'Approve pending users: they can sign in and get their SSH key pair',
  body: ApproveUserBody,
  data: z.object({ approved: z.array(z.string()) }),
});

export const RefuseUserBody = z.object({
  userNames,
  reason: zOptionalText(z.string().max(128)),
});
export const refuseUser = defineContract({
  id: 'users.refuseUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/refuseUser.action',
  permission: 'users:approve',
  summary: 'Refuse pending users: they are told so when they try to sign in',
  body: RefuseUserBody,
  data: z.object({ refused: z.array(z.string()) }),
});

export const QueryUserBody = PagingInput.extend({
  userName: nameFilter,
  roleId: zInt().pipe(RoleIdSchema).optional(),
  status: UserStatus.optional(),
  sort: z.enum(['userName', 'createdAt', 'lastLoginAt', 'roleId']).optional().default('userName'),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
});
export const queryUser = defineContract({
  id: 'users.queryUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/queryUser.action',
  permission: 'users:manage',
  summary: 'All users with filters, sorting and paging',
  body: QueryUserBody,
  data: Page(UserSummary),
  audit: false,
});

const orgField = zOptionalText(z.string().max(64));
export const ModifyUserBody = z.object({
  userName: z.string().min(1).max(64),
  roleId: zInt().pipe(RoleIdSchema).optional(),
  groupName: orgField,
  /** The department (or company) the user belongs to; '' or null: none. */
  departmentId: z.union([z.literal('').transform(() => null), z.null(), zInt().pipe(z.number().int().min(1))]).optional(),
});
export const modifyUser = defineContract({
  id: 'users.modifyUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/modifyUser.action',
  permission: 'users:manage',
  summary: "Change a user's role, group or department",
  body: ModifyUserBody,
  data: Ok,
});

export const UserNameBody = z.object({ userName: z.string().min(1).max(64) });
export const freezeUser = defineContract({
  id: 'users.freezeUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/freezeUser.action',
  permission: 'users:manage',
  summary: 'Freeze a user: signs them out and refuses sign-in',
  body: UserNameBody,
  data: Ok,
});
export const provisionUser = defineContract({
  id: 'users.provisionUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/provisionUser.action',
  permission: 'users:manage',
  summary:
    "Install an active user's account and public keys on every cluster again (after a provisioning failure); answers the clusters that failed",
  body: UserNameBody,
  data: z.object({ failedClusters: z.array(z.string()) }),
});
export const SetTemporaryPasswordBody = z.object({
  userName: z.string().min(1).max(64),
  newPwd: z.string().min(1).max(64),
  verifyCheckNewPwd: z.string().min(1).max(64),
});
export type SetTemporaryPasswordBody = z.input<typeof SetTemporaryPasswordBody>;
export const setTemporaryPassword = defineContract({
  id: 'users.setTemporaryPassword',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/setTemporaryPassword.action',
  permission: 'users:manage',
  summary:
    'Set a temporary password for a user who forgot theirs: their sessions end, a sign-in lock is lifted, and they must choose a new password at the next sign-in',
  body: SetTemporaryPasswordBody,
  data: Ok,
});
export const unfreezeUser = defineContract({
  id: 'users.unfreezeUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/unfreezeUser.action',
  permission: 'users:manage',
  summary: 'Unfreeze a user (also clears a failed-sign-in lock)',
  body: UserNameBody,
  data: Ok,
});
