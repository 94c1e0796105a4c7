import { sql, type Kysely } from 'kysely';

/*
 * One portal-made key pair per user. Two first downloads of the private key at the same moment
 * used to make two pairs; keep the oldest and let the unique index decide from now on.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>): Promise<void> => {
  const firstPerUser = db
    .selectFrom('user_keys')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('origin', '=', 'portal')
    .groupBy('user_id');
  await db.deleteFrom('user_keys').where('origin', '=', 'portal').where('id', 'not in', firstPerUser).execute();
  await db.schema
    .createIndex('user_keys_portal_uq')
    .on('user_keys')
    .column('user_id')
    .unique()
    .where(sql.ref('origin'), '=', 'portal')
    .execute();
};
