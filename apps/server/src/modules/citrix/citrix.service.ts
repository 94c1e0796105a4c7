import type { CitrixResource, CitrixSessionState } from '@portal/shared';
import type { CitrixConfig } from '../../config/citrix-schema.js';
import type { Auth } from '../../lib/auth.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import { configError, fromStoreFront, sessionMissing } from './citrix-errors.js';
import { CitrixSessions, type CitrixEntry } from './citrix-sessions.js';
import { StoreFrontError, type StoreFrontResource } from './storefront-answers.js';
import { StoreFrontClient } from './storefront-client.js';

export interface CitrixServiceDeps {
  config: CitrixConfig;
  clock: Clock;
  log: Logger;
}

/** What a launch hands the browser. */
export interface CitrixLaunch {
  name: string;
  fileName: string;
  ica: Buffer;
}

/** Characters no file name may hold on some system: control characters and \ / : * ? " < > |. */
const unsafeInFileName = (c: string) => c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c);

/** A name that is safe as a file name on every system (the resource's name, else "citrix"). */
const icaFileName = (name: string) => {
  const safe = [...name]
    .map((c) => (unsafeInFileName(c) ? '_' : c))
    .join('')
    .trim();
  return `${safe || 'citrix'}.ica`;
};

const toResource = (r: StoreFrontResource): CitrixResource => ({
  id: r.id,
  name: r.name,
  type: r.isDesktop ? 'desktop' : 'application',
  description: r.description,
  folder: r.path,
  disabled: r.disabled,
});

/**
 * Citrix published desktops and applications (docs/citrix.md). A user signs in to StoreFront with
 * their Citrix password once per portal session; the password goes to StoreFront in that one call
 * and is dropped, and only StoreFront's session cookies are kept, in memory, for that portal session.
 */
export class CitrixService {
  private readonly client: StoreFrontClient | null;
  private readonly sessions: CitrixSessions;

  constructor(private readonly d: CitrixServiceDeps) {
    const { config } = d;
    this.client =
      config.enabled && config.storeFrontUrl
        ? new StoreFrontClient({
            storeFrontUrl: config.storeFrontUrl,
            timeoutMs: config.requestTimeoutSeconds * 1000,
            rejectUnauthorized: config.rejectUnauthorized,
            launchWaitMs: config.launchWaitSeconds * 1000,
          })
        : null;
    this.sessions = new CitrixSessions(d.clock, config.sessionIdleMinutes * 60_000);
  }

  /** The name the portal signs in to StoreFront with: DOMAIN\user, or the portal user name. */
  storeFrontUser(auth: Auth): string {
    return this.d.config.domain ? `${this.d.config.domain}\\${auth.user.userName}` : auth.user.userName;
  }

  private requireClient(): StoreFrontClient {
    if (!this.client) throw configError();
    return this.client;
  }

  private entryOf(auth: Auth): CitrixEntry {
    const entry = this.sessions.get(auth.sessionId, auth.user.id);
    if (!entry) throw sessionMissing();
    return entry;
  }

  /** Logs a StoreFront failure (what failed, never a password or cookie) and answers it. */
  private failed(auth: Auth, call: string, err: unknown): unknown {
    if (!(err instanceof StoreFrontError)) return err;
    if (err.failure === 'sessionEnded') this.sessions.drop(auth.sessionId);
    const level = err.failure === 'refused' || err.failure === 'sessionEnded' ? 'info' : 'warn';
    this.d.log[level](
      { user: auth.user.userName, call, failure: err.failure, detail: err.detail },
      `Citrix StoreFront: ${err.message}`,
    );
    return fromStoreFront(err);
  }

  status(auth: Auth): CitrixSessionState {
    return {
      enabled: this.client !== null,
      signedIn: this.client !== null && this.sessions.get(auth.sessionId, auth.user.id) !== undefined,
      userName: this.storeFrontUser(auth),
    };
  }

  /** Signs this portal session in to StoreFront (replacing an earlier StoreFront session of it). */
  async signIn(auth: Auth, password: string): Promise<CitrixSessionState> {
    const client = this.requireClient();
    const user = this.storeFrontUser(auth);
    const session = await client
      .signIn({ user: auth.user.userName, domain: this.d.config.domain, password })
      .catch((err: unknown) => Promise.reject(this.failed(auth, 'signIn', err)));
    const previous = this.sessions.put(auth.sessionId, { userId: auth.user.id, storeFrontUser: user, session });
    if (previous) void client.signOut(previous.session);
    this.d.log.info({ user: auth.user.userName, storeFrontUser: user }, 'Citrix StoreFront: signed in');
    return this.status(auth);
  }

  async signOut(auth: Auth): Promise<Record<string, never>> {
    const entry = this.sessions.drop(auth.sessionId);
    if (entry && this.client) await this.client.signOut(entry.session);
    return {};
  }

  /** The published desktops and applications, read from StoreFront on every call. */
  async list(auth: Auth): Promise<{ list: CitrixResource[] }> {
    const client = this.requireClient();
    const entry = this.entryOf(auth);
    const resources = await client.list(entry.session).catch((err: unknown) => Promise.reject(this.failed(auth, 'list', err)));
    entry.resources = new Map(resources.map((r) => [r.id, r]));
    return { list: resources.map(toResource) };
  }

  /** The ICA file of one of the resources StoreFront lists for this user. */
  async launch(auth: Auth, id: string): Promise<CitrixLaunch> {
    const client = this.requireClient();
    const entry = this.entryOf(auth);
    if (!entry.resources?.has(id)) await this.list(auth);
    const resource = entry.resources?.get(id);
    if (!resource) throw fromStoreFront(new StoreFrontError('notFound', 'not one of the listed resources'));
    const ica = await client
      .launch(entry.session, resource)
      .catch((err: unknown) => Promise.reject(this.failed(auth, 'launch', err)));
    this.d.log.info({ user: auth.user.userName, resource: resource.name }, 'Citrix StoreFront: launched');
    return { name: resource.name, fileName: icaFileName(resource.name), ica };
  }
}
