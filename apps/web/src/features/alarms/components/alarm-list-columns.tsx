import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { AlarmItem } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import type { AlarmTab } from './alarm-list-model';
import { durationText, indicatorName, thresholdText, triggerText, type AlarmTexts } from './alarm-list-text';
import { AlarmConfirmTag, AlarmSeverityTag } from './AlarmTags';

export interface AlarmRowActions {
  onConfirm: (a: AlarmItem) => void;
  onUnconfirm: (a: AlarmItem) => void;
  /** The alarms a confirmation is being sent for. */
  busy: readonly number[];
}

/**
 * The alarm list's columns (spec section 3 "Alarm"): the raise time opens the details; the
 * recovery time only in the history; Confirm / Cancel confirmation only for those who manage alarms.
 */
export const alarmColumns = (
  texts: AlarmTexts,
  tab: AlarmTab,
  onOpen: (a: AlarmItem) => void,
  actions: AlarmRowActions | null,
): TableColumnsType<AlarmItem> => {
  const t: TFunction<'alarm-list'> = texts.t;
  const { metrics } = texts;
  return [
    {
      title: t('col.alarmTime'),
      key: 'alarmTime',
      fixed: 'left',
      // The time opens the alarm's details (a click anywhere else on the row does too).
      render: (_: unknown, a) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => onOpen(a)}
          aria-label={t('openDetails', { resource: a.resName, time: formatDateTime(a.alarmTime) })}
        >
          {formatDateTime(a.alarmTime)}
        </Button>
      ),
    },
    {
      title: t('col.severity'),
      dataIndex: 'severity',
      render: (s: AlarmItem['severity']) => <AlarmSeverityTag severity={s} />,
    },
    {
      title: t('col.resource'),
      key: 'resource',
      render: (_: unknown, a) => (
        <Flex vertical>
          <Typography.Text>{a.resName}</Typography.Text>
          {a.parentName && <Typography.Text type="secondary">{a.parentName}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('col.resourceType'),
      dataIndex: 'categoryId',
      render: (v: AlarmItem['categoryId']) => (v ? metrics(`type.${v}`) : '-'),
    },
    {
      title: t('col.indicator'),
      key: 'indicator',
      render: (_: unknown, a) => indicatorName(texts, a),
    },
    {
      title: t('col.value'),
      key: 'value',
      align: 'right',
      render: (_: unknown, a) => triggerText(texts, a),
    },
    {
      title: t('col.threshold'),
      key: 'threshold',
      render: (_: unknown, a) => thresholdText(texts, a),
    },
    {
      title: t('col.template'),
      dataIndex: 'thresholdTempName',
      render: (v: string) => v || '-',
    },
    {
      title: t('col.duration'),
      dataIndex: 'durationTime',
      render: (v: number) => durationText(t, v),
    },
    ...(tab === 'history'
      ? [
          {
            title: t('col.recoveryTime'),
            key: 'recoveryTime',
            render: (_: unknown, a: AlarmItem) => formatDateTime(a.recoveryTime),
          },
        ]
      : []),
    {
      title: t('col.confirm'),
      key: 'confirm',
      render: (_: unknown, a) => <AlarmConfirmTag alarm={a} />,
    },
    ...(actions
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, a: AlarmItem) =>
              a.confirmed ? (
                <Button
                  type="link"
                  size="small"
                  loading={actions.busy.includes(a.id)}
                  onClick={() => actions.onUnconfirm(a)}
                  aria-label={t('unconfirmOf', { resource: a.resName, time: formatDateTime(a.alarmTime) })}
                >
                  {t('unconfirm')}
                </Button>
              ) : (
                <Button
                  type="link"
                  size="small"
                  loading={actions.busy.includes(a.id)}
                  onClick={() => actions.onConfirm(a)}
                  aria-label={t('confirmOf', { resource: a.resName, time: formatDateTime(a.alarmTime) })}
                >
                  {t('confirm')}
                </Button>
              ),
          },
        ]
      : []),
  ];
};
