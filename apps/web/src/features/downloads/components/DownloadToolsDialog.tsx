import { Alert, List, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAQ_NAME, Role, type DownloadEntry } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCan, useSession } from '../../../lib/session';
import { useDownloadList } from '../api/download-list';
import { DownloadRow, type DownloadItem } from './DownloadRow';

type Described = Omit<DownloadItem, 'entry'> & { name: string };

/**
 * VNC viewer for hpc, user and super; the Citrix receiver for those roles when the version type is
 * IndustrialCloud or HPC; WinSCP and PuTTY for everyone (spec section 6). An administrator sees
 * every file, the FAQ too, to put them on the portal; a missing file says so before any click.
 */
export const DownloadToolsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('downloads');
  const { indexData } = useSession();
  const can = useCan();
  const errorText = useErrorText();
  const list = useDownloadList(open);
  const manage = can('downloads:manage');
  const role = indexData?.roleId;
  const vncRoles: number[] = [Role.hpc, Role.user, Role.super];
  const vnc = role !== undefined && vncRoles.includes(role);
  const citrix = vnc && (indexData?.systemVersionType === 'IndustrialCloud' || indexData?.systemVersionType === 'HPC');
  const offered: Described[] = [
    ...(vnc || manage ? [{ name: 'VncViewer.zip', title: t('download.vnc'), description: t('download.vncHint') }] : []),
    ...(citrix || manage
      ? [{ name: 'install_citrixreceiver.rar', title: t('download.citrix'), description: t('download.citrixHint') }]
      : []),
    { name: 'install_winscp_putty.rar', title: t('download.winscp'), description: t('download.winscpHint') },
    ...(manage ? [{ name: FAQ_NAME, title: t('download.faq'), description: t('download.faqHint') }] : []),
  ];
  const byName = new Map((list.data ?? []).map((e): [string, DownloadEntry] => [e.name, e]));
  const items = offered.flatMap((d): DownloadItem[] => {
    const entry = byName.get(d.name);
    return entry ? [{ entry, title: d.title, description: d.description }] : [];
  });
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={840} title={t('download.title')} destroyOnHidden>
      {manage && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('download.adminNote')} />}
      {list.isError ? (
        <Alert type="error" showIcon message={errorText(list.error)} />
      ) : list.isPending ? (
        <Skeleton active />
      ) : (
        <List dataSource={items} renderItem={(item) => <DownloadRow item={item} manage={manage} />} />
      )}
    </Modal>
  );
};
