import { z } from 'zod';
import { ConfigSchema } from './schema.js';

/*
 * docs/configuration.md is generated from the config schema (npm run docs:generate), so the
 * reference cannot drift from what the server accepts; a test compares the two.
 */

interface JsonSchema {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

const typeOf = (s: JsonSchema): string => {
  if (s.enum) return s.enum.map((v) => `\`${String(v)}\``).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' \\| ');
  if (s.type === 'array') return `list of ${s.items ? typeOf(s.items) : 'values'}`;
  // zod states safe-integer bounds on every integer; only real limits are worth a mention.
  const bound = (n: number | undefined) => (n === undefined || Math.abs(n) === Number.MAX_SAFE_INTEGER ? undefined : n);
  const [min, max] = [bound(s.minimum), bound(s.maximum)];
  const range = min !== undefined || max !== undefined ? ` (${min ?? ''}..${max ?? ''})` : '';
  return `${Array.isArray(s.type) ? s.type.join(' \\| ') : (s.type ?? 'value')}${range}`;
};

const defaultOf = (s: JsonSchema) => (s.default === undefined ? '' : `\`${JSON.stringify(s.default)}\``);

const rows = (props: Record<string, JsonSchema>, prefix: string): string[] =>
  Object.entries(props).flatMap(([key, s]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (s.type === 'object' && s.properties) return rows(s.properties, path);
    if (s.type === 'array' && s.items?.properties) {
      return [`| \`${path}\` | list | ${defaultOf(s)} | ${s.description ?? ''} |`, ...rows(s.items.properties, `${path}[]`)];
    }
    return [`| \`${path}\` | ${typeOf(s)} | ${defaultOf(s)} | ${(s.description ?? '').replace(/\|/g, '\\|')} |`];
  });

export const configReference = (): string => {
  const schema = z.toJSONSchema(ConfigSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return [
    '# Configuration reference',
    '',
    '<!-- Generated from apps/server/src/config/schema.ts and cluster-schema.ts by `npm run docs:generate`. Do not edit by hand. -->',
    '',
    'The portal reads one YAML file: the path in `PORTAL_CONFIG`, else `./portal.yaml` in the directory it',
    'starts from, else nothing (every key has a default: the embedded mode). Environment variables override',
    'the file. An invalid value or an unknown key stops start-up with a message naming the key.',
    '',
    '## Environment overrides',
    '',
    '| variable | key |',
    '|---|---|',
    '| `PORTAL_CONFIG` | path of the YAML file |',
    '| `PORTAL_HOST` | `server.host` |',
    '| `PORTAL_PORT` | `server.port` |',
    '| `PORTAL_DATA_DIR` | `dataDir` |',
    '| `DATABASE_URL` | `database.url` (`postgres://...` switches to PostgreSQL) |',
    '| `PORTAL_ADMIN_USER` | `admin.user` |',
    '| `PORTAL_ADMIN_PASSWORD` | `admin.password` |',
    '| `PORTAL_LOG_LEVEL` | `logLevel` |',
    '| `PORTAL_MASTER_KEY` | 32 bytes in base64 that encrypt secrets at rest; default: `<dataDir>/secrets/master.key`, created on first start. Set the same value on every instance that shares a database. |',
    '',
    '## Keys',
    '',
    '| key | type | default | description |',
    '|---|---|---|---|',
    ...rows(schema.properties ?? {}, ''),
    '',
  ].join('\n');
};
