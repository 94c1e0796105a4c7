import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '@portal/shared';
import { activeEntries, pathOf, userMenuKeyOf } from './menu-model';

/**
 * Where the page sits in the menus: home, then the top entry and its child (a link back when this
 * is a page below it, such as a job's details), or the user-menu entry of a page that has no menu
 * entry (System config), so a page opened by its address still says where it belongs.
 */
export const PageBreadcrumb = ({ menus }: { menus: MenuItem[] }) => {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { top, child } = activeEntries(menus, pathname);
  const userKey = userMenuKeyOf(pathname);

  const trail: { title: ReactNode }[] = [];
  if (top) trail.push({ title: top.text });
  const leaf = child ?? (top && !top.children.length ? top : undefined);
  if (leaf && leaf !== top) {
    const below = pathname !== pathOf(leaf);
    trail.push({ title: below ? <Link to={pathOf(leaf)}>{leaf.text}</Link> : leaf.text });
  }
  if (!top && userKey) trail.push({ title: t(userKey === 'systemConfig' ? 'user.systemConfig' : 'user.personalCenter') });
  if (!trail.length) return null;

  return (
    <nav aria-label={t('crumb.label')} style={{ marginBottom: 12 }}>
      <Breadcrumb
        items={[
          {
            title: (
              <Link to="/" aria-label={t('crumb.home')}>
                <HomeOutlined aria-hidden />
              </Link>
            ),
          },
          ...trail,
        ]}
      />
    </nav>
  );
};
