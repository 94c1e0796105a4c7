import { fileURLToPath } from 'node:url';
import { JobTemplate } from '@portal/shared';
import type { Logger } from '../../lib/logger.js';
import { loadYamlById } from '../../lib/yaml-files.js';

/** The templates shipped with the portal: apps/server/templates/*.yaml. */
export const SHIPPED_TEMPLATES = fileURLToPath(new URL('../../../templates', import.meta.url));

/**
 * Application templates of the submission form, as data files: the shipped ones, then a centre's
 * own in <dataDir>/templates (same id replaces a shipped one). A broken file is skipped and logged.
 */
export const loadJobTemplates = (folders: string[], log: Logger): JobTemplate[] => {
  const byId = loadYamlById(folders, JobTemplate, log, 'job template');
  // BASE first, the rest by id.
  return [...byId.values()].sort((a, b) => (a.id === 'BASE' ? -1 : b.id === 'BASE' ? 1 : a.id.localeCompare(b.id)));
};
