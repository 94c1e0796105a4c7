import { Menu } from 'antd';
import type { MenuChild } from '@portal/shared';
import { MenuIcon } from './MenuIcon';
import { useOpenEntry } from './use-open-entry';

/** The children of the active top entry. */
export const SideMenu = ({ items, selectedId }: { items: MenuChild[]; selectedId: string | undefined }) => {
  const open = useOpenEntry();
  return (
    <Menu
      mode="inline"
      selectedKeys={selectedId ? [selectedId] : []}
      style={{ borderInlineEnd: 'none', paddingTop: 8 }}
      items={items.map((c) => ({ key: c.id, icon: <MenuIcon name={c.icon} />, label: c.text }))}
      onClick={({ key }) => open(items.find((c) => c.id === key))}
    />
  );
};
