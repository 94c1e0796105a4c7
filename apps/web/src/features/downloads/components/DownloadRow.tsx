import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, List, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_UPLOAD_MAX_BYTES, formatBytes, SOFTWARE_NAMES, type DownloadEntry } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { useDownloadFaq } from '../api/faq-download';
import { useDownloadSoftware } from '../api/software-download';
import { useUploadDownload } from '../api/download-list';

export interface DownloadItem {
  entry: DownloadEntry;
  title: string;
  description: string;
}

const MAX_MB = Math.floor(DOWNLOAD_UPLOAD_MAX_BYTES / 1024 / 1024);

const isSoftware = (name: string) => SOFTWARE_NAMES.find((n) => n === name);

/** One file of the dialog: download it, or learn it is not installed; an administrator can upload it. */
export const DownloadRow = ({ item, manage }: { item: DownloadItem; manage: boolean }) => {
  const { t } = useTranslation('downloads');
  const { message } = App.useApp();
  const software = useDownloadSoftware();
  const faq = useDownloadFaq();
  const upload = useUploadDownload();
  const { entry } = item;
  const softwareName = isSoftware(entry.name);
  const downloading = softwareName ? software.isPending && software.variables === softwareName : faq.isPending;
  const download = () => (softwareName ? software.mutate(softwareName) : faq.mutate());
  const actions = [
    ...(entry.installed
      ? [
          <Button key="dl" icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={download}>
            {t('download.action')}
          </Button>,
        ]
      : []),
    ...(manage
      ? [
          <Upload
            key="up"
            showUploadList={false}
            // Checked here so a too large file is refused before it is sent; the server checks again.
            beforeUpload={(file) => {
              if (file.size > DOWNLOAD_UPLOAD_MAX_BYTES) {
                void message.error(t('download.tooLarge', { maxMB: MAX_MB }));
                return Upload.LIST_IGNORE;
              }
              upload.mutate({ entry, file });
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined aria-hidden />}
              loading={upload.isPending && upload.variables.entry.name === entry.name}
              aria-label={t('download.uploadFor', { name: entry.name })}
            >
              {entry.installed ? t('download.replace') : t('download.upload')}
            </Button>
          </Upload>,
        ]
      : []),
  ];
  return (
    <List.Item actions={actions} data-testid={`download-${entry.name}`}>
      <List.Item.Meta
        title={
          <>
            {item.title}{' '}
            {entry.installed ? (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                {formatBytes(entry.size)} · {formatDateTime(entry.updatedAt)}
              </Typography.Text>
            ) : (
              <Tag color="orange">{t('download.notInstalled')}</Tag>
            )}
          </>
        }
        description={
          <>
            {item.description} ({entry.name})
            {!entry.installed && (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {manage
                  ? t('download.notInstalledAdmin', { maxMB: MAX_MB, kind: entry.kind, name: entry.name })
                  : t('download.notInstalledUser')}
              </Typography.Paragraph>
            )}
          </>
        }
      />
    </List.Item>
  );
};
