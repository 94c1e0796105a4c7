import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, type MenuItem } from '@portal/shared';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { StatsBar } from '../../components/stats-bar/StatsBar';
import { useSession } from '../../lib/session';
import { targetOf } from './menu-model';
import { MenuIcon } from './MenuIcon';
import { useOpenEntry } from './use-open-entry';
import { fullHeaderMinWidth, useWindowWidth } from './use-window-width';
import { UserMenu } from './UserMenu';

interface Props {
  menus: MenuItem[];
  activeTop: MenuItem | undefined;
  menuHidden: boolean;
  /** Absent when the page has no side menu to hide. */
  onToggleMenu: (() => void) | undefined;
}

/** More than one child, none of them a console page. */
const opensWindowsOnly = (m: MenuItem) => m.children.length > 1 && m.children.every((c) => !c.internal);

export const AppHeader = ({ menus, activeTop, menuHidden, onToggleMenu }: Props) => {
  const { t, i18n } = useTranslation('layout');
  const { indexData } = useSession();
  const open = useOpenEntry();
  const compact = useWindowWidth() < fullHeaderMinWidth(i18n.language);
  const labelKey = indexData?.roleId === Role.opt ? 'title.operations' : 'title.hpcCloud';

  return (
    <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, position: 'sticky', top: 0, zIndex: 10 }}>
      {onToggleMenu && (
        <Button
          type="text"
          aria-label={menuHidden ? t('menu.show') : t('menu.hide')}
          title={menuHidden ? t('menu.show') : t('menu.hide')}
          icon={menuHidden ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggleMenu}
          style={{ color: '#fff' }}
        />
      )}
      <Logo height={24} />
      <span style={{ color: '#fff', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>{t(labelKey)}</span>
      <Menu
        theme="dark"
        mode="horizontal"
        aria-label={t('menu.top')}
        selectedKeys={activeTop ? [activeTop.id] : []}
        items={menus.map((m) => ({
          key: m.id,
          icon: <MenuIcon name={m.icon} />,
          label: m.text,
          // A group of window openers only (File Transfer: E-File, Across Center) has no page for a
          // side menu: its entries drop down from the header instead.
          ...(opensWindowsOnly(m)
            ? { children: m.children.map((c) => ({ key: c.id, icon: <MenuIcon name={c.icon} />, label: c.text })) }
            : {}),
        }))}
        onClick={({ key, keyPath }) => {
          const top = menus.find((m) => m.id === keyPath[keyPath.length - 1]);
          open(top && (top.id === key ? targetOf(top) : top.children.find((c) => c.id === key)));
        }}
        style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none' }}
      />
      {indexData?.roleId !== Role.hpc && <StatsBar layout="horizontal" labels={!compact} />}
      <LanguageSwitch dark />
      <UserMenu compact={compact} />
    </Layout.Header>
  );
};
