import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { downloadUrl } from '../api/download-url';
import { useTextFile } from '../api/text-file';
import { baseName } from '../lib/paths';
import { TextEditor } from './TextEditor';

/** Files the editor will not open: too large (the spec's size guard) or not text. */
const OFFER_DOWNLOAD = ['outputTooLarge', 'binaryFile'];

interface Props {
  clusterId: string | undefined;
  path: string;
  readOnly: boolean;
  onClose: () => void;
}

export const TextEditorDrawer = ({ clusterId, path, readOnly, onClose }: Props) => {
  const { t } = useTranslation('files');
  const { modal } = App.useApp();
  const errorText = useErrorText();
  const file = useTextFile(clusterId, path);
  const [dirty, setDirty] = useState(false);

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: t('editor.discardTitle'),
      content: t('editor.discard'),
      okText: t('editor.discardOk'),
      onOk: onClose,
    });
  };

  const body = () => {
    if (file.isPending) return <Spin />;
    if (file.isError) {
      const offer = file.error instanceof ApiError && OFFER_DOWNLOAD.includes(file.error.reason ?? '');
      return (
        <Result
          status={offer ? 'info' : 'error'}
          title={errorText(file.error)}
          extra={
            offer ? (
              <Button type="primary" icon={<DownloadOutlined aria-hidden />} href={downloadUrl(clusterId, path)} download>
                {t('action.download')}
              </Button>
            ) : (
              <Button onClick={() => void file.refetch()}>{t('list.retry')}</Button>
            )
          }
        />
      );
    }
    return (
      <TextEditor
        key={file.data.mtime + String(file.dataUpdatedAt)}
        clusterId={clusterId}
        path={path}
        content={file.data.content}
        mtime={file.data.mtime}
        readOnly={readOnly}
        onDirty={setDirty}
        onReload={() => {
          setDirty(false);
          void file.refetch();
        }}
      />
    );
  };

  return (
    <Drawer open title={baseName(path)} size="min(960px, 100vw)" onClose={close} destroyOnHidden keyboard={!dirty}>
      {body()}
    </Drawer>
  );
};
