import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkPasswordStrength, passwordRule, type PasswordStrength } from '@portal/shared';

/** Form rules for a new password at the portal's required strength (spec section 5). */
export const newPasswordRules = (t: TFunction, strength: PasswordStrength): FormRule[] => [
  { required: true, message: t('common:password.newRequired') },
  {
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.resolve();
      const problem = checkPasswordStrength(value, strength);
      if (!problem) return Promise.resolve();
      const key = problem === 'kinds' ? `kinds.${strength}` : problem;
      return Promise.reject(new Error(t(`common:password.problem.${key}`, { min: passwordRule(strength).min })));
    },
  },
];

/** The confirmation must be filled and equal the new password. */
export const confirmPasswordRules = (t: TFunction, field: string): FormRule[] => [
  { required: true, message: t('common:password.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('common:password.mismatch'))),
  }),
];
