import { useLocation, useNavigate } from 'react-router';
import type { MenuChild, MenuItem } from '@portal/shared';
import { useOpenFileManager } from '../../features/files/api/open-file-manager';
import { openShellWindow } from '../../features/shell/open-shell-window';
import { pathOf } from './menu-model';
import { useReload } from './reload-context';

/**
 * Opens a menu entry: the file manager in its window, an external one in a new tab, an internal
 * one by its route; choosing the page that is already open reloads it.
 */
export const useOpenEntry = () => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { reload } = useReload();
  const openFileManager = useOpenFileManager();
  return (entry: MenuItem | MenuChild | undefined) => {
    if (!entry) return;
    // E-File opens the file manager in its own window, signed in by a one-time token.
    if (entry.target === 'efile') {
      void openFileManager();
      return;
    }
    // Across Center: the same window, on its transfers view.
    if (entry.target === 'efileTransfers') {
      void openFileManager('transfers');
      return;
    }
    // WebShell opens a new shell in a window of its own.
    if (entry.target === 'eshell') {
      openShellWindow();
      return;
    }
    if (!entry.internal) {
      window.open(entry.uri || entry.load, '_blank', 'noopener');
      return;
    }
    const to = pathOf(entry);
    if (to === pathname) reload();
    else void navigate(to);
  };
};
