import { ALARM_SEVERITIES, type AlarmSeverity } from '@portal/shared';

/*
 * A threshold's condition (spec section 4: out, in, equals and the comparisons), held against one
 * value. `in` and `out` are inclusive ranges: a value on a bound is in, not out.
 */

export type Condition =
  { op: '>' | '>=' | '<' | '<=' | '==' | '!='; value: number } | { op: 'in' | 'out'; low: number; high: number };

export const holds = (c: Condition, v: number): boolean => {
  switch (c.op) {
    case '>':
      return v > c.value;
    case '>=':
      return v >= c.value;
    case '<':
      return v < c.value;
    case '<=':
      return v <= c.value;
    case '==':
      return v === c.value;
    case '!=':
      return v !== c.value;
    case 'in':
      return v >= c.low && v <= c.high;
    case 'out':
      return v < c.low || v > c.high;
  }
};

/** The alarm levels from least to most severe (spec section 4; Normal is no alarm): the API's. */
export { ALARM_SEVERITIES, type AlarmSeverity };

export const severityRank = (s: AlarmSeverity): number => ALARM_SEVERITIES.indexOf(s);

/** A severity read back from storage; anything else is a defect, not a value to guess at. */
export const toSeverity = (s: string): AlarmSeverity => {
  const found = ALARM_SEVERITIES.find((x) => x === s);
  if (!found) throw new Error(`not an alarm severity: ${s}`);
  return found;
};

/** The more severe of two. */
export const worse = (a: AlarmSeverity, b: AlarmSeverity): AlarmSeverity => (severityRank(b) > severityRank(a) ? b : a);

export interface Level {
  severity: AlarmSeverity;
  condition: Condition;
}

/** The most severe level the value hits, if any. */
export const highestHit = (levels: readonly Level[], v: number): AlarmSeverity | undefined => {
  let best: AlarmSeverity | undefined;
  for (const l of levels)
    if (holds(l.condition, v) && (best === undefined || severityRank(l.severity) > severityRank(best))) best = l.severity;
  return best;
};
