import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import type { Logger } from './logger.js';

/**
 * Data files by id: every `*.yaml` of the folders in order (a later folder's file with the same id
 * replaces an earlier one: a centre's own over the shipped ones). A file the schema refuses is
 * skipped and logged as `what`.
 */
export const loadYamlById = <S extends z.ZodType<{ id: string }>>(
  folders: string[],
  schema: S,
  log: Logger,
  what: string,
): Map<string, z.output<S>> => {
  const byId = new Map<string, z.output<S>>();
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)
      .filter((f) => /\.ya?ml$/.test(f))
      .sort()) {
      try {
        const item = schema.parse(parseYaml(readFileSync(join(folder, file), 'utf8')));
        byId.set(item.id, item);
      } catch (err) {
        log.warn({ err, file: join(folder, file) }, `${what} skipped`);
      }
    }
  }
  return byId;
};
