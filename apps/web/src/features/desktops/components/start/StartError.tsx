import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../../lib/api-client';
import { hourQuotaRefusal, useErrorText } from '../../../../lib/errors';

/** Where to ask for more hours when a desktop job met an hour quota (the Applications page of accounts). */
const applyPath = (q: NonNullable<ReturnType<typeof hourQuotaRefusal>>) =>
  `/account/applications?${new URLSearchParams({ apply: q.quota, ...(q.account ? { account: q.account } : {}) }).toString()}`;

/**
 * Why a desktop did not start, by the reason in the page's language (a desktop job meets every
 * check of a job: queue, quota, account, balance). A failed Xvnc sends the first lines of its log
 * (data.detail) along; a refusal that points at a field says so (the field shows it).
 */
export const StartError = ({ error, atField }: { error: unknown; atField: boolean }) => {
  const { t } = useTranslation('desktops');
  const errorText = useErrorText();
  // Only a failed Xvnc's detail is its log; a refused job's detail is the server's English reason.
  const detail =
    error instanceof ApiError && error.reason === 'desktopStartFailed' && typeof error.data.detail === 'string'
      ? error.data.detail
      : '';
  const quota = hourQuotaRefusal(error);
  // An invalid job request carries the server's English detail: the field has the translated words.
  const generic = atField && error instanceof ApiError && error.reason === 'invalidJobRequest';
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={generic ? t('start.refused.atField') : errorText(error)}
      style={{ marginBottom: 16 }}
      action={quota && <Link to={applyPath(quota)}>{t('start.applyHours')}</Link>}
      description={
        detail && (
          <>
            <Typography.Text type="secondary">{t('start.detail')}</Typography.Text>
            <pre
              style={{
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                maxHeight: 200,
                overflow: 'auto',
                margin: 0,
              }}
            >
              {detail}
            </pre>
          </>
        )
      }
    />
  );
};
