import type { Insertable, Kysely } from 'kysely';
import type { Database, PasswordResetRow, PasswordResetsTable } from '../../db/types.js';

/** Password-reset links by the sha256 of their token. */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<PasswordResetsTable>): Promise<void> {
    await this.db.insertInto('password_resets').values(row).execute();
  }

  find(id: string): Promise<PasswordResetRow | undefined> {
    return this.db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks the link used; answers false when another request used it first. */
  async markUsed(id: string, at: number): Promise<boolean> {
    const used = await this.db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
}
