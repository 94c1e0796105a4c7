import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { MenuChild } from '@portal/shared';
import { MenuIcon } from './MenuIcon';
import { pathOf } from './menu-model';
import { useReload } from './reload-context';

/** The children of the active top entry. */
export const SideMenu = ({ items, selectedId }: { items: MenuChild[]; selectedId: string | undefined }) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { reload } = useReload();
  return (
    <Menu
      mode="inline"
      selectedKeys={selectedId ? [selectedId] : []}
      style={{ borderInlineEnd: 'none', paddingTop: 8 }}
      items={items.map((c) => ({ key: c.id, icon: <MenuIcon name={c.icon} />, label: c.text }))}
      onClick={({ key }) => {
        const item = items.find((c) => c.id === key);
        if (!item) return;
        if (!item.internal) {
          window.open(item.uri || item.load, '_blank', 'noopener');
          return;
        }
        const to = pathOf(item);
        if (to === pathname) reload();
        else void navigate(to);
      }}
    />
  );
};
