import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_FILES_KEPT, type ReportFile } from '@portal/shared';
import { FileTasksDrawer } from '../../../components/file-tasks/FileTasksDrawer';
import { FILTER_KEYS } from '../../../components/usage/report-filters';
import { reportFileUrl, useDeleteReportFile, useReportFiles } from '../api/report-files';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Report files: the user's exported reports, read again while one is being made. */
export const ReportFilesDrawer = ({ open, onClose }: Props) => {
  const { t } = useTranslation('reports');
  const qc = useQueryClient();
  const files = useReportFiles(open);
  const remove = useDeleteReportFile();
  const describe = (file: ReportFile) => [
    file.filter.detail === 'jobs' ? t('files.jobs') : t('files.summary', { dimension: t(`dimension.${file.filter.groupBy}`) }),
    t(`scope.${file.filter.scope}`, { defaultValue: file.filter.scope }),
    // The filters it was made with, so two files of the same range can be told apart.
    ...FILTER_KEYS.flatMap((k) => {
      const value = file.filter[k];
      return value ? [t('files.filter', { name: t(`filter.${k === 'clusterId' ? 'cluster' : k}`), value })] : [];
    }),
  ];
  return (
    <FileTasksDrawer<ReportFile>
      open={open}
      onClose={onClose}
      ns="reports"
      prefix="files"
      files={files}
      remove={remove}
      downloadUrl={reportFileUrl}
      onDownloaded={() => void qc.invalidateQueries({ queryKey: ['reportFiles'] })}
      describe={describe}
      kept={REPORT_FILES_KEPT}
      testId="report-file"
    />
  );
};
