import type { UsageFigures } from '@portal/shared';
import { FigureCards } from '../../../components/usage/FigureCards';
import type { HourUnits } from '../../../components/usage/usage-format';

interface Props {
  totals: UsageFigures | undefined;
  loading: boolean;
  units: HourUnits;
}

/** Jobs, core-hours and card-hours of the whole report, with the exact seconds they come from. */
export const UsageTotals = ({ totals, loading, units }: Props) => (
  <FigureCards ns="reports" figures={totals} units={units} loading={loading} testIdPrefix="total-" />
);
