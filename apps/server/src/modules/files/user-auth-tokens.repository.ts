import type { Kysely } from 'kysely';
import type { Database, UserAuthTokenRow } from '../../db/types.js';

/** One-time tokens that sign the file-service window in, by the sha256 of the token. */
export class UserAuthTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: UserAuthTokenRow): Promise<void> {
    await this.db.insertInto('user_auth_tokens').values(row).execute();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('user_auth_tokens').where('expires_at', '<=', now).execute();
  }

  /** Reads and removes a token in one statement: it can be redeemed once. */
  take(id: string): Promise<Pick<UserAuthTokenRow, 'user_id' | 'expires_at'> | undefined> {
    return this.db.deleteFrom('user_auth_tokens').where('id', '=', id).returning(['user_id', 'expires_at']).executeTakeFirst();
  }
}
