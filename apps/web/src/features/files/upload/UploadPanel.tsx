import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, List, Progress, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import type { UploadItem } from './upload-queue';

interface Props {
  items: UploadItem[];
  onCancel: (id: string) => void;
  onRetry: (id: string, overwrite: boolean) => void;
  onClear: () => void;
}

const percent = (it: UploadItem) => (it.size === 0 ? (it.status === 'done' ? 100 : 0) : Math.floor((it.sent / it.size) * 100));

const Row = ({ it, onCancel, onRetry }: { it: UploadItem } & Omit<Props, 'items' | 'onClear'>) => {
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  const active = it.status === 'waiting' || it.status === 'uploading' || it.status === 'retrying';
  const exists = it.error instanceof ApiError && it.error.reason === 'fileExists';
  const detail =
    it.status === 'error'
      ? errorText(it.error)
      : it.status === 'uploading'
        ? t('upload.progress', { sent: formatBytes(it.sent), total: formatBytes(it.size), speed: formatBytes(it.speed) })
        : t(`upload.status.${it.status}`);
  return (
    <List.Item
      data-testid={`upload-${it.name}`}
      actions={[
        it.status === 'error' && (
          <Tooltip key="retry" title={exists ? t('upload.replace') : t('upload.retry')}>
            <Button
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              aria-label={exists ? t('upload.replace') : t('upload.retry')}
              onClick={() => onRetry(it.id, exists)}
            />
          </Tooltip>
        ),
        active && (
          <Tooltip key="cancel" title={t('upload.cancel')}>
            <Button
              size="small"
              icon={<CloseOutlined aria-hidden />}
              aria-label={t('upload.cancelFile', { name: it.name })}
              onClick={() => onCancel(it.id)}
            />
          </Tooltip>
        ),
      ].filter(Boolean)}
    >
      <div style={{ width: '100%', minWidth: 0 }}>
        <Typography.Text ellipsis title={it.name} style={{ display: 'block' }}>
          {it.name}
        </Typography.Text>
        <Progress
          percent={percent(it)}
          size="small"
          status={it.status === 'error' ? 'exception' : it.status === 'done' ? 'success' : active ? 'active' : 'normal'}
          aria-label={t('upload.progressOf', { name: it.name })}
        />
        <Typography.Text
          type={it.status === 'error' ? 'danger' : 'secondary'}
          style={{ fontSize: 12 }}
          data-testid="upload-detail"
        >
          {detail}
        </Typography.Text>
      </div>
    </List.Item>
  );
};

/** Uploads of this window: a progress bar per file with bytes, speed and state, cancel per file. */
export const UploadPanel = ({ items, onCancel, onRetry, onClear }: Props) => {
  const { t } = useTranslation('files');
  if (items.length === 0) return null;
  const active = items.filter((i) => i.status === 'waiting' || i.status === 'uploading' || i.status === 'retrying').length;
  return (
    <Card
      size="small"
      role="region"
      aria-label={t('upload.panel')}
      title={active ? t('upload.active', { count: active }) : t('upload.finished')}
      extra={
        <Space>
          <Button size="small" type="link" onClick={onClear} disabled={active === items.length}>
            {t('upload.clear')}
          </Button>
        </Space>
      }
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        width: 380,
        maxHeight: '45vh',
        overflow: 'auto',
        zIndex: 20,
        boxShadow: '0 6px 16px rgba(0,0,0,.15)',
      }}
    >
      <List size="small" dataSource={items} renderItem={(it) => <Row it={it} onCancel={onCancel} onRetry={onRetry} />} />
    </Card>
  );
};
