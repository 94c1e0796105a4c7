import { shellPageUrl } from '../../lib/shell-url';

/** Spec section 2: the WebShell command opens a separate page, one new shell per window. */
export const openShellWindow = (opts: { clusterId?: string; cwd?: string } = {}) => {
  window.open(shellPageUrl(opts), '_blank', 'noopener');
};
