import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zOptionalText } from '../input.js';
import { PASSWORD_STRENGTHS } from '../validation.js';
import { Ok } from './common.js';
import { Rand } from './registration.js';

/** Sign-in (`POST /login/loginAuth.action`). */
export const LoginAuthBody = z.object({
  strUserName: z.string().min(1).max(64),
  strPassword: z.string().min(1).max(128),
  /** Kept for old clients; the portal has one user directory. */
  strUserType: zOptionalText(z.string().max(32)),
  /** The captcha text, required after repeated failures. */
  authCode: zOptionalText(z.string().max(16)),
});
export type LoginAuthBody = z.input<typeof LoginAuthBody>;

export const LoginAuthData = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  userName: z.string(),
  /** Send it back in the X-XSRF-TOKEN header on state-changing calls (also in the XSRF-TOKEN cookie). */
  csrfToken: z.string(),
});
export type LoginAuthData = z.infer<typeof LoginAuthData>;

export const loginAuth = defineContract({
  id: 'login.loginAuth',
  method: 'POST',
  path: '/login/loginAuth.action',
  permission: 'public',
  summary: 'Sign in with user name and password; sets the session cookie',
  body: LoginAuthBody,
  data: LoginAuthData,
  csrf: false,
});

export const CheckLockBody = z.object({ strUserName: zOptionalText(z.string().max(64)) });

export const CheckLockData = z.object({
  /** The named user is locked after too many failures. */
  locked: z.boolean(),
  /** Seconds until the lock ends (0 when not locked). */
  unlockInSeconds: z.number().int().nonnegative(),
  /** A captcha (authCode) must accompany the next sign-in from this client or for this user. */
  needAuthCode: z.boolean(),
});
export type CheckLockData = z.infer<typeof CheckLockData>;

export const checkLock = defineContract({
  id: 'login.checkLock',
  method: 'POST',
  path: '/login/checkLock.action',
  permission: 'public',
  summary: 'Whether this client needs a captcha and whether a user is locked',
  body: CheckLockBody,
  data: CheckLockData,
  audit: false,
  csrf: false,
});

export const AuthCodeQuery = z.object({
  /** Registration passes its random key; sign-in uses a cookie-bound challenge. */
  rand: zOptionalText(Rand),
});

export const authCodeImage = defineContract({
  id: 'login.authCode',
  method: 'GET',
  path: '/login/authCode.action',
  permission: 'public',
  summary: 'A new captcha image (SVG)',
  query: AuthCodeQuery,
  data: z.string(),
  response: 'file',
});

export const PwdStrengthData = z.object({ passwordStrength: z.enum(PASSWORD_STRENGTHS) });
export const queryPwdStrength = defineContract({
  id: 'login.queryPwdStrength',
  method: 'GET',
  path: '/login/queryPwdStrength.action',
  permission: 'public',
  summary: 'The password strength the portal requires (low, middle, high)',
  data: PwdStrengthData,
});

export const SystemVersionType = z.enum(['IndustrialCloud', 'HPC', 'Standard', 'DataCenter']);
export type SystemVersionType = z.infer<typeof SystemVersionType>;

export const querySystemVersionType = defineContract({
  id: 'login.querySystemVersionType',
  method: 'POST',
  path: '/login/querySystemVersionType.action',
  permission: 'public',
  summary: 'The system version type',
  data: z.object({ systemVersionType: SystemVersionType }),
  audit: false,
  csrf: false,
});

export const LicenseInfo = z.object({
  /** 0 depends on the system version type (else development), 1 standard, 2 data center, 3 HPC, 4 industrial cloud. */
  versionNumber: z.number().int().min(0).max(4),
  systemVersionType: SystemVersionType,
  keyStatus: z.enum(['plugged', 'unplugged']),
  trial: z.boolean(),
  expired: z.boolean(),
  remainingDays: z.number().int().nonnegative(),
  /** Nodes the licence allows. */
  nodeCount: z.number().int().nonnegative(),
  /** Nodes the clusters' schedulers report now; null when not signed in or no scheduler answered. */
  clusterNodes: z.number().int().nonnegative().nullable(),
  customer: z.string(),
  expiresAt: z.string(),
});
export type LicenseInfo = z.infer<typeof LicenseInfo>;

export const queryLicenseInfo = defineContract({
  id: 'login.queryLicenseInfo',
  method: 'POST',
  path: '/login/queryLicenseInfo.action',
  permission: 'public',
  summary: 'Licence: edition, key status, remaining days, node count',
  data: LicenseInfo,
  audit: false,
  csrf: false,
});

export const Branding = z.object({
  ABOUT_IMG: z.string(),
  ABOUT_TEXT1: z.string(),
  ABOUT_TEXT2: z.string(),
  COPYRIGHT: z.string(),
  ICON: z.string(),
  LOGIN_LOGO: z.string(),
  LOGO: z.string(),
  LOGO_MENU_HEIGHT: z.number().int(),
  TITLE: z.string(),
});
export type Branding = z.infer<typeof Branding>;

export const LoginConfig = z.object({
  branding: Branding,
  registrationEnabled: z.boolean(),
  /** Password reset by e-mail needs SMTP to be configured. */
  forgotPasswordEnabled: z.boolean(),
  passwordStrength: z.enum(PASSWORD_STRENGTHS),
});
export type LoginConfig = z.infer<typeof LoginConfig>;

export const queryLoginConfig = defineContract({
  id: 'login.queryLoginConfig',
  method: 'GET',
  path: '/login/queryLoginConfig.action',
  permission: 'public',
  summary: 'What the sign-in page offers: branding, registration, password reset',
  data: LoginConfig,
});

export const logout = defineContract({
  id: 'login.logout',
  method: 'POST',
  path: '/pageframe/main/logout.action',
  permission: 'public',
  summary: 'End the server session (succeeds without one too)',
  data: z.object({ redirectUrl: z.string().optional() }),
  csrf: false,
});

export const ForgotPwdBody = z.object({
  userName: z.string().min(1).max(64),
  email: z.string().min(1).max(128),
});
export const forgotPwd = defineContract({
  id: 'login.forgotPwd',
  method: 'POST',
  path: '/login/forgotPwd.action',
  permission: 'public',
  summary: 'Mail a password-reset link when user name and e-mail match (always answers success)',
  body: ForgotPwdBody,
  data: Ok,
  csrf: false,
});

/** Any text: a malformed token is answered as an invalid link (resetTokenInvalid), not as a bad parameter. */
const ResetToken = z.string().min(1).max(512);

export const CheckResetTokenQuery = z.object({ token: ResetToken });
export const checkResetToken = defineContract({
  id: 'login.checkResetToken',
  method: 'GET',
  path: '/login/checkResetToken.action',
  permission: 'public',
  summary: 'Whether a password-reset link can still be used (resetTokenInvalid or resetTokenExpired when not)',
  query: CheckResetTokenQuery,
  data: z.object({ valid: z.literal(true) }),
});

export const ResetPwdBody = z.object({
  token: ResetToken,
  newPwd: z.string().min(1).max(64),
  verifyCheckNewPwd: z.string().min(1).max(64),
});
export const resetPwd = defineContract({
  id: 'login.resetPwd',
  method: 'POST',
  path: '/login/resetPwd.action',
  permission: 'public',
  summary: 'Set a new password with the token from the reset mail',
  body: ResetPwdBody,
  data: Ok,
  csrf: false,
});
