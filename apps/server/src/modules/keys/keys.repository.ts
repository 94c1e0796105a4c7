import type { Insertable, Kysely } from 'kysely';
import type { Database, UserKeyRow, UserKeysTable } from '../../db/types.js';

/** Users' SSH keys: the portal-made pair (one per user) and imported public keys. */
export class KeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  listFor(userId: number): Promise<UserKeyRow[]> {
    return this.db.selectFrom('user_keys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  portalKey(userId: number): Promise<UserKeyRow | undefined> {
    return this.db
      .selectFrom('user_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('origin', '=', 'portal')
      .executeTakeFirst();
  }

  async insert(row: Insertable<UserKeysTable>): Promise<void> {
    await this.db.insertInto('user_keys').values(row).execute();
  }

  /** Inserts a portal key pair unless the user has one (made at the same moment elsewhere): that one stays. */
  async insertPortalKey(row: Insertable<UserKeysTable>): Promise<void> {
    await this.db
      .insertInto('user_keys')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async hasFingerprint(userId: number, fingerprint: string): Promise<boolean> {
    const dup = await this.db
      .selectFrom('user_keys')
      .select('id')
      .where('user_id', '=', userId)
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirst();
    return dup !== undefined;
  }

  findImported(userId: number, id: number): Promise<Pick<UserKeyRow, 'id' | 'name' | 'public_key'> | undefined> {
    return this.db
      .selectFrom('user_keys')
      .select(['id', 'name', 'public_key'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('origin', '=', 'imported')
      .executeTakeFirst();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('user_keys').where('id', '=', id).execute();
  }
}
