import type { AlarmItem, AlarmSeverity } from '@portal/shared';
import type { Cell, Column, Lang } from '../report-files/index.js';

/*
 * The columns of an alarm export: the alarm list's fields (spec section 3 "Alarm"), with the
 * headers, levels and confirm states in English or Chinese (the web's alarm list texts).
 */

type Texts = Record<Lang, string>;

interface AlarmColumn {
  header: Texts;
  kind: Column['kind'];
  width: number;
  value: (a: AlarmItem, f: CellFormat) => Cell;
}

/** How times and words are written in the cells. */
export interface CellFormat {
  lang: Lang;
  time: (ms: number) => string;
}

const SEVERITY: Record<AlarmSeverity, Texts> = {
  warning: { en: 'Warning', zh: '提示' },
  minor: { en: 'Minor', zh: '次要' },
  major: { en: 'Major', zh: '重要' },
  critical: { en: 'Critical', zh: '紧急' },
};

const CONFIRMED: Record<'yes' | 'no', Texts> = {
  yes: { en: 'Confirmed', zh: '已确认' },
  no: { en: 'Unconfirmed', zh: '未确认' },
};

const timeOrEmpty = (iso: string | null, f: CellFormat): string => (iso === null ? '' : f.time(Date.parse(iso)));

const COLUMNS: AlarmColumn[] = [
  { header: { en: 'Alarm time', zh: '告警时间' }, kind: 'text', width: 20, value: (a, f) => timeOrEmpty(a.alarmTime, f) },
  { header: { en: 'Level', zh: '级别' }, kind: 'text', width: 10, value: (a, f) => SEVERITY[a.severity][f.lang] },
  { header: { en: 'Resource', zh: '资源' }, kind: 'text', width: 20, value: (a) => a.resName },
  { header: { en: 'Asset type', zh: '资产类型' }, kind: 'text', width: 12, value: (a) => a.categoryName },
  { header: { en: 'Parent resource', zh: '上级资源' }, kind: 'text', width: 16, value: (a) => a.parentName },
  { header: { en: 'Model', zh: '型号' }, kind: 'text', width: 14, value: (a) => a.modelName },
  { header: { en: 'Cluster', zh: '集群' }, kind: 'text', width: 12, value: (a) => a.clusterId },
  { header: { en: 'Indicator', zh: '告警指标' }, kind: 'text', width: 18, value: (a) => a.metricName },
  { header: { en: 'Value', zh: '当前值' }, kind: 'text', width: 10, value: (a) => a.metricValue ?? '' },
  { header: { en: 'Unit', zh: '单位' }, kind: 'text', width: 8, value: (a) => a.unit },
  { header: { en: 'Condition', zh: '告警条件' }, kind: 'text', width: 10, value: (a) => a.alarmCondition ?? '' },
  { header: { en: 'Threshold', zh: '阈值' }, kind: 'text', width: 12, value: (a) => a.threshold },
  { header: { en: 'Threshold template', zh: '阈值模板' }, kind: 'text', width: 18, value: (a) => a.thresholdTempName },
  { header: { en: 'Duration (s)', zh: '持续时间（秒）' }, kind: 'int', width: 12, value: (a) => a.durationTime },
  { header: { en: 'Recovery time', zh: '恢复时间' }, kind: 'text', width: 20, value: (a, f) => timeOrEmpty(a.recoveryTime, f) },
  {
    header: { en: 'Confirm status', zh: '确认状态' },
    kind: 'text',
    width: 12,
    value: (a, f) => CONFIRMED[a.confirmed ? 'yes' : 'no'][f.lang],
  },
  { header: { en: 'Description', zh: '描述' }, kind: 'text', width: 40, value: (a) => a.description },
];

/** The header row's columns; the times' headers name the zone they are written in. */
export const alarmColumns = (lang: Lang, zone: string): Column[] =>
  COLUMNS.map((c) => ({
    header: c.header.en.endsWith('time') ? `${c.header[lang]} (${zone})` : c.header[lang],
    kind: c.kind,
    width: c.width,
  }));

/** One alarm as a row of the file. */
export const alarmLine = (a: AlarmItem, f: CellFormat): Cell[] => COLUMNS.map((c) => c.value(a, f));

/** The sheet's name. */
export const alarmSheetName = (lang: Lang): string => (lang === 'zh' ? '告警' : 'Alarms');
