import type { Insertable, Kysely } from 'kysely';
import { readPage, type PageOf, type PageRequest } from '../../db/paging.js';
import type { Database, TransferRow, TransfersTable } from '../../db/types.js';

type EndState = 'done' | 'failed' | 'cancelled';

/** Across-center transfers: the queue (rows in state `queued`), their progress and how they ended. */
export class TransfersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Fails the transfers a previous process left running; answers how many. */
  async failRunning(error: string, now: number): Promise<number> {
    const res = await this.db
      .updateTable('transfers')
      .set({ state: 'failed', error, current_file: null, ended_at: now })
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  insert(row: Insertable<TransfersTable>): Promise<TransferRow> {
    return this.db.insertInto('transfers').values(row).returningAll().executeTakeFirstOrThrow();
  }

  listForUser(userId: number, page: PageRequest): Promise<PageOf<TransferRow>> {
    const q = this.db.selectFrom('transfers').where('user_id', '=', userId);
    return readPage(q, page, (p) => p.selectAll().orderBy('id', 'desc'));
  }

  find(id: number): Promise<TransferRow | undefined> {
    return this.db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Cancels a transfer that has not started yet (one that has, is stopped by its runner). */
  async cancelQueued(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('transfers')
      .set({ state: 'cancelled', ended_at: now })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .execute();
  }

  /** The oldest queued transfer. */
  nextQueued(): Promise<TransferRow | undefined> {
    return this.db
      .selectFrom('transfers')
      .selectAll()
      .where('state', '=', 'queued')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Marks a queued transfer running; false when it was cancelled (or taken) meanwhile. */
  async claim(id: number, now: number): Promise<boolean> {
    const claimed = await this.db
      .updateTable('transfers')
      .set({ state: 'running', started_at: now })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) === 1;
  }

  async setTotals(id: number, bytesTotal: number, filesTotal: number): Promise<void> {
    await this.db
      .updateTable('transfers')
      .set({ bytes_total: bytesTotal, files_total: filesTotal })
      .where('id', '=', id)
      .execute();
  }

  async saveProgress(id: number, p: { bytesDone: number; filesDone: number; currentFile: string | null }): Promise<void> {
    await this.db
      .updateTable('transfers')
      .set({ bytes_done: p.bytesDone, files_done: p.filesDone, current_file: p.currentFile })
      .where('id', '=', id)
      .execute();
  }

  async end(
    id: number,
    e: { state: EndState; error: string | null; bytesDone: number; filesDone: number; at: number },
  ): Promise<void> {
    await this.db
      .updateTable('transfers')
      .set({
        state: e.state,
        error: e.error,
        bytes_done: e.bytesDone,
        files_done: e.filesDone,
        current_file: null,
        ended_at: e.at,
      })
      .where('id', '=', id)
      .execute();
  }
}
