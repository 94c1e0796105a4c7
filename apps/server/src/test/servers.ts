import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * Servers added to the inventory by hand (as an operator would), for tests that need assets for
 * alarms to concern; their ids in the order of the names.
 */
export const insertServers = async (
  db: Kysely<Database>,
  names: readonly string[],
  clusterId = 'c1',
  now = Date.now(),
): Promise<number[]> => {
  const ids: number[] = [];
  for (const name of names) {
    const row = await db
      .insertInto('assets')
      .values({
        name,
        type: 'SERVER',
        cluster_id: clusterId,
        source: 'manual',
        in_scheduler: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
};
