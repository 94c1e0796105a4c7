import { Drawer, Flex, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Role, type MenuItem } from '@portal/shared';
import { Logo } from '../../components/Logo';
import { StatsBar } from '../../components/stats-bar/StatsBar';
import { useSession } from '../../lib/session';
import { activeEntries, targetOf, userMenuKeyOf } from './menu-model';
import { MenuIcon } from './MenuIcon';
import { useOpenEntry } from './use-open-entry';
import { useUserCommands } from './user-commands';

interface Props {
  menus: MenuItem[];
  open: boolean;
  onClose: () => void;
}

/** Menu keys of the server's entries, kept apart from the user menu's command keys. */
const NAV = 'nav:';

/**
 * The whole menu of a narrow screen (a phone): the statistics, every top entry with its children
 * (what the header and the side menu show on a wide screen) and the user menu's system config,
 * tools and WebShell. Choosing an entry closes the drawer.
 */
export const NavDrawer = ({ menus, open, onClose }: Props) => {
  const { t } = useTranslation('layout');
  const { indexData } = useSession();
  const { pathname } = useLocation();
  const openEntry = useOpenEntry();
  const { extra, run, dialogs } = useUserCommands();
  const { top, child } = activeEntries(menus, pathname);
  const titleKey = indexData?.roleId === Role.opt ? 'title.operations' : 'title.hpcCloud';

  const items: MenuProps['items'] = [
    ...menus.map((m) => ({
      key: NAV + m.id,
      icon: <MenuIcon name={m.icon} />,
      label: m.text,
      ...(m.children.length
        ? { children: m.children.map((c) => ({ key: NAV + c.id, icon: <MenuIcon name={c.icon} />, label: c.text })) }
        : {}),
    })),
    { type: 'divider' },
    { key: 'more', type: 'group', label: t('user.more'), children: extra },
  ];
  const selected = child?.id ?? top?.id;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(NAV)) {
      const id = key.slice(NAV.length);
      const m = menus.find((x) => x.id === id);
      const c = menus.flatMap((x) => x.children).find((x) => x.id === id);
      openEntry(m ? targetOf(m) : c);
    } else run(key);
    onClose();
  };

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        placement="left"
        size={Math.min(300, Math.round(window.innerWidth * 0.85))}
        title={
          <Flex align="center" gap={8}>
            <span aria-hidden style={{ display: 'inline-flex' }}>
              <Logo height={24} />
            </span>
            {t(titleKey)}
          </Flex>
        }
        styles={{ body: { padding: 0 } }}
      >
        <StatsBar layout="vertical" />
        <nav aria-label={t('menu.drawer')}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={selected ? [NAV + selected] : [userMenuKeyOf(pathname) ?? '']}
            defaultOpenKeys={top ? [NAV + top.id] : []}
            onClick={onClick}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Drawer>
      {dialogs}
    </>
  );
};
