import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomSliderComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_HEIGHT } from './chart-theme';
import type { ChartOption } from './options';

registerEcharts([
  PieChart,
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  DataZoomSliderComponent,
  CanvasRenderer,
]);

interface Props {
  option: ChartOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  /** Nothing to draw: 'No Data' instead of an empty frame. */
  empty?: boolean;
  height?: number;
  /** A click on a bar or a slice (keep a keyboard way to the same place beside the chart). */
  onClick?: (item: { name: string; dataIndex: number }) => void;
}

/** One ECharts instance in a div, resized with its box and disposed with the component. */
export const EChart = ({ option, label, empty = false, height = CHART_HEIGHT, onClick }: Props) => {
  const { t } = useTranslation('common');
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || empty) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [empty]);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option, empty]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onClick) return;
    const handler = (p: { name?: string; dataIndex?: number }) => onClick({ name: p.name ?? '', dataIndex: p.dataIndex ?? -1 });
    instance.on('click', handler);
    return () => {
      instance.off('click', handler);
    };
  }, [onClick, empty]);

  // Two keys, two elements: disposing the chart empties its div (zrender sets innerHTML = ''), which
  // would take 'No Data' with it if React reused that div, and React would later fail to remove it.
  if (empty)
    return (
      <div
        key="empty"
        style={{ height, display: 'grid', placeItems: 'center' }}
        role="img"
        aria-label={`${label}: ${t('chart.noData')}`}
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.noData')} />
      </div>
    );
  return <div key="chart" ref={box} style={{ height, width: '100%' }} role="img" aria-label={label} />;
};
