import type { Kysely } from 'kysely';
import type { Database, DesktopSessionRow } from '../../db/types.js';
import type { DesktopSessionsTable } from '../../db/desktop-tables.js';

/** A desktop with its owner's name, as lists show it. */
export interface DesktopView extends DesktopSessionRow {
  owner_name: string;
}

export interface ShareView {
  session_id: string;
  user_id: number;
  user_name: string;
  view_mode: 'observation' | 'interaction';
}

/** How many ended desktops a list keeps showing, so their end reasons can be read. */
const ENDED_SHOWN = 20;

export class DesktopsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DesktopSessionsTable): Promise<void> {
    await this.db.insertInto('desktop_sessions').values(row).execute();
  }

  async update(id: string, changes: Partial<DesktopSessionsTable>): Promise<void> {
    await this.db.updateTable('desktop_sessions').set(changes).where('id', '=', id).execute();
  }

  /** Ends a desktop that has not ended yet (the first reason sticks). */
  async end(id: string, reason: NonNullable<DesktopSessionRow['end_reason']>, at: number): Promise<void> {
    await this.db
      .updateTable('desktop_sessions')
      .set({ state: 'ended', end_reason: reason, ended_at: at })
      .where('id', '=', id)
      .where('state', '!=', 'ended')
      .execute();
  }

  get(id: string): Promise<DesktopView | undefined> {
    return this.db
      .selectFrom('desktop_sessions as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select('u.user_name as owner_name')
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  /** The user's desktops that have not ended, and their last ENDED_SHOWN ended ones. */
  async ownedBy(userId: number): Promise<DesktopView[]> {
    const base = this.db
      .selectFrom('desktop_sessions as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select('u.user_name as owner_name')
      .where('d.user_id', '=', userId);
    const [open, ended] = await Promise.all([
      base.where('d.state', '!=', 'ended').orderBy('d.created_at', 'desc').execute(),
      base.where('d.state', '=', 'ended').orderBy('d.ended_at', 'desc').limit(ENDED_SHOWN).execute(),
    ]);
    return [...open, ...ended];
  }

  /** Running desktops shared with the user, with the share's mode. */
  sharedWith(userId: number): Promise<(DesktopView & { share_mode: ShareView['view_mode'] })[]> {
    return this.db
      .selectFrom('desktop_shares as s')
      .innerJoin('desktop_sessions as d', 'd.id', 's.session_id')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select(['u.user_name as owner_name', 's.view_mode as share_mode'])
      .where('s.user_id', '=', userId)
      .where('d.state', '!=', 'ended')
      .orderBy('d.created_at', 'desc')
      .execute();
  }

  shares(sessionIds: string[]): Promise<ShareView[]> {
    if (sessionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('desktop_shares as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.session_id', 's.user_id', 'u.user_name', 's.view_mode'])
      .where('s.session_id', 'in', sessionIds)
      .orderBy('u.user_name')
      .execute();
  }

  share(sessionId: string, userId: number): Promise<ShareView | undefined> {
    return this.db
      .selectFrom('desktop_shares as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.session_id', 's.user_id', 'u.user_name', 's.view_mode'])
      .where('s.session_id', '=', sessionId)
      .where('s.user_id', '=', userId)
      .executeTakeFirst();
  }

  async putShare(sessionId: string, userId: number, viewMode: ShareView['view_mode'], at: number): Promise<void> {
    await this.db
      .insertInto('desktop_shares')
      .values({ session_id: sessionId, user_id: userId, view_mode: viewMode, created_at: at })
      .onConflict((oc) => oc.columns(['session_id', 'user_id']).doUpdateSet({ view_mode: viewMode }))
      .execute();
  }

  async removeShare(sessionId: string, userId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('desktop_shares')
      .where('session_id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Desktops not ended, of every user: checked at start-up against the nodes. */
  notEnded(): Promise<DesktopView[]> {
    return this.db
      .selectFrom('desktop_sessions as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .selectAll('d')
      .select('u.user_name as owner_name')
      .where('d.state', '!=', 'ended')
      .execute();
  }
}
