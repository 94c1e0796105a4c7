import { spawn, type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { stringify } from 'yaml';
import { E2E_ADMIN } from './constants';

const root = resolve(import.meta.dirname, '../../../..');

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });

/** Start-up runs migrations and takes the first scheduler snapshot: minutes on a busy machine are allowed. */
const START_TIMEOUT_MS = 180_000;

/** The timeout of a hook that starts a portal: its start-up plus a minute for the rest of the hook. */
export const PORTAL_HOOK_TIMEOUT_MS = START_TIMEOUT_MS + 60_000;

const waitForHealth = async (url: string, child: ChildProcess) => {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer ${url}/healthz`);
};

export interface Portal {
  baseURL: string;
  dataDir: string;
  dbUrl: string;
  dbSchema: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist) with a fresh data folder on a free port: SQLite, or a
 * fresh PostgreSQL schema when DATABASE_URL is set. `extra` is merged into its config file.
 */
export const startPortal = async (extra: Record<string, unknown> = {}): Promise<Portal> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const dbUrl = process.env.DATABASE_URL ?? '';
  const dbSchema = dbUrl ? `e2e_${process.pid}_${Date.now()}` : '';
  const configFile = join(dataDir, 'portal.yaml');
  writeFileSync(
    configFile,
    stringify({
      dataDir,
      server: { port },
      logLevel: 'warn',
      ...(dbUrl ? { database: { url: dbUrl, schema: dbSchema } } : {}),
      ...extra,
    }),
  );
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: dataDir,
    env: {
      ...process.env,
      PORTAL_CONFIG: configFile,
      PORTAL_ADMIN_USER: E2E_ADMIN.user,
      PORTAL_ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child);
  return {
    baseURL,
    dataDir,
    dbUrl,
    dbSchema,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      // Desktops outlive the server on purpose (Xvnc runs detached, as the user): this portal's go
      // with it, found by their passwd file in its data folder.
      spawnSync('pkill', ['-f', '--', `-rfbauth ${dataDir}/`], { stdio: 'ignore' });
      rmSync(dataDir, { recursive: true, force: true });
      if (dbUrl && dbSchema) {
        const client = new pg.Client({ connectionString: dbUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${dbSchema}" CASCADE`);
        await client.end();
      }
    },
  };
};
