import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zOptionalText } from '../input.js';
import { Ok, Timestamp } from './common.js';
import { MetricInfo } from './metrics.js';
import { AssetType } from './resources.js';

/*
 * Alarm threshold templates (issue 16, docs/alarms.md; spec sections 3 "Other alarm entities", 5
 * and 7 "/am_ma"): a template holds resources of one type (a resource belongs to one template at
 * most) and indicators: a catalogue metric with its levels, its alarm count (samples in a row that
 * raise the alarm) and recovery count. A silent template holds resources whose alarms are muted.
 */

/** Alarm levels from least to most severe (spec section 4; Normal is no alarm). */
export const ALARM_SEVERITIES = ['warning', 'minor', 'major', 'critical'] as const;
export const AlarmSeverity = z.enum(ALARM_SEVERITIES);
export type AlarmSeverity = z.infer<typeof AlarmSeverity>;

/** Spec section 4's conditions: comparisons against one value, or in / out of a range (bounds count as in). */
export const CONDITION_OPS = ['>', '>=', '<', '<=', '==', '!=', 'in', 'out'] as const;
export const ConditionOp = z.enum(CONDITION_OPS);
export type ConditionOp = z.infer<typeof ConditionOp>;
export const isRangeOp = (op: ConditionOp): op is 'in' | 'out' => op === 'in' || op === 'out';

export const TEMPLATE_KINDS = ['custom', 'silent'] as const;
export const TemplateKind = z.enum(TEMPLATE_KINDS);
export type TemplateKind = z.infer<typeof TemplateKind>;

/** Resources one template holds at most. */
export const TEMPLATE_RESOURCES_MAX = 10_000;
/** Samples in a row an alarm count or recovery count may ask for. */
export const ALARM_COUNT_MAX = 100;

const Threshold = z.number().finite().min(-1e15).max(1e15);

/** One level of an indicator: its severity and condition (`value` for a comparison, `low`..`high` for in / out). */
export const LevelInput = z
  .object({
    severity: AlarmSeverity,
    op: ConditionOp,
    value: Threshold.optional(),
    low: Threshold.optional(),
    high: Threshold.optional(),
  })
  .superRefine((l, ctx) => {
    if (isRangeOp(l.op)) {
      if (l.low === undefined || l.high === undefined)
        ctx.addIssue({ code: 'custom', path: ['low'], message: 'a range needs low and high' });
      else if (l.low > l.high) ctx.addIssue({ code: 'custom', path: ['high'], message: 'high must not be below low' });
    } else if (l.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'a comparison needs a value' });
  });
export type LevelInput = z.input<typeof LevelInput>;

const Count = (dflt: number) => zInt().pipe(z.number().int().min(1).max(ALARM_COUNT_MAX)).default(dflt);

export const IndicatorInput = z
  .object({
    /** A catalogue metric the template's resource type has (alarmmetrics). */
    metric: z.string().min(1).max(64),
    /** Spec section 9's alarm count N: hitting samples in a row that raise the alarm. */
    alarmCount: Count(1),
    /** The recovery count: samples in a row hitting nothing that recover it. */
    recoveryCount: Count(1),
    /** Missing samples in a row that raise a no-data alarm; null: never (the default). */
    noDataCount: z.union([zInt().pipe(z.number().int().min(1).max(1000)), z.null()]).default(null),
    /** At least one level (spec section 5), each severity once. */
    levels: z.array(LevelInput).min(1).max(ALARM_SEVERITIES.length),
  })
  .superRefine((ind, ctx) => {
    const seen = new Set<string>();
    for (const [i, l] of ind.levels.entries()) {
      if (seen.has(l.severity)) ctx.addIssue({ code: 'custom', path: ['levels', i, 'severity'], message: 'each level once' });
      seen.add(l.severity);
    }
  });
export type IndicatorInput = z.input<typeof IndicatorInput>;
export type IndicatorFields = z.output<typeof IndicatorInput>;

export const Indicator = z.object({
  id: z.number().int(),
  metric: z.string(),
  unit: MetricInfo.shape.unit,
  alarmCount: z.number().int(),
  recoveryCount: z.number().int(),
  noDataCount: z.number().int().nullable(),
  levels: z.array(
    z.object({
      severity: AlarmSeverity,
      op: ConditionOp,
      value: z.number().optional(),
      low: z.number().optional(),
      high: z.number().optional(),
    }),
  ),
});
export type Indicator = z.infer<typeof Indicator>;

/** Spec section 5: template name unique; 'name is too long!' past 64 characters. */
export const TemplateName = z
  .string()
  .trim()
  .min(1)
  .max(64, 'name is too long!')
  .regex(/^[^\s,/\\][^,/\\]*$/, 'no commas or slashes');

const TemplateShape = z.object({
  name: TemplateName,
  kind: TemplateKind,
  resourceType: AssetType,
  /** Spec section 9: at most 128 characters. */
  description: zOptionalText(z.string().trim().max(128)),
  enabled: z.boolean().default(true),
  /** Asset ids of the template's type; each may belong to one template only. */
  resources: z.array(z.number().int().min(1)).max(TEMPLATE_RESOURCES_MAX).default([]),
  /** A custom template's indicators (at least one, no metric twice); a silent template has none. */
  indicators: z.array(IndicatorInput).max(64).default([]),
});

const checkTemplate = (t: z.output<typeof TemplateShape>, ctx: z.RefinementCtx) => {
  if (t.kind === 'custom' && t.indicators.length === 0)
    ctx.addIssue({ code: 'custom', path: ['indicators'], message: 'a custom template needs an indicator' });
  if (t.kind === 'silent' && t.indicators.length > 0)
    ctx.addIssue({ code: 'custom', path: ['indicators'], message: 'a silent template has no indicators' });
  const metrics = new Set<string>();
  for (const [i, ind] of t.indicators.entries()) {
    if (metrics.has(ind.metric))
      ctx.addIssue({ code: 'custom', path: ['indicators', i, 'metric'], message: 'indicators must not repeat' });
    metrics.add(ind.metric);
  }
  if (new Set(t.resources).size !== t.resources.length)
    ctx.addIssue({ code: 'custom', path: ['resources'], message: 'a resource is named twice' });
};

export const TemplateInput = TemplateShape.superRefine(checkTemplate);
export type TemplateInput = z.input<typeof TemplateInput>;
export type TemplateFields = z.output<typeof TemplateInput>;

export const Template = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: TemplateKind,
  resourceType: AssetType,
  description: z.string(),
  enabled: z.boolean(),
  /** The number of resources (spec section 3). */
  resourceCount: z.number().int(),
  indicators: z.array(Indicator),
  updatedAt: Timestamp,
  updatedBy: z.string(),
});
export type Template = z.infer<typeof Template>;

const TemplateId = zInt().pipe(z.number().int().min(1));

const PREFIX = '/am_ma/api/thresholdtempl';

export const alarmTemplatesList = defineContract({
  id: 'alarmTemplates.list',
  method: 'GET',
  path: `${PREFIX}/alarmthresholdtempls`,
  permission: 'alarms:read',
  methodOverridable: true,
  summary: 'Threshold templates, by name, kind and resource type',
  query: PagingInput.extend({
    /** Part of the name. */
    name: zOptionalText(z.string().max(64)),
    kind: z.union([z.literal('').transform(() => undefined), TemplateKind]).optional(),
    resourceType: z.union([z.literal('').transform(() => undefined), AssetType]).optional(),
  }),
  data: Page(Template),
});

export const alarmTemplatesCreate = defineContract({
  id: 'alarmTemplates.create',
  method: 'POST',
  path: `${PREFIX}/alarmthresholdtempls`,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: "Adds a template ('Template name already exists', 'Asset already used by another template')",
  body: TemplateInput,
  data: Template,
});

export const alarmTemplatesModify = defineContract({
  id: 'alarmTemplates.modify',
  method: 'PUT',
  path: `${PREFIX}/alarmthresholdtempls`,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary:
    'Changes a template: every field, its resources and indicators replaced; what it no longer covers has its open alarms ended',
  body: TemplateShape.extend({ id: TemplateId }).superRefine(checkTemplate),
  data: Template,
});

export const alarmTemplatesDelete = defineContract({
  id: 'alarmTemplates.delete',
  method: 'DELETE',
  path: `${PREFIX}/alarmthresholdtempls`,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: 'Removes templates (ids comma-separated); their open alarms end',
  query: z.object({
    ids: z
      .string()
      .regex(/^\d+(,\d+){0,99}$/, 'ids comma-separated')
      .transform((s) => s.split(',').map(Number)),
  }),
  data: Ok,
});

export const TemplateResource = z.object({
  id: z.number().int(),
  name: z.string(),
  clusterId: z.string(),
  type: AssetType,
  /** The template holding it, if any (a resource belongs to one at most). */
  templateId: z.number().int().nullable(),
  templateName: z.string().nullable(),
});
export type TemplateResource = z.infer<typeof TemplateResource>;

export const alarmTemplatesResources = defineContract({
  id: 'alarmTemplates.resources',
  method: 'GET',
  path: `${PREFIX}/resource`,
  permission: 'alarms:read',
  summary: 'Assets of a type to pick for a template, each with the template that holds it',
  query: PagingInput.extend({ resourceType: AssetType, keyword: zOptionalText(z.string().max(64)) }),
  data: Page(TemplateResource),
});

export const alarmTemplatesTemplateResources = defineContract({
  id: 'alarmTemplates.templateResources',
  method: 'GET',
  path: `${PREFIX}/alarmresource`,
  permission: 'alarms:read',
  summary: 'The resources of one template',
  query: PagingInput.extend({ id: TemplateId }),
  data: Page(TemplateResource),
});

export const alarmTemplatesNameCheck = defineContract({
  id: 'alarmTemplates.nameCheck',
  method: 'GET',
  path: `${PREFIX}/templname`,
  permission: 'alarms:read',
  summary: 'Whether a template name is taken (by a template other than `id`)',
  query: z.object({ name: TemplateName, id: TemplateId.optional() }),
  data: z.object({ exists: z.boolean() }),
});

export const alarmTemplatesMetrics = defineContract({
  id: 'alarmTemplates.metrics',
  method: 'GET',
  path: `${PREFIX}/alarmmetrics`,
  permission: 'alarms:read',
  summary: "The indicators a resource type can have ('No configurable indicator' when it has none)",
  query: z.object({ resourceType: AssetType }),
  data: z.object({ list: z.array(MetricInfo) }),
});

export const alarmTemplatesIndicators = defineContract({
  id: 'alarmTemplates.indicators',
  method: 'GET',
  path: `${PREFIX}/thresholdtemplmetric/alarmmetric`,
  permission: 'alarms:read',
  summary: 'The indicators of one template',
  query: z.object({ id: TemplateId }),
  data: z.object({ list: z.array(Indicator) }),
});

export const alarmTemplatesAddIndicator = defineContract({
  id: 'alarmTemplates.addIndicator',
  method: 'POST',
  path: `${PREFIX}/thresholdtemplmetric`,
  permission: 'alarms:manage',
  summary: 'Adds an indicator to a custom template (a metric it already has is refused)',
  body: z.object({ id: TemplateId, indicator: IndicatorInput }),
  data: Template,
});

export const alarmTemplatesModifyIndicator = defineContract({
  id: 'alarmTemplates.modifyIndicator',
  method: 'PUT',
  path: `${PREFIX}/alarmthresholdtempls/alarmtemplmetric`,
  permission: 'alarms:manage',
  summary:
    'Changes one indicator of a template (named by its metric): its levels and counts; open alarms follow the new levels from the next sample',
  body: z.object({ id: TemplateId, indicator: IndicatorInput }),
  data: Template,
});
