import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LARGE_FILE_BYTES, formatBytes } from '@portal/shared';
import type { UploadRequest } from './upload-queue';

/**
 * Turns chosen or dropped files into uploads after asking what must be asked first: files over
 * 2 GB advise WinSCP (spec section 5) and go only on OK; a name already in the folder is replaced
 * only on OK. (A name not loaded yet is caught by the server, and the panel offers to replace it.)
 */
export const useStartUploads = (add: (r: UploadRequest[]) => void) => {
  const { modal } = App.useApp();
  const { t } = useTranslation('files');

  const ask = useCallback(
    (title: string, content: string, okText: string) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText,
          cancelText: t('action.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );

  // `clusterId`: the cluster the folder is on (undefined: the first configured).
  return useCallback(
    async (files: File[], clusterId: string | undefined, folder: string, existing: ReadonlySet<string>) => {
      const requests: UploadRequest[] = [];
      for (const file of files) {
        if (file.size > LARGE_FILE_BYTES) {
          const go = await ask(
            t('upload.largeTitle'),
            t('upload.large', { name: file.name, size: formatBytes(file.size) }),
            t('upload.largeOk'),
          );
          if (!go) continue;
        }
        let overwrite = false;
        if (existing.has(file.name)) {
          overwrite = await ask(t('upload.existsTitle'), t('upload.exists', { name: file.name }), t('upload.replace'));
          if (!overwrite) continue;
        }
        requests.push({ file, clusterId, folder, overwrite });
      }
      if (requests.length) add(requests);
    },
    [add, ask, t],
  );
};
