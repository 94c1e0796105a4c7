import type { FastifyBaseLogger } from 'fastify';
import type { AuditRepository } from '../../modules/audit/audit.repository.js';
import type { Clock } from '../../lib/time.js';
import type { AccessUser, ClusterAccess } from './types.js';

export interface ProvisionerDeps {
  access: Map<string, ClusterAccess>;
  /** Every public key of the user (portal key and imported ones), OpenSSH one-line format. */
  publicKeysOf(userId: number): Promise<string[]>;
  audit: AuditRepository;
  clock: Clock;
  log: FastifyBaseLogger;
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
      [...this.d.access].map(async ([clusterId, access]) => {
        try {
          await access.provision(user, keys, revoked);
        } catch (err) {
          failed.push(clusterId);
          this.d.log.error({ err, user: user.name, cluster: clusterId }, 'provisioning the user on the cluster failed');
          await this.d.audit.recordSafely(this.d.log, {
            at: this.d.clock.now(),
            user_name: user.name,
            role_id: null,
            action: 'provisionUser',
            method: 'SYSTEM',
            path: '',
            ip: '',
            result: 'failure',
            err_code: 0,
            target: `${user.name}@${clusterId}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 256),
          });
        }
      }),
    );
    return failed;
  }
}
