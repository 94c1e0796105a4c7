import { Alert, Card, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobPreview, JobPreviewRefusal } from '@portal/shared';
import { ApiError } from '../../../../lib/api-client';
import { useErrorText } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/money';
import { useJobPreview, type PreviewJobInput } from '../../api/preview-job';
import { hoursText, quotaLine, startOf } from './estimate-model';

/** How long the form must rest before the estimate is asked again. */
export const ESTIMATE_DEBOUNCE_MS = 600;

/** The value once it has not changed for `ms` (compared by content: a new object each render is no change). */
const useSettled = <T,>(value: T, ms: number): T => {
  const key = JSON.stringify(value) ?? 'null';
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    if (settled.key === key) return;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
  }, [key, ms, value, settled.key]);
  return settled.value;
};

/** A refusal in the answer, as the error the submit would have thrown (so it reads the same). */
const asError = (r: JobPreviewRefusal) => new ApiError(r.errCode, r.message, 400, { ...r.data, reason: r.reason });

/** The answer's lines: usage, quota left, expected start, refusals. */
export const EstimateFigures = ({ preview, now }: { preview: JobPreview; now: number }) => {
  const { t, i18n } = useTranslation('job-submit');
  const errorText = useErrorText();
  const start = startOf(preview.expectedStartAt, now);
  const quota = (kind: 'coreHours' | 'cardHours') => {
    const q = preview.quota?.[kind];
    if (!q) return null;
    const line = quotaLine(q);
    return (
      <Typography.Text type={line.over ? 'danger' : undefined} data-testid={`estimate-quota-${kind}`}>
        {t(`estimate.quota.${kind}`, { left: line.left, limit: line.limit })}
      </Typography.Text>
    );
  };
  const startText =
    start.kind === 'unknown'
      ? t('estimate.start.unknown')
      : start.kind === 'now'
        ? t('estimate.start.now')
        : t('estimate.start.at', {
            at: dayjs(start.at).format('YYYY-MM-DD HH:mm'),
            in: [
              start.days ? t('estimate.in.days', { count: start.days }) : '',
              start.hours ? t('estimate.in.hours', { count: start.hours }) : '',
              start.minutes || (!start.days && !start.hours) ? t('estimate.in.minutes', { count: start.minutes }) : '',
            ]
              .filter(Boolean)
              .join(' '),
          });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text data-testid="estimate-core-hours">
        {t('estimate.coreHours', { hours: hoursText(preview.coreSeconds) })}
      </Typography.Text>
      {preview.cardSeconds > 0 && (
        <Typography.Text data-testid="estimate-card-hours">
          {t('estimate.cardHours', { hours: hoursText(preview.cardSeconds) })}
        </Typography.Text>
      )}
      {preview.cost && (
        <Typography.Text data-testid="estimate-cost">
          {preview.cost.priceId === null
            ? t('estimate.cost.noPrice')
            : t(preview.cardSeconds > 0 ? 'estimate.cost.withCards' : 'estimate.cost.cores', {
                amount: formatMoney(preview.cost.amountCents, preview.cost.currency, i18n.language),
                core: preview.cost.coreHourPrice,
                card: preview.cost.cardHourPrice,
              })}
        </Typography.Text>
      )}
      {preview.quota ? (
        <>
          {quota('coreHours')}
          {quota('cardHours')}
        </>
      ) : (
        <Typography.Text type="secondary">{t('estimate.quota.none')}</Typography.Text>
      )}
      {preview.refusals.length === 0 && <Typography.Text data-testid="estimate-start">{startText}</Typography.Text>}
      {preview.refusals.map((r, i) => (
        <Alert key={i} type="warning" showIcon title={errorText(asError(r))} data-testid="estimate-refusal" />
      ))}
    </div>
  );
};

/**
 * What the job would use (a maximum: cores and GPUs × the time limit), the quota left after it and
 * when it would start, asked again once the form rests (ESTIMATE_DEBOUNCE_MS). It never blocks the
 * form: a failure is shown here, the last answer stays while the next loads.
 */
export const EstimatePanel = ({ body }: { body: PreviewJobInput | null }) => {
  const { t } = useTranslation('job-submit');
  const errorText = useErrorText();
  const preview = useJobPreview(useSettled(body, ESTIMATE_DEBOUNCE_MS));
  return (
    <Card
      size="small"
      title={t('estimate.title')}
      extra={preview.isFetching ? <Spin size="small" aria-label={t('estimate.loading')} /> : null}
      style={{ marginBottom: 16 }}
      data-testid="estimate"
    >
      {preview.error && (
        <Alert
          type="error"
          showIcon
          title={t('estimate.failed', { error: errorText(preview.error) })}
          style={{ marginBottom: 8 }}
        />
      )}
      {preview.data ? (
        // "In 25 min" counts from when the answer came.
        <EstimateFigures preview={preview.data} now={preview.dataUpdatedAt} />
      ) : (
        !preview.error && (
          <Typography.Text type="secondary">{t(body ? 'estimate.waiting' : 'estimate.incomplete')}</Typography.Text>
        )
      )}
    </Card>
  );
};
