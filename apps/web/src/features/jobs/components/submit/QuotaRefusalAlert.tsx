import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hourQuotaRefusal, useErrorText } from '../../../../lib/errors';

/**
 * The job was refused by a core-hour or card-hour quota: what is used, the limit and what the job
 * would need, in the page's language, and the way to ask for more (the Applications page, on a
 * new application for that account).
 */
export const QuotaRefusalAlert = ({ error, onClose }: { error: unknown; onClose: () => void }) => {
  const { t } = useTranslation('job-submit');
  const errorText = useErrorText();
  const refusal = hourQuotaRefusal(error);
  if (!refusal) return null;
  const apply = `/account/applications?apply=${refusal.quota}${refusal.account ? `&account=${encodeURIComponent(refusal.account)}` : ''}`;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="quota-refusal"
      style={{ marginBottom: 16 }}
      title={t('quota.title')}
      description={errorText(error)}
      action={<Link to={apply}>{t('quota.apply')}</Link>}
      closable={{ onClose }}
    />
  );
};
