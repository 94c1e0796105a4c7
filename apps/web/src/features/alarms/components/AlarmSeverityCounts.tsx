import { Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, type AlarmSeverityCount } from '@portal/shared';
import { severityLineColor } from './alarm-severity';
import { AlarmSeverityTag } from './AlarmTags';

/** A count under its label, with a coloured edge and, if given, a line under it (the overview's "open now"). */
export const Figure = ({
  label,
  value,
  edge,
  testId,
  note,
}: {
  label: ReactNode;
  value: number | undefined;
  edge: string;
  testId: string;
  note?: ReactNode;
}) => (
  <Flex
    vertical
    gap={4}
    style={{ minWidth: 120, padding: '8px 12px', borderInlineStart: `4px solid ${edge}`, background: '#fafafa', borderRadius: 6 }}
    data-testid={testId}
  >
    <span>{label}</span>
    {value === undefined ? (
      <Skeleton.Button active size="small" />
    ) : (
      <Typography.Text strong style={{ fontSize: 24, lineHeight: '32px' }}>
        {value}
      </Typography.Text>
    )}
    {note !== undefined && <Typography.Text type="secondary">{note}</Typography.Text>}
  </Flex>
);

/** The open alarms by level, in the levels' colours, with their total and how many are not confirmed. */
export const AlarmSeverityCounts = ({ counts }: { counts: AlarmSeverityCount | undefined }) => {
  const { t } = useTranslation('alarm-list');
  return (
    <Card size="small">
      <Flex gap={12} wrap role="group" aria-label={t('counts.label')}>
        {[...ALARM_SEVERITIES].reverse().map((s) => (
          <Figure
            key={s}
            testId={`alarm-count-${s}`}
            edge={severityLineColor(s)}
            label={<AlarmSeverityTag severity={s} />}
            value={counts?.[s]}
          />
        ))}
        <Figure testId="alarm-count-total" edge="#595959" label={t('counts.total')} value={counts?.total} />
        <Figure testId="alarm-count-unconfirmed" edge="#722ed1" label={t('counts.unconfirmed')} value={counts?.unconfirmed} />
      </Flex>
    </Card>
  );
};
