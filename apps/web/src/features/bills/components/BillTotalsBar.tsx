import { useTranslation } from 'react-i18next';
import type { BillTotals } from '@portal/shared';
import { FigureCards } from '../../../components/usage/FigureCards';
import type { HourUnits } from '../../../components/usage/usage-format';
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
  const amount = { key: 'amount', title: t('totals.amount'), value: formatMoney(totals?.amountCents, currency, i18n.language) };
  const labels = {
    jobs: t('totals.jobs'),
    coreHours: t('totals.coreHours'),
    cardHours: t('totals.cardHours'),
    seconds: (seconds: string) => t('totals.seconds', { seconds }),
  };
  return (
    <FigureCards labels={labels} figures={totals} units={units} loading={loading} testIdPrefix="bill-total-" more={[amount]} />
  );
};
