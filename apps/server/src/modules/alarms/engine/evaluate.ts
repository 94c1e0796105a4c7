import { highestHit, type AlarmSeverity, type Level } from './conditions.js';

/*
 * The alarm engine for one (resource, metric, rule): a pure step from the state before a sample to
 * the state after it and what changed. The caller keeps the state (in the database, so a restart
 * neither raises an alarm twice nor loses one) and turns the events into alarm rows.
 *
 * - A sample hits when any level's condition holds; its severity is the most severe level hit.
 * - `raiseAfter` consecutive hits raise the alarm (spec section 9's alarm count N), at the severity
 *   the last of them hit; while it is open, its severity follows each hitting sample, up and down.
 * - `recoverAfter` consecutive samples that hit nothing recover it (the recovery count).
 * - A missing sample (no value at its step) counts as neither: the streaks go on across it, and an
 *   open alarm stays open, as nothing is known. With `noDataAfter` K set (off by default), K
 *   missing samples in a row raise a no-data alarm of their own, which the next value ends.
 */

export interface AlarmRule {
  levels: readonly Level[];
  raiseAfter: number;
  recoverAfter: number;
  /** Missing samples in a row that raise a no-data alarm; undefined: never. */
  noDataAfter?: number;
}

export interface OpenAlarm {
  severity: AlarmSeverity;
  /** When the alarm was raised (the sample that completed the streak). */
  since: number;
  /** The value of the latest hitting sample. */
  value: number;
}

export interface AlarmState {
  open: OpenAlarm | null;
  /** Hitting samples in a row so far (while no alarm is open). */
  hits: number;
  /** Samples hitting nothing in a row so far (while an alarm is open). */
  misses: number;
  /** Missing samples in a row. */
  missing: number;
  /** Since when the no-data alarm is open; null when it is not. */
  noDataSince: number | null;
}

export const INITIAL_STATE: AlarmState = { open: null, hits: 0, misses: 0, missing: 0, noDataSince: null };

export type AlarmEvent =
  | { kind: 'raised'; time: number; severity: AlarmSeverity; value: number }
  | { kind: 'severityChanged'; time: number; from: AlarmSeverity; severity: AlarmSeverity; value: number }
  | { kind: 'recovered'; time: number; since: number; value: number }
  | { kind: 'noData'; time: number }
  | { kind: 'dataBack'; time: number; since: number };

export interface Sample {
  time: number;
  /** null: the step has no sample (the target did not answer, or the series has a gap). */
  value: number | null;
}

export const evaluate = (rule: AlarmRule, before: AlarmState, sample: Sample): { state: AlarmState; events: AlarmEvent[] } => {
  const events: AlarmEvent[] = [];
  const { time, value } = sample;
  if (value === null) {
    const missing = before.missing + 1;
    const noData = rule.noDataAfter !== undefined && missing >= rule.noDataAfter && before.noDataSince === null;
    if (noData) events.push({ kind: 'noData', time });
    return { state: { ...before, missing, noDataSince: noData ? time : before.noDataSince }, events };
  }
  if (before.noDataSince !== null) events.push({ kind: 'dataBack', time, since: before.noDataSince });
  const state: AlarmState = { ...before, missing: 0, noDataSince: null };
  const hit = highestHit(rule.levels, value);
  if (state.open === null) {
    const hits = hit ? state.hits + 1 : 0;
    if (hit && hits >= rule.raiseAfter) {
      events.push({ kind: 'raised', time, severity: hit, value });
      return { state: { ...state, open: { severity: hit, since: time, value }, hits: 0, misses: 0 }, events };
    }
    return { state: { ...state, hits }, events };
  }
  if (hit) {
    if (hit !== state.open.severity)
      events.push({ kind: 'severityChanged', time, from: state.open.severity, severity: hit, value });
    return { state: { ...state, open: { ...state.open, severity: hit, value }, misses: 0 }, events };
  }
  const misses = state.misses + 1;
  if (misses >= rule.recoverAfter) {
    events.push({ kind: 'recovered', time, since: state.open.since, value });
    return { state: { ...state, open: null, misses: 0, hits: 0 }, events };
  }
  return { state: { ...state, misses }, events };
};

/** A whole series through the engine: the state after it and every event, in order. */
export const evaluateSeries = (rule: AlarmRule, samples: readonly Sample[], from: AlarmState = INITIAL_STATE) => {
  let state = from;
  const events: AlarmEvent[] = [];
  for (const s of samples) {
    const step = evaluate(rule, state, s);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
};
