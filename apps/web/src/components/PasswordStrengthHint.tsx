import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PasswordStrength } from '@portal/shared';

/** States the rule the new password must follow. */
export const PasswordStrengthHint = ({ strength }: { strength: PasswordStrength }) => {
  const { t } = useTranslation('common');
  return <Typography.Text type="secondary">{t(`password.rule.${strength}`)}</Typography.Text>;
};
