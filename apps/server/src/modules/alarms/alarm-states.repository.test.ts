import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config/load.js';
import { openDatabase, type DbHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestStorage, type TestStorage } from '../../test/test-storage.js';
import { AlarmStatesRepository, keyOf, type AlarmKey } from './alarm-states.repository.js';
import type { AlarmRule, Sample } from './engine/evaluate.js';

/*
 * The engine with its memory, on SQLite (and PostgreSQL in CI's second round): alarms written with
 * the state, a batch applied twice counted once, two evaluators of one key raising one alarm, and
 * the state read back by a new connection as after a restart.
 */

const MINUTE = 60_000;
const RULE: AlarmRule = {
  levels: [
    { severity: 'warning', condition: { op: '>', value: 80 } },
    { severity: 'critical', condition: { op: '>', value: 95 } },
  ],
  raiseAfter: 3,
  recoverAfter: 2,
  noDataAfter: 3,
};
const at = (from: number, values: readonly (number | null)[]): Sample[] =>
  values.map((value, i) => ({ time: (from + i) * MINUTE, value }));

describe('the alarm engine with its stored state', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let repo: AlarmStatesRepository;
  const open = async () => {
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    repo = new AlarmStatesRepository(h.db, h.dialect);
  };

  beforeAll(async () => {
    storage = createTestStorage('portal-alarm-states-');
    await open();
    await migrateToLatest(h);
  });
  afterAll(async () => {
    await h?.close();
    await storage?.dispose();
  });

  it('raises one alarm, follows its severity, keeps its peak and recovers it, batch by batch', async () => {
    const key: AlarmKey = { clusterId: 'c1', resource: 'cn01', metric: 'cpu.load1', ruleKey: 't1/load' };
    expect(await repo.apply(key, RULE, at(0, [85, 85]))).toEqual([]);
    const raised = await repo.apply(key, RULE, at(2, [85, 97]));
    expect(raised).toMatchObject([
      { kind: 'raised', time: 2 * MINUTE, severity: 'warning' },
      { kind: 'severityChanged', time: 3 * MINUTE, from: 'warning', severity: 'critical' },
    ]);
    const id = raised[0]?.alarmId;
    expect(id).toBeGreaterThan(0);
    expect(raised[1]?.alarmId).toBe(id);
    expect(await repo.apply(key, RULE, at(4, [88, 10, 10]))).toMatchObject([
      { kind: 'severityChanged', severity: 'warning', alarmId: id },
      { kind: 'recovered', time: 6 * MINUTE, since: 2 * MINUTE, alarmId: id },
    ]);
    const [row, ...others] = await repo.listAlarms('c1', 'cn01');
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      id,
      kind: 'threshold',
      severity: 'warning',
      peak_severity: 'critical',
      value: 88,
      recovery_value: 10,
    });
    expect(Number(row?.raised_at)).toBe(2 * MINUTE);
    expect(Number(row?.recovered_at)).toBe(6 * MINUTE);
  });

  it('applies a batch that comes again (ingest repeated after a crash) once', async () => {
    const key: AlarmKey = { clusterId: 'c1', resource: 'cn02', metric: 'cpu.load1', ruleKey: 't1/load' };
    const batch = at(0, [90, 90, 90, 90]);
    expect(await repo.apply(key, RULE, batch)).toMatchObject([{ kind: 'raised', time: 2 * MINUTE }]);
    expect(await repo.apply(key, RULE, batch)).toEqual([]);
    // Partly new: only the newer samples count.
    expect(await repo.apply(key, RULE, at(2, [90, 90, 10, 10]))).toMatchObject([{ kind: 'recovered', time: 5 * MINUTE }]);
    expect(await repo.listAlarms('c1', 'cn02')).toHaveLength(1);
  });

  it('raises one alarm when two evaluators apply the same samples at once', async () => {
    const key: AlarmKey = { clusterId: 'c1', resource: 'cn03', metric: 'cpu.load1', ruleKey: 't1/load' };
    const batch = at(0, [90, 90, 90]);
    // Two processes' engines, each with its own memory, on one database.
    const other = new AlarmStatesRepository(h.db, h.dialect);
    const both = await Promise.all([repo.apply(key, RULE, batch), other.apply(key, RULE, batch)]);
    expect(both.flat().filter((e) => e.kind === 'raised')).toHaveLength(1);
    expect(await repo.listAlarms('c1', 'cn03')).toHaveLength(1);
  });

  it('goes on from the stored state after a restart: the open alarm stays the same row', async () => {
    const key: AlarmKey = { clusterId: 'c1', resource: 'cn04', metric: 'cpu.load1', ruleKey: 't1/load' };
    const [raised] = await repo.apply(key, RULE, at(0, [99, 99, 99]));
    expect(raised).toMatchObject({ kind: 'raised', severity: 'critical' });
    await h.close();
    await open();
    // Still open after the restart: more hits raise nothing; two misses recover that same alarm.
    expect(await repo.apply(key, RULE, at(3, [99, 99]))).toEqual([]);
    expect(await repo.apply(key, RULE, at(5, [50, 50]))).toMatchObject([
      { kind: 'recovered', alarmId: raised?.alarmId, since: 2 * MINUTE },
    ]);
    expect(await repo.listAlarms('c1', 'cn04')).toHaveLength(1);
  });

  it('keeps a no-data alarm of its own, ended by the next value', async () => {
    const key: AlarmKey = { clusterId: 'c1', resource: 'cn05', metric: 'cpu.load1', ruleKey: 't1/load' };
    const events = await repo.apply(key, RULE, at(0, [50, null, null, null, null, 50]));
    expect(events).toMatchObject([
      { kind: 'noData', time: 3 * MINUTE },
      { kind: 'dataBack', time: 5 * MINUTE, since: 3 * MINUTE },
    ]);
    expect(events[1]?.alarmId).toBe(events[0]?.alarmId);
    const [row] = await repo.listAlarms('c1', 'cn05');
    expect(row).toMatchObject({ kind: 'noData', severity: 'warning', value: null });
    expect(Number(row?.recovered_at)).toBe(5 * MINUTE);
  });

  it('keeps quiet keys in memory, writes them at a flush, and raises on the third hit', async () => {
    const key = (resource: string): AlarmKey => ({ clusterId: 'c1', resource, metric: 'mem.usage', ruleKey: 't1/mem' });
    const names = Array.from({ length: 30 }, (_, i) => `bq${String(i).padStart(2, '0')}`);
    /** One round: bq00 hits, bq01 has a gap, the rest are calm. */
    const round = (minute: number) =>
      repo.applyBatch(
        names.map((n, i) => ({ key: key(n), rule: RULE, samples: at(minute, [i === 0 ? 90 : i === 1 ? null : 20]) })),
      );
    const stored = async () =>
      (await h.db.selectFrom('alarm_states').selectAll().where('metric', '=', 'mem.usage').orderBy('resource').execute()).map(
        (r) => [r.resource, Number(r.last_time), r.hits, r.missing],
      );
    // The first round writes every state row (the one-key path: no rows yet); the second stays in memory.
    expect(await round(0)).toEqual([]);
    expect(await round(1)).toEqual([]);
    expect((await stored()).slice(0, 3)).toEqual([
      ['bq00', 0, 1, 0],
      ['bq01', 0, 0, 1],
      ['bq02', 0, 0, 0],
    ]);
    expect((await repo.lastTimes('c1')).get(keyOf(key('bq02')))).toBe(MINUTE);
    await repo.flush();
    const flushed = await stored();
    expect(flushed.slice(0, 3)).toEqual([
      ['bq00', MINUTE, 2, 0],
      ['bq01', MINUTE, 0, 2],
      ['bq02', MINUTE, 0, 0],
    ]);
    expect(flushed.every((r) => r[1] === MINUTE)).toBe(true);
    // The third hit raises (and the third gap opens a no-data alarm), each on its own key.
    const events = await round(2);
    expect(events.map((e) => e.kind).sort()).toEqual(['noData', 'raised']);
    expect(await repo.listAlarms('c1', 'bq00')).toMatchObject([{ kind: 'threshold', severity: 'warning' }]);
    expect(await repo.listAlarms('c1', 'bq02')).toEqual([]);
    // A round already applied changes nothing.
    expect(await round(2)).toEqual([]);
  });

  it('after a kill -9 (no flush), the samples applied again reach the same streaks and raise once', async () => {
    const key: AlarmKey = { clusterId: 'c1', resource: 'kq01', metric: 'mem.usage', ruleKey: 't1/mem' };
    const calm: AlarmKey = { ...key, resource: 'kq02' };
    const killed = new AlarmStatesRepository(h.db, h.dialect);
    // Rows written (first sample), then two hits held only in the memory that dies.
    expect(
      await killed.applyBatch([
        { key, rule: RULE, samples: at(0, [20]) },
        { key: calm, rule: RULE, samples: at(0, [20]) },
      ]),
    ).toEqual([]);
    expect(await killed.apply(key, RULE, at(1, [90, 90]))).toEqual([]);
    expect(await killed.apply(calm, RULE, at(1, [90, 90]))).toEqual([]);
    // The next process catches up from the source: the same samples again, then the third hit.
    const next = new AlarmStatesRepository(h.db, h.dialect);
    expect((await next.lastTimes('c1')).get(keyOf(key))).toBe(0);
    expect(await next.apply(key, RULE, at(1, [90, 90]))).toEqual([]);
    expect(await next.apply(key, RULE, at(3, [90]))).toMatchObject([{ kind: 'raised', time: 3 * MINUTE }]);
    expect(await next.apply(key, RULE, at(1, [90, 90, 90]))).toEqual([]);
    expect(await next.listAlarms('c1', 'kq01')).toHaveLength(1);
    // The dead one's memory, flushed late, writes no row another evaluator has moved on.
    expect(await next.apply(calm, RULE, at(1, [90, 90, 90]))).toMatchObject([{ kind: 'raised' }]);
    await killed.flush();
    const rows = await h.db.selectFrom('alarm_states').selectAll().where('resource', 'in', ['kq01', 'kq02']).execute();
    expect(rows.map((r) => [r.resource, Number(r.last_time), r.alarm_id === null])).toEqual(
      expect.arrayContaining([
        ['kq01', 3 * MINUTE, false],
        ['kq02', 3 * MINUTE, false],
      ]),
    );
  });
});
