import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, servicesStatus, type ServiceStatusGroups } from '@portal/shared';
import { startChrony, type TestNtpServer } from '../../test/chrony.js';
import { freePort, freeUdpPort } from '../../test/daemons.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';
import { writeIbTree } from '../../test/infiniband-sysfs.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';

/*
 * The service status groups over real parts: a real chronyd answering SNTP, a real node_exporter
 * reading an InfiniBand sysfs tree (one port active, one down) scraped by the embedded collector,
 * the built-in scheduler and the portal's database. Login nodes here are a closed port and a
 * server that is not SSH; a real sshd answers in services.slurm.test.ts.
 */

describe('service status groups', () => {
  let t: TestApp;
  let viewer: TestClient;
  let user: TestClient;
  let chrony: TestNtpServer;
  let exporter: TestNodeExporter;
  let notSsh: Server;
  let sysfs: string;
  let silentNtpPort: number;
  let closedTcpPort: number;
  let notSshPort: number;

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-ib-'));
    writeIbTree(sysfs, '1: DOWN');
    [chrony, exporter] = await Promise.all([startChrony(), startNodeExporter({ sysfs })]);
    silentNtpPort = await freeUdpPort();
    closedTcpPort = await freePort();
    // Answers like a web server would: not an SSH server.
    notSsh = createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    notSshPort = await new Promise<number>((resolve) =>
      notSsh.listen(0, '127.0.0.1', () => {
        const a = notSsh.address();
        resolve(typeof a === 'object' && a ? a.port : 0);
      }),
    );
    const cluster = {
      ...localTestCluster(),
      metrics: { targets: [{ resource: 'ib01', url: exporter.url }], intervalSeconds: 1 },
      services: {
        ntpServers: [`127.0.0.1:${chrony.port}`, `127.0.0.1:${silentNtpPort}`],
        loginNodes: [`127.0.0.1:${closedTcpPort}`, `127.0.0.1:${notSshPort}`],
        timeoutSeconds: 2,
      },
    };
    t = await createTestApp({ clusters: [cluster] });
    viewer = await signedIn(t.app, 'svc_viewer', Role.viewer);
    user = await signedIn(t.app, 'svc_user', Role.user);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([chrony?.stop(), exporter?.stop(), new Promise((r) => (notSsh ? notSsh.close(r) : r(null)))]);
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });

  const check = async (refresh: boolean): Promise<ServiceStatusGroups> => {
    const r = await viewer.call(servicesStatus, { query: { refresh: refresh ? 'true' : 'false' } });
    expect(r.status).toBe(200);
    return r.data;
  };

  /** Checks again until `done` holds (the collector's first scrapes come within seconds). */
  const checkUntil = async (done: (g: ServiceStatusGroups) => boolean): Promise<ServiceStatusGroups> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const g = await check(true);
      if (done(g) || Date.now() > deadline) return g;
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  it('answers every group from real checks', async () => {
    const g = await checkUntil((x) => x.ibService.length > 0);
    expect(g.userAuthService.map((s) => [s.serviceStatus, s.serviceName, s.metricValue.map((v) => v.subServiceName)])).toEqual([
      ['running', 'sign-in', ['database']],
    ]);
    expect(g.scheduleService).toHaveLength(1);
    expect(g.scheduleService[0]).toMatchObject({ serviceStatus: 'running', resId: 'local', serviceName: 'built-in scheduler' });
    expect(g.scheduleService[0]?.metricValue.map((v) => [v.subServiceName, v.subServiceStatus])).toEqual([
      ['built-in scheduler', 'running'],
      ['job snapshot', 'running'],
    ]);
    expect(g.scheduleService[0]?.metricValue[0]?.detail).toBe('2 nodes, 1 queues');

    // chronyd answers with its clock, which is this host's: a tiny offset; the silent port never answers.
    const [chronyItem, silent] = g.ntpService;
    expect(chronyItem).toMatchObject({ serviceStatus: 'running', resId: `127.0.0.1:${chrony.port}`, serviceName: 'ntp' });
    expect(chronyItem?.metricValue[0]?.detail).toMatch(/^offset -?\d+\.\d ms, stratum 8$/);
    expect(silent).toMatchObject({ serviceStatus: 'stop', resId: `127.0.0.1:${silentNtpPort}` });
    expect(silent?.metricValue[0]?.detail).toBe('no NTP answer within 2 s');

    // node_exporter read the fixture: port 1 active, port 2 down.
    expect(g.ibService.map((s) => [s.resName, s.serviceStatus, s.metricValue[0]?.detail])).toEqual([
      ['ib01', 'stop', '1 of 2 ports active'],
    ]);

    expect(g.loginService.map((s) => [s.resId, s.serviceStatus, s.metricValue[0]?.detail])).toEqual([
      [`127.0.0.1:${closedTcpPort}`, 'stop', 'connection refused'],
      [`127.0.0.1:${notSshPort}`, 'stop', 'answered, but not as an SSH server'],
    ]);
    for (const s of Object.values(g).flat()) {
      expect(s.metricId).toBe(`${Object.entries(g).find(([, list]) => list.includes(s))?.[0]}:${s.resId}`);
      expect(Date.parse(s.checkedAt)).toBeGreaterThan(Date.now() - 120_000);
    }
  });

  it('follows a port coming up', async () => {
    writeIbTree(sysfs, '4: ACTIVE');
    const g = await checkUntil((x) => x.ibService[0]?.serviceStatus === 'running');
    expect(g.ibService.map((s) => [s.resName, s.serviceStatus, s.metricValue[0]?.detail])).toEqual([
      ['ib01', 'running', '2 of 2 ports active'],
    ]);
  });

  it('answers from the last checks unless asked to check again', async () => {
    const first = await check(true);
    const cached = await check(false);
    expect(cached.userAuthService[0]?.checkedAt).toBe(first.userAuthService[0]?.checkedAt);
    await new Promise((r) => setTimeout(r, 20));
    const again = await check(true);
    expect(Date.parse(again.userAuthService[0]?.checkedAt ?? '')).toBeGreaterThan(
      Date.parse(first.userAuthService[0]?.checkedAt ?? ''),
    );
  });

  it('is for those who may read resources, and refuses an unknown cluster', async () => {
    expect((await user.call(servicesStatus, { query: {} })).status).toBe(403);
    expect((await viewer.call(servicesStatus, { query: { clusterId: 'nowhere' } })).status).toBe(404);
    expect((await viewer.raw('GET', `${servicesStatus.path}?refresh=maybe`)).statusCode).toBe(400);
  });
});
