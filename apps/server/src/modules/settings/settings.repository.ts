import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Named values the portal keeps in the database (the settings as JSON, the first start time). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async put(key: string, value: string, now: number): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  /** Stores the value unless one is there already, and answers the one that is kept (several instances may race). */
  async putIfAbsent(key: string, value: string, now: number): Promise<string> {
    await this.db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const saved = await this.get(key);
    if (saved === undefined) throw new Error(`setting ${key} vanished as it was written`);
    return saved;
  }
}
