import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import { evaluateSeries, INITIAL_STATE, type AlarmRule, type Sample } from './engine/evaluate.js';

/*
 * The engine's common case in bulk (bench/alarms): most keys of a round have no alarm open and
 * their samples raise none, so all that changes is the newest sample's time and the streak
 * counters. Such keys are read in one statement and written in one statement per distinct new
 * state (usually one: the round's time, no streak), instead of three statements each. Every other
 * key (an alarm open, an event, no state row yet) is left to the one-key path, in the same
 * transaction, which reads its row again. Nothing is open and nothing happens for a quiet key, so
 * the onApplied hook has nothing to see and is not called for it.
 */

export interface KeyBatch {
  key: { clusterId: string; resource: string; metric: string; ruleKey: string };
  rule: AlarmRule;
  samples: readonly Sample[];
}

const keyIs = (eb: ExpressionBuilder<Database, 'alarm_states'>, k: KeyBatch['key']) =>
  eb.and([
    eb('cluster_id', '=', k.clusterId),
    eb('resource', '=', k.resource),
    eb('metric', '=', k.metric),
    eb('rule_key', '=', k.ruleKey),
  ]);

const id = (k: KeyBatch['key']) => `${k.clusterId}\u0000${k.resource}\u0000${k.metric}\u0000${k.ruleKey}`;

/** Applies the quiet keys of `items` (at most a few hundred); returns the others, in their order. */
export const applyQuietKeys = async (
  trx: Transaction<Database>,
  dialect: Dialect,
  items: readonly KeyBatch[],
): Promise<KeyBatch[]> => {
  if (items.length === 0) return [];
  let select = trx
    .selectFrom('alarm_states')
    .selectAll()
    .where((eb) => eb.or(items.map((i) => keyIs(eb, i.key))))
    .orderBy('cluster_id')
    .orderBy('resource')
    .orderBy('metric')
    .orderBy('rule_key');
  // Locked in one order by every evaluator, as the one-key path locks its row.
  if (dialect === 'postgres') select = select.forUpdate();
  const rows = new Map(
    (await select.execute()).map((r) => [
      id({ clusterId: r.cluster_id, resource: r.resource, metric: r.metric, ruleKey: r.rule_key }),
      r,
    ]),
  );
  const rest: KeyBatch[] = [];
  const updates = new Map<
    string,
    { state: { last_time: number; hits: number; misses: number; missing: number }; keys: KeyBatch['key'][] }
  >();
  for (const item of items) {
    const row = rows.get(id(item.key));
    if (!row || row.alarm_id !== null || row.no_data_alarm_id !== null) {
      rest.push(item);
      continue;
    }
    const lastTime = Number(row.last_time);
    const fresh = item.samples.filter((s) => s.time > lastTime);
    if (fresh.length === 0) continue;
    const { state, events } = evaluateSeries(item.rule, fresh, {
      ...INITIAL_STATE,
      hits: row.hits,
      misses: row.misses,
      missing: row.missing,
    });
    if (events.length > 0 || state.open !== null || state.noDataSince !== null) {
      rest.push(item);
      continue;
    }
    const next = {
      last_time: fresh[fresh.length - 1]?.time ?? lastTime,
      hits: state.hits,
      misses: state.misses,
      missing: state.missing,
    };
    const group = `${next.last_time}:${next.hits}:${next.misses}:${next.missing}`;
    const entry = updates.get(group) ?? { state: next, keys: [] };
    entry.keys.push(item.key);
    updates.set(group, entry);
  }
  for (const { state, keys } of updates.values())
    await trx
      .updateTable('alarm_states')
      .set(state)
      .where((eb) => eb.or(keys.map((k) => keyIs(eb, k))))
      .execute();
  return rest;
};
