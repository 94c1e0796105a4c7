import { StopOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, List, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, type Transfer } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useTransfers } from '../api/list-transfers';
import { isActive, progressStatus, sourcesLabel, STATE_COLORS, transferPercent } from './transfer-progress';

interface Props {
  open: boolean;
  onClose: () => void;
}

const Row = ({ tr }: { tr: Transfer }) => {
  const { t, i18n } = useTranslation('files');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const cancel = useCancelTransfer();
  const { first, more } = sourcesLabel(tr.paths);
  const reason = tr.error ? `errors:reason.${tr.error}` : null;
  return (
    <List.Item
      data-testid={`transfer-${tr.id}`}
      actions={[
        isActive(tr) && (
          <Tooltip key="cancel" title={t('acrossCenter.cancel')}>
            <Button
              size="small"
              danger
              icon={<StopOutlined aria-hidden />}
              aria-label={t('acrossCenter.cancel')}
              loading={cancel.isPending}
              onClick={() => cancel.mutate(tr.id, { onError: (err) => void message.error(errorText(err)) })}
            />
          </Tooltip>
        ),
      ]}
    >
      <div style={{ width: '100%', minWidth: 0 }}>
        <Space size={8} wrap>
          <Tag color={STATE_COLORS[tr.state]}>{t(`acrossCenter.state.${tr.state}`)}</Tag>
          <Typography.Text strong title={tr.paths.join('\n')}>
            {more ? t('acrossCenter.sourcesMore', { first, count: more }) : first}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('acrossCenter.route', { from: tr.fromClusterId, to: tr.toClusterId, folder: tr.toPath })}
          </Typography.Text>
        </Space>
        <Progress percent={transferPercent(tr)} status={progressStatus(tr.state)} size="small" />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('acrossCenter.amount', {
            done: formatBytes(tr.bytesDone),
            total: formatBytes(tr.bytesTotal),
            files: tr.filesDone,
            filesTotal: tr.filesTotal,
          })}
          {' · '}
          {new Date(tr.createdAt).toLocaleString(i18n.language)}
        </Typography.Text>
        {tr.currentFile && (
          <Typography.Paragraph type="secondary" ellipsis style={{ fontSize: 12, margin: 0 }}>
            {t('acrossCenter.current', { file: tr.currentFile })}
          </Typography.Paragraph>
        )}
        {reason && (
          <Typography.Paragraph type="danger" style={{ fontSize: 12, margin: 0 }}>
            {i18n.exists(reason) ? t(reason) : tr.error}
          </Typography.Paragraph>
        )}
      </div>
    </List.Item>
  );
};

/** Across Center: the user's transfers between clusters, read again while any is running. */
export const TransfersDrawer = ({ open, onClose }: Props) => {
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  const transfers = useTransfers(open);
  const list = transfers.data?.list ?? [];
  return (
    <Drawer title={t('acrossCenter.title')} open={open} onClose={onClose} size={560} destroyOnHidden>
      {transfers.isError ? (
        <Typography.Text type="danger">{errorText(transfers.error)}</Typography.Text>
      ) : (
        <List
          loading={transfers.isLoading}
          dataSource={list}
          rowKey="id"
          locale={{ emptyText: <Empty description={t('acrossCenter.empty')} /> }}
          renderItem={(tr) => <Row tr={tr} />}
        />
      )}
    </Drawer>
  );
};
