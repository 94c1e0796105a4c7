import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrCode,
  Role,
  alarmAggregationCreate,
  alarmAggregationDelete,
  alarmAggregationDeleteCheck,
  alarmAggregationList,
  alarmAggregationMembers,
  alarmAggregationMetrics,
  alarmAggregationModify,
  alarmAggregationSort,
  type AggregateRuleInput,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../../test/harness.js';
import { localTestCluster } from '../../../test/local-cluster.js';

/*
 * Aggregate rules through the API of spec section 7 (/am_ma/api/aggregationalarm/...): who may
 * read and change them, the validation of spec section 5 (an alarm metric chosen, none twice, the
 * asset type before the assets), the scan order, the delete check and the method override.
 * What the rules do to alarms is aggregation.test.ts's.
 */

const rule = (over: Partial<AggregateRuleInput> = {}): AggregateRuleInput => ({
  name: 'CPU storm',
  metrics: ['cpu.usage'],
  groupBy: 'cluster',
  minAlarms: 3,
  ...over,
});

describe('aggregate rules API', () => {
  let t: TestApp;
  let operator: TestClient;
  let viewer: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ clusters: [localTestCluster()] });
    operator = await signedIn(t.app, 'ag_opt', Role.opt);
    viewer = await signedIn(t.app, 'ag_viewer', Role.viewer);
    user = await signedIn(t.app, 'ag_user', Role.user);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets operators add and change rules, the viewer read them, and users neither', async () => {
    expect((await user.call(alarmAggregationList)).status).toBe(403);
    expect((await viewer.call(alarmAggregationCreate, { body: rule() })).status).toBe(403);
    const created = await operator.call(alarmAggregationCreate, { body: rule({ description: 'many CPUs busy at once' }) });
    expect(created.errCode).toBe(0);
    expect(created.data).toMatchObject({
      name: 'CPU storm',
      metrics: ['cpu.usage'],
      resourceType: null,
      resources: [],
      groupBy: 'cluster',
      minAlarms: 3,
      minSeverity: null,
      suppress: true,
      enabled: true,
      description: 'many CPUs busy at once',
      sortOrder: 1,
      openAlarms: 0,
      updatedBy: 'ag_opt',
    });
    const changed = await operator.call(alarmAggregationModify, {
      body: { ...rule({ enabled: false, minSeverity: 'major' }), id: created.data.id },
    });
    expect(changed.data).toMatchObject({ enabled: false, minSeverity: 'major', sortOrder: 1 });
    expect((await viewer.call(alarmAggregationList)).data.list.map((r) => r.name)).toEqual(['CPU storm']);
    const renamed = await operator.call(alarmAggregationModify, { body: { ...rule({ name: 'Other' }), id: created.data.id } });
    expect(renamed.error?.reason).toBe('aggregateRuleNameImmutable');
    expect((await operator.call(alarmAggregationCreate, { body: rule() })).error?.reason).toBe('aggregateRuleNameExists');
  });

  it('refuses a rule without an alarm metric, one named twice, and assets without their type (spec section 5)', async () => {
    for (const [body, code] of [
      [rule({ name: 'none', metrics: [] }), ErrCode.PARAM_INVALID],
      [rule({ name: 'twice', metrics: ['cpu.usage', 'cpu.usage'] }), ErrCode.PARAM_INVALID],
      // The asset type is what is missing.
      [rule({ name: 'untyped', resources: [1] }), ErrCode.PARAM_INCOMPLETE],
      [rule({ name: 'one', minAlarms: 1 }), ErrCode.PARAM_INVALID],
    ] as const) {
      const r = await operator.call(alarmAggregationCreate, { body });
      expect([r.status, r.errCode], body.name).toEqual([400, code]);
    }
    expect((await operator.call(alarmAggregationList)).data.list.map((r) => r.name)).toEqual(['CPU storm']);
  });

  it('keeps the scan order, checks a delete, lists metrics and members, and deletes through the method override', async () => {
    const second = await operator.call(alarmAggregationCreate, { body: rule({ name: 'Memory', metrics: ['memory.usage'] }) });
    expect(second.data.sortOrder).toBe(2);
    const [first] = (await viewer.call(alarmAggregationList)).data.list;
    const order = [second.data.id, first?.id ?? 0];
    expect((await viewer.call(alarmAggregationSort, { body: { ids: order } })).status).toBe(403);
    expect((await operator.call(alarmAggregationSort, { body: { ids: order } })).errCode).toBe(0);
    expect((await viewer.call(alarmAggregationList)).data.list.map((r) => [r.name, r.sortOrder])).toEqual([
      ['Memory', 1],
      ['CPU storm', 2],
    ]);
    expect((await operator.call(alarmAggregationSort, { body: { ids: [second.data.id] } })).error?.reason).toBe(
      'aggregateOrderInvalid',
    );
    expect((await viewer.call(alarmAggregationDeleteCheck, { query: { ids: order.join(',') } })).data).toEqual({ openAlarms: 0 });
    const switchMetrics = (await viewer.call(alarmAggregationMetrics, { query: { resourceType: 'SWITCH' } })).data.list;
    expect(switchMetrics.length).toBeGreaterThan(0);
    expect(switchMetrics.every((m) => m.id.startsWith('switch.'))).toBe(true);
    const allMetrics = (await viewer.call(alarmAggregationMetrics)).data.list.map((m) => m.id);
    expect(allMetrics).toEqual(expect.arrayContaining(['cpu.usage', 'memory.usage', ...switchMetrics.map((m) => m.id)]));
    expect((await viewer.call(alarmAggregationMembers, { query: { id: 12345 } })).data).toEqual({ list: [] });

    const overridden = await operator.raw('POST', alarmAggregationDelete.path, {
      headers: { 'x-http-method-override': 'DELETE' },
      query: { ids: order.join(',') },
    });
    expect([overridden.statusCode, JSON.parse(overridden.body).errCode]).toEqual([200, 0]);
    expect((await viewer.call(alarmAggregationList)).data.list).toEqual([]);
    const gone = await operator.call(alarmAggregationDelete, { query: { ids: String(second.data.id) } });
    expect(gone.error?.reason).toBe('aggregateRuleNotFound');
  });
});
