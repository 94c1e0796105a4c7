/** The address of the shell page; E-File passes the folder to start in. */
export const shellPageUrl = (opts: { clusterId?: string; cwd?: string } = {}) => {
  const q = new URLSearchParams();
  if (opts.clusterId) q.set('clusterId', opts.clusterId);
  if (opts.cwd) q.set('cwd', opts.cwd);
  const query = q.toString();
  return `/eshell${query ? `?${query}` : ''}`;
};

/** Spec section 2: the WebShell command opens a separate page, one new shell per window. */
export const openShellWindow = (opts: { clusterId?: string; cwd?: string } = {}) => {
  window.open(shellPageUrl(opts), '_blank', 'noopener');
};
