import { App, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useDeleteFiles } from '../api/delete-files';
import { downloadUrl } from '../api/download-url';
import { shellPageUrl } from '../../../lib/shell-url';
import { baseName, isImageName } from '../lib/paths';
import type { FileDialog } from './file-dialog';
import { isFolder } from './FileIcon';

/** Starts a download through a link, so the browser streams it to disk (no blob in memory). */
const startDownload = (clusterId: string | undefined, path: string) => {
  const a = document.createElement('a');
  a.href = downloadUrl(clusterId, path);
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
};

/** Opening, downloading, deleting and the web shell on the cluster shown: what rows and the toolbar share. */
export const useFileActions = (clusterId: string | undefined, go: (path: string) => Promise<boolean>, onDeleted: () => void) => {
  const { t } = useTranslation('files');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const remove = useDeleteFiles(clusterId);
  const [dialog, setDialog] = useState<FileDialog>(null);

  const open = useCallback(
    (e: FileEntry) => {
      if (isFolder(e)) void go(e.path);
      else if (isImageName(e.name)) setDialog({ kind: 'image', path: e.path });
      else setDialog({ kind: 'edit', path: e.path });
    },
    [go],
  );

  const confirmDelete = useCallback(
    (paths: string[]) =>
      modal.confirm({
        title: t('delete.title', { count: paths.length }),
        content: (
          <div>
            <Typography.Paragraph>{t('delete.warning')}</Typography.Paragraph>
            <ul data-testid="delete-list" style={{ maxHeight: 200, overflow: 'auto', paddingLeft: 20 }}>
              {paths.map((p) => (
                <li key={p}>{baseName(p)}</li>
              ))}
            </ul>
          </div>
        ),
        okText: t('action.delete'),
        okButtonProps: { danger: true },
        cancelText: t('action.cancel'),
        onOk: () =>
          remove.mutateAsync(paths).then(
            () => {
              onDeleted();
              void message.success(t('delete.done', { count: paths.length }));
            },
            (err: unknown) => void message.error(errorText(err)),
          ),
      }),
    [modal, t, remove, onDeleted, message, errorText],
  );

  const openShell = useCallback(
    (path: string) => void window.open(shellPageUrl({ clusterId, cwd: path }), '_blank'),
    [clusterId],
  );
  const download = useCallback((path: string) => startDownload(clusterId, path), [clusterId]);

  return { dialog, setDialog, open, download, confirmDelete, openShell };
};
