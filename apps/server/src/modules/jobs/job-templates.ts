import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { JobTemplate } from '@portal/shared';
import type { Logger } from '../../lib/logger.js';

/** The templates shipped with the portal: apps/server/templates/*.yaml. */
export const SHIPPED_TEMPLATES = fileURLToPath(new URL('../../../templates', import.meta.url));

/**
 * Application templates of the submission form, as data files: the shipped ones, then a centre's
 * own in <dataDir>/templates (same id replaces a shipped one). A broken file is skipped and logged.
 */
export const loadJobTemplates = (folders: string[], log: Logger): JobTemplate[] => {
  const byId = new Map<string, JobTemplate>();
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()) {
      try {
        const t = JobTemplate.parse(parseYaml(readFileSync(join(folder, file), 'utf8')));
        byId.set(t.id, t);
      } catch (err) {
        log.warn({ err, file: join(folder, file) }, 'job template skipped');
      }
    }
  }
  // BASE first, the rest by id.
  return [...byId.values()].sort((a, b) => (a.id === 'BASE' ? -1 : b.id === 'BASE' ? 1 : a.id.localeCompare(b.id)));
};
