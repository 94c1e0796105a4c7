import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuotaItem } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { QuotaSummary } from './QuotaSummary';

interface Props {
  accountName: string;
  /** The account's own quota (undefined: none set); loading while the list is not in. */
  quota: QuotaItem | undefined;
  loading: boolean;
  error: unknown;
  /** Administrators: change the limits. */
  onEdit: (() => void) | null;
}

/** The account's limits (all members together) with what is used, in the members drawer. */
export const AccountQuotaSection = ({ accountName, quota, loading, error, onEdit }: Props) => {
  const { t } = useTranslation('quotas');
  const errorText = useErrorText();
  return (
    <Card
      size="small"
      title={t('accountTotal')}
      extra={
        onEdit && (
          <Button size="small" onClick={onEdit} aria-label={t('edit.accountLabel', { name: accountName })}>
            {t('edit.action')}
          </Button>
        )
      }
    >
      {error ? (
        <Alert type="error" showIcon title={errorText(error)} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <QuotaSummary quota={quota} />
      )}
    </Card>
  );
};
