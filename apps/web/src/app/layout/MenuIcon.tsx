import {
  AppstoreOutlined,
  AuditOutlined,
  DashboardOutlined,
  SettingOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Icon names the server's menu data uses. */
const icons: Record<string, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  dashboard: DashboardOutlined,
  team: TeamOutlined,
  'user-add': UserAddOutlined,
  audit: AuditOutlined,
  user: UserOutlined,
  setting: SettingOutlined,
};

/** Decorative: the entry's text names it, so screen readers skip the icon. */
export const MenuIcon = ({ name }: { name: string }) => {
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon aria-hidden />;
};
