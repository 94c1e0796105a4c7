import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { queryNtp } from '../cluster/services/sntp.js';
import { freeUdpPort, need, running, waitFor } from './daemons.js';

/*
 * A real NTP server for tests: Debian's chronyd serving its own clock (local stratum 8) on a free
 * loopback UDP port, without touching this host's clock (-x) and without its command port, so
 * it runs beside a system chronyd (docs/services.md).
 */

export interface TestNtpServer {
  port: number;
  stop(): Promise<void>;
}

export const startChrony = async (): Promise<TestNtpServer> => {
  need('chronyd', 'chrony');
  const dir = mkdtempSync(join(tmpdir(), 'portal-chrony-'));
  const port = await freeUdpPort();
  writeFileSync(
    join(dir, 'chrony.conf'),
    [
      `port ${port}`,
      'bindaddress 127.0.0.1',
      'allow 127.0.0.1',
      'local stratum 8',
      'cmdport 0',
      `driftfile ${join(dir, 'drift')}`,
      `pidfile ${join(dir, 'chronyd.pid')}`,
      '',
    ].join('\n'),
  );
  const p = running('chronyd', ['-x', '-d', '-f', join(dir, 'chrony.conf'), '-u', userInfo().username]);
  await waitFor('chronyd', async () => (await queryNtp('127.0.0.1', port, 1000)).stratum > 0, p.output);
  return {
    port,
    stop: async () => {
      p.child.kill('SIGTERM');
      await p.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
