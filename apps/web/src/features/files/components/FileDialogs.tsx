import { App, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useChmodFile } from '../api/chmod-file';
import { downloadUrl } from '../api/download-url';
import { useMakeEntry } from '../api/make-entry';
import { useRenameFile } from '../api/rename-file';
import { useTransferFiles } from '../api/transfer-files';
import { joinPath, parentOf } from '../lib/paths';
import { ChmodDialog } from './ChmodDialog';
import type { FileDialog } from './file-dialog';
import { NameDialog } from './NameDialog';
import { SearchDrawer } from './SearchDrawer';
import { TextEditorDrawer } from './TextEditorDrawer';
import { TransferDialog } from './TransferDialog';

interface Props {
  dialog: FileDialog;
  /** The cluster shown: every call goes there. */
  clusterId: string | undefined;
  folder: string;
  canWrite: boolean;
  onClose: () => void;
  onGo: (path: string) => void;
  onChanged: () => void;
}

/** The dialog of the moment; each closes itself on success and reports failures in place. */
export const FileDialogs = ({ dialog, clusterId, folder, canWrite, onClose, onGo, onChanged }: Props) => {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const make = useMakeEntry(clusterId);
  const rename = useRenameFile(clusterId);
  const transfer = useTransferFiles(clusterId);
  const chmod = useChmodFile(clusterId);

  const handlers = {
    onSuccess: () => {
      void message.success(t('done'));
      onChanged();
      onClose();
    },
    onError: (err: unknown) => void message.error(errorText(err)),
  };

  if (!dialog) return null;
  switch (dialog.kind) {
    case 'mkdir':
    case 'touch':
      return (
        <NameDialog
          title={dialog.kind === 'mkdir' ? t('action.newFolder') : t('action.newFile')}
          loading={make.isPending}
          onCancel={onClose}
          onOk={(name) => make.mutate({ kind: dialog.kind === 'mkdir' ? 'folder' : 'file', path: folder, name }, handlers)}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title={t('rename.title', { name: dialog.entry.name })}
          initial={dialog.entry.name}
          loading={rename.isPending}
          onCancel={onClose}
          onOk={(name) =>
            name === dialog.entry.name
              ? onClose()
              : rename.mutate({ from: dialog.entry.path, to: joinPath(parentOf(dialog.entry.path), name) }, handlers)
          }
        />
      );
    case 'copy':
    case 'move':
      return (
        <TransferDialog
          mode={dialog.kind}
          paths={dialog.paths}
          folder={folder}
          loading={transfer.isPending}
          onCancel={onClose}
          onOk={(to) => transfer.mutate({ mode: dialog.kind === 'copy' ? 'copy' : 'move', paths: dialog.paths, to }, handlers)}
        />
      );
    case 'chmod':
      return (
        <ChmodDialog
          entry={dialog.entry}
          loading={chmod.isPending}
          onCancel={onClose}
          onOk={(mode) => chmod.mutate({ path: dialog.entry.path, mode }, handlers)}
        />
      );
    case 'search':
      return (
        <SearchDrawer
          clusterId={clusterId}
          folder={folder}
          onClose={onClose}
          onGo={(p) => {
            onClose();
            onGo(p);
          }}
        />
      );
    case 'edit':
      return <TextEditorDrawer clusterId={clusterId} path={dialog.path} readOnly={!canWrite} onClose={onClose} />;
    case 'image':
      return (
        <Image
          style={{ display: 'none' }}
          alt=""
          src={downloadUrl(clusterId, dialog.path, true)}
          preview={{ open: true, onOpenChange: (open) => !open && onClose() }}
        />
      );
  }
};
