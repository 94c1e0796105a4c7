import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, type MenuItem } from '@portal/shared';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { StatsBar } from '../../components/stats-bar/StatsBar';
import { useLoginConfig } from '../../lib/queries/login-config';
import { useSession } from '../../lib/session';
import { targetOf } from './menu-model';
import { MenuIcon } from './MenuIcon';
import { useOpenEntry } from './use-open-entry';
import { fullHeaderMinWidth, fullTopMenuMinWidth, isNarrow, useWindowWidth } from './use-window-width';
import { UserMenu } from './UserMenu';

interface Props {
  menus: MenuItem[];
  activeTop: MenuItem | undefined;
  menuHidden: boolean;
  /** Absent when the page has no side menu to hide. */
  onToggleMenu: (() => void) | undefined;
  /** Opens the drawer that holds the whole menu on a narrow screen. */
  onOpenDrawer: () => void;
}

/** The top menu of the compact header: its entries closer together. */
const COMPACT_MENU = { components: { Menu: { itemPaddingInline: 12 } } };

/** More than one child, none of them a console page. */
const opensWindowsOnly = (m: MenuItem) => m.children.length > 1 && m.children.every((c) => !c.internal);

export const AppHeader = ({ menus, activeTop, menuHidden, onToggleMenu, onOpenDrawer }: Props) => {
  const { t, i18n } = useTranslation('layout');
  const { indexData } = useSession();
  const open = useOpenEntry();
  const width = useWindowWidth();
  // The user menu follows the spec's widths; the top menu and statistics need more room in English.
  const compactUser = width < fullHeaderMinWidth(i18n.language);
  const compact = width < fullTopMenuMinWidth(i18n.language);
  const brand = useLoginConfig().data?.branding.TITLE ?? 'HPC Portal';
  // Spec: opt shows the operations label; everyone else the portal's home label, which is the
  // portal's own name (one name for the product on every page, tab and dialog).
  const label = indexData?.roleId === Role.opt ? t('title.operations') : brand;

  // A phone or narrow window: the menus live in a drawer; the header keeps language and user.
  if (isNarrow(width))
    return (
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 8, position: 'sticky', top: 0, zIndex: 10 }}>
        <Button
          type="text"
          aria-label={t('menu.open')}
          title={t('menu.open')}
          icon={<MenuOutlined />}
          onClick={onOpenDrawer}
          style={{ color: '#fff' }}
        />
        <Logo height={24} />
        <span style={{ flex: 1 }} />
        <LanguageSwitch dark />
        <UserMenu compact narrow />
      </Layout.Header>
    );

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
      <span style={{ color: '#fff', fontWeight: 600, fontSize: 16, whiteSpace: 'nowrap' }}>{label}</span>
      {/* Below the full header's width the entries also sit closer (12 px a side, not 16). */}
      <ConfigProvider theme={compact ? COMPACT_MENU : undefined}>
        <Menu
          theme="dark"
          mode="horizontal"
          aria-label={t('menu.top')}
          selectedKeys={activeTop ? [activeTop.id] : []}
          items={menus.map((m) => ({
            key: m.id,
            // Below the full header's width the entries go without icons, so all of them keep their
            // place in the header from 1280 px (eight entries for an administrator, Cost included).
            icon: compact ? undefined : <MenuIcon name={m.icon} />,
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
      </ConfigProvider>
      {indexData?.roleId !== Role.hpc && <StatsBar layout="horizontal" labels={!compact} />}
      <LanguageSwitch dark />
      <UserMenu compact={compactUser} />
    </Layout.Header>
  );
};
