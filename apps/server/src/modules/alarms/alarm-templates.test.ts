import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  alarmTemplatesAddIndicator,
  alarmTemplatesCreate,
  alarmTemplatesDelete,
  alarmTemplatesIndicators,
  alarmTemplatesList,
  alarmTemplatesMetrics,
  alarmTemplatesModify,
  alarmTemplatesModifyIndicator,
  alarmTemplatesNameCheck,
  alarmTemplatesResources,
  alarmTemplatesTemplateResources,
  resourcesCreateAsset,
  resourcesDeleteAsset,
  resourcesListAssets,
  type IndicatorInput,
  type TemplateInput,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';

/*
 * Threshold templates through the API of spec section 7 (/am_ma/api/thresholdtempl/...): who may
 * read and change them, the spec's refusals (name taken, an asset another template holds, no
 * configurable indicator, levels and counts), indicators added and changed, the pickers, and
 * the method override the spec names.
 */

const CPU: IndicatorInput = {
  metric: 'cpu.usage',
  alarmCount: 3,
  recoveryCount: 2,
  levels: [
    { severity: 'warning', op: '>', value: 80 },
    { severity: 'critical', op: '>=', value: 95 },
  ],
};

describe('alarm threshold templates', () => {
  let t: TestApp;
  let operator: TestClient;
  let viewer: TestClient;
  let user: TestClient;
  const ids: Record<string, number> = {};
  const template = (over: Partial<TemplateInput> = {}): TemplateInput => ({
    name: 'Busy nodes',
    kind: 'custom',
    resourceType: 'SERVER',
    resources: [ids.n1 ?? 0],
    indicators: [CPU],
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp({ clusters: [localTestCluster()] });
    operator = await signedIn(t.app, 'at_opt', Role.opt);
    viewer = await signedIn(t.app, 'at_viewer', Role.viewer);
    user = await signedIn(t.app, 'at_user', Role.user);
    for (const a of (await operator.call(resourcesListAssets, { query: { pageLimit: 100 } })).data.list) ids[a.name] = a.id;
    ids.sw1 = (await operator.call(resourcesCreateAsset, { body: { name: 'sw1', type: 'SWITCH' } })).data.id;
    ids.rack1 = (await operator.call(resourcesCreateAsset, { body: { name: 'rack1', type: 'RACK' } })).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets operators change templates and the viewer only read them', async () => {
    expect((await user.call(alarmTemplatesList)).status).toBe(403);
    expect((await viewer.call(alarmTemplatesCreate, { body: template() })).status).toBe(403);
    const created = await operator.call(alarmTemplatesCreate, { body: template() });
    expect(created.errCode).toBe(0);
    expect(created.data).toMatchObject({
      name: 'Busy nodes',
      kind: 'custom',
      resourceType: 'SERVER',
      description: '',
      enabled: true,
      resourceCount: 1,
      updatedBy: 'at_opt',
      indicators: [
        {
          metric: 'cpu.usage',
          unit: 'percent',
          alarmCount: 3,
          recoveryCount: 2,
          noDataCount: null,
          levels: [
            { severity: 'warning', op: '>', value: 80 },
            { severity: 'critical', op: '>=', value: 95 },
          ],
        },
      ],
    });
    ids.busy = created.data.id;
    const listed = await viewer.call(alarmTemplatesList, { query: { name: 'busy' } });
    expect(listed.data.total).toBe(1);
    expect(listed.data.list[0]?.id).toBe(ids.busy);
    expect((await viewer.call(alarmTemplatesList, { query: { kind: 'silent' } })).data.total).toBe(0);
  });

  it("refuses a taken name and an asset another template holds, with the spec's texts", async () => {
    const dup = await operator.call(alarmTemplatesCreate, { body: template({ resources: [ids.n2 ?? 0] }) });
    expect([dup.status, dup.error?.reason, dup.errMsg]).toEqual([409, 'templateNameExists', 'Template name already exists']);
    const held = await operator.call(alarmTemplatesCreate, {
      body: template({ name: 'Second', resources: [ids.n2 ?? 0, ids.n1 ?? 0] }),
    });
    expect([held.status, held.error?.reason, held.errMsg]).toEqual([
      409,
      'assetInOtherTemplate',
      'Asset already used by another template',
    ]);
    expect(held.error).toMatchObject({ names: 'n1', template: 'Busy nodes' });
    // Nothing of the refused template was kept.
    expect((await viewer.call(alarmTemplatesList, { query: { name: 'Second' } })).data.total).toBe(0);
    expect((await viewer.call(alarmTemplatesNameCheck, { query: { name: 'Busy nodes' } })).data.exists).toBe(true);
    expect((await viewer.call(alarmTemplatesNameCheck, { query: { name: 'Busy nodes', id: ids.busy } })).data.exists).toBe(false);
    expect((await viewer.call(alarmTemplatesNameCheck, { query: { name: 'Nobody' } })).data.exists).toBe(false);
  });

  it('offers each resource type its indicators, and refuses others', async () => {
    const server = (await viewer.call(alarmTemplatesMetrics, { query: { resourceType: 'SERVER' } })).data.list.map((m) => m.id);
    expect(server).toEqual(
      expect.arrayContaining(['cpu.usage', 'memory.usage', 'infiniband.portsActive', 'hardware.temperature']),
    );
    expect(server).not.toContain('switch.portsUp');
    const sw = (await viewer.call(alarmTemplatesMetrics, { query: { resourceType: 'SWITCH' } })).data.list.map((m) => m.id);
    expect(sw).toEqual(['switch.ports', 'switch.portsUp', 'switch.receive', 'switch.transmit']);
    const rack = await viewer.call(alarmTemplatesMetrics, { query: { resourceType: 'RACK' } });
    expect([rack.error?.reason, rack.errMsg]).toEqual(['noConfigurableIndicator', 'No configurable indicator']);
    const wrong = await operator.call(alarmTemplatesCreate, {
      body: template({ name: 'Switch metric on a server', resources: [], indicators: [{ ...CPU, metric: 'switch.portsUp' }] }),
    });
    expect([wrong.error?.reason, wrong.error?.metrics]).toEqual(['noConfigurableIndicator', 'switch.portsUp']);
    const notSwitch = await operator.call(alarmTemplatesCreate, {
      body: template({
        name: 'Ports',
        resourceType: 'SWITCH',
        resources: [ids.n2 ?? 0],
        indicators: [{ ...CPU, metric: 'switch.portsUp' }],
      }),
    });
    expect([notSwitch.error?.reason, notSwitch.error?.ids]).toEqual(['templateResourceInvalid', String(ids.n2)]);
  });

  it('checks names, descriptions, levels and counts', async () => {
    const bad = async (over: Record<string, unknown>) => {
      const r = await operator.callUnchecked(alarmTemplatesCreate, {
        body: { ...template({ name: 'Checked', resources: [] }), ...over },
      });
      // 10003 for a part left out (a range's high), 10004 for a wrong one.
      expect([10003, 10004]).toContain(r.errCode);
      return r;
    };
    expect((await bad({ name: 'x'.repeat(65) })).error?.issues).toEqual([
      expect.objectContaining({ path: 'name', message: 'name is too long!' }),
    ]);
    await bad({ description: 'd'.repeat(129) });
    await bad({ indicators: [] });
    await bad({ indicators: [{ ...CPU, levels: [] }] });
    await bad({ indicators: [CPU, CPU] });
    await bad({ indicators: [{ ...CPU, alarmCount: 0 }] });
    await bad({ indicators: [{ ...CPU, levels: [{ severity: 'minor', op: 'in', low: 5 }] }] });
    await bad({ indicators: [{ ...CPU, levels: [{ severity: 'minor', op: 'out', low: 9, high: 5 }] }] });
    await bad({ indicators: [{ ...CPU, levels: [{ severity: 'minor', op: '>' }] }] });
    await bad({ indicators: [{ ...CPU, levels: [CPU.levels[0], CPU.levels[0]] }] });
    await bad({ kind: 'silent' });
    await bad({ indicators: [{ ...CPU, levels: [{ severity: 'normal', op: '>', value: 1 }] }] });
    // A silent template: resources, no indicators.
    const silent = await operator.call(alarmTemplatesCreate, {
      body: { name: 'Quiet', kind: 'silent', resourceType: 'SERVER', resources: [ids.n2 ?? 0], description: 'maintenance' },
    });
    expect(silent.data).toMatchObject({ kind: 'silent', resourceCount: 1, indicators: [], description: 'maintenance' });
    ids.quiet = silent.data.id;
  });

  it('adds and changes indicators, and lists them', async () => {
    const mem: IndicatorInput = { metric: 'memory.usage', levels: [{ severity: 'major', op: 'out', low: 0, high: 90 }] };
    const added = await operator.call(alarmTemplatesAddIndicator, { body: { id: ids.busy ?? 0, indicator: mem } });
    expect(added.data.indicators.map((i) => i.metric)).toEqual(['cpu.usage', 'memory.usage']);
    const again = await operator.call(alarmTemplatesAddIndicator, { body: { id: ids.busy ?? 0, indicator: mem } });
    expect([again.status, again.error?.reason]).toEqual([409, 'indicatorExists']);
    const changed = await operator.call(alarmTemplatesModifyIndicator, {
      body: { id: ids.busy ?? 0, indicator: { ...CPU, alarmCount: 5, levels: [{ severity: 'minor', op: '>', value: 70 }] } },
    });
    expect(changed.data.indicators.find((i) => i.metric === 'cpu.usage')).toMatchObject({
      alarmCount: 5,
      levels: [{ severity: 'minor', op: '>', value: 70 }],
    });
    const missing = await operator.call(alarmTemplatesModifyIndicator, {
      body: { id: ids.busy ?? 0, indicator: { ...CPU, metric: 'cpu.iowait' } },
    });
    expect([missing.status, missing.error?.reason]).toEqual([404, 'indicatorNotFound']);
    const onSilent = await operator.call(alarmTemplatesAddIndicator, { body: { id: ids.quiet ?? 0, indicator: mem } });
    expect(onSilent.error?.reason).toBe('noConfigurableIndicator');
    const listed = await viewer.call(alarmTemplatesIndicators, { query: { id: ids.busy ?? 0 } });
    expect(listed.data.list.map((i) => [i.metric, i.levels[0]?.op])).toEqual([
      ['cpu.usage', '>'],
      ['memory.usage', 'out'],
    ]);
    expect((await viewer.call(alarmTemplatesIndicators, { query: { id: 999 } })).error?.reason).toBe('alarmTemplateNotFound');
  });

  it('shows each asset with the template that holds it', async () => {
    const servers = await viewer.call(alarmTemplatesResources, { query: { resourceType: 'SERVER' } });
    expect(servers.data.list.map((r) => [r.name, r.templateName])).toEqual([
      ['n1', 'Busy nodes'],
      ['n2', 'Quiet'],
    ]);
    const held = await viewer.call(alarmTemplatesTemplateResources, { query: { id: ids.busy ?? 0 } });
    expect(held.data).toMatchObject({ total: 1, list: [{ name: 'n1', clusterId: 'local', type: 'SERVER' }] });
  });

  it('changes a whole template, and moves an asset once its template lets it go', async () => {
    const moved = await operator.call(alarmTemplatesModify, {
      body: { ...template({ resources: [] }), id: ids.busy ?? 0, enabled: false, description: 'off for now' },
    });
    expect(moved.data).toMatchObject({
      enabled: false,
      resourceCount: 0,
      description: 'off for now',
      indicators: [{ metric: 'cpu.usage' }],
    });
    const second = await operator.call(alarmTemplatesCreate, { body: template({ name: 'Second' }) });
    expect(second.data.resourceCount).toBe(1);
    const renamed = await operator.call(alarmTemplatesModify, { body: { ...template({ name: 'Quiet' }), id: ids.busy ?? 0 } });
    expect(renamed.error?.reason).toBe('templateNameExists');
  });

  it('forgets a deleted asset, and deletes templates (also through the method override)', async () => {
    const s = await operator.call(alarmTemplatesCreate, {
      body: template({
        name: 'Switches',
        resourceType: 'SWITCH',
        resources: [ids.sw1 ?? 0],
        indicators: [{ ...CPU, metric: 'switch.portsUp' }],
      }),
    });
    expect(s.data.resourceCount).toBe(1);
    expect((await operator.call(resourcesDeleteAsset, { params: { id: ids.sw1 ?? 0 } })).errCode).toBe(0);
    expect((await viewer.call(alarmTemplatesList, { query: { name: 'Switches' } })).data.list[0]?.resourceCount).toBe(0);
    expect((await viewer.call(alarmTemplatesDelete, { query: { ids: String(s.data.id) } })).status).toBe(403);
    const overridden = await operator.raw('POST', alarmTemplatesDelete.path, {
      headers: { 'x-http-method-override': 'DELETE' },
      query: { ids: `${s.data.id},${ids.quiet}` },
    });
    expect([overridden.statusCode, JSON.parse(overridden.body).errCode]).toEqual([200, 0]);
    expect((await viewer.call(alarmTemplatesList)).data.list.map((x) => x.name)).toEqual(['Busy nodes', 'Second']);
    const gone = await operator.call(alarmTemplatesDelete, { query: { ids: String(s.data.id) } });
    expect(gone.error?.reason).toBe('alarmTemplateNotFound');
  });
});
