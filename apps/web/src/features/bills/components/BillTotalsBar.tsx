import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillTotals } from '@portal/shared';
import { formatHours, formatSeconds, type HourUnits } from '../../../components/usage/usage-format';
import { formatMoney } from '../../../lib/money';

interface Props {
  totals: BillTotals | undefined;
  currency: string;
  loading: boolean;
}

/** Jobs, core- and card-hours and the amount of every line (not only the page's). */
export const BillTotalsBar = ({ totals, currency, loading }: Props) => {
  const { t, i18n } = useTranslation('bills');
  const units: HourUnits = { billion: t('unit.billion'), million: t('unit.million') };
  const exact = (s: number | undefined) =>
    s === undefined ? null : (
      <Typography.Text type="secondary">{t('totals.seconds', { seconds: formatSeconds(s, i18n.language) })}</Typography.Text>
    );
  const cards = [
    { key: 'jobs', title: t('totals.jobs'), value: totals ? String(totals.jobs) : '-', extra: null },
    {
      key: 'coreHours',
      title: t('totals.coreHours'),
      value: totals ? formatHours(totals.coreSeconds, units) : '-',
      extra: exact(totals?.coreSeconds),
    },
    {
      key: 'cardHours',
      title: t('totals.cardHours'),
      value: totals ? formatHours(totals.cardSeconds, units) : '-',
      extra: exact(totals?.cardSeconds),
    },
    { key: 'amount', title: t('totals.amount'), value: formatMoney(totals?.amountCents, currency, i18n.language), extra: null },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={24} sm={12} lg={6}>
          <Card size="small" data-testid={`bill-total-${c.key}`}>
            <Statistic title={c.title} value={c.value} loading={loading && !totals} />
            {c.extra}
          </Card>
        </Col>
      ))}
    </Row>
  );
};
