import { Card } from 'antd';
import { useMemo } from 'react';
import { EChart } from '../../../../components/charts/EChart';
import { barOption, hasData, pieOption, type ChartPoint } from '../../../../components/charts/options';

interface Props {
  title: string;
  kind: 'pie' | 'bar';
  points: ChartPoint[];
  /** Pie slices with a fixed colour by (displayed) name. */
  colors?: Record<string, string>;
  extra?: string;
}

/** One chart in a card; 'No Data' when there is nothing to draw. */
export const ChartCard = ({ title, kind, points, colors, extra }: Props) => {
  const option = useMemo(
    () => (kind === 'pie' ? pieOption(points, { seriesName: title, colors }) : barOption(points, { seriesName: title })),
    [kind, points, title, colors],
  );
  return (
    <Card size="small" title={title} extra={extra}>
      <EChart option={option} label={title} empty={!hasData(points)} />
    </Card>
  );
};
