import type { Kysely } from 'kysely';
import { AppTemplate } from '@portal/shared';
import type { Database } from '../../db/types.js';
import type { Logger } from '../../lib/logger.js';
import type { Clock } from '../../lib/time.js';
import { notFound } from '../../lib/app-error.js';
import { loadYamlById } from '../../lib/yaml-files.js';

/** An application as its data file describes it: the shipped defaults of `enabled` and `command`. */
type AppFile = AppTemplate;

/**
 * The applications of the finished portal types (spec section 9), as data files: the shipped ones
 * (apps/server/templates/applications/*.yaml), then a centre's own in
 * <dataDir>/templates/applications (same id replaces a shipped one). A broken file is skipped and
 * logged. What an administrator chose (offered or not, the command) is kept in the database and
 * wins over the file.
 */
export class AppTemplates {
  private readonly files: AppFile[];

  constructor(
    folders: string[],
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    log: Logger,
  ) {
    const byId = loadYamlById(folders, AppTemplate, log, 'application template');
    // BASE and VNC first, then by id, as the spec lists the finished portal types.
    const first = ['BASE', 'VNC'];
    const rank = (id: string) => (first.includes(id) ? first.indexOf(id) : first.length);
    this.files = [...byId.values()].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
  }

  /** Every application with the administrator's choices applied. */
  async all(): Promise<AppTemplate[]> {
    const saved = new Map((await this.db.selectFrom('app_settings').selectAll().execute()).map((r) => [r.app_id, r]));
    return this.files.map((f) => {
      const s = saved.get(f.id);
      return s ? { ...f, enabled: s.enabled === 1, command: s.command } : f;
    });
  }

  async get(id: string): Promise<AppTemplate | undefined> {
    return (await this.all()).find((a) => a.id === id);
  }

  async update(id: string, enabled: boolean, command: string | undefined): Promise<AppTemplate> {
    const app = await this.get(id);
    if (!app) throw notFound('No such application');
    const next = { enabled: enabled ? 1 : 0, command: command ?? app.command, updated_at: this.clock.now() };
    await this.db
      .insertInto('app_settings')
      .values({ app_id: id, ...next })
      .onConflict((oc) => oc.column('app_id').doUpdateSet(next))
      .execute();
    return { ...app, enabled, command: next.command };
  }
}
