import { normalizeRoleId } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import type { Auth } from '../../lib/auth.js';
import type { SessionsRepository } from './sessions.repository.js';

const TOUCH_EVERY_MS = 60_000;

/**
 * Server-side sessions. The cookie holds a random token; the database holds its sha256, the
 * CSRF token, and the idle and absolute expiry.
 */
export class SessionsService {
  private readonly idleMs: number;
  private readonly maxMs: number;

  constructor(
    private readonly repo: SessionsRepository,
    private readonly clock: Clock,
    auth: Config['auth'],
  ) {
    this.idleMs = auth.sessionIdleMinutes * 60_000;
    this.maxMs = auth.sessionMaxHours * 3_600_000;
  }

  async create(userId: number, ip: string, userAgent: string): Promise<{ token: string; csrfToken: string }> {
    const now = this.clock.now();
    const token = randomToken();
    const csrfToken = randomToken(24);
    await this.repo.insert({
      id: sha256(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.maxMs,
      ip,
      user_agent: userAgent.slice(0, 256),
    });
    await this.purgeExpired();
    return { token, csrfToken };
  }

  /** The session behind a cookie token, or null when it is unknown, expired, or its user may not sign in. */
  async resolve(token: string): Promise<Auth | null> {
    const id = sha256(token);
    const row = await this.repo.findWithUser(id);
    if (!row) return null;
    const now = this.clock.now();
    if (row.expires_at <= now || row.last_seen_at + this.idleMs <= now || row.status !== 'active') {
      await this.repo.delete(id);
      return null;
    }
    // Writing on every request would make each page view a database write: touch once a minute.
    if (now - row.last_seen_at > TOUCH_EVERY_MS) {
      await this.repo.touch(id, now);
    }
    return {
      sessionId: id,
      csrfToken: row.csrf_token,
      user: { id: row.userId, userName: row.user_name, roleId: normalizeRoleId(row.role_id) },
      mustChangePassword: row.must_change_password === 1,
    };
  }

  async destroy(token: string): Promise<void> {
    await this.repo.delete(sha256(token));
  }

  /** Ends every session of a user, except optionally the one making the change. */
  async destroyAllForUser(userId: number, exceptSessionId?: string): Promise<void> {
    await this.repo.deleteForUser(userId, exceptSessionId);
  }

  /** Users with at least one live session. */
  async onlineUserCount(): Promise<number> {
    const now = this.clock.now();
    return this.repo.countUsersSeen(now - this.idleMs, now);
  }

  private async purgeExpired(): Promise<void> {
    const now = this.clock.now();
    await this.repo.deleteExpired(now, now - this.idleMs);
  }
}
