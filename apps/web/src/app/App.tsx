import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { currentLanguage } from '../lib/i18n';
import { antdLocale } from '../lib/locale-extras';
import { queryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './AppRoutes';
import { theme } from './theme';

const Localized = () => {
  // Re-renders on a language switch; antd's texts for it were loaded before the switch (lib/i18n).
  useTranslation();
  return (
    <ConfigProvider locale={antdLocale(currentLanguage())} theme={theme}>
      {/* antd's App (message, modal) wraps every page but sign-in: see AntAppOutlet. */}
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </ConfigProvider>
  );
};

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <Localized />
  </QueryClientProvider>
);
