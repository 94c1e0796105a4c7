import { Alert, Button, Card, Descriptions, Drawer, Flex, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_STATUS, type AlarmDetails, type AlarmItem } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/errors';
import { useAlarmDetails } from '../api/alarm-list-queries';
import { alarmValueText, durationText, indicatorName, thresholdText, triggerText, type AlarmTexts } from './alarm-list-text';
import { AlarmSnapshotChart } from './AlarmSnapshotChart';
import { AlarmConfirmTag, AlarmSeverityTag } from './AlarmTags';

interface Props {
  /** The alarm opened (as the list has it), or null: closed. */
  alarm: AlarmItem | null;
  onClose: () => void;
  /** For those who manage alarms: confirm or cancel the confirmation from the details. */
  onConfirm?: ((a: AlarmItem) => void) | undefined;
  onUnconfirm?: ((a: AlarmItem) => void) | undefined;
}

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/** Every field of the alarm (spec section 3 "Alarm"). */
const AlarmFields = ({ alarm, texts }: { alarm: AlarmItem; texts: AlarmTexts }) => {
  const { t, metrics } = texts;
  const aggregated = alarm.alarmStatus === ALARM_STATUS.aggregated;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
      <Descriptions.Item label={t('col.severity')}>
        <AlarmSeverityTag severity={alarm.severity} />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.peakSeverity')}>
        <AlarmSeverityTag severity={alarm.peakSeverity} />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.state')}>
        {alarm.recoveryTime === null ? (
          <Tag color="red">{t('detail.open')}</Tag>
        ) : (
          <Tag color="green">{t('detail.recovered')}</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.kind')}>{t(`detail.kinds.${alarm.kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('col.alarmTime')}>{formatDateTime(alarm.alarmTime)}</Descriptions.Item>
      <Descriptions.Item label={t('col.recoveryTime')}>{formatDateTime(alarm.recoveryTime)}</Descriptions.Item>
      <Descriptions.Item label={t('col.duration')}>{durationText(t, alarm.durationTime)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.cluster')}>{dash(alarm.clusterId)}</Descriptions.Item>
      <Descriptions.Item label={t('col.resource')}>{alarm.resName}</Descriptions.Item>
      <Descriptions.Item label={t('col.resourceType')}>
        {alarm.categoryId ? metrics(`type.${alarm.categoryId}`) : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.model')}>{dash(alarm.modelName)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.parent')}>{dash(alarm.parentName)}</Descriptions.Item>
      <Descriptions.Item label={t('col.indicator')}>{indicatorName(texts, alarm)}</Descriptions.Item>
      <Descriptions.Item label={t('col.threshold')}>{thresholdText(texts, alarm)}</Descriptions.Item>
      <Descriptions.Item label={t('col.value')}>{triggerText(texts, alarm)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.recoveryValue')}>{alarmValueText(texts, alarm, alarm.recoveryValue)}</Descriptions.Item>
      <Descriptions.Item label={t('col.template')}>{dash(alarm.thresholdTempName)}</Descriptions.Item>
      <Descriptions.Item label={t('detail.alarmStatus')}>
        {t(aggregated ? 'detail.aggregated' : 'detail.ordinary')}
        {aggregated && ` (${t('detail.subsets', { count: alarm.subsetNum })})`}
      </Descriptions.Item>
      <Descriptions.Item label={t('col.confirm')}>
        <AlarmConfirmTag alarm={alarm} />
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.confirmedBy')}>
        {alarm.confirmed ? `${alarm.confirmedBy} · ${formatDateTime(alarm.confirmedAt)}` : '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.remark')} span={2}>
        {dash(alarm.confirmRemark)}
      </Descriptions.Item>
      <Descriptions.Item label={t('detail.description')} span={2}>
        {dash(alarm.description)}
      </Descriptions.Item>
    </Descriptions>
  );
};

type LogEntry = AlarmDetails['confirmLog'][number];

/** Every confirmation and cancellation, oldest first, with its remark. */
const ConfirmLog = ({ log, t }: { log: readonly LogEntry[]; t: AlarmTexts['t'] }) => {
  const columns: TableColumnsType<LogEntry> = [
    { title: t('detail.log.at'), key: 'at', render: (_: unknown, l) => formatDateTime(l.at) },
    {
      title: t('detail.log.action'),
      dataIndex: 'action',
      render: (a: LogEntry['action']) => <Tag color={a === 'confirm' ? 'green' : 'default'}>{t(`detail.log.actions.${a}`)}</Tag>,
    },
    { title: t('detail.log.user'), dataIndex: 'userName' },
    { title: t('detail.remark'), dataIndex: 'remark' },
  ];
  return (
    <Table<LogEntry>
      size="small"
      rowKey={(l) => `${l.at}-${l.action}-${l.userName}`}
      columns={columns}
      dataSource={[...log]}
      pagination={false}
      locale={{ emptyText: t('detail.log.empty') }}
    />
  );
};

/** The resource's latest alarms before this one (spec section 9: the latest 10). */
const RecentAlarms = ({ recent, texts }: { recent: readonly AlarmItem[]; texts: AlarmTexts }) => {
  const { t } = texts;
  const columns: TableColumnsType<AlarmItem> = [
    { title: t('col.alarmTime'), key: 'alarmTime', render: (_: unknown, a) => formatDateTime(a.alarmTime) },
    { title: t('col.severity'), dataIndex: 'severity', render: (s: AlarmItem['severity']) => <AlarmSeverityTag severity={s} /> },
    { title: t('col.indicator'), key: 'indicator', render: (_: unknown, a) => indicatorName(texts, a) },
    { title: t('col.value'), key: 'value', render: (_: unknown, a) => triggerText(texts, a) },
    { title: t('col.recoveryTime'), key: 'recoveryTime', render: (_: unknown, a) => formatDateTime(a.recoveryTime) },
    { title: t('col.duration'), dataIndex: 'durationTime', render: (v: number) => durationText(t, v) },
  ];
  return (
    <Table<AlarmItem>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...recent]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('detail.recent.empty') }}
    />
  );
};

/**
 * An alarm's details (spec section 2): its fields, its confirmation log, its metric an hour either
 * side of the raise, and its resource's latest alarms. The list's row shows at once; the rest
 * arrives with the details call.
 */
export const AlarmDetailDrawer = ({ alarm: opened, onClose, onConfirm, onUnconfirm }: Props) => {
  const { t } = useTranslation('alarm-list');
  const { t: metrics } = useTranslation('resources');
  const errorText = useErrorText();
  const details = useAlarmDetails(opened?.id ?? null);
  const texts: AlarmTexts = { t, metrics };
  const alarm = details.data?.alarm ?? opened;
  const action =
    alarm && (alarm.confirmed ? onUnconfirm : onConfirm) ? (
      <Space>
        {alarm.confirmed ? (
          <Button onClick={() => onUnconfirm?.(alarm)}>{t('unconfirm')}</Button>
        ) : (
          <Button type="primary" onClick={() => onConfirm?.(alarm)}>
            {t('confirm')}
          </Button>
        )}
      </Space>
    ) : null;
  return (
    <Drawer
      open={opened !== null}
      onClose={onClose}
      width={860}
      title={alarm ? t('detail.title', { resource: alarm.resName, time: formatDateTime(alarm.alarmTime) }) : ''}
      extra={action}
      destroyOnHidden
    >
      {alarm && (
        <Flex vertical gap={16}>
          <AlarmFields alarm={alarm} texts={texts} />
          {details.isError && <Alert type="error" showIcon title={errorText(details.error)} />}
          {details.isPending && <Spin aria-label={t('detail.loading')} />}
          {details.data && (
            <>
              <AlarmSnapshotChart details={details.data} />
              <Card size="small" title={t('detail.log.title')}>
                <ConfirmLog log={details.data.confirmLog} t={t} />
              </Card>
              <Card size="small" title={t('detail.recent.title', { resource: alarm.resName })} data-testid="alarm-recent">
                <RecentAlarms recent={details.data.recent} texts={texts} />
              </Card>
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
};
