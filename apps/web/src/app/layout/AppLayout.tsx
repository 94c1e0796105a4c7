import { useQueryClient } from '@tanstack/react-query';
import { Layout, Spin } from 'antd';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Role } from '@portal/shared';
import { LocalAccessNotice } from '../../components/LocalAccessNotice';
import { StatsBar } from '../../components/stats-bar/StatsBar';
import { JobEndToasts } from '../../features/job-notices/components/JobEndToasts';
import { useSession } from '../../lib/session';
import { menuHidden } from '../../lib/storage';
import { AccountDisabledBanner } from './AccountDisabledBanner';
import { AppHeader } from './AppHeader';
import { NavDrawer } from './NavDrawer';
import { PageBreadcrumb } from './PageBreadcrumb';
import { activeEntries, prepareMenus } from './menu-model';
import { ReloadContext } from './reload-context';
import { ScrollToTop } from './ScrollToTop';
import { SideMenu } from './SideMenu';
import { isNarrow, useWindowWidth } from './use-window-width';

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
  const [drawerOpen, setDrawerOpen] = useState(false);
  const narrow = isNarrow(useWindowWidth());
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
  // On a narrow screen the drawer holds the side menu's entries and the statistics.
  const showSider = !narrow && (sideItems.length > 0 || statsInMenu);

  return (
    <ReloadContext.Provider value={reloadValue}>
      <ScrollToTop container={() => document.getElementById(CONTENT_ID)} />
      <JobEndToasts />
      <Layout style={{ minHeight: '100vh' }}>
        <AppHeader
          menus={prepared}
          activeTop={top}
          menuHidden={hidden}
          onToggleMenu={showSider ? toggleMenu : undefined}
          onOpenDrawer={() => setDrawerOpen(true)}
        />
        {narrow && <NavDrawer menus={prepared} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
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
          {/* data-path: the page shown now (a route change commits once the new page is ready); the accessibility pass waits for it. */}
          <Layout.Content
            id={CONTENT_ID}
            data-path={pathname}
            style={{ padding: narrow ? 8 : 16, minHeight: 'calc(100vh - 115px)', minWidth: 0 }}
          >
            <AccountDisabledBanner />
            <LocalAccessNotice closable style={{ marginBottom: 16 }} />
            <PageBreadcrumb menus={prepared} />
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
