import { App, Button, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { currentLanguage } from '../../../../lib/i18n';
import { useAppTemplates } from '../../api/list-app-templates';
import { useDeleteDesktop } from '../../api/delete-desktop';
import { useDesktops } from '../../api/list-desktops';
import { appLabel } from '../../lib/app-actions';
import { openDesktopWindow } from '../../lib/desktop-url';
import { DesktopLogDrawer } from '../log/DesktopLogDrawer';
import { NativeViewerDialog } from '../native/NativeViewerDialog';
import { ShareDesktopDialog } from '../share/ShareDesktopDialog';
import { desktopColumns } from './desktop-columns';

/** The caller's desktops and those shared with them, with what each row allows. */
export const DesktopsTable = ({ onStart }: { onStart(): void }) => {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const desktops = useDesktops();
  const remove = useDeleteDesktop();
  const apps = useAppTemplates().data;
  const [logOf, setLogOf] = useState<DesktopSession | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const [nativeOf, setNativeOf] = useState<DesktopSession | null>(null);

  const columns = desktopColumns(
    t,
    {
      onConnect: (s) => openDesktopWindow(s.sessionId),
      onLog: setLogOf,
      onNative: setNativeOf,
      onShare: (s) => setSharing(s.sessionId),
      onDelete: (s) =>
        remove.mutate(s.sessionId, {
          onSuccess: () => void message.success(t('delete.done', { name: s.sessionName })),
          onError: (e) => void message.error(errorText(e)),
        }),
      deleting: remove.isPending ? (remove.variables ?? null) : null,
    },
    (id) => appLabel(apps, id, currentLanguage()),
  );

  return (
    <>
      <Table<DesktopSession>
        rowKey="sessionId"
        size="middle"
        columns={columns}
        dataSource={desktops.data?.list}
        // Only the first load spins: polling while a desktop starts must not blink the table.
        loading={desktops.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: desktops.isError ? (
            t('loadFailed', { error: errorText(desktops.error) })
          ) : (
            <Empty description={t('empty')}>
              <Button type="primary" onClick={onStart}>
                {t('start.action')}
              </Button>
            </Empty>
          ),
        }}
      />
      {logOf && <DesktopLogDrawer session={logOf} onClose={() => setLogOf(null)} />}
      {nativeOf && <NativeViewerDialog session={nativeOf} onClose={() => setNativeOf(null)} />}
      {sharing && <ShareDesktopDialog sessionId={sharing} onClose={() => setSharing(null)} />}
    </>
  );
};
