import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/*
 * The float rule of aggregate notices (issue 16, docs/alarms.md "Notifications"): each aggregate
 * notice keeps the member count it told of, so the next one is sent only when the count has moved
 * by more than the rule's float amount. Null for every other notice.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>, _dialect: Dialect): Promise<void> => {
  await db.schema.alterTable('notification_outbox').addColumn('aggregate_count', 'integer').execute();
};
