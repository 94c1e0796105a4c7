import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useDeleteKey } from '../api/delete-key';
import { useKeys } from '../api/list-keys';

/** The account's public keys; imported ones can be removed, the portal's own pair stays. */
export const KeyList = ({ enabled }: { enabled: boolean }) => {
  const { t } = useTranslation('keys');
  const keys = useKeys(enabled);
  const remove = useDeleteKey();
  const { message } = App.useApp();
  const errorText = useErrorText();
  return (
    <List
      size="small"
      loading={keys.isPending}
      header={<Typography.Text strong>{t('importKey.existing')}</Typography.Text>}
      locale={{ emptyText: t('importKey.none') }}
      dataSource={keys.data ?? []}
      style={{ marginBottom: 16 }}
      renderItem={(k) => (
        <List.Item
          actions={
            k.origin === 'imported'
              ? [
                  <Popconfirm
                    key="del"
                    title={t('importKey.deleteConfirm', { name: k.name })}
                    onConfirm={() => remove.mutate(k.id, { onError: (e) => void message.error(errorText(e)) })}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('importKey.delete', { name: k.name })}
                    />
                  </Popconfirm>,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={
              <>
                {k.name} <Tag>{k.type}</Tag>
                {k.origin === 'portal' && <Tag color="blue">{t('importKey.portalKey')}</Tag>}
              </>
            }
            description={
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: k.fingerprint }}>
                {k.fingerprint}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
};
