import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * Alarm exports (issue 16, docs/alarms.md): the alarm list written to xlsx in the background by
 * the report files' queue (migration 0014). A file gets a kind: 'reports' (usage reports, every
 * file made before) or 'alarms'. One worker writes the files of every kind, oldest first; a user's
 * list, limits and kept files count per kind.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, _dialect: Dialect): Promise<void> => {
  await db.schema
    .alterTable('report_files')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('reports'))
    .execute();
  await db.schema.createIndex('report_files_user_kind_idx').on('report_files').columns(['user_id', 'kind', 'id']).execute();
};
