import { localHomeRoot, type ClusterConfig } from '../../config/cluster-schema.js';
import type { Config } from '../../config/schema.js';
import { LocalClusterAccess } from './local/local-access.js';
import { LocalAccessRefusedError, localSeparation } from './local/user-accounts.js';
import { SshClusterAccess } from './ssh/ssh-access.js';
import type { ClusterAccess } from './types.js';

export interface AccessDeps {
  /** The user's portal-managed private key (OpenSSH format), for ssh mode. */
  privateKeyOf(userName: string): Promise<string>;
}

/** One cluster's access layer from its config. */
export const createClusterAccess = (config: Config, cluster: ClusterConfig, deps: AccessDeps): ClusterAccess => {
  if (cluster.access.mode === 'ssh') return new SshClusterAccess({ ...cluster.access.ssh, privateKeyOf: deps.privateKeyOf });
  // The same folders the local scheduler runs jobs in.
  return new LocalClusterAccess({ homeRoot: localHomeRoot(config.dataDir, cluster), dataDir: config.dataDir });
};

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/**
 * Why the server must not listen on `config.server.host`, or null. In local access mode every
 * portal user acts as the server's own OS account (one user's files are another's, and the shell
 * is the server's), so it stays on loopback unless the operator explicitly allows more.
 */
export const localAccessExposure = (config: Config): string | null => {
  if (LOOPBACK.test(config.server.host) || config.server.allowRemoteLocalAccess) return null;
  const local = config.clusters.filter((c) => c.access.mode === 'local').map((c) => c.id);
  if (local.length === 0) return null;
  return (
    `Refusing to listen on ${config.server.host}: cluster(s) ${local.join(', ')} use access mode 'local', where every ` +
    "portal user acts as the server's own OS account. Listen on 127.0.0.1, switch the clusters to access.mode 'ssh', " +
    'or set server.allowRemoteLocalAccess: true if you accept that (docs/cluster-access.md).'
  );
};

/**
 * Why local access cannot run, or null: the server runs as root (so each user must act as their
 * own POSIX account) but lacks the programs for it. The message says how to fix it.
 */
export const localAccessRefusal = (
  config: Config,
  separation: () => 'perUser' | 'shared' = () => localSeparation(),
): string | null => {
  if (!config.clusters.some((c) => c.access.mode === 'local')) return null;
  try {
    separation();
    return null;
  } catch (err) {
    if (err instanceof LocalAccessRefusedError) return err.message;
    throw err;
  }
};
