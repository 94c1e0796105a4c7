/**
 * Validation patterns of spec section 5. The client uses them for live form feedback and the
 * server enforces the same ones through the request schemas.
 */

/** Symbols allowed in user names. */
const NAME_SYMBOLS = '_@!%^+=\\[\\]{}:,./\\-;?<>$';

export const patterns = {
  /** letters, digits, _ and - in the local part and domain; a 2-3 letter suffix, one or two levels. */
  email: /^[A-Za-z0-9_-]+@[A-Za-z0-9_-]+(\.[A-Za-z]{2,3}){1,2}$/,
  /** 11 digits: 1, then 3, 5, 7 or 8. */
  mobilePhone: /^1[3578]\d{9}$/,
  digits: /^\d+$/,
  positiveInteger: /^[1-9]\d*$/,
  nonNegativeInteger: /^(0|[1-9]\d*)$/,
  integer1to100: /^([1-9]\d?|100)$/,
  nonNegativeDecimal: /^(0|[1-9]\d*)(\.\d+)?$/,
  userName: new RegExp(`^[A-Za-z0-9${NAME_SYMBOLS}]{4,32}$`),
  /**
   * A new user's name: the spec's user-name rule narrowed to what a POSIX account accepts, since
   * the name becomes the user's account on the clusters: 4-32 characters, a lowercase letter or _
   * first, then lowercase letters, digits, _ . or -.
   */
  accountName: /^[a-z_][a-z0-9_.-]{3,31}$/,
  name: /^[A-Za-z0-9_-]+$/,
  lowercaseIdentifier: /^[a-z_][a-z0-9_]{2,15}$/,
  identifier: /^[A-Za-z][A-Za-z0-9_]{2,14}$/,
  word3to16: /^\w{3,16}$/,
  pathLike: /^[A-Za-z0-9_./]+$/,
  nameWithChinese: /^[\u4e00-\u9fa5A-Za-z0-9_-]+$/,
  fileNameWithExtension: /^[^\\/:*?"<>|\s][^\\/:*?"<>|]*\.[A-Za-z0-9]+$/,
  ipv4: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
  /** IPv4 whose first octet is not 0 and has no leading zero. */
  ipv4NoLeadingZero: /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]\d?)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/,
  /** hh:mm:ss, hours unbounded, minutes and seconds 00-59. */
  duration: /^\d+:[0-5]\d:[0-5]\d$/,
  /** A job name: 1-128 characters, no blank, slash or backslash (it names the output files). */
  jobName: /^[^\s/\\]{1,128}$/,
  /** A public key's name: 1-64 characters without blanks. */
  keyName: /^\S{1,64}$/,
} as const;

/** Decimal from 0.01 to 10000 with at most two decimals. */
export const isDecimal001to10000 = (s: string): boolean =>
  /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(s) && Number(s) >= 0.01 && Number(s) <= 10000;

const LETTER = /[A-Za-z]/;
const DIGIT = /\d/;

export const DESCRIPTION_MAX = 128;

/** Password strength levels the server can require (`/login/queryPwdStrength.action`). */
export const PASSWORD_STRENGTHS = ['low', 'middle', 'high'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/** Special characters the password-strength rules count (spec section 5, "Modify password"). */
export const PASSWORD_SYMBOLS = '_@!%^+=[]{}:,./$';
/** The symbols as a character class: `]`, `\`, `^` and `-` escaped. */
const SYMBOL_CLASS = PASSWORD_SYMBOLS.replace(/[\]\\^-]/g, '\\$&');
const PASSWORD_SYMBOL = new RegExp(`[${SYMBOL_CLASS}]`);
const PASSWORD_CHARS = new RegExp(`^[A-Za-z0-9${SYMBOL_CLASS}]*$`);

const strengthRules: Record<PasswordStrength, { min: number; kinds: number }> = {
  low: { min: 4, kinds: 1 },
  middle: { min: 6, kinds: 2 },
  high: { min: 10, kinds: 3 },
};

export type PasswordProblem = 'empty' | 'length' | 'chars' | 'kinds';

/**
 * Checks a new password against the required strength: low 4-32 characters with at least one kind
 * of letter, digit or symbol; middle 6-32 with two kinds; high 10-32 with all three.
 */
export const checkPasswordStrength = (password: string, strength: PasswordStrength): PasswordProblem | null => {
  if (password.length === 0) return 'empty';
  const rule = strengthRules[strength];
  if (password.length < rule.min || password.length > 32) return 'length';
  if (!PASSWORD_CHARS.test(password)) return 'chars';
  const kinds = [LETTER, DIGIT, PASSWORD_SYMBOL].filter((re) => re.test(password)).length;
  return kinds >= rule.kinds ? null : 'kinds';
};

export const passwordRule = (strength: PasswordStrength) => strengthRules[strength];
