import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { E2E_ADMIN } from './support/constants';

const root = resolve(import.meta.dirname, '../../..');

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))));
    });
  });

const waitForHealth = async (url: string, child: { exitCode: number | null }) => {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer ${url}/healthz`);
};

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const dbUrl = process.env.DATABASE_URL;
  const schema = dbUrl ? `e2e_${process.pid}_${Date.now()}` : undefined;
  const configFile = join(dataDir, 'portal.yaml');
  writeFileSync(
    configFile,
    [
      `dataDir: ${JSON.stringify(dataDir)}`,
      'server:',
      `  port: ${port}`,
      dbUrl ? `database:\n  url: ${JSON.stringify(dbUrl)}\n  schema: ${schema}` : '',
      'logLevel: warn',
    ].join('\n'),
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
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_DB_URL = dbUrl ?? '';
  process.env.E2E_DB_SCHEMA = schema ?? '';

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (dbUrl && schema) {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  };
}
