import { SystemSettings, type SystemSettings as Settings } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { Clock } from '../../lib/time.js';
import type { SettingsRepository } from './settings.repository.js';

const KEY = 'system';

/**
 * Run-time settings an administrator changes in the console. The config file gives the defaults;
 * what is saved in the database wins, so every server instance sees the same values.
 */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
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
    const value = await this.repo.get(KEY);
    if (value === undefined) return this.defaults();
    const saved = SystemSettings.partial().safeParse(JSON.parse(value));
    return { ...this.defaults(), ...(saved.success ? saved.data : {}) };
  }

  async update(changes: Partial<Settings>): Promise<Settings> {
    const next = SystemSettings.parse({ ...(await this.get()), ...stripUndefined(changes) });
    const value = JSON.stringify(next);
    await this.repo.put(KEY, value, this.clock.now());
    return next;
  }

  /** A value kept by the portal itself (first start time and the like). */
  async getOrInit(key: string, init: () => string): Promise<string> {
    const existing = await this.repo.get(key);
    if (existing !== undefined) return existing;
    return this.repo.putIfAbsent(key, init(), this.clock.now());
  }
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
