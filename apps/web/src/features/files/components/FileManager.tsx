import { LocalAccessNotice } from '../../../components/LocalAccessNotice';
import { CloudUploadOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Layout, Typography, theme, type MenuProps } from 'antd';
import { useCallback, useMemo, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@portal/shared';
import { useCan, useSession } from '../../../lib/session';
import { useStartUploads } from '../upload/use-start-uploads';
import { UploadPanel } from '../upload/UploadPanel';
import type { UploadRequest } from '../upload/upload-queue';
import { useUploads } from '../upload/use-uploads';
import { rowActionKeys } from './file-dialog';
import { FileDialogs } from './FileDialogs';
import { FileTable } from './FileTable';
import { FileToolbar } from './FileToolbar';
import { PathBar } from './PathBar';
import { SendToClusterDialog } from '../transfers/SendToClusterDialog';
import { TransfersDrawer } from '../transfers/TransfersDrawer';
import { useFileActions } from './use-file-actions';
import { useFolderView } from './use-folder-view';
import { useWindowHeight } from './use-window-height';

/**
 * The E-File window's content: where the user is, what they can do, and the folder itself.
 * `view="transfers"` opens Across Center at once (its menu entry), when the transfer flag is on;
 * `startPath` opens that folder (a job's working directory) instead of the home.
 */
export const FileManager = ({ view, startPath }: { view?: string | null | undefined; startPath?: string | undefined } = {}) => {
  const { t } = useTranslation('files');
  const { token } = theme.useToken();
  const can = useCan();
  const { indexData } = useSession();
  const abilities = useMemo(() => ({ write: can('files:write'), shell: can('shell:open') }), [can]);
  const fv = useFolderView(startPath);
  const [selected, setSelected] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const height = useWindowHeight();
  // Across Center exists only while the transfer flag is '1' (spec section 2).
  const transferOn = indexData?.transfer === '1';
  const [transfersOpen, setTransfersOpen] = useState(() => view === 'transfers');
  const [sending, setSending] = useState<string[] | null>(null);

  const go = useCallback(
    async (p: string | undefined) => {
      const ok = await fv.go(p);
      if (ok) setSelected([]);
      return ok;
    },
    [fv],
  );
  // Another cluster may hold the same paths: nothing selected goes along.
  const goCluster = useCallback(
    async (id: string) => {
      if (await fv.goCluster(id)) setSelected([]);
    },
    [fv],
  );
  const clearSelection = useCallback(() => setSelected([]), []);
  const actions = useFileActions(fv.clusterId, go, clearSelection);
  const { setDialog, open, download, confirmDelete, openShell } = actions;
  const uploads = useUploads(useCallback(() => void fv.folder.refetch(), [fv.folder]));
  const { queue } = uploads;
  const startUploads = useStartUploads(useCallback((r: UploadRequest[]) => queue.add(r), [queue]));
  const upload = (files: File[]) => void startUploads(files, fv.clusterId, fv.current, new Set(fv.rows.map((r) => r.name)));

  const rowMenu = useCallback(
    (e: FileEntry): MenuProps['items'] =>
      rowActionKeys(e, abilities).map((key) => ({ key, label: t(`row.${key}`), danger: key === 'delete' })),
    [abilities, t],
  );
  const onRowMenu = useCallback(
    (e: FileEntry, key: string) => {
      if (key === 'open') open(e);
      else if (key === 'download') download(e.path);
      else if (key === 'rename' || key === 'chmod') setDialog({ kind: key, entry: e });
      else if (key === 'copy' || key === 'move') setDialog({ kind: key, paths: [e.path] });
      else if (key === 'delete') confirmDelete([e.path]);
      else if (key === 'shell') openShell(e.path);
    },
    [open, download, setDialog, confirmDelete, openShell],
  );

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (abilities.write && e.dataTransfer.files.length) upload([...e.dataTransfer.files]);
  };
  const selection = fv.rows.filter((r) => selected.includes(r.path));
  // Keys of file managers, while the focus is in the table: Delete removes the selection, F2
  // renames the one selected entry.
  const onKey = (e: KeyboardEvent) => {
    if (!abilities.write || !(e.target as HTMLElement).closest('.ant-table')) return;
    if (e.key === 'Delete' && selected.length) confirmDelete(selected);
    else if (e.key === 'F2' && selection.length === 1 && selection[0]) setDialog({ kind: 'rename', entry: selection[0] });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, height: 48, paddingInline: 16 }}>
        <Typography.Title level={1} style={{ color: '#fff', fontSize: 18, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {transferOn && (
          <Button
            type="text"
            icon={<SwapOutlined aria-hidden />}
            style={{ color: '#fff', marginLeft: 'auto' }}
            onClick={() => setTransfersOpen(true)}
          >
            {t('acrossCenter.title')}
          </Button>
        )}
        <Typography.Text style={{ color: 'rgba(255,255,255,.75)', marginLeft: transferOn ? 0 : 'auto' }}>
          {indexData?.currentUser}
        </Typography.Text>
      </Layout.Header>
      <Layout.Content
        style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12, position: 'relative' }}
        onDragOver={(e) => {
          if (!abilities.write) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target) setDragging(false);
        }}
        onDrop={onDrop}
        onKeyDown={onKey}
      >
        <LocalAccessNotice clusterId={fv.clusterId} />
        <PathBar fv={fv} onCluster={(id) => void goCluster(id)} />
        <FileToolbar
          fv={fv}
          selection={selection}
          canWrite={abilities.write}
          canShell={abilities.shell}
          onDialog={setDialog}
          onUpload={upload}
          onDownload={(e) => download(e.path)}
          onDelete={confirmDelete}
          onShell={openShell}
          onSendToCluster={transferOn ? setSending : undefined}
        />
        <FileTable
          fv={fv}
          height={height}
          selected={selected}
          onSelect={setSelected}
          onOpen={open}
          rowMenu={rowMenu}
          onRowMenu={onRowMenu}
        />
        {dragging && (
          <div
            aria-hidden
            style={{
              position: 'absolute',
              inset: 8,
              border: `2px dashed ${token.colorPrimary}`,
              background: token.colorPrimaryBg,
              display: 'grid',
              placeItems: 'center',
              pointerEvents: 'none',
              fontSize: 18,
              color: token.colorPrimary,
            }}
          >
            <span>
              <CloudUploadOutlined /> {t('upload.drop', { folder: fv.current })}
            </span>
          </div>
        )}
      </Layout.Content>
      <FileDialogs
        dialog={actions.dialog}
        clusterId={fv.clusterId}
        folder={fv.current}
        canWrite={abilities.write}
        onClose={() => setDialog(null)}
        onGo={(p) => void go(p)}
        onChanged={clearSelection}
      />
      {transferOn && (
        <>
          <SendToClusterDialog
            from={fv.cluster}
            paths={sending}
            onClose={() => setSending(null)}
            onStarted={() => {
              setSending(null);
              setTransfersOpen(true);
            }}
          />
          <TransfersDrawer open={transfersOpen} onClose={() => setTransfersOpen(false)} />
        </>
      )}
      <UploadPanel
        items={uploads.items}
        onCancel={(id) => queue.cancel(id)}
        onRetry={(id, overwrite) => queue.retry(id, overwrite)}
        onClear={() => queue.clearFinished()}
      />
    </Layout>
  );
};
