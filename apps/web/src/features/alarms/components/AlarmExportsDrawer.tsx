import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALARM_EXPORTS_KEPT, type AlarmExportTask } from '@portal/shared';
import { FileTasksDrawer } from '../../../components/file-tasks/FileTasksDrawer';
import { formatDateTime } from '../../../lib/format';
import { alarmExportUrl, useAlarmExports, useRemoveAlarmExport } from '../api/alarm-exports';
import { exportFilters } from './alarm-export-model';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The user's alarm export tasks: state, progress while running, download once written, remove. */
export const AlarmExportsDrawer = ({ open, onClose }: Props) => {
  const { t } = useTranslation('alarm-list');
  const qc = useQueryClient();
  const tasks = useAlarmExports(open);
  const remove = useRemoveAlarmExport();
  const describe = (task: AlarmExportTask) => {
    const { startTime, endTime } = task.filter;
    return [
      t(`exports.list.${task.filter.list}`),
      ...exportFilters(task.filter).map(({ key, value }) =>
        t('exports.filter', {
          name: t(`exports.filterName.${key}`),
          value:
            key === 'severity'
              ? value
                  .split(',')
                  .map((s) => t(`severity.${s}`, { defaultValue: s }))
                  .join(', ')
              : key === 'confirm'
                ? t(`confirmState.${value}`, { defaultValue: value })
                : value,
        }),
      ),
      (startTime || endTime) &&
        t('exports.range', {
          from: startTime ? formatDateTime(startTime) : '…',
          to: endTime ? formatDateTime(endTime) : '…',
        }),
    ];
  };
  return (
    <FileTasksDrawer<AlarmExportTask>
      open={open}
      onClose={onClose}
      ns="alarm-list"
      prefix="exports"
      files={tasks}
      remove={remove}
      downloadUrl={alarmExportUrl}
      onDownloaded={() => void qc.invalidateQueries({ queryKey: ['alarmExports'] })}
      describe={describe}
      kept={ALARM_EXPORTS_KEPT}
      testId="alarm-export"
    />
  );
};
