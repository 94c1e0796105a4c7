import type { BillStatisticsRow } from '@portal/shared';
import type { ChartPoint } from '../../../components/charts/options';

/** A row's name on the chart or in the table: the key, or a stand-in for jobs without one. */
export const groupName = (key: string, none: string): string => (key === '' ? none : key);

/** Amounts in the currency (two decimals, from whole cents) per row, largest first as the API sorted them. */
export const amountPoints = (rows: BillStatisticsRow[], none: string): ChartPoint[] =>
  rows.map((r) => ({ name: groupName(r.key, none), value: r.amountCents / 100 }));
