import type { AlarmDetails, MetricUnit } from '@portal/shared';
import { LINE_WIDTH } from '../../../components/charts/chart-theme';
import { timeLineOption, type ChartOption } from '../../../components/charts/options';
import { unitInterval } from '../../../lib/metric-units';
import { thresholdValues } from './alarm-list-model';
import { severityLineColor } from './alarm-severity';

/*
 * The snapshot of an alarm's details (spec section 9: up to an hour before and after the raise) as
 * a line chart: the metric of the resource, the raise (and the recovery, when it falls in the
 * hour after) marked as vertical lines, the threshold as a horizontal one in the level's colour.
 */

/** Below this many values the line draws its points too (as the backtrack's lines do). */
const SPARSE_POINTS = 60;
/** The zoom opens on at least this many steps. */
const ZOOM_STEPS = 30;

/** A round number at or above v: 1, 2 or 5 times a power of ten. */
export const niceCeil = (v: number): number => {
  if (!Number.isFinite(v) || v <= 0) return v;
  const power = 10 ** Math.floor(Math.log10(v));
  const step = [1, 2, 5, 10].find((s) => s * power >= v) ?? 10;
  return step * power;
};

/** The largest value of the points (undefined when none has one). */
export const pointsMax = (points: AlarmDetails['snapshot']['points']): number | undefined =>
  points.reduce<number | undefined>((m, p) => (p.value !== null && (m === undefined || p.value > m) ? p.value : m), undefined);

export interface SnapshotTexts {
  /** A value with the metric's unit. */
  format: (v: number) => string;
  timeLabel: (ms: number) => string;
  raised: string;
  recovered: string;
  threshold: (value: string) => string;
}

export const snapshotOption = (details: AlarmDetails, texts: SnapshotTexts): ChartOption => {
  const { alarm, snapshot } = details;
  const from = Date.parse(snapshot.from);
  const to = Date.parse(snapshot.to);
  const raised = Date.parse(alarm.alarmTime);
  const recovered = alarm.recoveryTime === null ? null : Date.parse(alarm.recoveryTime);
  const thresholds = thresholdValues(alarm);
  const dataMax = pointsMax(snapshot.points) ?? 0;
  const top = Math.max(dataMax, ...thresholds);
  const unit: MetricUnit = alarm.unit;
  const interval = unitInterval(unit, top);
  const base = timeLineOption([{ name: alarm.resName, points: snapshot.points.map((p) => [p.time, p.value] as const) }], {
    format: texts.format,
    timeLabel: texts.timeLabel,
    min: from,
    max: to,
    minZoomSpan: ZOOM_STEPS * Math.max(1, snapshot.stepSeconds) * 1000,
    ...(interval ? { yInterval: interval } : {}),
  });
  const color = severityLineColor(alarm.severity);
  const timeMarks = [
    { xAxis: raised, name: texts.raised },
    ...(recovered !== null && recovered <= to ? [{ xAxis: recovered, name: texts.recovered }] : []),
  ].map((m) => ({
    xAxis: m.xAxis,
    name: m.name,
    lineStyle: { color: '#595959', type: 'dashed' as const, width: 1 },
    label: { formatter: m.name, position: 'end' as const, color: '#262626' },
  }));
  const levelMarks = thresholds.map((v) => ({
    yAxis: v,
    name: texts.threshold(texts.format(v)),
    lineStyle: { color, type: 'solid' as const, width: 1.5 },
    label: { formatter: texts.threshold(texts.format(v)), position: 'insideStartTop' as const, color: '#262626' },
  }));
  // A threshold above every value would sit outside the axis: the axis reaches it.
  const yMax = interval
    ? ({ max }: { max: number }) => Math.max(interval, Math.ceil(Math.max(max, ...thresholds) / interval) * interval)
    : thresholds.some((v) => v > dataMax)
      ? niceCeil(Math.max(...thresholds))
      : undefined;
  const yMin = thresholds.some((v) => v < 0) ? Math.min(...thresholds) : undefined;
  const values = snapshot.points.filter((p) => p.value !== null).length;
  return {
    ...base,
    legend: { show: false },
    yAxis: {
      type: 'value',
      axisLabel: { formatter: (v: number) => texts.format(v) },
      ...(interval ? { interval } : {}),
      ...(yMax !== undefined ? { max: yMax } : {}),
      ...(yMin !== undefined ? { min: yMin } : {}),
    },
    series: [
      {
        type: 'line',
        name: alarm.resName,
        connectNulls: false,
        showSymbol: values < SPARSE_POINTS,
        symbolSize: 4,
        lineStyle: { width: LINE_WIDTH },
        data: snapshot.points.map((p) => [p.time, p.value]),
        markLine: { silent: true, symbol: 'none', animation: false, data: [...timeMarks, ...levelMarks] },
      },
    ],
  };
};
