import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { antdLocale } from '../lib/locale-extras';
import { queryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './AppRoutes';
import { theme } from '../lib/theme';

export { preloadConsole } from './AppRoutes';

/**
 * Every page but sign-in, with what they stand on: antd's theme and texts, TanStack Query and
 * the session. Fetched after the sign-in page (App.tsx), or first by a visit to any other page.
 */
const ConsoleApp = () => {
  // Re-renders on a language switch; antd's texts for it were loaded before the switch (lib/i18n).
  useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale(currentLanguage())} theme={theme}>
        {/* antd's App (message, modal) wraps every page but the public ones' frame: see AntAppOutlet. */}
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
};

export default ConsoleApp;
