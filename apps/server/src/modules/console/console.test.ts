import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getIndexData,
  getMenus,
  getOnlineUser,
  isHybridService,
  listCluster,
  logout,
  permissionsOf,
  queryClusterInfo,
  queryLicenseInfo,
  querySysTime,
  querySystemVersionType,
  Role,
  type MenuItem,
  type RoleId,
} from '@portal/shared';
import { ADMIN, createTestApp, createUser, ManualClock, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* What the console loads after sign-in: index data, menus, statistics, clusters, version, licence. */

const DAY = 86_400_000;

/** The menu as the user sees it: group ids with their children's ids. */
const outline = (menus: MenuItem[]) => menus.map((m) => ({ id: m.id, children: m.children.map((c) => c.id) }));

describe('index data and menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ui: {
        refreshInterval: 45,
        systemVersion: 'HPC Portal V2.3.1.2027',
        systemVersionType: 'IndustrialCloud',
        goldEnable: true,
        transfer: true,
        efileUrl: 'http://efile.example.org:8090',
      },
      auth: { passwordStrength: 'high' },
    });
  });
  afterAll(() => t.close());

  it('gives the console its start data: role, user, refresh interval, version, strength, permissions', async () => {
    const c = await signedIn(t.app, 'index_user', Role.hpc);
    const res = await c.call(getIndexData);
    expect(res.errCode).toBe(0);
    expect(res.data).toMatchObject({
      roleId: 10004,
      roleName: 'hpc',
      currentUser: 'index_user',
      goldEnable: true,
      refreshInteval: 45,
      systemVersion: 'HPC Portal V2.3.1.2027',
      systemVersionType: 'IndustrialCloud',
      storageSwitch: false,
      acAccountStatus: 'Normal',
      passwordStrength: 'high',
      efileUrl: 'http://efile.example.org:8090',
      transfer: '1',
      hybridService: false,
      csrfToken: c.csrf,
    });
    expect(res.data.userNo).toEqual(expect.any(Number));
    expect(typeof res.data.managerServerIP).toBe('string');
    // The spec: the year is the four characters after the last dot.
    const version: string = res.data.systemVersion;
    expect(version.slice(version.lastIndexOf('.') + 1, version.lastIndexOf('.') + 5)).toBe('2027');
    expect(res.data.permissions).toEqual(permissionsOf(Role.hpc));
    expect(res.data.permissions).toContain('system:config');
    expect(res.data.permissions).not.toContain('users:manage');
  });

  it('lists the permissions each role holds', async () => {
    const viewer = await signedIn(t.app, 'index_viewer', Role.viewer);
    expect((await viewer.call(getIndexData)).data.permissions).toEqual([
      'session',
      'downloads:faq',
      'jobs:read',
      'jobs:readAll',
      'files:read',
      'accounts:read',
      'accounts:readAll',
      'quotas:read',
      'reports:read',
      'reports:readAll',
      'bills:read',
      'bills:readAll',
      'resources:read',
      'alarms:read',
    ]);
    const user = await signedIn(t.app, 'index_plain', Role.user);
    expect((await user.call(getIndexData)).data.permissions).toEqual([
      'session',
      'keys:manage',
      'jobs:read',
      'jobs:submit',
      'jobs:act',
      'files:read',
      'files:write',
      'shell:open',
      'desktops:use',
      'citrix:use',
      'accounts:read',
      'accounts:members',
      'quotas:read',
      'applications:create',
      'applications:review',
      'reports:read',
      'bills:read',
    ]);
  });

  const menusOf = async (userName: string, role: RoleId, lang?: 'en' | 'zh') => {
    const c = await signedIn(t.app, userName, role);
    const res = await c.call(getMenus, { query: lang ? { lang } : {} });
    expect(res.errCode).toBe(0);
    return res.data;
  };

  it('shows a user the overview, their jobs and their personal center only', async () => {
    const menus = await menusOf('menu_user', Role.user);
    expect(outline(menus)).toEqual([
      { id: 'overview', children: [] },
      { id: 'job', children: ['currentJobs', 'historyJobs', 'submitJob', 'jobCharts'] },
      { id: 'eshell', children: [] },
      { id: 'fileTransfer', children: ['efile', 'acrossCenter'] },
      { id: 'account', children: ['myAccounts', 'applications', 'personalCenter'] },
      { id: 'cost', children: ['usageReports', 'billDetail', 'billStatistics', 'monthlyBills', 'balances', 'prices'] },
      { id: 'myDesktops', children: [] },
    ]);
    expect(menus[5]?.children[0]).toMatchObject({ text: 'Usage reports', load: 'my-report/usage', isChild: true });
    expect(menus[0]).toMatchObject({ text: 'Overview', defaultPage: true, internal: true, load: 'overview', isChild: false });
    expect(menus[1]?.children[0]).toMatchObject({ text: 'Current jobs', load: 'my-job/current-job', isChild: true });
    expect(menus[2]).toMatchObject({ text: 'WebShell', internal: false, target: 'eshell', isChild: false });
    expect(menus[3]?.children[0]).toMatchObject({ text: 'E-File', internal: false, target: 'efile', isChild: true });
    expect(menus[3]?.children[1]).toMatchObject({ text: 'Across Center', internal: false, target: 'efileTransfers' });
    expect(menus[4]?.children[2]).toMatchObject({ text: 'Personal center', load: 'account/personal', isChild: true });
    expect(menus[6]).toMatchObject({ text: 'My desktops', internal: true, load: 'ac-my-app', isChild: false });
  });

  it('shows an administrator the account pages in menuNo order', async () => {
    const menus = await menusOf('menu_admin', Role.admin);
    expect(outline(menus)).toEqual([
      { id: 'overview', children: [] },
      { id: 'job', children: ['currentJobs', 'historyJobs', 'submitJob', 'jobView'] },
      { id: 'eshell', children: [] },
      { id: 'fileTransfer', children: ['efile', 'acrossCenter'] },
      {
        id: 'resources',
        children: [
          'queueManage',
          'nodeView',
          'nodeError',
          'multiNodeException',
          'assets',
          'racks',
          'metricBacktrack',
          'parastor',
        ],
      },
      {
        id: 'alarms',
        children: [
          'alarmOverview',
          'thresholdTemplates',
          'alarmList',
          'aggregationRules',
          'notificationRules',
          'notificationRecords',
        ],
      },
      {
        id: 'account',
        children: [
          'pendingUsers',
          'userList',
          'orgUnits',
          'accounts',
          'myAccounts',
          'auditLog',
          'applications',
          'personalCenter',
        ],
      },
      { id: 'cost', children: ['usageReports', 'billDetail', 'billStatistics', 'monthlyBills', 'balances', 'prices'] },
      { id: 'myDesktops', children: [] },
    ]);
    const numbers = menus[6]?.children.map((c) => c.menuNo) ?? [];
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(menus.map((m) => m.menuNo)).toEqual([10, 20, 30, 40, 50, 52, 60, 70, 80]);
  });

  it('opens the audit log first for an auditor, who has no overview', async () => {
    const menus = await menusOf('menu_auditor', Role.auditor);
    expect(outline(menus)).toEqual([{ id: 'account', children: ['auditLog', 'personalCenter'] }]);
    expect(menus[0]?.children[0]?.defaultPage).toBe(true);
    expect(menus[0]?.children[1]?.defaultPage).toBe(false);
  });

  it('shows a viewer the overview, the jobs to read, and the personal center', async () => {
    expect(outline(await menusOf('menu_viewer', Role.viewer))).toEqual([
      { id: 'overview', children: [] },
      { id: 'job', children: ['currentJobs', 'historyJobs', 'jobView'] },
      { id: 'fileTransfer', children: ['efile'] },
      // The viewer reads the state view and the inventory; power and changes are operators'.
      {
        id: 'resources',
        children: ['nodeView', 'nodeError', 'multiNodeException', 'assets', 'racks', 'metricBacktrack', 'parastor'],
      },
      // The viewer reads the alarm pages (notifications included); changing them is operators'.
      {
        id: 'alarms',
        children: [
          'alarmOverview',
          'thresholdTemplates',
          'alarmList',
          'aggregationRules',
          'notificationRules',
          'notificationRecords',
        ],
      },
      { id: 'account', children: ['accounts', 'myAccounts', 'personalCenter'] },
      { id: 'cost', children: ['usageReports', 'billDetail', 'billStatistics', 'monthlyBills', 'balances', 'prices'] },
    ]);
  });

  it('gives a super user the same account pages as an administrator', async () => {
    expect(outline(await menusOf('menu_super', Role.super))[6]?.children).toEqual([
      'pendingUsers',
      'userList',
      'orgUnits',
      'accounts',
      'myAccounts',
      'auditLog',
      'applications',
      'personalCenter',
    ]);
  });

  it('answers in Chinese for lang=zh, and in English by default', async () => {
    const zh = await menusOf('menu_zh', Role.admin, 'zh');
    expect(zh[0]?.text).toBe('概览');
    expect(zh[4]?.text).toBe('资源');
    expect(zh[5]?.text).toBe('告警管理');
    expect(zh[5]?.children.map((c) => c.text)).toEqual(['告警概览', '阈值模板', '告警列表', '聚合规则', '通知规则', '通知记录']);
    expect(zh[6]?.text).toBe('账户');
    expect(zh[7]?.text).toBe('费用');
    expect(zh[8]?.text).toBe('我的桌面');
    expect(zh[7]?.children[0]?.text).toBe('用量报表');
    expect(zh[6]?.children.map((c) => c.text)).toEqual([
      '待审批用户',
      '用户管理',
      '公司与部门',
      '账户管理',
      '我的账户',
      '审计日志',
      '申请',
      '个人中心',
    ]);
    const en = await menusOf('menu_en', Role.admin, 'en');
    expect(en[5]).toMatchObject({
      text: 'Alarms',
      children: [
        { text: 'Alarm overview', load: 'manage/alarmManage/alarm-overview', isChild: true },
        { text: 'Threshold templates', load: 'manage/alarmManage/threshold-templates', isChild: true },
        { text: 'Alarm list', load: 'manage/alarmManage/alarm-list', isChild: true },
        { text: 'Aggregate rules', load: 'manage/alarmManage/aggregation-rules', isChild: true },
        { text: 'Notification rules', load: 'manage/alarmManage/notification-rules', isChild: true },
        { text: 'Notification records', load: 'manage/alarmManage/notification-records', isChild: true },
      ],
    });
    expect(en[6]?.children.map((c) => c.text)).toEqual([
      'Pending users',
      'Users',
      'Organisation',
      'Accounts',
      'My accounts',
      'Audit log',
      'Applications',
      'Personal center',
    ]);
    const c = await signedIn(t.app, 'menu_lang', Role.user);
    expect((await c.callUnchecked(getMenus, { query: { lang: 'fr' } })).errCode).toBe(10004);
  });

  it('reports the system version type and the hybrid-service flag', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.call(querySystemVersionType)).data).toEqual({ systemVersionType: 'IndustrialCloud' });
    expect((await anonymous.call(isHybridService)).data).toBe('false');
  });
});

describe('online users, time and clusters', () => {
  let t: TestApp;
  const clock = new ManualClock(Date.parse('2026-03-01T08:30:00.000Z'));
  beforeAll(async () => {
    t = await createTestApp(
      {
        clusters: [
          { id: 'local', name: 'Local cluster' },
          { id: 'hpc1', name: 'Main HPC', scheduler: 'slurm', address: '10.0.0.5', port: 6817 },
        ],
        ui: { hybridService: true },
      },
      clock,
    );
  });
  afterAll(() => t.close());

  it('counts each signed-in user once, however many sessions they have', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    const count = async () => (await admin.call(getOnlineUser)).data.userOnline;
    expect(await count()).toBe(1);

    await createUser(t.app, 'online_a');
    const a1 = new TestClient(t.app, '10.70.0.1');
    const a2 = new TestClient(t.app, '10.70.0.2');
    await a1.login('online_a', 'Passw0rd!x');
    await a2.login('online_a', 'Passw0rd!x');
    expect(await count()).toBe(2);

    await a1.call(logout);
    expect(await count()).toBe(2);
    await a2.call(logout);
    expect(await count()).toBe(1);
  });

  it('does not count sessions that have gone idle', async () => {
    const admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    await signedIn(t.app, 'idle_user', Role.user);
    expect((await admin.call(getOnlineUser)).data.userOnline).toBe(2);
    clock.advance(121 * 60_000);
    const fresh = new TestClient(t.app);
    await fresh.login(ADMIN.user, ADMIN.password);
    expect((await fresh.call(getOnlineUser)).data.userOnline).toBe(1);
  });

  it("tells the server's time", async () => {
    const c = await signedIn(t.app, 'time_user', Role.user);
    expect((await c.call(querySysTime)).data).toEqual({ sysTime: new Date(clock.now()).toISOString() });
    clock.advance(90_000);
    expect((await c.call(querySysTime)).data.sysTime).toBe(new Date(clock.now()).toISOString());
  });

  it('lists the configured clusters with their job managers', async () => {
    const c = await signedIn(t.app, 'cluster_user', Role.user);
    const res = await c.call(listCluster);
    expect(res.data).toEqual([
      { id: 'local', name: 'Local cluster', JobManagerType: 'LOCAL', JobManagerAddr: '127.0.0.1', JobManagerPort: '0' },
      { id: 'hpc1', name: 'Main HPC', JobManagerType: 'SLURM', JobManagerAddr: '10.0.0.5', JobManagerPort: '6817' },
    ]);
  });

  it('removes Across Center from the menus while the transfer flag is off', async () => {
    const c = await signedIn(t.app, 'menu_no_transfer', Role.user);
    const menus = (await c.call(getMenus)).data;
    expect(menus.find((m) => m.id === 'fileTransfer')?.children.map((x) => x.id)).toEqual(['efile']);
    expect((await c.call(getIndexData)).data.transfer).toBe('0');
  });

  it('reports hybrid service when configured', async () => {
    expect((await new TestClient(t.app).call(isHybridService)).data).toBe('true');
    const c = await signedIn(t.app, 'hybrid_user', Role.user);
    expect((await c.call(getIndexData)).data.hybridService).toBe(true);
  });
});

describe('licence: free trial', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({ license: { trialDays: 30, trialNodes: 8 } }, clock);
  });
  afterAll(() => t.close());

  const info = async () => (await new TestClient(t.app).call(queryLicenseInfo)).data;

  it('starts a trial at first start: unplugged key, trial node count, all days left', async () => {
    expect(await info()).toMatchObject({
      keyStatus: 'unplugged',
      trial: true,
      expired: false,
      remainingDays: 30,
      nodeCount: 8,
      versionNumber: 0,
      systemVersionType: 'HPC',
      customer: '',
    });
  });

  it("tells a signed-in user the clusters' real node count beside the licensed one, and nobody else", async () => {
    expect((await info()).clusterNodes).toBeNull();
    const user = await signedIn(t.app, 'licence_reader', Role.user);
    const signedInInfo = (await user.call(queryLicenseInfo)).data;
    const heat = (await user.call(queryClusterInfo, { body: {} })).data;
    expect(heat.nodes.length).toBeGreaterThan(0);
    expect(signedInInfo.clusterNodes).toBe(heat.nodes.length);
    expect(signedInInfo.nodeCount).toBe(8);
  });

  it('counts the remaining days down as time passes', async () => {
    clock.advance(10 * DAY);
    expect((await info()).remainingDays).toBe(20);
    clock.advance(DAY / 2);
    expect((await info()).remainingDays).toBe(20);
    clock.advance(DAY / 2);
    expect((await info()).remainingDays).toBe(19);
  });

  it('expires after the trial days', async () => {
    clock.advance(19 * DAY);
    expect(await info()).toMatchObject({ expired: true, remainingDays: 0, trial: true });
  });
});

describe('licence: signed file', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  let dir: string;
  const apps: TestApp[] = [];
  const clock = new ManualClock(Date.parse('2026-05-01T00:00:00.000Z'));

  const payloadOf = (fields: Record<string, unknown>) => Buffer.from(JSON.stringify(fields));
  /** Writes a licence file the way scripts/license.ts signs one. */
  const writeLicense = (name: string, payload: Buffer, signature: Buffer) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify({ payload: payload.toString('base64'), signature: signature.toString('base64') }));
    return file;
  };
  const appWith = async (file: string, pem = publicPem) => {
    const t = await createTestApp({ license: { file, publicKey: pem } }, clock);
    apps.push(t);
    return t;
  };
  const infoOf = async (t: TestApp) => (await new TestClient(t.app).call(queryLicenseInfo)).data;

  const granted = { customer: 'Example Computing Centre', edition: 3, nodeCount: 512, expiresAt: '2027-05-01T00:00:00.000Z' };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-license-'));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a plugged key with the edition, node count and customer of a valid file', async () => {
    const payload = payloadOf(granted);
    const t = await appWith(writeLicense('valid.lic', payload, sign(null, payload, privateKey)));
    expect(t.app.services.license.problem).toBeNull();
    expect(await infoOf(t)).toEqual({
      versionNumber: 3,
      systemVersionType: 'HPC',
      keyStatus: 'plugged',
      trial: false,
      expired: false,
      remainingDays: 365,
      nodeCount: 512,
      clusterNodes: null,
      customer: 'Example Computing Centre',
      expiresAt: '2027-05-01T00:00:00.000Z',
    });
  });

  it('falls back to the trial when the file was changed after signing', async () => {
    const signature = sign(null, payloadOf(granted), privateKey);
    const t = await appWith(writeLicense('tampered.lic', payloadOf({ ...granted, nodeCount: 99999 }), signature));
    expect(await infoOf(t)).toMatchObject({ keyStatus: 'unplugged', trial: true, nodeCount: 16, versionNumber: 0 });
    expect(t.app.services.license.problem).toMatch(/signature/);
  });

  it('falls back to the trial when another key signed the file', async () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const payload = payloadOf(granted);
    const t = await appWith(writeLicense('foreign.lic', payload, sign(null, payload, other)));
    expect((await infoOf(t)).keyStatus).toBe('unplugged');
  });

  it('falls back to the trial when the file is missing or not a licence', async () => {
    const missing = await appWith(join(dir, 'nowhere.lic'));
    expect((await infoOf(missing)).keyStatus).toBe('unplugged');
    expect(missing.app.services.license.problem).toContain('nowhere.lic');
    writeFileSync(join(dir, 'garbage.lic'), 'not json');
    expect((await infoOf(await appWith(join(dir, 'garbage.lic')))).keyStatus).toBe('unplugged');
  });

  it('shows an expired licence as expired with no days left', async () => {
    const payload = payloadOf({ ...granted, expiresAt: '2026-04-01T00:00:00Z' });
    const t = await appWith(writeLicense('expired.lic', payload, sign(null, payload, privateKey)));
    expect(await infoOf(t)).toMatchObject({ keyStatus: 'plugged', expired: true, remainingDays: 0 });
  });
});
