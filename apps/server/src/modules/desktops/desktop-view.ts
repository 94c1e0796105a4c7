import type { DesktopSession, DesktopViewMode } from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { DesktopConnections } from './desktop-connections.js';
import { iso } from '../../lib/time.js';
import type { DesktopView, ShareView } from './desktops.repository.js';

/** A desktop as the API shows it to `callerId` (spec section 3 "Desktop session"). */
export const toDesktopSession = (
  r: DesktopView,
  o: { callerId: number; clusterName: string; shares: ShareView[]; connected: string[]; shareMode?: DesktopViewMode | undefined },
): DesktopSession => {
  const own = r.user_id === o.callerId;
  return {
    sessionId: r.id,
    sessionName: r.name,
    sessionNumber: r.display,
    owner: r.owner_name,
    sessionType: r.kind,
    jobId: r.job_id,
    queue: r.queue,
    timeLimitSeconds: r.time_limit_s,
    resolution: r.resolution,
    nodes: r.node,
    createdTime: iso(Number(r.created_at)),
    sharer: own ? null : r.owner_name,
    shareUsers: own ? o.shares.map((s) => ({ userName: s.user_name, viewMode: s.view_mode })) : [],
    appName: r.app_name,
    viewMode: own ? 'interaction' : (o.shareMode ?? 'observation'),
    state: r.state,
    endReason: r.end_reason,
    endedTime: r.ended_at === null ? null : iso(Number(r.ended_at)),
    clusterId: r.cluster_id,
    clusterName: o.clusterName,
    connected: own ? o.connected : [],
  };
};

/** A desktop as the API shows it to `callerId`, with its cluster's name and who is connected now. */
export type DesktopSessionView = (
  r: DesktopView,
  callerId: number,
  shares: ShareView[],
  shareMode?: DesktopViewMode,
) => DesktopSession;

export const desktopSessionView =
  (clusters: ClusterRegistry, connections: DesktopConnections): DesktopSessionView =>
  (r, callerId, shares, shareMode) =>
    toDesktopSession(r, {
      callerId,
      clusterName: clusters.all().find((c) => c.config.id === r.cluster_id)?.config.name ?? r.cluster_id,
      shares,
      connected: connections.names(r.id),
      shareMode,
    });
