import type { DesktopViewMode } from '@portal/shared';
import { randomToken } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';

export interface DesktopTicketGrant {
  sessionId: string;
  userId: number;
  viewMode: DesktopViewMode;
  expiresAt: number;
}

/**
 * One-time tickets to connect to a desktop: issued to a signed-in user for one session, redeemed
 * once by the WebSocket that opens the proxy, within `ttlMs`. Kept in this process, like the shells
 * (several instances need a shared store or nginx keeping a user on one instance: issue 17).
 */
export class DesktopTickets {
  private readonly grants = new Map<string, DesktopTicketGrant>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  issue(sessionId: string, userId: number, viewMode: DesktopViewMode): { ticket: string; expiresAt: number } {
    this.sweep();
    const ticket = randomToken(24);
    const expiresAt = this.clock.now() + this.ttlMs;
    this.grants.set(ticket, { sessionId, userId, viewMode, expiresAt });
    return { ticket, expiresAt };
  }

  /**
   * The grant when the ticket is known, unexpired, and for this session and user; used up either
   * way, so a ticket tried against the wrong session cannot be tried again.
   */
  redeem(ticket: string, sessionId: string, userId: number): DesktopTicketGrant | undefined {
    const grant = this.grants.get(ticket);
    this.grants.delete(ticket);
    if (!grant || grant.expiresAt < this.clock.now()) return undefined;
    return grant.sessionId === sessionId && grant.userId === userId ? grant : undefined;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [t, g] of this.grants) if (g.expiresAt < now) this.grants.delete(t);
  }
}
