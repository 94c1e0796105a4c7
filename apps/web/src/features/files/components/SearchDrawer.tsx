import { Alert, Button, Drawer, Empty, Input, List, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useSearchFiles } from '../api/search-files';
import { baseName, parentOf } from '../lib/paths';

interface Props {
  clusterId: string | undefined;
  folder: string;
  onGo: (folder: string) => void;
  onClose: () => void;
}

/** Search by name below the folder shown; choosing a result opens the folder that holds it. */
export const SearchDrawer = ({ clusterId, folder, onGo, onClose }: Props) => {
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  // Bumped to empty the search box (an uncontrolled input starts afresh).
  const [box, setBox] = useState(0);
  const search = useSearchFiles(clusterId, folder, text);
  return (
    <Drawer open title={t('search.title', { folder })} size={520} onClose={onClose} destroyOnHidden>
      <Input.Search
        key={box}
        autoFocus
        aria-label={t('search.text')}
        placeholder={t('search.text')}
        enterButton={t('action.search')}
        allowClear
        onSearch={(v) => setText(v.trim())}
        loading={search.isFetching}
      />
      <div style={{ marginTop: 16 }}>
        {search.isError && <Alert type="error" showIcon title={errorText(search.error)} />}
        {search.isFetching && !search.data && <Spin />}
        {search.data?.truncated && <Alert type="info" showIcon title={t('search.truncated')} style={{ marginBottom: 8 }} />}
        {search.data &&
          (search.data.list.length === 0 ? (
            <Empty description={t('search.none')} data-testid="filtered-empty">
              <Button
                type="primary"
                ghost
                onClick={() => {
                  setText('');
                  setBox((n) => n + 1);
                }}
              >
                {t('search.clear')}
              </Button>
            </Empty>
          ) : (
            <List
              size="small"
              dataSource={search.data.list}
              renderItem={(p) => (
                <List.Item>
                  <a
                    href={`#${p}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onGo(parentOf(p));
                    }}
                  >
                    {baseName(p)}
                  </a>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }} title={p}>
                    {parentOf(p)}
                  </Typography.Text>
                </List.Item>
              )}
            />
          ))}
      </div>
    </Drawer>
  );
};
