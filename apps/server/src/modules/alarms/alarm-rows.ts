import type { Insertable, Transaction } from 'kysely';
import type { AlarmsTable } from '../../db/alarm-tables.js';
import type { Database } from '../../db/types.js';
import { toSeverity, worse, type AlarmSeverity } from './engine/conditions.js';
import type { AlarmEvent, AlarmRule } from './engine/evaluate.js';
import type { AlarmKey, RecordedEvent } from './alarm-states.repository.js';

/*
 * The alarm rows an engine step changes: a raised alarm inserted, a severity change or a recovery
 * written to the open one, a no-data alarm of its own. Called inside the transaction that also
 * writes the key's state, so both commit or neither does.
 */

/** No-data alarms are warnings: nothing is known about the value itself. */
const NO_DATA_SEVERITY: AlarmSeverity = 'warning';

/** The alarms open for a key after its events, and the events with the rows they touched. */
export interface WrittenEvents {
  alarmId: number | null;
  noDataAlarmId: number | null;
  recorded: RecordedEvent[];
}

export const writeEvents = async (
  trx: Transaction<Database>,
  key: AlarmKey,
  rule: AlarmRule,
  events: readonly AlarmEvent[],
  open: { alarmId: number | null; noDataAlarmId: number | null },
): Promise<WrittenEvents> => {
  let alarmId = open.alarmId;
  let noDataId = open.noDataAlarmId;
  const recorded: RecordedEvent[] = [];
  const base = { cluster_id: key.clusterId, resource: key.resource, metric: key.metric, rule_key: key.ruleKey };
  for (const e of events) {
    switch (e.kind) {
      case 'raised':
        alarmId = await insertAlarm(trx, {
          ...base,
          kind: 'threshold',
          severity: e.severity,
          peak_severity: e.severity,
          value: e.value,
          raised_at: e.time,
          ...conditionOf(rule, e.severity),
        });
        break;
      case 'severityChanged': {
        if (alarmId === null) throw new Error('a severity change without an open alarm');
        const current = await alarmRow(trx, alarmId);
        const peak = worse(toSeverity(current.peak_severity), e.severity);
        await trx
          .updateTable('alarms')
          .set({ severity: e.severity, peak_severity: peak, value: e.value, ...conditionOf(rule, e.severity) })
          .where('id', '=', alarmId)
          .execute();
        break;
      }
      case 'recovered':
        if (alarmId === null) throw new Error('a recovery without an open alarm');
        await trx
          .updateTable('alarms')
          .set({ recovered_at: e.time, recovery_value: e.value })
          .where('id', '=', alarmId)
          .execute();
        break;
      case 'noData':
        noDataId = await insertAlarm(trx, {
          ...base,
          kind: 'noData',
          severity: NO_DATA_SEVERITY,
          peak_severity: NO_DATA_SEVERITY,
          value: null,
          raised_at: e.time,
          condition_op: null,
          threshold: null,
        });
        break;
      case 'dataBack':
        if (noDataId === null) throw new Error('data back without a no-data alarm');
        await trx.updateTable('alarms').set({ recovered_at: e.time }).where('id', '=', noDataId).execute();
        break;
    }
    recorded.push({ ...e, alarmId: (e.kind === 'noData' || e.kind === 'dataBack' ? noDataId : alarmId) ?? 0 });
    if (e.kind === 'recovered') alarmId = null;
    if (e.kind === 'dataBack') noDataId = null;
  }
  return { alarmId, noDataAlarmId: noDataId, recorded };
};

/** The condition of the rule's level of that severity, as the alarm list shows it. */
const conditionOf = (rule: AlarmRule, severity: AlarmSeverity): { condition_op: string | null; threshold: string | null } => {
  const c = rule.levels.find((l) => l.severity === severity)?.condition;
  if (!c) return { condition_op: null, threshold: null };
  return { condition_op: c.op, threshold: 'value' in c ? String(c.value) : `${c.low}..${c.high}` };
};

export const alarmRow = (trx: Transaction<Database>, id: number) =>
  trx.selectFrom('alarms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

type NewAlarm = Pick<
  Insertable<AlarmsTable>,
  | 'cluster_id'
  | 'resource'
  | 'metric'
  | 'rule_key'
  | 'kind'
  | 'severity'
  | 'peak_severity'
  | 'value'
  | 'raised_at'
  | 'condition_op'
  | 'threshold'
>;

const insertAlarm = async (trx: Transaction<Database>, row: NewAlarm) =>
  Number(
    (
      await trx
        .insertInto('alarms')
        .values({ ...row, recovered_at: null, recovery_value: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
