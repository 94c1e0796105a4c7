import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load.js';

/* The configuration an operator writes (portal.yaml, PORTAL_CONFIG) and the environment overrides. */

const dirs: string[] = [];
/** A fresh working directory, optionally holding a portal.yaml. */
const workdir = (portalYaml?: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  if (portalYaml !== undefined) writeFileSync(join(dir, 'portal.yaml'), portalYaml);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The ConfigError a load throws (fails the test when it does not throw one). */
const loadError = (env: Record<string, string>, cwd: string): ConfigError => {
  try {
    loadConfig(env, cwd);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
};

describe('embedded defaults', () => {
  it('starts on loopback port 8080 with SQLite under ./data when nothing is configured', () => {
    const config = loadConfig({}, workdir());
    expect(config.server.host).toBe('127.0.0.1');
    expect(config.server.port).toBe(8080);
    expect(config.dataDir).toBe('./data');
    expect(config.database.url).toBeUndefined();
    expect(config.admin.user).toBe('admin');
    expect(config.admin.password).toBeUndefined();
    expect(config.auth.registrationEnabled).toBe(true);
    expect(config.auth.passwordStrength).toBe('middle');
    expect(config.mail.smtp).toBeUndefined();
    expect(config.ui.refreshInterval).toBe(30);
    expect(config.clusters).toHaveLength(1);
    expect(config.clusters[0]).toMatchObject({ id: 'local', scheduler: 'local' });
  });

  it('treats an empty portal.yaml like no file', () => {
    expect(loadConfig({}, workdir('')).server.port).toBe(8080);
  });

  it('reads portal.yaml from the working directory', () => {
    const config = loadConfig({}, workdir('server:\n  port: 9090\nauth:\n  maxFailures: 3\n'));
    expect(config.server.port).toBe(9090);
    expect(config.auth.maxFailures).toBe(3);
    // Keys the file does not mention keep their defaults.
    expect(config.server.host).toBe('127.0.0.1');
  });
});

describe('environment overrides', () => {
  it('applies PORTAL_HOST, PORTAL_PORT, PORTAL_DATA_DIR, DATABASE_URL and the first administrator', () => {
    const config = loadConfig(
      {
        PORTAL_HOST: '0.0.0.0',
        PORTAL_PORT: '18080',
        PORTAL_DATA_DIR: '/var/lib/portal',
        DATABASE_URL: 'postgres://portal@db:5432/portal',
        PORTAL_ADMIN_USER: 'root_admin',
        PORTAL_ADMIN_PASSWORD: 'S3cret-admin',
      },
      workdir(),
    );
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.server.port).toBe(18080);
    expect(config.dataDir).toBe('/var/lib/portal');
    expect(config.database.url).toBe('postgres://portal@db:5432/portal');
    expect(config.admin).toEqual({ user: 'root_admin', password: 'S3cret-admin' });
  });

  it('lets the environment win over the file, and keeps the file for everything else', () => {
    const cwd = workdir('server:\n  host: 10.1.1.1\n  port: 9000\ndataDir: /srv/portal\n');
    const config = loadConfig({ PORTAL_PORT: '9100' }, cwd);
    expect(config.server.port).toBe(9100);
    expect(config.server.host).toBe('10.1.1.1');
    expect(config.dataDir).toBe('/srv/portal');
  });

  it('ignores empty environment variables', () => {
    const config = loadConfig({ PORTAL_PORT: '', PORTAL_HOST: '' }, workdir('server:\n  port: 9000\n'));
    expect(config.server.port).toBe(9000);
    expect(config.server.host).toBe('127.0.0.1');
  });

  it('reads the file named by PORTAL_CONFIG, relative to the working directory', () => {
    const cwd = workdir('server:\n  port: 1111\n');
    writeFileSync(join(cwd, 'other.yaml'), 'server:\n  port: 2222\n');
    expect(loadConfig({ PORTAL_CONFIG: 'other.yaml' }, cwd).server.port).toBe(2222);
    expect(loadConfig({ PORTAL_CONFIG: join(cwd, 'other.yaml') }, '/').server.port).toBe(2222);
  });
});

describe('mistakes are refused with a message naming the key', () => {
  it('names server.port for a port that is not a number', () => {
    const err = loadError({ PORTAL_PORT: 'eighty' }, workdir());
    expect(err.message).toContain('server.port');
  });

  it('names server.port for a port out of range in the file', () => {
    expect(loadError({}, workdir('server:\n  port: 70000\n')).message).toContain('server.port');
  });

  it('names auth.maxFailures for a value below its minimum', () => {
    expect(loadError({}, workdir('auth:\n  maxFailures: 0\n')).message).toContain('auth.maxFailures');
  });

  it('names reports.timeZone for a zone the runtime does not know, and takes a real one', () => {
    const err = loadError({}, workdir('reports:\n  timeZone: Mars/Olympus\n'));
    expect(err.message).toContain('reports.timeZone');
    expect(err.message).toContain('time zone');
    expect(loadConfig({}, workdir('reports:\n  timeZone: Asia/Kathmandu\n')).reports.timeZone).toBe('Asia/Kathmandu');
    expect(loadConfig({}, workdir()).reports.timeZone).toBe('UTC');
  });

  it('names the key for a value of the wrong type', () => {
    expect(loadError({}, workdir('auth:\n  registrationEnabled: "maybe"\n')).message).toContain('auth.registrationEnabled');
  });

  it('names an unknown key instead of silently ignoring a typo', () => {
    const err = loadError({}, workdir('server:\n  bogus: 1\n'));
    expect(err.message).toContain('server.bogus');
    expect(loadError({}, workdir('colour: blue\n')).message).toContain('colour');
  });

  it('refuses a first administrator password shorter than 8 characters', () => {
    expect(loadError({ PORTAL_ADMIN_PASSWORD: 'short' }, workdir()).message).toContain('admin.password');
  });

  it('reports a file that is not valid YAML', () => {
    const cwd = workdir('server:\n  port: [1, 2\n');
    const err = loadError({}, cwd);
    expect(err.message).toMatch(/not valid YAML/);
    expect(err.message).toContain(join(cwd, 'portal.yaml'));
  });

  it('reports a file that holds a list instead of keys', () => {
    expect(loadError({}, workdir('- a\n- b\n')).message).toMatch(/mapping/);
  });

  it('reports a PORTAL_CONFIG file that does not exist', () => {
    const cwd = workdir();
    const err = loadError({ PORTAL_CONFIG: 'missing.yaml' }, cwd);
    expect(err.message).toContain(join(cwd, 'missing.yaml'));
    expect(err.message).toContain('PORTAL_CONFIG');
  });
});
