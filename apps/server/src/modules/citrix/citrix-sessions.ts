import type { Clock } from '../../lib/time.js';
import type { StoreFrontResource } from './storefront-answers.js';
import type { StoreFrontSession } from './storefront-client.js';

/** What the portal keeps for a portal session signed in to StoreFront: never the password. */
export interface CitrixEntry {
  userId: number;
  /** Who StoreFront knows the user as (DOMAIN\user). */
  storeFrontUser: string;
  session: StoreFrontSession;
  /** The resources of the last list, by id: launch takes its URLs from here, never from the caller. */
  resources: Map<string, StoreFrontResource> | null;
  lastUsed: number;
}

/**
 * StoreFront sessions by portal session (its id), in this process's memory: a launch can only use
 * the StoreFront session of the portal session it comes from. Idle entries are forgotten.
 */
export class CitrixSessions {
  private readonly entries = new Map<string, CitrixEntry>();

  constructor(
    private readonly clock: Clock,
    private readonly idleMs: number,
  ) {}

  private prune(now: number): void {
    for (const [id, e] of this.entries) if (now - e.lastUsed >= this.idleMs) this.entries.delete(id);
  }

  /** The entry of this portal session (and user), marked as used; undefined when there is none. */
  get(portalSessionId: string, userId: number): CitrixEntry | undefined {
    const now = this.clock.now();
    this.prune(now);
    const entry = this.entries.get(portalSessionId);
    if (!entry || entry.userId !== userId) return undefined;
    entry.lastUsed = now;
    return entry;
  }

  /** Keeps a new StoreFront session for a portal session; answers the one it replaces. */
  put(portalSessionId: string, entry: Omit<CitrixEntry, 'lastUsed' | 'resources'>): CitrixEntry | undefined {
    const now = this.clock.now();
    this.prune(now);
    const previous = this.entries.get(portalSessionId);
    this.entries.set(portalSessionId, { ...entry, resources: null, lastUsed: now });
    return previous;
  }

  drop(portalSessionId: string): CitrixEntry | undefined {
    const entry = this.entries.get(portalSessionId);
    this.entries.delete(portalSessionId);
    return entry;
  }
}
