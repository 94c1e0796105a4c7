import type { ClusterRegistry } from '../../cluster/registry.js';
import type { AccessUser } from '../../cluster/access/types.js';
import { viaFiles } from '../files/index.js';
import { checkShellCwd } from './shell-cwd.js';
import type { ShellRegistry } from './shell-registry.js';

export interface OpenShellRequest {
  clusterId?: string | undefined;
  cwd?: string | undefined;
  cols: number;
  rows: number;
}

/** Web shells: opened on a cluster as the user, kept in this process (docs/shell.md). */
export class ShellService {
  constructor(
    readonly shells: ShellRegistry,
    private readonly clusters: ClusterRegistry,
  ) {}

  /** The cluster a shell would open on: the given one, else the first; 404 for an unknown id. */
  clusterIdOf(clusterId: string | undefined): string {
    return this.clusters.get(clusterId).config.id;
  }

  /** Opens a shell, in `cwd` when it lies inside the user's folders. */
  async open(user: AccessUser, r: OpenShellRequest) {
    const { config, access } = this.clusters.get(r.clusterId);
    const cwd = r.cwd ? await checkShellCwd(access, user, config.access.roots, r.cwd) : undefined;
    return this.shells.open(user.id, { clusterId: config.id, clusterName: config.name, userName: user.name }, () =>
      viaFiles(() => access.shell(user, { cols: r.cols, rows: r.rows, ...(cwd ? { cwd } : {}) })),
    );
  }

  find(sessionId: string, ownerId: number) {
    return this.shells.get(sessionId, ownerId);
  }

  /** Closes every shell of this process (the server is stopping). */
  closeAll(): void {
    this.shells.closeAll();
  }
}
