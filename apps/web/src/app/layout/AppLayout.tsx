import { useQueryClient } from '@tanstack/react-query';
import { Layout, Spin } from 'antd';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Role } from '@portal/shared';
import { StatsBar } from '../../components/stats-bar/StatsBar';
import { useSession } from '../../lib/session';
import { menuHidden } from '../../lib/storage';
import { AppHeader } from './AppHeader';
import { activeEntries, prepareMenus } from './menu-model';
import { ReloadContext } from './reload-context';
import { ScrollToTop } from './ScrollToTop';
import { SideMenu } from './SideMenu';

const CONTENT_ID = 'portal-content';

/** The console frame: header with top menu, hideable side menu, and the page. */
export const AppLayout = () => {
  const { t } = useTranslation('layout');
  const { menus, indexData } = useSession();
  const prepared = useMemo(() => prepareMenus(menus ?? []), [menus]);
  const { pathname } = useLocation();
  const { top, child } = activeEntries(prepared, pathname);
  const [hidden, setHidden] = useState(menuHidden.get);
  const [reloadKey, setReloadKey] = useState(0);
  const qc = useQueryClient();

  const reload = useCallback(() => {
    setReloadKey((k) => k + 1);
    void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  }, [qc]);
  const toggleMenu = useCallback(() => {
    setHidden((h) => {
      menuHidden.set(!h);
      return !h;
    });
  }, []);
  const reloadValue = useMemo(() => ({ reloadKey, reload }), [reloadKey, reload]);
  const sideItems = top?.children ?? [];
  const statsInMenu = indexData?.roleId === Role.hpc;
  const showSider = sideItems.length > 0 || statsInMenu;

  return (
    <ReloadContext.Provider value={reloadValue}>
      <ScrollToTop container={() => document.getElementById(CONTENT_ID)} />
      <Layout style={{ minHeight: '100vh' }}>
        <AppHeader menus={prepared} activeTop={top} menuHidden={hidden} onToggleMenu={showSider ? toggleMenu : undefined} />
        <Layout>
          {showSider && (
            <Layout.Sider
              width={208}
              collapsedWidth={0}
              collapsed={hidden}
              trigger={null}
              theme="light"
              style={{ borderRight: '1px solid #e5e7eb' }}
              aria-label={t('menu.side')}
            >
              {statsInMenu && <StatsBar layout="vertical" />}
              {sideItems.length > 0 && <SideMenu items={sideItems} selectedId={child?.id} />}
            </Layout.Sider>
          )}
          <Layout.Content id={CONTENT_ID} style={{ padding: 16, minHeight: 'calc(100vh - 115px)' }}>
            <Suspense fallback={<Spin style={{ display: 'block', margin: '20vh auto' }} />}>
              <div key={reloadKey}>
                <Outlet />
              </div>
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </ReloadContext.Provider>
  );
};
