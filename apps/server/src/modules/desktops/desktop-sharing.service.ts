import type { Duplex } from 'node:stream';
import {
  can,
  DesktopCloseCode,
  type DesktopNativeAccess,
  type DesktopSession,
  type DesktopTicket,
  type DesktopViewMode,
} from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { AccessUser, StreamReader, StreamTarget } from '../../cluster/access/types.js';
import { decryptSecret } from '../../lib/crypto.js';
import { iso, type Clock } from '../../lib/time.js';
import type { UserDirectory } from '../users/index.js';
import type { DesktopConnections } from './desktop-connections.js';
import * as errors from './desktop-errors.js';
import { nativeAccess, nativeSshAddress } from './desktop-native.js';
import type { DesktopTickets } from './desktop-tickets.js';
import { desktopSessionView, type DesktopSessionView } from './desktop-view.js';
import type { DesktopsRepository, DesktopView } from './desktops.repository.js';

export interface DesktopSharingDeps {
  repo: DesktopsRepository;
  clusters: ClusterRegistry;
  users: Pick<UserDirectory, 'findByName'>;
  tickets: DesktopTickets;
  connections: DesktopConnections;
  /** Opens the sealed VNC passwords (the server's secret key). */
  masterKey: Buffer;
  clock: Clock;
}

/** What the proxy needs to open a desktop for a redeemed ticket. */
export interface DesktopTarget {
  sessionId: string;
  owner: AccessUser;
  viewMode: DesktopViewMode;
  open(reader: StreamReader): Promise<Duplex>;
}

/**
 * Who may reach a desktop and how: its owner, and the users it is shared with in observation or
 * interaction; the connect tickets and what a redeemed one opens (docs/desktops.md).
 */
export class DesktopSharingService {
  private readonly view: DesktopSessionView;

  constructor(private readonly d: DesktopSharingDeps) {
    this.view = desktopSessionView(d.clusters, d.connections);
  }

  async ticket(user: AccessUser, sessionId: string): Promise<DesktopTicket> {
    const { row, viewMode } = await this.reachable(user.id, sessionId);
    const sealed = viewMode === 'observation' ? row.view_password_sealed : row.password_sealed;
    const { ticket, expiresAt } = this.d.tickets.issue(sessionId, user.id, viewMode);
    return { ticket, password: decryptSecret(sealed, this.d.masterKey), viewMode, expiresAt: iso(expiresAt) };
  }

  /** For the proxy: what a redeemed ticket opens, checked again now (a share may have been revoked). */
  async target(userId: number, sessionId: string, ticket: string): Promise<DesktopTarget | undefined> {
    const grant = this.d.tickets.redeem(ticket, sessionId, userId);
    if (!grant) return undefined;
    const { row, viewMode } = await this.reachable(userId, sessionId).catch(() => ({
      row: undefined,
      viewMode: 'observation' as const,
    }));
    const at = row ? targetOf(row) : undefined;
    if (!row || !at) return undefined;
    const owner = { id: row.user_id, name: row.owner_name };
    const cluster = this.d.clusters.get(row.cluster_id);
    // The stricter of the ticket's mode and the share's mode now.
    const mode: DesktopViewMode = grant.viewMode === 'observation' || viewMode === 'observation' ? 'observation' : 'interaction';
    return { sessionId, owner, viewMode: mode, open: (reader) => cluster.desktops.connect(owner, at, reader) };
  }

  /** How the owner opens the desktop in a native viewer; others have no account to tunnel with. */
  async native(user: AccessUser, sessionId: string): Promise<DesktopNativeAccess> {
    const row = await this.ownedRunning(user, sessionId);
    const cluster = this.d.clusters.get(row.cluster_id);
    const ssh = nativeSshAddress(cluster.config);
    const target = targetOf(row);
    if (!ssh || !target) throw errors.nativeViewerUnavailable();
    const password = decryptSecret(row.password_sealed, this.d.masterKey);
    return nativeAccess({ userName: row.owner_name, ssh, target, display: row.display, password, sessionName: row.name });
  }

  async share(user: AccessUser, sessionId: string, userName: string, viewMode: DesktopViewMode): Promise<DesktopSession> {
    const row = await this.ownedRunning(user, sessionId);
    const target = await this.d.users.findByName(userName);
    if (!target || target.status !== 'active') throw errors.shareRefused(`No user ${userName}`);
    if (target.id === user.id) throw errors.shareRefused('A desktop is not shared with its owner');
    if (!can(target.role_id, 'desktops:use')) throw errors.shareRefused(`${userName} cannot use desktops`);
    const before = await this.d.repo.share(sessionId, target.id);
    await this.d.repo.putShare(sessionId, target.id, viewMode, this.d.clock.now());
    // Someone moved from interaction to observation reconnects, with the view-only password.
    if (before && before.view_mode !== viewMode) {
      this.d.connections.close(sessionId, DesktopCloseCode.revoked, 'the share changed', target.id);
    }
    return this.sessionOf(user, row);
  }

  async unshare(user: AccessUser, sessionId: string, userName: string): Promise<DesktopSession> {
    const row = await this.ownedRunning(user, sessionId);
    const target = await this.d.users.findByName(userName);
    if (target && (await this.d.repo.removeShare(sessionId, target.id))) {
      this.d.connections.close(sessionId, DesktopCloseCode.revoked, 'the owner stopped sharing', target.id);
    }
    return this.sessionOf(user, row);
  }

  private async sessionOf(user: AccessUser, row: DesktopView): Promise<DesktopSession> {
    return this.view(row, user.id, await this.d.repo.shares([row.id]));
  }

  private async ownedRunning(user: AccessUser, sessionId: string): Promise<DesktopView> {
    const row = await this.d.repo.get(sessionId);
    if (!row || row.user_id !== user.id) throw errors.sessionNotFound();
    if (row.state !== 'running') throw errors.desktopNotRunning();
    return row;
  }

  /** A running desktop the user owns or is shared with, and the user's mode on it. */
  private async reachable(userId: number, sessionId: string): Promise<{ row: DesktopView; viewMode: DesktopViewMode }> {
    const row = await this.d.repo.get(sessionId);
    if (!row) throw errors.sessionNotFound();
    let viewMode: DesktopViewMode = 'interaction';
    if (row.user_id !== userId) {
      const share = await this.d.repo.share(sessionId, userId);
      if (!share) throw errors.sessionNotFound();
      viewMode = share.view_mode;
    }
    if (row.state !== 'running') throw errors.desktopNotRunning();
    return { row, viewMode };
  }
}

/** Where a running desktop's Xvnc listens: its socket on the login node, or its job's node and port. */
const targetOf = (r: DesktopView): StreamTarget | undefined => {
  if (r.socket_path) return { path: r.socket_path };
  if (r.host && r.port) return { host: r.host, port: Number(r.port) };
  return undefined;
};
