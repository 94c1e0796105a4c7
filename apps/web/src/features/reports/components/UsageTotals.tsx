import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UsageFigures } from '@portal/shared';
import { formatHours, formatSeconds, type HourUnits } from '../../../components/usage/usage-format';

interface Props {
  totals: UsageFigures | undefined;
  loading: boolean;
  units: HourUnits;
}

/** Jobs, core-hours and card-hours of the whole report, with the exact seconds they come from. */
export const UsageTotals = ({ totals, loading, units }: Props) => {
  const { t, i18n } = useTranslation('reports');
  const seconds = (s: number | undefined) =>
    s === undefined ? null : (
      <Typography.Text type="secondary">{t('totals.seconds', { seconds: formatSeconds(s, i18n.language) })}</Typography.Text>
    );
  const cards = [
    { key: 'jobs', title: t('totals.jobs'), value: totals ? String(totals.jobs) : '-', extra: null },
    {
      key: 'coreHours',
      title: t('totals.coreHours'),
      value: totals ? formatHours(totals.coreSeconds, units) : '-',
      extra: seconds(totals?.coreSeconds),
    },
    {
      key: 'cardHours',
      title: t('totals.cardHours'),
      value: totals ? formatHours(totals.cardSeconds, units) : '-',
      extra: seconds(totals?.cardSeconds),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={24} sm={8}>
          <Card size="small" data-testid={`total-${c.key}`}>
            <Statistic title={c.title} value={c.value} loading={loading && !totals} />
            {c.extra}
          </Card>
        </Col>
      ))}
    </Row>
  );
};
