/** The address of the web shell page (`/eshell?clusterId=&cwd=`): on a cluster, in a folder. */
export const shellPageUrl = (opts: { clusterId?: string | undefined; cwd?: string | undefined } = {}) => {
  const q = new URLSearchParams();
  if (opts.clusterId) q.set('clusterId', opts.clusterId);
  if (opts.cwd) q.set('cwd', opts.cwd);
  const query = q.toString();
  return `/eshell${query ? `?${query}` : ''}`;
};
