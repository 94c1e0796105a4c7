import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportDimension, ReportFileDetail, ReportFileFormat } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCreateReportFile } from '../api/report-files';
import { basisQuery, type UsageBasis } from '../api/usage-report';
import { fileLang } from './report-file-state';

interface Props {
  basis: UsageBasis;
  /** The table's grouping, written by a summary file. */
  dimension: ReportDimension;
  /** A file was queued: the list of files opens. */
  onQueued: () => void;
}

const CHOICES: { detail: ReportFileDetail; format: ReportFileFormat; label: string }[] = [
  { detail: 'summary', format: 'xlsx', label: 'export.summaryXlsx' },
  { detail: 'summary', format: 'csv', label: 'export.summaryCsv' },
  { detail: 'jobs', format: 'xlsx', label: 'export.jobsXlsx' },
  { detail: 'jobs', format: 'csv', label: 'export.jobsCsv' },
];

/** Export: the report on screen (or every job of its range) as a file made in the background. */
export const ExportButton = ({ basis, dimension, onQueued }: Props) => {
  const { t, i18n } = useTranslation('reports');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const create = useCreateReportFile();
  const make = (detail: ReportFileDetail, format: ReportFileFormat) =>
    create.mutate(
      {
        ...basisQuery(basis),
        groupBy: dimension,
        detail,
        format,
        lang: fileLang(i18n.language),
      },
      {
        onSuccess: () => {
          void message.success(t('export.queued'));
          onQueued();
        },
        onError: (err) => void message.error(errorText(err)),
      },
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: CHOICES.map((c) => ({ key: `${c.detail}.${c.format}`, label: t(c.label) })),
        onClick: ({ key }) => {
          const c = CHOICES.find((x) => `${x.detail}.${x.format}` === key);
          if (c) make(c.detail, c.format);
        },
      }}
    >
      <Button icon={<DownloadOutlined aria-hidden />} loading={create.isPending}>
        {t('export.button')}
      </Button>
    </Dropdown>
  );
};
