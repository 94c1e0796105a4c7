import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { ConfigSchema, type Config } from './schema.js';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** Environment variables that override keys of the file (documented in docs/configuration.md). */
const envOverrides: { env: string; path: string[]; parse?: (v: string) => unknown }[] = [
  { env: 'PORTAL_HOST', path: ['server', 'host'] },
  { env: 'PORTAL_PORT', path: ['server', 'port'], parse: (v) => (/^\d+$/.test(v) ? Number(v) : v) },
  { env: 'PORTAL_DATA_DIR', path: ['dataDir'] },
  { env: 'DATABASE_URL', path: ['database', 'url'] },
  { env: 'PORTAL_ADMIN_USER', path: ['admin', 'user'] },
  { env: 'PORTAL_ADMIN_PASSWORD', path: ['admin', 'password'] },
  { env: 'PORTAL_LOG_LEVEL', path: ['logLevel'] },
];

const setPath = (obj: Record<string, unknown>, path: string[], value: unknown) => {
  let cur = obj;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (typeof next !== 'object' || next === null) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path[path.length - 1] as string] = value;
};

const describeIssues = (issues: z.core.$ZodIssue[]) =>
  issues
    .map((i) => {
      const key = i.path.join('.') || '(root)';
      if (i.code === 'unrecognized_keys') {
        const at = i.path.length ? `${i.path.join('.')}.` : '';
        return i.keys.map((k) => `unknown key "${at}${k}"`).join('; ');
      }
      return `"${key}": ${i.message}`;
    })
    .join('; ');

/** Validates raw settings (from YAML and env) against the schema; throws naming the bad keys. */
export const parseConfig = (raw: unknown, source = 'configuration'): Config => {
  const result = ConfigSchema.safeParse(raw ?? {});
  if (!result.success) throw new ConfigError(`Invalid ${source}: ${describeIssues(result.error.issues)}`);
  return result.data;
};

/**
 * Loads the YAML file (PORTAL_CONFIG, else ./portal.yaml when present), applies environment
 * overrides and validates the result.
 */
export const loadConfig = (env: Env = process.env, cwd = process.cwd()): Config => {
  const explicit = env.PORTAL_CONFIG;
  const file = explicit ? resolve(cwd, explicit) : resolve(cwd, 'portal.yaml');
  let raw: Record<string, unknown> = {};
  if (explicit && !existsSync(file)) throw new ConfigError(`Config file not found: ${file} (PORTAL_CONFIG)`);
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = parseYaml(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`Config file ${file} is not valid YAML: ${(err as Error).message}`);
    }
    if (parsed != null && (typeof parsed !== 'object' || Array.isArray(parsed)))
      throw new ConfigError(`Config file ${file} must hold a mapping of keys`);
    raw = (parsed as Record<string, unknown> | null) ?? {};
  }
  for (const o of envOverrides) {
    const value = env[o.env];
    if (value !== undefined && value !== '') setPath(raw, o.path, o.parse ? o.parse(value) : value);
  }
  return parseConfig(raw, existsSync(file) ? `config (${file} and environment)` : 'configuration (environment)');
};
