import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, servicesStatus } from '@portal/shared';
import { freePort } from '../../test/daemons.js';
import { devClusterSshAccess, DEV_SSH_PORT } from '../../test/dev-cluster-ssh.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * The scheduler and login groups on the real dev cluster (PORTAL_TEST_SLURM=1): slurmctld answers
 * `scontrol ping`, slurmdbd answers sacctmgr, and the login node's real sshd (127.0.0.1:2222, the
 * cluster's ssh access) answers with its banner; a second cluster whose Slurm commands are
 * missing and whose login node is a closed port shows both stopped.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';

(enabled ? describe : describe.skip)('service status on the dev cluster', () => {
  let t: TestApp;
  let viewer: TestClient;
  let closedPort: number;

  beforeAll(async () => {
    closedPort = await freePort();
    const dev = {
      id: 'dev',
      name: 'Dev Slurm',
      scheduler: 'slurm' as const,
      pollIntervalSeconds: 1,
      access: devClusterSshAccess(),
    };
    const broken = {
      ...dev,
      id: 'broken',
      name: 'Broken',
      slurm: { binDir: '/nonexistent/bin', commandTimeoutSeconds: 5 },
      services: { loginNodes: [`127.0.0.1:${closedPort}`] },
    };
    t = await createTestApp({ clusters: [dev, broken] });
    viewer = await signedIn(t.app, 'svc_dev_viewer', Role.viewer);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sees slurmctld, slurmdbd and the login node running', async () => {
    const r = await viewer.call(servicesStatus, { query: { clusterId: 'dev', refresh: 'true' } });
    expect(r.status).toBe(200);
    const [schedule] = r.data.scheduleService;
    expect(schedule).toMatchObject({ serviceStatus: 'running', resId: 'dev', resName: 'Dev Slurm', serviceName: 'slurm' });
    expect(schedule?.metricValue.map((v) => [v.subServiceName, v.subServiceStatus])).toEqual([
      ['slurmctld (primary)', 'running'],
      ['slurmdbd', 'running'],
      ['job snapshot', 'running'],
    ]);
    expect(schedule?.metricValue[0]?.detail).toMatch(/ is UP$/);
    expect(schedule?.metricValue[1]?.detail).toBe('clusters: devcluster');
    expect(r.data.loginService.map((s) => [s.resId, s.serviceStatus])).toEqual([[`127.0.0.1:${DEV_SSH_PORT}`, 'running']]);
    expect(r.data.loginService[0]?.metricValue[0]?.detail).toMatch(/^SSH-2\.0-OpenSSH_/);
  });

  it('sees a scheduler that does not answer and a login node that is down', async () => {
    const r = await viewer.call(servicesStatus, { query: { clusterId: 'broken', refresh: 'true' } });
    expect(r.status).toBe(200);
    const [schedule] = r.data.scheduleService;
    expect(schedule?.serviceStatus).toBe('stop');
    expect(schedule?.metricValue.map((v) => [v.subServiceName, v.subServiceStatus])).toEqual([
      ['slurmctld', 'stop'],
      ['slurmdbd', 'stop'],
      ['job snapshot', 'stop'],
    ]);
    expect(schedule?.metricValue[0]?.detail).toContain('/nonexistent/bin/scontrol');
    expect(r.data.loginService.map((s) => [s.resId, s.serviceStatus, s.metricValue[0]?.detail])).toEqual([
      [`127.0.0.1:${closedPort}`, 'stop', 'connection refused'],
    ]);
  });
});
