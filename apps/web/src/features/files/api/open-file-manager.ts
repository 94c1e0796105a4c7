import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createUserAuthToken, getEfileUrl } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { fileManagerWindows } from '../../../lib/file-manager-windows';
import { currentLanguage } from '../../../lib/i18n';
import { loginConfigQuery } from '../../../lib/queries/login-config';
import { queryClient } from '../../../lib/query-client';

/** The address the E-File window opens: the service with a one-time token, language and title. */
export const efileWindowUrl = (efileUrl: string, token: string, lang: string, title: string, view?: string) => {
  const sep = efileUrl.includes('?') ? '&' : '?';
  const q = new URLSearchParams({ token, lang, title, ...(view ? { view } : {}) });
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
  // `view`: 'transfers' opens Across Center in the window.
  return useCallback(
    async (view?: string) => {
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
        w.location.href = efileWindowUrl(url, token, currentLanguage(), config?.branding.TITLE ?? '', view);
      } catch (err) {
        w.close();
        void message.error(errorText(err));
      }
    },
    [message, t, errorText],
  );
};
