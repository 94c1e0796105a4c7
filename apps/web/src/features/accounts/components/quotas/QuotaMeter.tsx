import { Flex, Progress, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHours, meterState, percentOf, type Meter } from './quota-numbers';

interface Props extends Meter {
  kind: 'coreHours' | 'cardHours' | 'runningJobs';
}

/** The words under a meter: "12.50 used, 4.00 reserved of 100 core-hours", "2 of 4 running jobs". */
const useMeterText = ({ kind, used, reserved, limit }: Props) => {
  const { t } = useTranslation('quotas');
  if (kind === 'runningJobs') return limit === null ? t('meter.jobsNoLimit', { count: used }) : t('meter.jobs', { used, limit });
  const values = { used: formatHours(used), reserved: formatHours(reserved), limit, unit: t(`unit.${kind}`) };
  if (limit === null) return t(reserved > 0 ? 'meter.hoursNoLimit' : 'meter.hoursNoLimitUsed', values);
  return t(reserved > 0 ? 'meter.hours' : 'meter.hoursUsed', values);
};

/**
 * One limit as used / limit: the bar's dark part is used, its light part reserved by queued and
 * running jobs; red once an hour limit is reached (new jobs are refused), amber when the reserved
 * part reaches it or the running jobs are at their maximum (further jobs wait). No limit: the
 * usage and a "No limit" tag, no bar.
 */
export const QuotaMeter = (props: Props) => {
  const { t } = useTranslation('quotas');
  const { token } = theme.useToken();
  const text = useMeterText(props);
  const { kind, used, reserved, limit } = props;
  const state = meterState(props);
  // At the running-job maximum nothing is refused: further jobs wait in the queue.
  const jobsFull = kind === 'runningJobs' && state === 'over';
  const label = t(`kind.${kind}`);
  const color = jobsFull || state === 'near' ? token.colorWarning : state === 'over' ? token.colorError : token.colorPrimary;
  return (
    <div>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text>{label}</Typography.Text>
        <Flex gap={6} align="baseline" wrap>
          <Typography.Text type="secondary">{text}</Typography.Text>
          {limit === null && <Tag style={{ marginInlineEnd: 0 }}>{t('meter.noLimit')}</Tag>}
        </Flex>
      </Flex>
      {limit !== null && (
        <Progress
          aria-label={t('meter.barLabel', { what: label })}
          aria-valuetext={text}
          percent={percentOf(used + reserved, limit)}
          success={{ percent: percentOf(used, limit), strokeColor: color }}
          strokeColor={state === 'near' ? token.colorWarningBorder : token.colorPrimaryBorder}
          status={state === 'over' && !jobsFull ? 'exception' : 'normal'}
          showInfo={false}
          size="small"
          style={{ marginBottom: 0 }}
        />
      )}
      {state !== 'ok' && (
        <Typography.Text type={state === 'over' && !jobsFull ? 'danger' : 'warning'} style={{ fontSize: token.fontSizeSM }}>
          {t(jobsFull ? 'meter.jobsFull' : state === 'over' ? 'meter.over' : 'meter.near')}
        </Typography.Text>
      )}
    </div>
  );
};
