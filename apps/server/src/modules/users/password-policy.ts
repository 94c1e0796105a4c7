import { checkPasswordStrength, ErrCode, passwordRule, type PasswordStrength } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

const texts: Record<PasswordStrength, string> = {
  low: 'The password must be 4-32 characters of letters, digits or _@!%^+=[]{}:,./$',
  middle: 'The password must be 6-32 characters with at least two of: letters, digits, _@!%^+=[]{}:,./$',
  high: 'The password must be 10-32 characters with letters, digits and at least one of _@!%^+=[]{}:,./$',
};

/** Throws when a new password does not meet the required strength. */
export const assertPasswordStrength = (password: string, strength: PasswordStrength): void => {
  const problem = checkPasswordStrength(password, strength);
  if (problem)
    throw new AppError(ErrCode.PARAM_INVALID, 'passwordTooWeak', texts[strength], {
      extra: { passwordStrength: strength, problem, minLength: passwordRule(strength).min },
    });
};

export const assertConfirmation = (newPwd: string, confirmation: string | undefined): void => {
  if (confirmation === undefined) return;
  if (confirmation.length === 0)
    throw new AppError(ErrCode.PARAM_INCOMPLETE, 'passwordMismatch', 'Confirm new password can not be empty');
  if (confirmation !== newPwd)
    throw new AppError(ErrCode.PARAM_INVALID, 'passwordMismatch', 'The new password entered for the two times do not match');
};
