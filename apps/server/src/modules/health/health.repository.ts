import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the database answers a trivial query. */
  async ping(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
