import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmItem, AlarmSeverity } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { SEVERITY_TAG_COLORS } from './alarm-severity';

/** A level in its colour (spec section 9). */
export const AlarmSeverityTag = ({ severity }: { severity: AlarmSeverity }) => {
  const { t } = useTranslation('alarm-list');
  return (
    <Tag color={SEVERITY_TAG_COLORS[severity]} style={{ marginInlineEnd: 0 }}>
      {t(`severity.${severity}`)}
    </Tag>
  );
};

/**
 * Whether an alarm is confirmed; a confirmed one tells who confirmed it, when and why in a tooltip
 * that the keyboard reaches too (the tag takes the focus and carries the same text as its label).
 */
export const AlarmConfirmTag = ({
  alarm,
}: {
  alarm: Pick<AlarmItem, 'confirmed' | 'confirmedBy' | 'confirmedAt' | 'confirmRemark'>;
}) => {
  const { t } = useTranslation('alarm-list');
  if (!alarm.confirmed) return <Tag>{t('confirmState.unconfirmed')}</Tag>;
  const info = t('confirmInfo', {
    user: alarm.confirmedBy || '-',
    time: formatDateTime(alarm.confirmedAt),
    remark: alarm.confirmRemark || '-',
  });
  return (
    <Tooltip title={info}>
      <Tag color="green" tabIndex={0} aria-label={`${t('confirmState.confirmed')}: ${info}`} style={{ marginInlineEnd: 0 }}>
        {t('confirmState.confirmed')}
      </Tag>
    </Tooltip>
  );
};
