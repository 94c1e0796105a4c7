import {
  CodeOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileAddOutlined,
  FolderAddOutlined,
  ScissorOutlined,
  SearchOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@portal/shared';
import type { FileDialog } from './file-dialog';
import type { FolderViewState } from './use-folder-view';

interface Props {
  /** The folder shown (the toolbar opens a shell there). */
  fv: Pick<FolderViewState, 'current'>;
  selection: FileEntry[];
  canWrite: boolean;
  canShell: boolean;
  onDialog: (d: FileDialog) => void;
  onUpload: (files: File[]) => void;
  onDownload: (e: FileEntry) => void;
  onDelete: (paths: string[]) => void;
  onShell: (path: string) => void;
  /** "Send to another cluster…" (across-center transfer); absent when the transfer flag is off. */
  onSendToCluster?: ((paths: string[]) => void) | undefined;
}

/** Actions on the folder and on the selection; change actions only for roles that may write. */
export const FileToolbar = ({
  fv,
  selection,
  canWrite,
  canShell,
  onDialog,
  onUpload,
  onDownload,
  onDelete,
  onShell,
  onSendToCluster,
}: Props) => {
  const { t } = useTranslation('files');
  const input = useRef<HTMLInputElement>(null);
  const paths = selection.map((e) => e.path);
  const one = selection.length === 1 ? selection[0] : undefined;

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }} role="toolbar" aria-label={t('toolbar')}>
      {canWrite && (
        <Space wrap size={8}>
          <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
            {t('action.upload')}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="upload-input"
            onChange={(e) => {
              onUpload([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <Button icon={<FolderAddOutlined aria-hidden />} onClick={() => onDialog({ kind: 'mkdir' })}>
            {t('action.newFolder')}
          </Button>
          <Button icon={<FileAddOutlined aria-hidden />} onClick={() => onDialog({ kind: 'touch' })}>
            {t('action.newFile')}
          </Button>
        </Space>
      )}
      <Space wrap size={8}>
        <Button icon={<DownloadOutlined aria-hidden />} disabled={!one} onClick={() => one && onDownload(one)}>
          {t('action.download')}
        </Button>
        {canWrite && (
          <>
            <Button
              icon={<EditOutlined aria-hidden />}
              disabled={!one}
              onClick={() => one && onDialog({ kind: 'rename', entry: one })}
            >
              {t('action.rename')}
            </Button>
            <Button
              icon={<CopyOutlined aria-hidden />}
              disabled={!paths.length}
              onClick={() => onDialog({ kind: 'copy', paths })}
            >
              {t('action.copyTo')}
            </Button>
            <Button
              icon={<ScissorOutlined aria-hidden />}
              disabled={!paths.length}
              onClick={() => onDialog({ kind: 'move', paths })}
            >
              {t('action.moveTo')}
            </Button>
            {onSendToCluster && (
              <Button icon={<SendOutlined aria-hidden />} disabled={!paths.length} onClick={() => onSendToCluster(paths)}>
                {t('action.sendToCluster')}
              </Button>
            )}
            <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!paths.length} onClick={() => onDelete(paths)}>
              {t('action.delete')}
            </Button>
          </>
        )}
        <Button icon={<SearchOutlined aria-hidden />} onClick={() => onDialog({ kind: 'search' })}>
          {t('action.search')}
        </Button>
        {canShell && (
          <Tooltip title={t('action.shellHint')}>
            <Button icon={<CodeOutlined aria-hidden />} onClick={() => onShell(fv.current)} disabled={!fv.current}>
              {t('action.shell')}
            </Button>
          </Tooltip>
        )}
      </Space>
    </div>
  );
};
