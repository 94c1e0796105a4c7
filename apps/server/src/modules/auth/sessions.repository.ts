import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/types.js';

/** A session with the state of its user, as every request reads it. */
export interface SessionWithUser {
  sessionId: string;
  csrf_token: string;
  last_seen_at: number;
  expires_at: number;
  userId: number;
  user_name: string;
  role_id: number;
  status: string;
  must_change_password: number;
}

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  findWithUser(id: string): Promise<SessionWithUser | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.csrf_token',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'users.id as userId',
        'users.user_name',
        'users.role_id',
        'users.status',
        'users.must_change_password',
      ])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
  }

  async touch(id: string, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Deletes every session of a user, except optionally one. */
  async deleteForUser(userId: number, exceptId?: string): Promise<void> {
    let q = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) q = q.where('id', '!=', exceptId);
    await q.execute();
  }

  /** Distinct users with a session seen after `seenAfter` and expiring after `now`. */
  async countUsersSeen(seenAfter: number, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('last_seen_at', '>', seenAfter)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Deletes sessions past their absolute expiry or idle since `idleBefore`. */
  async deleteExpired(now: number, idleBefore: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleBefore)]))
      .execute();
  }
}
