import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zBool, zInt, zOptionalText } from '../input.js';
import { DESCRIPTION_MAX, patterns } from '../validation.js';

/** The client's random key that ties a captcha to a registration attempt. */
export const Rand = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** The spec's user-name rule, narrowed to valid POSIX account names (patterns.accountName). */
export const userNameSchema = z.string().min(1).regex(patterns.userName).regex(patterns.accountName, {
  message: 'A user name is 4-32 characters: a lowercase letter or _ first, then lowercase letters, digits, _ . or -',
});
export const emailSchema = z.string().min(1).max(128).regex(patterns.email);
export const phoneSchema = z.string().regex(patterns.mobilePhone);
export const descSchema = z.string().max(DESCRIPTION_MAX);

export const CheckUserIsExistBody = z.object({
  userName: z.string().min(1).max(64),
  isRegisterUser: zBool().optional().default(true),
  userRole: zInt().optional().default(10002),
  rand: zOptionalText(Rand),
});
export const checkUserIsExist = defineContract({
  id: 'registration.checkUserIsExist',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/checkUserIsExist.action',
  permission: 'public',
  summary: 'Whether a user name is already taken',
  body: CheckUserIsExistBody,
  data: z.object({ exist: z.boolean() }),
  audit: false,
  csrf: false,
});

export const CheckCodeBody = z.object({ rand: Rand, code: z.string().min(1).max(16) });
export const checkCodeRegister = defineContract({
  id: 'registration.checkCodeRegister',
  method: 'POST',
  path: '/login/checkCodeRegister.action',
  permission: 'public',
  summary: 'Check the captcha code of a registration; registerUser needs the same rand afterwards',
  body: CheckCodeBody,
  data: z.object({ valid: z.literal(true) }),
  audit: false,
  csrf: false,
});

export const RegisterUserBody = z.object({
  rand: Rand,
  userName: userNameSchema,
  userPwd: z.string().min(1).max(64),
  email: emailSchema,
  phoneNum: zOptionalText(phoneSchema),
  descInfo: zOptionalText(descSchema),
});
export type RegisterUserBody = z.input<typeof RegisterUserBody>;

export const registerUser = defineContract({
  id: 'registration.registerUser',
  method: 'POST',
  path: '/sys_gvuserma/gvuserma/registerUser.action',
  permission: 'public',
  summary: 'Register a user; the account waits for an administrator to approve it',
  body: RegisterUserBody,
  data: z.object({ userName: z.string(), status: z.literal('pending') }),
  csrf: false,
});
