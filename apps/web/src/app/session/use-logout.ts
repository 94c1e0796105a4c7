import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { logout as logoutContract } from '@portal/shared';
import { api } from '../../lib/api-client';
import { fileManagerWindows } from '../../lib/file-manager-windows';
import { loginMarker } from '../../lib/storage';

/**
 * Logout (spec section 4): warn while a file-manager window is open, tell the server (any answer
 * is fine), remove the login marker and session storage, close file-manager windows, then load
 * /login afresh: a new page load resets the router and every cached answer in one step.
 */
export const useLogout = () => {
  const { modal } = App.useApp();
  const { t } = useTranslation('layout');

  const run = useCallback(async () => {
    let redirectUrl: string | undefined;
    try {
      redirectUrl = (await api(logoutContract)).redirectUrl;
    } catch {
      // The server session may already be gone; the browser side is cleared all the same.
    }
    fileManagerWindows.closeAll();
    loginMarker.clear();
    sessionStorage.clear();
    window.location.replace(redirectUrl ?? '/login');
  }, []);

  return useCallback(() => {
    if (!fileManagerWindows.anyOpen()) return run();
    modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.fileManagerOpen'),
      okText: t('logout.confirm'),
      onOk: run,
    });
    return Promise.resolve();
  }, [modal, run, t]);
};
