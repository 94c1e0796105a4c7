import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { userMenuKeyOf } from './menu-model';
import { useUserCommands } from './user-commands';

/**
 * The user menu (spec section 2 and 6): system config, tools, personal center, about, logout.
 * Below the full-header width the spec's compact menu (user, about, logout) shows, with a "More"
 * entry holding system config, tools and WebShell so that every page stays reachable.
 */
export const UserMenu = ({ compact, narrow = false }: { compact: boolean; narrow?: boolean }) => {
  const { t } = useTranslation('layout');
  const { indexData } = useSession();
  const { pathname } = useLocation();
  const { extra, run, dialogs } = useUserCommands();
  const selected = userMenuKeyOf(pathname);

  const items: MenuProps['items'] = compact
    ? [
        { key: 'personal', label: t('user.personalCenter') },
        { key: 'more', label: t('user.more'), children: extra },
        { key: 'about', label: t('user.about') },
        { type: 'divider' },
        { key: 'logout', label: t('user.logout'), danger: true },
      ]
    : [
        ...extra,
        { key: 'personal', label: t('user.personalCenter') },
        { key: 'about', label: t('user.about') },
        { type: 'divider' },
        { key: 'logout', label: t('user.logout'), danger: true },
      ];

  return (
    <>
      <Dropdown
        menu={{ items, onClick: ({ key }) => run(key), selectedKeys: selected ? [selected] : [] }}
        trigger={['click']}
        placement="bottomRight"
      >
        <Button
          type="text"
          style={{ color: '#fff', minWidth: 0 }}
          aria-label={t('user.menuOf', { user: indexData?.currentUser ?? '' })}
          data-testid="user-menu"
        >
          <UserOutlined aria-hidden />
          <span style={narrow ? { maxWidth: 96, overflow: 'hidden', textOverflow: 'ellipsis' } : undefined}>
            {indexData?.currentUser}
          </span>
          <DownOutlined aria-hidden style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {dialogs}
    </>
  );
};
