import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createUserAuthToken, getEfileUrl } from '@portal/shared';
import { api } from './api-client';
import { useErrorText } from './errors';
import { fileManagerWindows } from './file-manager-windows';
import { currentLanguage } from './i18n';
import { loginConfigQuery } from './queries/login-config';
import { queryClient } from './query-client';

/** Where the E-File window starts: Across Center (`view: 'transfers'`), or a folder of a cluster. */
export interface FileManagerStart {
  view?: string | undefined;
  /** The folder to open (spec section 2: the optional jump file URL); the home when absent. */
  path?: string | undefined;
  /** The cluster the folder is on (E-File's own `cluster` parameter). */
  clusterId?: string | undefined;
}

/** The address the E-File window opens: the service with a one-time token, language, title and start. */
export const efileWindowUrl = (efileUrl: string, token: string, lang: string, title: string, start: FileManagerStart = {}) => {
  const sep = efileUrl.includes('?') ? '&' : '?';
  const q = new URLSearchParams({
    token,
    lang,
    title,
    ...(start.view ? { view: start.view } : {}),
    ...(start.clusterId ? { cluster: start.clusterId } : {}),
    ...(start.path ? { path: start.path } : {}),
  });
  return `${efileUrl || '/efile'}${sep}${q.toString()}`;
};

/**
 * Opens the file manager in its own window (spec section 2): a token from createUserAuthToken,
 * the service address from getEfileUrl, the console's language and title. The window is opened
 * at once (a pop-up blocker allows that only during the click) and sent on when the token is there.
 */
export const useOpenFileManager = () => {
  const { message } = App.useApp();
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  // A string is a view (the header's entries pass 'transfers').
  return useCallback(
    async (opening: string | FileManagerStart = {}) => {
      const start = typeof opening === 'string' ? { view: opening } : opening;
      const w = window.open('about:blank', '_blank');
      if (!w) {
        void message.error(t('open.blocked'));
        return;
      }
      fileManagerWindows.add(w);
      try {
        const [url, { token }, config] = await Promise.all([
          api(getEfileUrl),
          api(createUserAuthToken),
          queryClient.fetchQuery(loginConfigQuery()).catch(() => null),
        ]);
        w.location.href = efileWindowUrl(url, token, currentLanguage(), config?.branding.TITLE ?? '', start);
      } catch (err) {
        w.close();
        void message.error(errorText(err));
      }
    },
    [message, t, errorText],
  );
};
