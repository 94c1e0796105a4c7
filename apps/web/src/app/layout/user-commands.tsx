import { App, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AboutDialog } from './AboutDialog';
import { DownloadToolsDialog } from '../../features/downloads/components/DownloadToolsDialog';
import { ImportKeyDialog } from '../../features/keys/components/ImportKeyDialog';
import { JobNoticesDialog } from '../../features/job-notices/components/JobNoticesDialog';
import { useDownloadFaq } from '../../features/downloads/api/faq-download';
import { useDownloadPrivateKey } from '../../features/keys/api/export-key';
import { openShellWindow } from '../../features/shell/open-shell-window';
import { useCan } from '../../lib/session';
import { useLogout } from '../session/use-logout';
import { USER_MENU_PAGES } from './menu-model';

type Dialog = 'about' | 'tools' | 'importKey' | 'jobNotices' | null;
type Items = NonNullable<MenuProps['items']>;

/**
 * The user menu's commands (spec sections 2 and 6), shared by the header's user menu and the
 * narrow screen's drawer: `extra` is what the compact user menu leaves out (system config, tools,
 * WebShell), which must stay reachable at every width.
 */
export const useUserCommands = () => {
  const { t } = useTranslation('layout');
  const can = useCan();
  const navigate = useNavigate();
  const logout = useLogout();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const downloadKey = useDownloadPrivateKey();
  const downloadFaq = useDownloadFaq();

  const tools: Items = [
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
  const extra: Items = [
    ...(can('system:config') ? [{ key: 'systemConfig', label: t('user.systemConfig') }] : []),
    { key: 'tools', label: t('user.tools'), children: tools },
    // Job-end notices of the user's own jobs (docs/alarms.md).
    ...(can('jobs:read') ? [{ key: 'jobNotices', label: t('job-notices:menu') }] : []),
    // Spec sections 2 and 6: a WebShell command opening a separate page; not for viewers.
    ...(can('shell:open') ? [{ key: 'webShell', label: t('shell:menu') }] : []),
  ];

  /** Runs the command of a menu key; false when the key is none of these commands. */
  const run = (key: string): boolean => {
    if (key === 'systemConfig' || key === 'personal') void navigate(USER_MENU_PAGES[key]);
    else if (key === 'webShell') openShellWindow();
    else if (key === 'about') setDialog('about');
    else if (key === 'downloadTools') setDialog('tools');
    else if (key === 'importKey') setDialog('importKey');
    else if (key === 'jobNotices') setDialog('jobNotices');
    else if (key === 'exportKey' || key === 'exportKeyPpk')
      downloadKey.mutate(key === 'exportKeyPpk' ? 'ppk' : 'openssh', {
        onSuccess: () => void message.success(t('user.exportKeyDone')),
      });
    else if (key === 'faq') downloadFaq.mutate();
    else if (key === 'logout') void logout();
    else return false;
    return true;
  };

  const dialogs = (
    <>
      <AboutDialog open={dialog === 'about'} onClose={() => setDialog(null)} />
      <DownloadToolsDialog open={dialog === 'tools'} onClose={() => setDialog(null)} />
      <ImportKeyDialog open={dialog === 'importKey'} onClose={() => setDialog(null)} />
      <JobNoticesDialog open={dialog === 'jobNotices'} onClose={() => setDialog(null)} />
    </>
  );
  return { extra, run, dialogs };
};
