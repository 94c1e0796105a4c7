import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, List, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, REPORT_FILES_KEPT, type ReportFile } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { reportFileUrl, useDeleteReportFile, useReportFiles } from '../api/report-files';
import { FILTER_KEYS } from '../../../components/usage/report-filters';
import { isPending, isReady, STATE_COLORS } from './report-file-state';

interface Props {
  open: boolean;
  onClose: () => void;
}

const Row = ({ file }: { file: ReportFile }) => {
  const { t, i18n } = useTranslation('reports');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const remove = useDeleteReportFile();
  const reason = file.error ? `errors:reason.${file.error}` : null;
  const what =
    file.filter.detail === 'jobs' ? t('files.jobs') : t('files.summary', { dimension: t(`dimension.${file.filter.groupBy}`) });
  return (
    <List.Item
      data-testid={`report-file-${file.id}`}
      actions={[
        isReady(file) && (
          <Button
            key="download"
            size="small"
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            href={reportFileUrl(file.id)}
            download={file.name}
            // The server marks it downloaded once the download starts.
            onClick={() => setTimeout(() => void qc.invalidateQueries({ queryKey: ['reportFiles'] }), 1000)}
          >
            {t('files.download')}
          </Button>
        ),
        <Popconfirm
          key="delete"
          title={t('files.deleteConfirm')}
          onConfirm={() =>
            remove.mutate(file.id, {
              onSuccess: () => void message.success(t('files.deleted')),
              onError: (err) => void message.error(errorText(err)),
            })
          }
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('files.delete')}
            loading={remove.isPending}
          />
        </Popconfirm>,
      ]}
    >
      <div style={{ width: '100%', minWidth: 0 }}>
        <Space size={8} wrap>
          <Tag color={STATE_COLORS[file.state]} data-testid="report-file-state">
            {t(`files.state.${file.state}`)}
          </Tag>
          <Typography.Text strong>{file.name}</Typography.Text>
        </Space>
        {file.state === 'RUNNING' && <Progress percent={file.progress} status="active" size="small" />}
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
          {[
            what,
            t(`scope.${file.filter.scope}`, { defaultValue: file.filter.scope }),
            // The filters it was made with, so two files of the same range can be told apart.
            ...FILTER_KEYS.flatMap((k) => {
              const value = file.filter[k];
              return value ? [t('files.filter', { name: t(`filter.${k === 'clusterId' ? 'cluster' : k}`), value })] : [];
            }),
            !isPending(file) && t('files.rows', { count: file.rows }),
            // "396 B" wraps as a whole.
            isReady(file) && formatBytes(file.sizeBytes).replace(' ', '\u00a0'),
            new Date(file.createdAt).toLocaleString(i18n.language),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Paragraph>
        {reason && (
          <Typography.Paragraph type="danger" style={{ fontSize: 12, margin: 0 }}>
            {i18n.exists(reason) ? t(reason) : file.error}
          </Typography.Paragraph>
        )}
      </div>
    </List.Item>
  );
};

/** Report files: the user's exported reports, read again while one is being made. */
export const ReportFilesDrawer = ({ open, onClose }: Props) => {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const files = useReportFiles(open);
  return (
    <Drawer title={t('files.title')} open={open} onClose={onClose} size={560} destroyOnHidden>
      {files.isError ? (
        <Typography.Text type="danger">{errorText(files.error)}</Typography.Text>
      ) : (
        <List
          loading={files.isLoading}
          dataSource={files.data?.list ?? []}
          rowKey="id"
          locale={{ emptyText: <Empty description={t('files.empty')} /> }}
          renderItem={(file) => <Row file={file} />}
          footer={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('files.kept', { count: REPORT_FILES_KEPT })}
            </Typography.Text>
          }
        />
      )}
    </Drawer>
  );
};
