import { DownloadOutlined } from '@ant-design/icons';
import { Button, List, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role } from '@portal/shared';
import { useSession } from '../../../lib/session';
import { useDownloadSoftware, type SoftwareName } from '../api/software-download';

interface Tool {
  name: SoftwareName;
  title: string;
  description: string;
}

/**
 * VNC viewer for hpc, user and super; the Citrix receiver for those roles when the version type is
 * IndustrialCloud or HPC; WinSCP and PuTTY for everyone (spec section 6).
 */
export const DownloadToolsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('downloads');
  const { indexData } = useSession();
  const download = useDownloadSoftware();
  const role = indexData?.roleId;
  const vncRoles: number[] = [Role.hpc, Role.user, Role.super];
  const vnc = role !== undefined && vncRoles.includes(role);
  const citrix = vnc && (indexData?.systemVersionType === 'IndustrialCloud' || indexData?.systemVersionType === 'HPC');
  const tools: Tool[] = [
    ...(vnc ? [{ name: 'VncViewer.zip' as const, title: t('download.vnc'), description: t('download.vncHint') }] : []),
    ...(citrix
      ? [{ name: 'install_citrixreceiver.rar' as const, title: t('download.citrix'), description: t('download.citrixHint') }]
      : []),
    { name: 'install_winscp_putty.rar', title: t('download.winscp'), description: t('download.winscpHint') },
  ];
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={840} title={t('download.title')} destroyOnHidden>
      <List
        dataSource={tools}
        renderItem={(tool) => (
          <List.Item
            actions={[
              <Button
                key="dl"
                icon={<DownloadOutlined aria-hidden />}
                loading={download.isPending && download.variables === tool.name}
                onClick={() => download.mutate(tool.name)}
              >
                {t('download.action')}
              </Button>,
            ]}
          >
            <List.Item.Meta title={tool.title} description={`${tool.description} (${tool.name})`} />
          </List.Item>
        )}
      />
    </Modal>
  );
};
