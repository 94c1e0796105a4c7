import { ErrCode, normalizeRoleId, type RoleId } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';
import type { SessionsService } from '../auth/index.js';
import type { UserDirectory } from '../users/index.js';
import type { UserAuthTokensRepository } from './user-auth-tokens.repository.js';

export const USER_AUTH_TOKEN_TTL_MS = 60_000;

/**
 * Spec section 7: the portal hands the file-service window a token that signs it in as the same
 * user. Tokens live in the database (not in memory) so they work behind a load balancer with
 * several servers and a restart cannot leave one redeemable. Only their sha256 is stored, and a
 * token is found by that hash: no comparison of secrets happens in user-controlled time, and 256
 * random bits leave nothing to guess, so no rate limit is needed.
 */
export class UserAuthTokensService {
  constructor(
    private readonly repo: UserAuthTokensRepository,
    private readonly clock: Clock,
    private readonly users: UserDirectory,
    private readonly sessions: SessionsService,
  ) {}

  async create(userId: number): Promise<string> {
    const now = this.clock.now();
    await this.repo.deleteExpired(now);
    const token = randomToken(32);
    await this.repo.insert({ id: sha256(token), user_id: userId, expires_at: now + USER_AUTH_TOKEN_TTL_MS });
    return token;
  }

  /** The user the token was made for; the token is gone afterwards (single use), valid or not. */
  async redeem(token: string): Promise<number> {
    const row = await this.repo.take(sha256(token));
    if (!row || Number(row.expires_at) <= this.clock.now())
      throw new AppError(ErrCode.NO_INTERFACE_PERMISSION, 'userAuthTokenInvalid', 'The token is invalid or has expired', {
        status: 401,
      });
    return Number(row.user_id);
  }

  /**
   * Redeems the token and opens a new session for its user, the same kind a sign-in makes (its own
   * cookie and CSRF token). A user frozen since the token was made is refused.
   */
  async signIn(
    token: string,
    ip: string,
    userAgent: string,
  ): Promise<{ userName: string; roleId: RoleId; session: { token: string; csrfToken: string } }> {
    const user = await this.users.findById(await this.redeem(token));
    if (user?.status !== 'active')
      throw new AppError(ErrCode.USER_FROZEN, 'userFrozen', 'The account has been deactivated and cannot be operated.');
    const session = await this.sessions.create(user.id, ip, userAgent);
    return { userName: user.user_name, roleId: normalizeRoleId(user.role_id), session };
  }
}
