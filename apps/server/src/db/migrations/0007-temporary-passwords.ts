import type { Kysely } from 'kysely';

/*
 * A password an administrator set for a user (a temporary one) must be changed at the next
 * sign-in: until then the session may only load the console's start data and change the password.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};
