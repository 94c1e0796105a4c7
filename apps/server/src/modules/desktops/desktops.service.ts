import { posix } from 'node:path';
import { text } from 'node:stream/consumers';
import {
  can,
  DESKTOP_CORES,
  DESKTOP_DEFAULT_RESOLUTION,
  DESKTOP_HOURS,
  DESKTOP_LOG_MAX_BYTES,
  DesktopCloseCode,
  formatDuration,
  type AppTemplate,
  type DesktopCluster,
  type DesktopSession,
  type DesktopViewMode,
  type StartDesktopBody,
} from '@portal/shared';
import type { z } from 'zod';
import type { ClusterEntry, ClusterRegistry } from '../../cluster/registry.js';
import { DesktopStartError } from '../../cluster/desktops/desktop-launcher.js';
import { FileAccessError, type AccessUser } from '../../cluster/access/types.js';
import type { Auth } from '../../lib/auth.js';
import { encryptSecret, randomToken } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import type { SubmitRequest } from '../jobs/index.js';
import type { DesktopConnections } from './desktop-connections.js';
import * as errors from './desktop-errors.js';
import type { AppTemplates } from './app-templates.js';
import { DesktopStates } from './desktop-states.js';
import { desktopSessionView, type DesktopSessionView } from './desktop-view.js';
import type { DesktopsRepository, DesktopView, ShareView } from './desktops.repository.js';

/** The start form as validated (every field may still be missing). */
type StartBody = z.output<typeof StartDesktopBody>;

export interface DesktopsDeps {
  repo: DesktopsRepository;
  clusters: ClusterRegistry;
  connections: DesktopConnections;
  /** Seals the VNC passwords at rest (the server's secret key). */
  masterKey: Buffer;
  /** The applications (data files and the administrator's choices). */
  apps: AppTemplates;
  /** Submits a desktop job as the user, with every check a job from the form gets (account, queue, quota, balance). */
  submitJob(auth: Auth, r: SubmitRequest): Promise<{ jobId: string }>;
  clock: Clock;
  log: Logger;
}

/** A VNC password: TigerVNC uses the first 8 characters. */
const vncPassword = () => randomToken(6);

/** Remote desktops: started as the user, listed, ended; their applications (docs/desktops.md). Sharing and connecting: desktop-sharing.service.ts. */
export class DesktopsService {
  private readonly states: DesktopStates;
  private readonly view: DesktopSessionView;

  constructor(private readonly d: DesktopsDeps) {
    this.states = new DesktopStates(d.repo, d.connections, d.clock);
    this.view = desktopSessionView(d.clusters, d.connections);
  }

  async start(auth: Auth, b: StartBody): Promise<DesktopSession> {
    const user = { id: auth.user.id, name: auth.user.userName };
    const cluster = this.d.clusters.get(b.clusterId);
    if (!cluster.desktops.enabled) throw errors.desktopsOff();
    const running = (await this.refreshOwn(user)).filter((r) => r.state !== 'ended' && r.cluster_id === cluster.config.id);
    const max = cluster.config.desktops.maxPerUser;
    if (running.length >= max) throw errors.desktopLimit(max);

    const app = b.appId ? await this.d.apps.get(b.appId) : undefined;
    if (b.appId && (!app?.enabled || !app.modes.includes('desktop'))) throw errors.appNotAvailable(b.appId);
    const id = randomToken(16);
    const home = await (await cluster.access.files(user)).home();
    const password = vncPassword();
    const viewPassword = vncPassword();
    const now = this.d.clock.now();
    const kind = b.sessionType ?? 'login';
    const timeLimit = kind === 'job' ? Math.max(60, Math.round(((b.hours ?? DESKTOP_HOURS.default) * 3600) / 60) * 60) : null;
    const row = {
      id,
      user_id: user.id,
      cluster_id: cluster.config.id,
      name: b.name ?? `${app?.name.en ?? 'Desktop'} ${now.toString(36).slice(-4)}`,
      kind,
      resolution: b.resolution ?? DESKTOP_DEFAULT_RESOLUTION,
      app_name: app && app.id !== 'VNC' ? app.id : null,
      node: '',
      display: null,
      pid: null,
      socket_path: null,
      job_id: null,
      queue: kind === 'job' ? (b.queue ?? null) : null,
      time_limit_s: timeLimit,
      started_at: null,
      host: null,
      port: null,
      dir: posix.join(home, '.portal', 'desktops', id),
      password_sealed: encryptSecret(password, this.d.masterKey),
      view_password_sealed: encryptSecret(viewPassword, this.d.masterKey),
      state: 'starting' as const,
      end_reason: null,
      created_at: now,
      ended_at: null,
    };
    await this.d.repo.insert(row);
    try {
      if (kind === 'job') {
        // Batch-connect: the folder and passwords first, then a job like any other (its checks, its bill).
        await cluster.desktops.prepareJob(user, { dir: row.dir, password, viewPassword });
        const { jobId } = await this.d.submitJob(auth, {
          clusterId: cluster.config.id,
          name: 'desktop',
          queue: b.queue,
          nodes: 1,
          cores: b.cores ?? DESKTOP_CORES.default,
          gpus: 0,
          memoryMB: 0,
          timeLimit: formatDuration(timeLimit as number),
          workDir: row.dir,
          script: cluster.desktops.jobScript({ ...row, app: app?.command ?? '' }),
          account: b.account,
          template: app?.id ?? 'VNC',
        });
        await this.d.repo.update(id, { job_id: jobId });
      } else {
        const started = await cluster.desktops.start(user, {
          dir: row.dir,
          name: row.name,
          resolution: row.resolution,
          password,
          viewPassword,
          app: app?.command ?? '',
        });
        await this.d.repo.update(id, {
          state: 'running',
          pid: started.pid,
          display: started.display,
          socket_path: started.socketPath,
          node: started.node,
        });
      }
    } catch (err) {
      await this.d.repo.end(id, 'startFailed', this.d.clock.now());
      if (err instanceof DesktopStartError) {
        this.d.log.warn({ sessionId: id, detail: err.detail }, 'a desktop did not start');
        throw err.reason === 'missing' ? errors.desktopNotInstalled(err.detail) : errors.desktopStartFailed(err.detail);
      }
      throw err;
    }
    const view = await this.d.repo.get(id);
    if (!view) throw new Error(`desktop ${id} vanished as it started`);
    return this.toSession(view, user.id, []);
  }

  /** The caller's desktops (ended ones marked as such after a check on the node) and those shared with them. */
  async list(user: AccessUser): Promise<DesktopSession[]> {
    const own = await this.refreshOwn(user);
    const shared = await this.d.repo.sharedWith(user.id);
    const shares = await this.d.repo.shares(own.map((r) => r.id));
    return [
      ...own.map((r) =>
        this.toSession(
          r,
          user.id,
          shares.filter((s) => s.session_id === r.id),
        ),
      ),
      ...shared.map((r) => this.toSession(r, user.id, [], r.share_mode)),
    ];
  }

  async delete(user: AccessUser, sessionId: string): Promise<void> {
    const row = await this.d.repo.get(sessionId);
    if (!row || row.user_id !== user.id || row.state === 'ended') throw errors.vncSessionNotFound();
    const cluster = this.d.clusters.get(row.cluster_id);
    if (row.job_id !== null) {
      await cluster.scheduler.cancel({ user: user.name, privileged: false }, row.job_id).catch((err: unknown) => {
        // A job that already ended cannot be cancelled: the desktop ends all the same.
        this.d.log.warn({ err, sessionId, jobId: row.job_id }, "a desktop's job could not be cancelled");
      });
      await cluster.snapshot.refreshAfterAction([row.job_id]);
    } else if (row.pid !== null) {
      await cluster.desktops.stop(user, { dir: row.dir, pid: row.pid });
    }
    await this.d.repo.end(sessionId, 'deleted', this.d.clock.now());
    this.d.connections.close(sessionId, DesktopCloseCode.unreachable, 'the desktop ended');
  }

  /** The end of the VNC log, read as the owner. */
  async log(user: AccessUser, sessionId: string): Promise<{ content: string; truncated: boolean }> {
    const row = await this.d.repo.get(sessionId);
    if (!row || row.user_id !== user.id) throw errors.vncLogNotFound();
    const files = await this.d.clusters.get(row.cluster_id).access.files(user);
    const path = posix.join(row.dir, 'vnc.log');
    try {
      const { size } = await files.stat(path);
      const start = Math.max(0, size - DESKTOP_LOG_MAX_BYTES);
      const content = size === 0 ? '' : await text(await files.createReadStream(path, { start, end: size - 1 }));
      return { content, truncated: start > 0 };
    } catch (err) {
      if (err instanceof FileAccessError) throw errors.vncLogNotFound();
      throw err;
    }
  }

  /** The caller's application sessions (spec's dcvapps): desktops started for an application. */
  async appSessions(
    user: AccessUser,
    f: { clusterId?: string | undefined; appId?: string | undefined },
  ): Promise<DesktopSession[]> {
    return (await this.list(user)).filter(
      (s) => s.appName !== null && (!f.clusterId || s.clusterId === f.clusterId) && (!f.appId || s.appName === f.appId),
    );
  }

  /** One application as the caller may see it (spec's appconfig). */
  async appConfig(auth: Auth, appId: string): Promise<AppTemplate> {
    const app = (await this.appTemplates(auth)).find((a) => a.id === appId);
    if (!app) throw errors.appNotAvailable(appId);
    return app;
  }

  /** Whether, and where, each cluster starts desktops (spec's queryCluster.action). */
  clusters(): DesktopCluster[] {
    return this.d.clusters.all().map(({ config }) => ({
      id: config.id,
      name: config.name,
      enabled: config.desktops.enabled,
      sessionTypes: config.desktops.enabled ? ['login', 'job'] : [],
      maxPerUser: config.desktops.maxPerUser,
    }));
  }

  /** The applications: enabled ones, or every one for who sets them up. */
  async appTemplates(auth: Auth): Promise<AppTemplate[]> {
    const all = await this.d.apps.all();
    return can(auth.user.roleId, 'system:config') ? all : all.filter((a) => a.enabled);
  }

  updateAppTemplate(appId: string, enabled: boolean, command: string | undefined): Promise<AppTemplate> {
    return this.d.apps.update(appId, enabled, command);
  }

  /** Closes every connection (the server is stopping); desktops keep running. */
  closeAll(): void {
    this.d.connections.closeAll(DesktopCloseCode.shutdown, 'the server is stopping');
  }

  /** The user's desktops, brought up to date with the nodes and the schedulers (desktop-states.ts). */
  private async refreshOwn(user: AccessUser): Promise<DesktopView[]> {
    const rows = await this.d.repo.ownedBy(user.id);
    for (const cluster of this.clustersOf(rows.filter((r) => r.state !== 'ended')))
      await this.states.refresh(user, cluster, rows);
    return rows;
  }

  private clustersOf(rows: DesktopView[]): ClusterEntry[] {
    const ids = new Set(rows.map((r) => r.cluster_id));
    return this.d.clusters.all().filter((c) => ids.has(c.config.id));
  }

  private toSession(r: DesktopView, callerId: number, shares: ShareView[], shareMode?: DesktopViewMode): DesktopSession {
    return this.view(r, callerId, shares, shareMode);
  }
}
