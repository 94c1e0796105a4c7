import { Alert, Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';

/** Why the bills could not be read, with a retry of every bills query on the page. */
export const LoadError = ({ error, fetching }: { error: unknown; fetching: boolean }) => {
  const { t } = useTranslation('bills');
  const errorText = useErrorText();
  const qc = useQueryClient();
  return (
    <Alert
      type="error"
      showIcon
      message={t('error.title')}
      description={errorText(error)}
      data-testid="bills-error"
      action={
        <Button onClick={() => void qc.refetchQueries({ queryKey: ['bills'] })} loading={fetching}>
          {t('error.retry')}
        </Button>
      }
    />
  );
};
