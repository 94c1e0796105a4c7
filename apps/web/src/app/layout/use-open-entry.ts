import { useLocation, useNavigate } from 'react-router';
import type { MenuChild, MenuItem } from '@portal/shared';
import { pathOf } from './menu-model';
import { useReload } from './reload-context';

/**
 * Opens a menu entry: an external one in a new tab, an internal one by its route; choosing the
 * page that is already open reloads it.
 */
export const useOpenEntry = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { reload } = useReload();
  return (entry: MenuItem | MenuChild | undefined) => {
    if (!entry) return;
    if (!entry.internal) {
      window.open(entry.uri || entry.load, '_blank', 'noopener');
      return;
    }
    const to = pathOf(entry);
    if (to === pathname) reload();
    else void navigate(to);
  };
};
