import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShell, Role } from '@portal/shared';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../config/load.js';
import { createUser, TestClient } from '../../test/harness.js';
import { attachTerminal } from '../../test/terminal-client.js';

/*
 * Keystrokes carry passwords (sudo, ssh, mysql -p): nothing typed into a web shell, and nothing
 * it prints, may reach the server's log, even at the most verbose level.
 */

describe('web shell and the server log', () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-shell-log-'));
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const config = parseConfig({
      dataDir,
      database: { url: join(dataDir, 'portal.db') },
      admin: { user: 'admin', password: 'Admin@12345' },
      logLevel: 'trace',
    });
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, logger: { level: 'trace', stream }, webRoot: join(dataDir, 'no-web') });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds neither keystrokes nor output, while it does log the requests', async () => {
    const u = await createUser(app, 'log_user', Role.user);
    const client = new TestClient(app);
    await client.login(u.userName, u.password);
    const res = await client.call(openShell, { body: { cols: 80, rows: 24 } });
    expect(res.errCode).toBe(0);
    const term = await attachTerminal(app, client, res.data.sessionId);
    // Typed: "pw-Hunter2"; printed: "out-ZEBRA" (made by the shell, never typed as such).
    term.type('true pw-Hunter2; echo out-$(echo ZEB)RA\r');
    await term.waitFor('out-ZEBRA');
    term.control({ type: 'resize', cols: 90, rows: 30 });
    term.control({ type: 'bogus', text: 'ctl-Hunter3' });
    term.type('exit\r');
    await term.closed;
    await new Promise((r) => setTimeout(r, 100));

    const log = lines.join('');
    expect(log).toContain('/eshell/api/sessions');
    for (const secret of ['Hunter2', 'Hunter3', 'ZEBRA', 'echo out-']) expect(log).not.toContain(secret);
  }, 60_000);
});
