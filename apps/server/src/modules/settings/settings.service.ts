import type { Kysely } from 'kysely';
import { SystemSettings, type SystemSettings as Settings } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { Database } from '../../db/types.js';
import type { Clock } from '../../lib/time.js';

const KEY = 'system';

/**
 * Run-time settings an administrator changes in the console. The config file gives the defaults;
 * what is saved in the database wins, so every server instance sees the same values.
 */
export class SettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: Config,
  ) {}

  private defaults(): Settings {
    return {
      refreshInterval: this.config.ui.refreshInterval,
      registrationEnabled: this.config.auth.registrationEnabled,
      passwordStrength: this.config.auth.passwordStrength,
    };
  }

  async get(): Promise<Settings> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
    if (!row) return this.defaults();
    const saved = SystemSettings.partial().safeParse(JSON.parse(row.value));
    return { ...this.defaults(), ...(saved.success ? saved.data : {}) };
  }

  async update(changes: Partial<Settings>): Promise<Settings> {
    const next = SystemSettings.parse({ ...(await this.get()), ...stripUndefined(changes) });
    const value = JSON.stringify(next);
    const now = this.clock.now();
    await this.db
      .insertInto('settings')
      .values({ key: KEY, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
    return next;
  }

  /** A value kept by the portal itself (first start time and the like). */
  async getOrInit(key: string, init: () => string): Promise<string> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    if (row) return row.value;
    const value = init();
    await this.db
      .insertInto('settings')
      .values({ key, value, updated_at: this.clock.now() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const saved = await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return saved.value;
  }
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
