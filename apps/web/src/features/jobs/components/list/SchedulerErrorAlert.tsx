import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { isSchedulerError, useErrorText } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';

/**
 * The scheduler did not answer: say so loudly, that what is shown is only the last known state,
 * and when the scheduler last answered (the server tells it with the error).
 */
export const SchedulerErrorAlert = ({ error, hint }: { error: unknown; hint?: string }) => {
  const { t } = useTranslation('jobs');
  const last = error instanceof ApiError ? error.data.lastSnapshotAt : undefined;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={<strong>{t('errors:reason.schedulerError')}</strong>}
      description={
        <>
          {hint ?? t('schedulerError.generic')}
          {typeof last === 'string' && ` ${t('schedulerError.lastAnswer', { time: formatDateTime(last) })}`}
        </>
      }
    />
  );
};

/** A failed read: the scheduler's silence gets its own alert, anything else its translated text. */
export const ErrorAlert = ({ error }: { error: unknown }) => {
  const errorText = useErrorText();
  if (isSchedulerError(error)) return <SchedulerErrorAlert error={error} />;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(error)} />;
};
