import { permissionsOf, roleName, type IndexData, type LicenseInfo } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import type { SessionsService } from '../auth/index.js';
import type { LicenseService } from '../license/index.js';
import type { SettingsService } from '../settings/index.js';
import { menusFor } from './menus.service.js';

/** How local access mode runs users' commands on this machine (cluster/access/local/user-accounts.ts). */
export interface LocalAccessFacts {
  /** The clusters in local access mode (none: the console shows no notice). */
  clusters: { id: string; name: string }[];
  separation: 'perUser' | 'shared';
  /** The OS account the server runs as: every user's account under `shared`. */
  serverAccount: string;
}

/** The console's frame: who is signed in and what they may do, menus, online users, clusters. */
export class ConsoleService {
  constructor(
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly sessions: SessionsService,
    private readonly license: LicenseService,
    private readonly clock: Clock,
    /** How many nodes the clusters' schedulers report now; null while none has answered. */
    private readonly nodeCount: () => number | null,
    private readonly local: LocalAccessFacts = { clusters: [], separation: 'shared', serverAccount: '' },
    /** Disable when the user's default account is (spec section 4), else Normal: the accounts module's answer. */
    private readonly accountStatus: (userId: number) => Promise<'Normal' | 'Disable'> = () => Promise.resolve('Normal'),
    /** Whether the user holds an account of their own (not only the scheduler's default): the accounts module's answer. */
    private readonly holdsAccount: (userId: number) => Promise<boolean> = () => Promise.resolve(false),
  ) {}

  private localAccess(auth: Auth): IndexData['localAccess'] {
    const { clusters, separation, serverAccount } = this.local;
    if (clusters.length === 0) return null;
    return { clusters, separation, account: separation === 'perUser' ? auth.user.userName : serverAccount };
  }

  /** `hostname`: the address the browser used, which the spec reports as the manager server's. */
  async indexData(auth: Auth, hostname: string): Promise<IndexData> {
    const [s, acAccountStatus] = await Promise.all([this.settings.get(), this.accountStatus(auth.user.id)]);
    const ui = this.config.ui;
    return {
      roleId: auth.user.roleId,
      roleName: roleName(auth.user.roleId),
      currentUser: auth.user.userName,
      userNo: auth.user.id,
      goldEnable: ui.goldEnable,
      refreshInteval: s.refreshInterval,
      systemVersion: ui.systemVersion,
      systemVersionType: ui.systemVersionType,
      storageSwitch: ui.storageSwitch,
      acAccountStatus,
      passwordStrength: s.passwordStrength,
      efileUrl: ui.efileUrl,
      managerServerIP: hostname,
      transfer: ui.transfer ? '1' : '0',
      hybridService: ui.hybridService,
      permissions: permissionsOf(auth.user.roleId),
      csrfToken: auth.csrfToken,
      mustChangePassword: auth.mustChangePassword === true,
      localAccess: this.localAccess(auth),
    };
  }

  /** Spec section 6: walltimeApply only in gold mode and for a user who holds an account (one indexed read, then). */
  async menus(auth: Auth, lang: 'en' | 'zh') {
    const { transfer, goldEnable } = this.config.ui;
    const walltimeApply = goldEnable && (await this.holdsAccount(auth.user.id));
    return menusFor(auth.user.roleId, lang, undefined, { transfer, walltimeApply });
  }

  async onlineUsers(): Promise<{ userOnline: number }> {
    return { userOnline: await this.sessions.onlineUserCount() };
  }

  systemTime(): { sysTime: string } {
    return { sysTime: new Date(this.clock.now()).toISOString() };
  }

  isHybrid(): 'true' | 'false' {
    return this.config.ui.hybridService ? 'true' : 'false';
  }

  /** The licence; a signed-in caller also learns the clusters' real node count (beside the licensed one). */
  licenseInfo(signedIn: boolean): LicenseInfo {
    return { ...this.license.info(), clusterNodes: signedIn ? this.nodeCount() : null };
  }

  clusters() {
    return this.config.clusters.map((c) => ({
      id: c.id,
      name: c.name,
      JobManagerType: c.scheduler.toUpperCase(),
      JobManagerAddr: c.address,
      JobManagerPort: String(c.port),
    }));
  }
}
