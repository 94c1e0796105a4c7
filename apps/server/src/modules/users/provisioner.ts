import { SystemAuditAction } from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { AccessUser } from '../../cluster/access/types.js';
import { systemAuditEvent, type AuditWriter } from '../../lib/audit.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';

export interface ProvisionerDeps {
  clusters: ClusterRegistry;
  /** Every public key of the user (portal key and imported ones), OpenSSH one-line format. */
  publicKeysOf(userId: number): Promise<string[]>;
  audit: AuditWriter;
  clock: Clock;
  log: Logger;
}

/**
 * Installs a user's account and keys on every cluster (at approval, after a key import). A
 * cluster that fails must not undo the approval or the import: the failure is logged and written
 * to the audit log (action `provisionUser`, result failure, target `<user>@<cluster>`) for an
 * administrator to see; provisioning is idempotent, so the next approval or import retries it.
 */
export class UserProvisioner {
  constructor(private readonly d: ProvisionerDeps) {}

  /**
   * Never throws; answers the ids of the clusters that failed. `revoked`: key lines the user just
   * deleted, removed from authorized_keys (a cluster that fails keeps them until an administrator
   * acts on the audit line).
   */
  async provision(user: AccessUser, revoked: string[] = []): Promise<string[]> {
    const keys = await this.d.publicKeysOf(user.id);
    const failed: string[] = [];
    await Promise.all(
      this.d.clusters.all().map(async ({ config, access }) => {
        try {
          await access.provision(user, keys, revoked);
        } catch (err) {
          failed.push(config.id);
          this.d.log.error({ err, user: user.name, cluster: config.id }, 'provisioning the user on the cluster failed');
          const why = err instanceof Error ? err.message : String(err);
          await this.d.audit.write(
            systemAuditEvent({
              at: this.d.clock.now(),
              userName: user.name,
              action: SystemAuditAction.provisionUser,
              result: 'failure',
              target: `${user.name}@${config.id}: ${why}`,
            }),
            this.d.log,
          );
        }
      }),
    );
    return failed;
  }
}
