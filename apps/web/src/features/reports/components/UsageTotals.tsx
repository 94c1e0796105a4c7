import { useTranslation } from 'react-i18next';
import type { UsageFigures } from '@portal/shared';
import { FigureCards } from '../../../components/usage/FigureCards';
import type { HourUnits } from '../../../components/usage/usage-format';

interface Props {
  totals: UsageFigures | undefined;
  loading: boolean;
  units: HourUnits;
}

/** Jobs, core-hours and card-hours of the whole report, with the exact seconds they come from. */
export const UsageTotals = ({ totals, loading, units }: Props) => {
  const { t } = useTranslation('reports');
  const labels = {
    jobs: t('totals.jobs'),
    coreHours: t('totals.coreHours'),
    cardHours: t('totals.cardHours'),
    seconds: (seconds: string) => t('totals.seconds', { seconds }),
  };
  return <FigureCards labels={labels} figures={totals} units={units} loading={loading} testIdPrefix="total-" />;
};
