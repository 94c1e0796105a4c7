import type { Insertable, Kysely } from 'kysely';
import type { Database, UploadRow, UploadsTable } from '../../db/types.js';

/** Resumable uploads: where each one's bytes go and how many have arrived. */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** An unfinished upload of the same file to the same place, which a new start resumes. */
  findResumable(q: {
    userId: number;
    clusterId: string;
    dir: string;
    name: string;
    size: number;
  }): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('user_id', '=', q.userId)
      .where('cluster_id', '=', q.clusterId)
      .where('dir', '=', q.dir)
      .where('name', '=', q.name)
      .where('size', '=', q.size)
      .where('temp_path', '!=', '')
      .executeTakeFirst();
  }

  find(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<UploadsTable>): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
  }

  async setReceived(id: string, received: number, now: number): Promise<void> {
    await this.db.updateTable('uploads').set({ received, updated_at: now }).where('id', '=', id).execute();
  }

  /** The file is in place: no temporary file is left to resume into. */
  async markComplete(id: string, now: number): Promise<void> {
    await this.db.updateTable('uploads').set({ temp_path: '', updated_at: now }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /** A batch of uploads nobody touched since `before`. */
  untouchedSince(before: number, limit: number): Promise<UploadRow[]> {
    return this.db.selectFrom('uploads').selectAll().where('updated_at', '<', before).limit(limit).execute();
  }
}
