import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, List, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, type ReportFileState } from '@portal/shared';
import { useErrorText } from '../../lib/errors';
import { isPending, isReady, STATE_COLORS } from './file-task-state';

/** A file made in the background, as the server lists it (a usage report file, an alarm export). */
export interface FileTask {
  id: number;
  name: string;
  state: ReportFileState;
  progress: number;
  rows: number;
  sizeBytes: number;
  error: string | null;
  createdAt: string;
}

export interface FileTasksDrawerProps<F extends FileTask> {
  open: boolean;
  onClose: () => void;
  /**
   * Where the texts are: `${ns}:${prefix}.title`, `.empty`, `.download`, `.delete`,
   * `.deleteConfirm`, `.deleted`, `.rows` (plural), `.kept` (count) and `.state.<STATE>`.
   */
  ns: string;
  prefix: string;
  /** The list, read again by its query while a file is pending. */
  files: { data?: { list: F[] } | undefined; isLoading: boolean; isError: boolean; error: unknown };
  remove: UseMutationResult<unknown, unknown, number>;
  downloadUrl: (id: number) => string;
  /** A download started: the server marks the file downloaded (read the list again). */
  onDownloaded: () => void;
  /** What the file holds, shown before its rows, size and time. */
  describe?: (file: F) => (string | false | null | undefined)[];
  /** Files a user keeps. */
  kept: number;
  /** data-testid of a row: `${testId}-${id}`; its state tag is `${testId}-state`. */
  testId: string;
}

interface RowProps<F extends FileTask> extends Pick<
  FileTasksDrawerProps<F>,
  'ns' | 'prefix' | 'remove' | 'downloadUrl' | 'onDownloaded' | 'describe' | 'testId'
> {
  file: F;
}

const Row = <F extends FileTask>({ file, ns, prefix, remove, downloadUrl, onDownloaded, describe, testId }: RowProps<F>) => {
  const { t, i18n } = useTranslation(ns);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const reason = file.error ? `errors:reason.${file.error}` : null;
  return (
    <List.Item
      data-testid={`${testId}-${file.id}`}
      actions={[
        isReady(file) && (
          <Button
            key="download"
            size="small"
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            href={downloadUrl(file.id)}
            download={file.name}
            // The server marks it downloaded once the download starts.
            onClick={() => setTimeout(onDownloaded, 1000)}
          >
            {t(`${prefix}.download`)}
          </Button>
        ),
        <Popconfirm
          key="delete"
          title={t(`${prefix}.deleteConfirm`)}
          onConfirm={() =>
            remove.mutate(file.id, {
              onSuccess: () => void message.success(t(`${prefix}.deleted`)),
              onError: (err) => void message.error(errorText(err)),
            })
          }
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t(`${prefix}.delete`)}
            loading={remove.isPending && remove.variables === file.id}
          />
        </Popconfirm>,
      ]}
    >
      <div style={{ width: '100%', minWidth: 0 }}>
        <Space size={8} wrap>
          <Tag color={STATE_COLORS[file.state]} data-testid={`${testId}-state`}>
            {t(`${prefix}.state.${file.state}`)}
          </Tag>
          <Typography.Text strong>{file.name}</Typography.Text>
        </Space>
        {file.state === 'RUNNING' && <Progress percent={file.progress} status="active" size="small" />}
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }}>
          {[
            ...(describe?.(file) ?? []),
            !isPending(file) && t(`${prefix}.rows`, { count: file.rows }),
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

/** Files made in the background: state, progress while written, download once written, delete. */
export const FileTasksDrawer = <F extends FileTask>({ open, onClose, files, kept, ...row }: FileTasksDrawerProps<F>) => {
  const { t } = useTranslation(row.ns);
  const errorText = useErrorText();
  return (
    <Drawer title={t(`${row.prefix}.title`)} open={open} onClose={onClose} size={560} destroyOnHidden>
      {files.isError ? (
        <Typography.Text type="danger">{errorText(files.error)}</Typography.Text>
      ) : (
        <List
          loading={files.isLoading}
          dataSource={files.data?.list ?? []}
          rowKey="id"
          locale={{ emptyText: <Empty description={t(`${row.prefix}.empty`)} /> }}
          renderItem={(file) => <Row file={file} {...row} />}
          footer={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`${row.prefix}.kept`, { count: kept })}
            </Typography.Text>
          }
        />
      )}
    </Drawer>
  );
};
