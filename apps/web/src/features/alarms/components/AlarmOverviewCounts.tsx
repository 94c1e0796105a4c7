import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmSeverityCount } from '@portal/shared';
import { severityLineColor } from './alarm-severity';
import { SEVERITIES_DOWN, type SeverityTotals } from './alarm-overview-model';
import { Figure } from './AlarmSeverityCounts';
import { AlarmSeverityTag } from './AlarmTags';

interface Props {
  /** Raised in the period by level (the chart's buckets summed). */
  raised: SeverityTotals | undefined;
  /** Open now by level. */
  open: AlarmSeverityCount | undefined;
  recovered: number | undefined;
}

/** Per level: the alarms raised in the period, and how many are open now, in the alarm colours. */
export const AlarmOverviewCounts = ({ raised, open, recovered }: Props) => {
  const { t } = useTranslation('alarm-overview');
  const dash = (n: number | undefined) => (n === undefined ? '-' : n);
  return (
    <Card size="small" title={t('counts.label')}>
      <Flex gap={12} wrap role="group" aria-label={t('counts.label')}>
        {SEVERITIES_DOWN.map((s) => (
          <Figure
            key={s}
            testId={`overview-count-${s}`}
            edge={severityLineColor(s)}
            label={<AlarmSeverityTag severity={s} />}
            value={raised?.[s]}
            note={t('counts.openNow', { count: dash(open?.[s]) })}
          />
        ))}
        <Figure
          testId="overview-count-total"
          edge="#595959"
          label={t('counts.total')}
          value={raised?.total}
          note={t('counts.openUnconfirmed', { open: dash(open?.total), unconfirmed: dash(open?.unconfirmed) })}
        />
        <Figure testId="overview-count-recovered" edge="#52c41a" label={t('counts.recovered')} value={recovered} />
      </Flex>
    </Card>
  );
};
