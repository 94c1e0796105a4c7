import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AboutDialog } from './AboutDialog';
import { DownloadToolsDialog } from '../../features/downloads/components/DownloadToolsDialog';
import { ImportKeyDialog } from '../../features/keys/components/ImportKeyDialog';
import { useDownloadFaq } from '../../features/downloads/api/faq-download';
import { useDownloadPrivateKey } from '../../features/keys/api/export-key';
import { openShellWindow } from '../../features/shell/open-shell-window';
import { useCan, useSession } from '../../lib/session';
import { useLogout } from '../session/use-logout';

type Dialog = 'about' | 'tools' | 'importKey' | null;

/**
 * The user menu (spec section 2 and 6): system config, tools, personal center, about, logout.
 * Below the full-header width only user, about and logout remain.
 */
export const UserMenu = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation('layout');
  const { indexData } = useSession();
  const can = useCan();
  const navigate = useNavigate();
  const logout = useLogout();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const downloadKey = useDownloadPrivateKey();
  const downloadFaq = useDownloadFaq();

  const tools: NonNullable<MenuProps['items']> = [
    { key: 'downloadTools', label: t('user.downloadTools') },
    ...(can('keys:manage')
      ? [
          { key: 'importKey', label: t('user.importKey') },
          { key: 'exportKey', label: t('user.exportKey') },
          { key: 'exportKeyPpk', label: t('user.exportKeyPpk') },
        ]
      : []),
    ...(can('downloads:faq') ? [{ key: 'faq', label: t('user.faq') }] : []),
  ];
  const items: MenuProps['items'] = compact
    ? [
        { key: 'personal', label: t('user.personalCenter') },
        { key: 'about', label: t('user.about') },
        { type: 'divider' },
        { key: 'logout', label: t('user.logout'), danger: true },
      ]
    : [
        ...(can('system:config') ? [{ key: 'systemConfig', label: t('user.systemConfig') }] : []),
        { key: 'tools', label: t('user.tools'), children: tools },
        // Spec sections 2 and 6: a WebShell command opening a separate page; not for viewers.
        ...(can('shell:open') ? [{ key: 'webShell', label: t('shell:menu') }] : []),
        { key: 'personal', label: t('user.personalCenter') },
        { key: 'about', label: t('user.about') },
        { type: 'divider' },
        { key: 'logout', label: t('user.logout'), danger: true },
      ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'systemConfig') void navigate('/config/systemconfig');
    else if (key === 'personal') void navigate('/account/personal');
    else if (key === 'webShell') openShellWindow();
    else if (key === 'about') setDialog('about');
    else if (key === 'downloadTools') setDialog('tools');
    else if (key === 'importKey') setDialog('importKey');
    else if (key === 'exportKey' || key === 'exportKeyPpk')
      downloadKey.mutate(key === 'exportKeyPpk' ? 'ppk' : 'openssh', {
        onSuccess: () => void message.success(t('user.exportKeyDone')),
      });
    else if (key === 'faq') downloadFaq.mutate();
    else if (key === 'logout') void logout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" style={{ color: '#fff' }} aria-label={t('user.menu')} data-testid="user-menu">
          <UserOutlined aria-hidden /> {indexData?.currentUser} <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
      <DownloadToolsDialog open={dialog === 'tools'} onClose={() => setDialog(null)} />
      <ImportKeyDialog open={dialog === 'importKey'} onClose={() => setDialog(null)} />
    </>
  );
};
