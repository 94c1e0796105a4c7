import {
  ALARM_SEVERITIES,
  isRangeOp,
  type AlarmSeverity,
  type AssetType,
  type ConditionOp,
  type Indicator,
  type IndicatorInput,
  type LevelInput,
  type Template,
  type TemplateInput,
  type TemplateKind,
} from '@portal/shared';

/*
 * The template form's values and the API's TemplateInput (docs/alarms.md "Threshold templates"):
 * what the dialog starts from for a new or an existing template, and what it sends.
 */

/** One level as the form holds it: numbers may still be blank (null) while it is filled in. */
export interface LevelValues {
  severity: AlarmSeverity;
  op: ConditionOp;
  value?: number | null;
  low?: number | null;
  high?: number | null;
}

export interface IndicatorValues {
  metric?: string | undefined;
  alarmCount: number | null;
  recoveryCount: number | null;
  /** Blank: never a no-data alarm. */
  noDataCount?: number | null;
  levels: LevelValues[];
}

export interface TemplateValues {
  name: string;
  kind: TemplateKind;
  resourceType: AssetType;
  description?: string;
  enabled: boolean;
  /** Asset ids. */
  resources: number[];
  indicators: IndicatorValues[];
}

/** The first severity, from the most severe down, that no level of the indicator has yet (a new level gets it). */
export const nextSeverity = (levels: readonly { severity: AlarmSeverity }[]): AlarmSeverity | undefined =>
  [...ALARM_SEVERITIES].reverse().find((s) => !levels.some((l) => l.severity === s));

/** A new indicator: no metric yet, counts of 1, one level. */
export const newIndicator = (): IndicatorValues => ({
  metric: undefined,
  alarmCount: 1,
  recoveryCount: 1,
  noDataCount: null,
  levels: [{ severity: 'major', op: '>', value: null }],
});

const levelValues = (l: Indicator['levels'][number]): LevelValues =>
  isRangeOp(l.op)
    ? { severity: l.severity, op: l.op, low: l.low ?? null, high: l.high ?? null }
    : { severity: l.severity, op: l.op, value: l.value ?? null };

/** What the dialog starts from: a template's fields and its resources, or a new custom template of servers. */
export const valuesOf = (template: Template | null, resources: readonly number[] = []): TemplateValues =>
  template
    ? {
        name: template.name,
        kind: template.kind,
        resourceType: template.resourceType,
        description: template.description,
        enabled: template.enabled,
        resources: [...resources],
        indicators: template.indicators.map((i) => ({
          metric: i.metric,
          alarmCount: i.alarmCount,
          recoveryCount: i.recoveryCount,
          noDataCount: i.noDataCount,
          levels: i.levels.map(levelValues),
        })),
      }
    : {
        name: '',
        kind: 'custom',
        resourceType: 'SERVER',
        description: '',
        enabled: true,
        resources: [],
        indicators: [newIndicator()],
      };

const num = (v: number | null | undefined): number | undefined => (v === null || v === undefined ? undefined : v);

export const toLevelInput = (l: LevelValues): LevelInput =>
  isRangeOp(l.op)
    ? { severity: l.severity, op: l.op, low: num(l.low), high: num(l.high) }
    : { severity: l.severity, op: l.op, value: num(l.value) };

export const toIndicatorInput = (i: IndicatorValues): IndicatorInput => ({
  metric: i.metric ?? '',
  alarmCount: i.alarmCount ?? 1,
  recoveryCount: i.recoveryCount ?? 1,
  noDataCount: i.noDataCount ?? null,
  levels: i.levels.map(toLevelInput),
});

/** The body the API takes: names trimmed, a silent template without indicators. */
export const toTemplateInput = (v: TemplateValues): TemplateInput => ({
  name: v.name.trim(),
  kind: v.kind,
  resourceType: v.resourceType,
  description: v.description?.trim() ?? '',
  enabled: v.enabled,
  resources: [...v.resources],
  indicators: v.kind === 'silent' ? [] : v.indicators.map(toIndicatorInput),
});

/** The same template with one field changed (the table's switch): everything else as it is, its resources given. */
export const templateInputOf = (t: Template, resources: readonly number[], change: Partial<TemplateInput> = {}) => ({
  ...toTemplateInput(valuesOf(t, resources)),
  ...change,
});
