import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zOptionalText } from '../input.js';
import { Ok } from './common.js';
import { descSchema, emailSchema, phoneSchema } from './registration.js';

export const LoginUser = z.object({
  userName: z.string(),
  roleId: z.number().int(),
  email: z.string(),
  phoneNum: z.string(),
  descInfo: z.string(),
  groupName: z.string(),
  company: z.string(),
  department: z.string(),
});
export type LoginUser = z.infer<typeof LoginUser>;

export const queryLoginUser = defineContract({
  id: 'profile.queryLoginUser',
  method: 'POST',
  path: '/pageframe/main/queryLoginUser.action',
  permission: 'session',
  summary: "The signed-in user's personal information",
  data: LoginUser,
  audit: false,
  specFields: ['result', 'msg'],
});

export const ModifyUserInfoBody = z.object({
  email: emailSchema,
  phoneNum: zOptionalText(phoneSchema),
  descInfo: zOptionalText(descSchema),
});
export type ModifyUserInfoBody = z.input<typeof ModifyUserInfoBody>;

export const modifyUserInfo = defineContract({
  id: 'profile.modifyUserInfo',
  method: 'POST',
  path: '/pageframe/main/modifyUserInfo.action',
  permission: 'session',
  summary: 'Change e-mail, phone and description',
  body: ModifyUserInfoBody,
  data: Ok,
});

export const ModifyPwdBody = z.object({
  oldPwd: z.string().min(1).max(128),
  newPwd: z.string().min(1).max(64),
  /**
   * Optional for old clients that check the confirmation themselves; when sent it must match, and an
   * empty one is refused ('Confirm new password can not be empty'), so it is not `zOptionalText`.
   */
  verifyCheckNewPwd: z.string().max(64).optional(),
});
export type ModifyPwdBody = z.input<typeof ModifyPwdBody>;

export const modifyPwd = defineContract({
  id: 'profile.modifyPwd',
  method: 'POST',
  path: '/pageframe/main/modifyPwd.action',
  permission: 'session',
  summary: 'Change the password (ends the other sessions of the user)',
  body: ModifyPwdBody,
  data: Ok,
  duringPasswordChange: true,
});
