import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './AppRoutes';
import { theme } from './theme';

const Localized = () => {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
  }, [zh]);
  return (
    <ConfigProvider locale={zh ? zhCN : enUS} theme={theme}>
      {/* Spec section 9: message toasts last 1500 ms. */}
      <AntApp message={{ duration: 1.5, maxCount: 3 }}>
        <SessionProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
};

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <Localized />
  </QueryClientProvider>
);
