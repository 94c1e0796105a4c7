import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/** Spec sections 3 and 4: the user's account is disabled (acAccountStatus 'Disable'): said on every page. */
export const AccountDisabledBanner = () => {
  const { t } = useTranslation('layout');
  const { indexData } = useSession();
  if (indexData?.acAccountStatus !== 'Disable') return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={t('errors:reason.accountDisabled')}
      description={t('accountDisabled.hint')}
      data-testid="account-disabled-banner"
    />
  );
};
