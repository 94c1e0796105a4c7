import type { Kysely } from 'kysely';

/*
 * Remote desktops (issue 14, docs/desktops.md): one row per desktop a user started (Xvnc as the
 * user), kept after it ended so the list can say why; and the users each desktop is shared with.
 * The VNC passwords are sealed with the server's secret key, like the users' private keys. And
 * what an administrator chose for each application template.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('desktop_sessions')
    // Random, unguessable: it appears in URLs.
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cluster_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // login (Xvnc on the login node) | job (Xvnc in a scheduler job on a compute node)
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('resolution', 'varchar(16)', (c) => c.notNull())
    .addColumn('app_name', 'varchar(64)')
    // Where Xvnc runs, its display, its process and the Unix socket it listens on.
    .addColumn('node', 'varchar(255)', (c) => c.notNull())
    .addColumn('display', 'integer')
    .addColumn('pid', 'integer')
    .addColumn('socket_path', 'varchar(255)')
    // Job desktops: the job, its queue and time limit, when it started, and where Xvnc listens (TCP on the compute node).
    .addColumn('job_id', 'varchar(64)')
    .addColumn('queue', 'varchar(64)')
    .addColumn('time_limit_s', 'integer')
    .addColumn('started_at', 'bigint')
    .addColumn('host', 'varchar(255)')
    .addColumn('port', 'integer')
    // The session's folder as the user: passwd file, log, pid.
    .addColumn('dir', 'varchar(1024)', (c) => c.notNull())
    .addColumn('password_sealed', 'text', (c) => c.notNull())
    .addColumn('view_password_sealed', 'text', (c) => c.notNull())
    // starting | running | ended
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // deleted | exited | startFailed
    .addColumn('end_reason', 'varchar(16)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('desktop_sessions_user_idx').on('desktop_sessions').columns(['user_id', 'state']).execute();
  await db.schema
    .createTable('desktop_shares')
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('desktop_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // observation | interaction
    .addColumn('view_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('desktop_shares_pk', ['session_id', 'user_id'])
    .execute();
  await db.schema.createIndex('desktop_shares_user_idx').on('desktop_shares').column('user_id').execute();
  // An administrator's choices for the application templates (data files): offered or not, and the command.
  await db.schema
    .createTable('app_settings')
    .addColumn('app_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('command', 'varchar(1024)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
};
