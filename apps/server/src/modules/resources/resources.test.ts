import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  resourcesCreateAsset,
  resourcesDeleteAsset,
  resourcesListAssets,
  resourcesListNodes,
  resourcesListRacks,
  resourcesModifyAsset,
  resourcesPowerNodes,
  resourcesReadPower,
  resourcesStatistic,
  type Asset,
} from '@portal/shared';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { startTestBmc, type TestBmc } from '../../test/ipmi-sim.js';
import { localTestCluster } from '../../test/local-cluster.js';

/*
 * The inventory and node power on the built-in scheduler, against a real simulated BMC (ipmi_sim)
 * driven by the real ipmitool. Draining and marking nodes down in a scheduler is Slurm's
 * (power.slurm.test.ts).
 */

const cluster = { ...localTestCluster(), power: { enabled: true, interface: 'lan' as const, timeoutSeconds: 20 } };

describe('resources: inventory and power', () => {
  let t: TestApp;
  let admin: TestClient;
  let operator: TestClient;
  let viewer: TestClient;
  let user: TestClient;
  let bmc: TestBmc;
  const byName = async (name: string): Promise<Asset> => {
    const r = await admin.call(resourcesListAssets, { query: { keyword: name, pageLimit: 100 } });
    const a = r.data.list.find((x) => x.name === name);
    if (!a) throw new Error(`no asset ${name}`);
    return a;
  };

  beforeAll(async () => {
    bmc = await startTestBmc();
    t = await createTestApp({ clusters: [cluster] });
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    operator = await signedIn(t.app, 'res_opt', Role.opt);
    viewer = await signedIn(t.app, 'res_viewer', Role.viewer);
    user = await signedIn(t.app, 'res_user', Role.user);
  });
  afterAll(async () => {
    await t?.close();
    await bmc?.stop();
  });

  it("imports the scheduler's nodes as servers of the cluster", async () => {
    const r = await viewer.call(resourcesListAssets, { query: { type: 'SERVER' } });
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((a) => [a.name, a.clusterId, a.source, a.inScheduler])).toEqual([
      ['n1', 'local', 'scheduler', true],
      ['n2', 'local', 'scheduler', true],
    ]);
  });

  it('keeps the inventory for operators, the views for who runs the cluster', async () => {
    expect((await user.call(resourcesListAssets)).status).toBe(403);
    expect((await user.call(resourcesListNodes)).status).toBe(403);
    expect((await viewer.call(resourcesCreateAsset, { body: { name: 'r1', type: 'ROOM' } })).status).toBe(403);
    const room = await operator.call(resourcesCreateAsset, { body: { name: 'room-a', type: 'ROOM', location: 'Building 2' } });
    expect(room.data).toMatchObject({ name: 'room-a', type: 'ROOM', clusterId: null, source: 'manual', location: 'Building 2' });
    const rack = await operator.call(resourcesCreateAsset, {
      body: { name: 'rack-01', type: 'RACK', room: 'room-a', height: 42, parentId: room.data.id },
    });
    expect(rack.data.parentName).toBe('room-a');
    const sw = await operator.call(resourcesCreateAsset, {
      body: {
        name: 'sw-01',
        type: 'SWITCH',
        manageIp: '10.0.0.2',
        rack: 'rack-01',
        position: 40,
        height: 1,
        parentId: rack.data.id,
      },
    });
    expect(sw.data).toMatchObject({ position: 40, height: 1, manageIp: '10.0.0.2' });
    const dup = await operator.call(resourcesCreateAsset, { body: { name: 'sw-01', type: 'SWITCH' } });
    expect([dup.status, dup.error?.reason]).toEqual([409, 'assetExists']);
    const bad = await operator.callUnchecked(resourcesCreateAsset, { body: { name: 'x y', type: 'TOASTER' } });
    expect(bad.status).toBe(400);
    // A loop: the room may not sit in the switch that sits (through the rack) in it.
    const loop = await operator.call(resourcesModifyAsset, {
      params: { id: room.data.id },
      body: { name: 'room-a', type: 'ROOM', parentId: sw.data.id },
    });
    expect(loop.error?.reason).toBe('assetParentInvalid');
  });

  it('counts assets by the spec types', async () => {
    const s = await viewer.call(resourcesStatistic);
    expect(s.data).toEqual({
      ROOM: 1,
      DISKARRAY: 0,
      STORAGESYSTEM: 0,
      GROUP: 0,
      CLUSTER: 0,
      BLADECHASSIS: 0,
      RACK: 1,
      SWITCH: 1,
      SERVER: 2,
      totalNum: 5,
    });
  });

  it("stores a node's BMC password sealed and never answers it", async () => {
    const n1 = await byName('n1');
    const renamed = await operator.call(resourcesModifyAsset, {
      params: { id: n1.id },
      body: { name: 'n9', type: 'SERVER', clusterId: 'local' },
    });
    expect(renamed.error?.reason).toBe('assetFromScheduler');
    const r = await operator.call(resourcesModifyAsset, {
      params: { id: n1.id },
      body: {
        name: 'n1',
        type: 'SERVER',
        clusterId: 'local',
        ipmiIp: '127.0.0.1',
        ipmiPort: bmc.port,
        ipmiUser: bmc.user,
        ipmiPassword: bmc.password,
        rack: 'rack-01',
        position: 10,
        height: 2,
      },
    });
    expect(r.data).toMatchObject({
      ipmiIp: '127.0.0.1',
      ipmiPort: bmc.port,
      ipmiUser: 'admin',
      ipmiPasswordSet: true,
      rack: 'rack-01',
    });
    expect(JSON.stringify(r.data)).not.toContain(bmc.password);
    const row = await t.app.services.db.selectFrom('assets').selectAll().where('name', '=', 'n1').executeTakeFirstOrThrow();
    expect(row.ipmi_password_sealed).toMatch(/^v1:/);
    expect(row.ipmi_password_sealed).not.toContain(bmc.password);
    // Left out on a later change, the password stays.
    const kept = await operator.call(resourcesModifyAsset, {
      params: { id: n1.id },
      body: {
        name: 'n1',
        type: 'SERVER',
        clusterId: 'local',
        ipmiIp: '127.0.0.1',
        ipmiPort: bmc.port,
        ipmiUser: bmc.user,
        rack: 'rack-01',
        position: 10,
        height: 2,
      },
    });
    expect(kept.data.ipmiPasswordSet).toBe(true);
  });

  it('draws each rack with what sits where, also racks named only by their assets', async () => {
    await operator.call(resourcesCreateAsset, { body: { name: 'pdu-9', type: 'POWER', rack: 'rack-x', position: 1, height: 1 } });
    const rackId = (await byName('rack-01')).id;
    // In the rack by its parent alone.
    const kvm = await operator.call(resourcesCreateAsset, { body: { name: 'kvm-1', type: 'SWITCH', parentId: rackId } });
    const r = await viewer.call(resourcesListRacks);
    expect(r.data.list.map((k) => [k.name, k.units, k.assetId !== null])).toEqual([
      ['rack-x', 42, false],
      ['rack-01', 42, true],
    ]);
    const rack = r.data.list.find((k) => k.name === 'rack-01');
    expect(rack?.items.map((i) => [i.name, i.type, i.position, i.height])).toEqual([
      ['kvm-1', 'SWITCH', null, null],
      ['n1', 'SERVER', 10, 2],
      ['sw-01', 'SWITCH', 40, 1],
    ]);
    await operator.call(resourcesDeleteAsset, { params: { id: kvm.data.id } });
    const pdu = (await viewer.call(resourcesListAssets, { query: { keyword: 'pdu-9' } })).data.list[0];
    await operator.call(resourcesDeleteAsset, { params: { id: pdu?.id ?? 0 } });
  });

  it('shows the state view with the nodes that can be powered', async () => {
    const r = await viewer.call(resourcesListNodes);
    expect(r.data.powerEnabled).toBe(true);
    expect(r.data.drainSupported).toBe(false);
    expect(r.data.nodes.map((n) => [n.name, n.state, n.hasBmc])).toEqual([
      ['n1', 'free', true],
      ['n2', 'free', false],
    ]);
    expect(r.data.counts).toMatchObject({ free: 2, busy: 0, down: 0 });
    // Where each stands comes from the inventory; the built-in scheduler gives no reasons.
    expect(r.data.nodes.map((n) => [n.rack, n.reason, n.notResponding])).toEqual([
      ['rack-01', '', false],
      [null, '', false],
    ]);
  });

  it('powers a node off and on through its BMC, and reads it back', async () => {
    expect((await viewer.call(resourcesPowerNodes, { body: { nodes: ['n1'], action: 'off' } })).status).toBe(403);
    const off = await operator.call(resourcesPowerNodes, { body: { nodes: ['n1', 'n2', 'zz'], action: 'off' } });
    expect(off.data.list).toEqual([
      { node: 'n1', power: 'off' },
      expect.objectContaining({ node: 'n2', power: 'unknown', reason: 'ipmiNotConfigured' }),
      expect.objectContaining({ node: 'zz', power: 'unknown', reason: 'resourceNotFound', error: 'The resource is not exist!' }),
    ]);
    expect(bmc.power()).toBe('off');
    expect((await viewer.call(resourcesReadPower, { body: { nodes: ['n1'] } })).data.list).toEqual([
      { node: 'n1', power: 'off' },
    ]);
    expect((await viewer.call(resourcesListNodes)).data.nodes[0]?.power).toBe('off');
    const on = await operator.call(resourcesPowerNodes, { body: { nodes: ['n1'], action: 'on' } });
    expect(on.data.list).toEqual([{ node: 'n1', power: 'on' }]);
    expect(bmc.power()).toBe('on');
    const drain = await operator.call(resourcesPowerNodes, { body: { nodes: ['n1'], action: 'off', drain: true } });
    expect([drain.status, drain.error?.reason]).toEqual([409, 'drainUnsupported']);
    const audit = await t.app.services.db.selectFrom('audit_log').selectAll().where('action', 'like', '%power%').execute();
    const text = JSON.stringify(audit);
    expect(text).toContain('off n1,n2,zz');
    expect(text).not.toContain(bmc.password);
  });

  it("answers the spec's IPMI text when the BMC does not answer", async () => {
    const n2 = await byName('n2');
    await operator.call(resourcesModifyAsset, {
      params: { id: n2.id },
      // A port nothing listens on.
      body: {
        name: 'n2',
        type: 'SERVER',
        clusterId: 'local',
        ipmiIp: '127.0.0.1',
        ipmiPort: 9,
        ipmiUser: 'admin',
        ipmiPassword: 'x',
      },
    });
    const r = await operator.call(resourcesReadPower, { body: { nodes: ['n2'] } });
    expect(r.data.list[0]).toMatchObject({ node: 'n2', power: 'unknown', reason: 'ipmiUnreachable' });
    expect(r.data.list[0]?.error).toContain('IPMI net is abnormal, please check if IPMI IP is configured and snmp is normal');
  });

  it('deletes only what nothing depends on', async () => {
    const n1 = await byName('n1');
    expect((await operator.call(resourcesDeleteAsset, { params: { id: n1.id } })).error?.reason).toBe('assetFromScheduler');
    const rack = await byName('rack-01');
    expect((await operator.call(resourcesDeleteAsset, { params: { id: rack.id } })).error?.reason).toBe('assetHasChildren');
    const sw = await byName('sw-01');
    expect((await operator.call(resourcesDeleteAsset, { params: { id: sw.id } })).status).toBe(200);
    expect((await operator.call(resourcesDeleteAsset, { params: { id: rack.id } })).status).toBe(200);
    expect((await operator.call(resourcesDeleteAsset, { params: { id: rack.id } })).error?.reason).toBe('resourceNotFound');
  });
});

describe('resources: power off by default', () => {
  it('refuses power actions on a cluster without power configured', async () => {
    const t = await createTestApp({ clusters: [localTestCluster()] });
    try {
      const op = await signedIn(t.app, 'res_opt2', Role.opt);
      expect((await op.call(resourcesListNodes)).data.powerEnabled).toBe(false);
      const r = await op.call(resourcesPowerNodes, { body: { nodes: ['n1'], action: 'on' } });
      expect([r.status, r.error?.reason]).toEqual([409, 'powerDisabled']);
    } finally {
      await t.close();
    }
  });
});
