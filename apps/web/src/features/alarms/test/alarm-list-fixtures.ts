import type { AlarmDetails, AlarmItem } from '@portal/shared';

/* What the alarm list's tests are made of: an alarm like the server's tests raise (an InfiniBand port down on n1), with the given changes. */

const SAMPLE: AlarmItem = {
  id: 1,
  alarmTime: '2026-03-01T10:00:00.000Z',
  recoveryTime: null,
  durationTime: 65,
  severity: 'major',
  peakSeverity: 'critical',
  kind: 'threshold',
  clusterId: 'local',
  resId: 7,
  resName: 'n1',
  categoryId: 'SERVER',
  categoryName: 'SERVER',
  modelId: '',
  modelName: '',
  parentId: null,
  parentName: '',
  metricId: 'infiniband.portsActive',
  metricName: 'infiniband.portsActive',
  unit: 'count',
  metricValue: 1,
  recoveryValue: null,
  alarmCondition: '<',
  threshold: '2',
  thresholdTempId: 3,
  thresholdTempName: 'Fabric',
  alarmStatus: 0,
  aggRuleId: null,
  subsetNum: 0,
  resTotal: 1,
  description: 'infiniband.portsActive of n1 < 2',
  confirmed: false,
  confirmedBy: '',
  confirmedAt: null,
  confirmRemark: '',
};

export const alarmItem = (extra: Partial<AlarmItem> = {}): AlarmItem => ({ ...SAMPLE, ...extra });

/** Details of an alarm: its snapshot from an hour before to an hour after, a point a minute. */
export const alarmDetails = (alarm: AlarmItem, values: readonly (number | null)[]): AlarmDetails => {
  const raised = Date.parse(alarm.alarmTime);
  const from = raised - 3_600_000;
  return {
    alarm,
    confirmLog: [],
    snapshot: {
      from: new Date(from).toISOString(),
      to: new Date(raised + 3_600_000).toISOString(),
      stepSeconds: 60,
      stored: true,
      points: values.map((value, i) => ({ time: from + i * 60_000, value })),
    },
    recent: [],
  };
};
