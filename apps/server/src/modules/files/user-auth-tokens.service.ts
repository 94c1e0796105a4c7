import type { Kysely } from 'kysely';
import { ErrCode } from '@portal/shared';
import type { Database } from '../../db/types.js';
import { AppError } from '../../lib/app-error.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Clock } from '../../lib/time.js';

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
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async create(userId: number): Promise<string> {
    const now = this.clock.now();
    await this.db.deleteFrom('user_auth_tokens').where('expires_at', '<=', now).execute();
    const token = randomToken(32);
    await this.db
      .insertInto('user_auth_tokens')
      .values({ id: sha256(token), user_id: userId, expires_at: now + USER_AUTH_TOKEN_TTL_MS })
      .execute();
    return token;
  }

  /** The user the token was made for; the token is gone afterwards (single use), valid or not. */
  async redeem(token: string): Promise<number> {
    const row = await this.db
      .deleteFrom('user_auth_tokens')
      .where('id', '=', sha256(token))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.clock.now())
      throw new AppError(ErrCode.NO_INTERFACE_PERMISSION, 'userAuthTokenInvalid', 'The token is invalid or has expired', {
        status: 401,
      });
    return Number(row.user_id);
  }
}
