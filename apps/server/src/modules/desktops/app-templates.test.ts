import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfig,
  deleteDesktop,
  listAppSessions,
  listAppTemplates,
  queryDesktopClusters,
  Role,
  startDesktop,
  updateAppTemplate,
} from '@portal/shared';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { stopDesktopsOf, waitUntil } from './desktops.test-support.js';

/*
 * Applications of the finished portal types (spec section 9) as data files: an administrator
 * offers one and sets its command; a user starts a desktop of it, and the command runs in it.
 */

const FINISHED_PORTAL_TYPES = [
  'BASE',
  'VNC',
  'FLUENT',
  'MECHANICAL',
  'FEKO',
  'STARCCM_PLUS',
  'CFX',
  'WORKBENCH',
  'ANSYS_LSDYNA',
  'ABAQUS',
  'COMSOL',
  'HFSS',
  'NASTRAN',
  'CFD_PLUS',
  'MAXWELL',
  'ICEPAK',
  'CST',
  'NUMECA',
  'OPTISTRUCT',
  'WORKBENCH_RSM',
  'VASP',
  'MATLAB',
  'LAMMPS',
  'GROMACS',
];

/** Whether a process of this command line runs (pgrep -f). */
const runs = (pattern: string) => {
  try {
    execFileSync('pgrep', ['-f', pattern], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('application templates', () => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    expect((await admin.login(ADMIN.user, ADMIN.password)).errCode).toBe(0);
    user = await signedIn(t.app, 'ap_user', Role.user);
  });
  afterAll(async () => {
    await stopDesktopsOf(t.app, ['ap_user']);
    await t.close();
  });

  it('lists every finished portal type for administrators, and the offered ones for users', async () => {
    const all = (await admin.call(listAppTemplates)).data.list;
    expect(all.map((a) => a.id).sort()).toEqual([...FINISHED_PORTAL_TYPES].sort());
    expect(all.slice(0, 2).map((a) => a.id)).toEqual(['BASE', 'VNC']);
    expect(all.find((a) => a.id === 'GROMACS')).toMatchObject({ modes: ['batch'], jobTemplate: 'GROMACS', enabled: false });
    expect(all.find((a) => a.id === 'FLUENT')).toMatchObject({ modes: ['desktop', 'batch'], command: 'fluent' });
    expect((await user.call(listAppTemplates)).data.list.map((a) => a.id)).toEqual(['BASE', 'VNC']);
    // Only who configures the system changes them.
    expect((await user.call(updateAppTemplate, { params: { appId: 'FLUENT' }, body: { enabled: true } })).status).toBe(403);
  });

  it('starts a desktop of an offered application with its command, and refuses one not offered', async () => {
    const refused = await user.call(startDesktop, { body: { appId: 'FLUENT' } });
    expect(refused.status).toBe(400);
    expect(refused.error?.reason).toBe('appNotAvailable');
    const batchOnly = await admin.call(updateAppTemplate, { params: { appId: 'GROMACS' }, body: { enabled: true } });
    expect(batchOnly.data.enabled).toBe(true);
    expect((await user.call(startDesktop, { body: { appId: 'GROMACS' } })).error?.reason).toBe('appNotAvailable');

    const marker = `sleep 86${process.pid % 1000}`;
    const set = await admin.call(updateAppTemplate, { params: { appId: 'FLUENT' }, body: { enabled: true, command: marker } });
    expect(set.data).toMatchObject({ enabled: true, command: marker });
    expect((await user.call(listAppTemplates)).data.list.map((a) => a.id)).toEqual(['BASE', 'VNC', 'FLUENT', 'GROMACS']);

    const started = await user.call(startDesktop, { body: { appId: 'FLUENT' } });
    expect(started.errCode, started.errMsg).toBe(0);
    expect(started.data).toMatchObject({ appName: 'FLUENT', state: 'running' });
    expect(started.data.sessionName).toMatch(/^ANSYS Fluent /);
    await waitUntil(() => runs(marker), "the application's command to run in the desktop");

    // The spec's dcvapps: application sessions only (not a plain desktop), by application and cluster.
    const plain = await user.call(startDesktop, {});
    expect(plain.errCode, plain.errMsg).toBe(0);
    const sessions = async (query: Record<string, string>) =>
      (await user.call(listAppSessions, { query })).data.list.map((d) => d.sessionId);
    expect(await sessions({})).toEqual([started.data.sessionId]);
    expect(await sessions({ appId: 'FLUENT', clusterId: started.data.clusterId })).toEqual([started.data.sessionId]);
    expect(await sessions({ appId: 'MATLAB' })).toEqual([]);
    expect(await sessions({ clusterId: 'elsewhere' })).toEqual([]);
    expect((await user.call(deleteDesktop, { params: { sessionId: plain.data.sessionId } })).errCode).toBe(0);

    expect((await user.call(deleteDesktop, { params: { sessionId: started.data.sessionId } })).errCode).toBe(0);
    await waitUntil(() => !runs(marker), 'the application to end with its desktop');

    // Switched off again: no longer offered.
    await admin.call(updateAppTemplate, { params: { appId: 'FLUENT' }, body: { enabled: false } });
    expect((await user.call(startDesktop, { body: { appId: 'FLUENT' } })).error?.reason).toBe('appNotAvailable');
  }, 120_000);

  it("answers one application's settings (appconfig) and where desktops start (queryCluster.action)", async () => {
    const vnc = await user.call(appConfig, { query: { appId: 'VNC' } });
    expect(vnc.errCode, vnc.errMsg).toBe(0);
    expect(vnc.data).toMatchObject({ id: 'VNC', enabled: true, modes: ['desktop'] });
    // Not offered: users are told so; administrators see it to set it up.
    expect((await user.call(appConfig, { query: { appId: 'MATLAB' } })).error?.reason).toBe('appNotAvailable');
    expect((await user.call(appConfig, { query: { appId: 'NOPE' } })).error?.reason).toBe('appNotAvailable');
    expect((await admin.call(appConfig, { query: { appId: 'MATLAB' } })).data).toMatchObject({ id: 'MATLAB', enabled: false });

    const clusters = await user.call(queryDesktopClusters);
    expect(clusters.errCode, clusters.errMsg).toBe(0);
    expect(clusters.data).toEqual([
      { id: expect.any(String), name: expect.any(String), enabled: true, sessionTypes: ['login', 'job'], maxPerUser: 3 },
    ]);
  });
});
