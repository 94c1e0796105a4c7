import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zInt, zOptionalText } from '../input.js';
import { AlarmSeverity } from './alarm-templates.js';
import { AlarmItem } from './alarms.js';
import { Ok, Timestamp } from './common.js';
import { MetricInfo } from './metrics.js';
import { AssetType } from './resources.js';

/*
 * Aggregate alarm rules (issue 16, docs/alarms.md "Aggregation"; spec sections 3 "Other alarm
 * entities", 4, 5 and 7 "/am_ma"): a rule makes one aggregated alarm (alarm status 3) of the open
 * alarms of its metrics that come together (all at once, per resource or per cluster), taking them
 * in scan order (an alarm is aggregated by the first rule that takes it), and may suppress them
 * from the real-time list while they are aggregated. Disabling or deleting a rule removes the
 * real-time aggregated alarms it made.
 */

export const AGGREGATE_GROUPINGS = ['none', 'resource', 'cluster'] as const;
export const AggregateGrouping = z.enum(AGGREGATE_GROUPINGS);
export type AggregateGrouping = z.infer<typeof AggregateGrouping>;

/** Spec section 3: unique, and immutable once created. */
export const AggregateRuleName = z
  .string()
  .trim()
  .min(1)
  .max(64, 'name is too long!')
  .regex(/^[^\s,/\\][^,/\\]*$/, 'no commas or slashes');

const RuleShape = z.object({
  name: AggregateRuleName,
  /** Spec section 5: at least one alarm metric, none twice. */
  metrics: z.array(z.string().min(1).max(64)).min(1, 'alarm metric must be selected').max(64),
  /** Spec section 5: the asset type is chosen before the assets. */
  resourceType: z.union([AssetType, z.null()]).default(null),
  /** Asset ids of that type; empty: any resource. */
  resources: z.array(z.number().int().min(1)).max(10_000).default([]),
  /** How the alarms it takes are grouped into aggregated alarms. */
  groupBy: AggregateGrouping.default('resource'),
  /** Open alarms a group needs to be aggregated. */
  minAlarms: zInt().pipe(z.number().int().min(2).max(10_000)).default(2),
  /** Alarms below this severity are not taken; null: any. */
  minSeverity: z.union([AlarmSeverity, z.null()]).default(null),
  /** Hides the members from the real-time list while they are aggregated. */
  suppress: z.boolean().default(true),
  enabled: z.boolean().default(true),
  description: zOptionalText(z.string().trim().max(128)),
});

const checkRule = (r: z.output<typeof RuleShape>, ctx: z.RefinementCtx) => {
  if (new Set(r.metrics).size !== r.metrics.length)
    ctx.addIssue({ code: 'custom', path: ['metrics'], message: 'an alarm metric is named twice' });
  if (r.resources.length > 0 && r.resourceType === null)
    ctx.addIssue({ code: 'custom', path: ['resourceType'], message: 'choose the asset type before the assets' });
  if (new Set(r.resources).size !== r.resources.length)
    ctx.addIssue({ code: 'custom', path: ['resources'], message: 'a resource is named twice' });
};

export const AggregateRuleInput = RuleShape.superRefine(checkRule);
export type AggregateRuleInput = z.input<typeof AggregateRuleInput>;
export type AggregateRuleFields = z.output<typeof AggregateRuleInput>;

export const AggregateRule = z.object({
  id: z.number().int(),
  name: z.string(),
  metrics: z.array(z.string()),
  resourceType: AssetType.nullable(),
  resources: z.array(z.number().int()),
  groupBy: AggregateGrouping,
  minAlarms: z.number().int(),
  minSeverity: AlarmSeverity.nullable(),
  suppress: z.boolean(),
  enabled: z.boolean(),
  description: z.string(),
  /** Its place in the scan order, from 1. */
  sortOrder: z.number().int(),
  /** The real-time aggregated alarms it has made. */
  openAlarms: z.number().int(),
  updatedAt: Timestamp,
  updatedBy: z.string(),
});
export type AggregateRule = z.infer<typeof AggregateRule>;

const RuleId = zInt().pipe(z.number().int().min(1));
const Ids = z
  .string()
  .regex(/^\d+(,\d+){0,99}$/, 'ids comma-separated')
  .transform((s) => s.split(',').map(Number));

const PREFIX = '/am_ma/api/aggregationalarm/aggregationalarmrule';

export const alarmAggregationList = defineContract({
  id: 'alarmAggregation.list',
  method: 'GET',
  path: PREFIX,
  permission: 'alarms:read',
  methodOverridable: true,
  summary: 'The aggregate rules in their scan order',
  data: z.object({ list: z.array(AggregateRule) }),
});

export const alarmAggregationCreate = defineContract({
  id: 'alarmAggregation.create',
  method: 'POST',
  path: PREFIX,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: 'Adds a rule, last in the scan order (its name unique)',
  body: AggregateRuleInput,
  data: AggregateRule,
});

export const alarmAggregationModify = defineContract({
  id: 'alarmAggregation.modify',
  method: 'PUT',
  path: PREFIX,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: 'Changes a rule (not its name); disabling it removes the real-time aggregated alarms it made',
  body: RuleShape.extend({ id: RuleId }).superRefine(checkRule),
  data: AggregateRule,
});

export const alarmAggregationDelete = defineContract({
  id: 'alarmAggregation.delete',
  method: 'DELETE',
  path: PREFIX,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: 'Removes rules (ids comma-separated) and the real-time aggregated alarms they made',
  query: z.object({ ids: Ids }),
  data: Ok,
});

export const alarmAggregationSort = defineContract({
  id: 'alarmAggregation.sort',
  method: 'PUT',
  path: `${PREFIX}/sort`,
  permission: 'alarms:manage',
  summary: 'Sets the scan order: every rule id once, first scanned first',
  body: z.object({ ids: z.array(RuleId).min(1).max(1000) }),
  data: Ok,
});

export const alarmAggregationDeleteCheck = defineContract({
  id: 'alarmAggregation.deleteCheck',
  method: 'GET',
  path: '/am_ma/api/alarmManagement/alarmAggregation/deletecheck',
  permission: 'alarms:read',
  summary: 'What deleting or disabling rules would remove: their real-time aggregated alarms',
  query: z.object({ ids: Ids }),
  data: z.object({ openAlarms: z.number().int() }),
});

export const alarmAggregationMetrics = defineContract({
  id: 'alarmAggregation.metrics',
  method: 'GET',
  path: '/am_ma/api/alarmAggregationMetricAndModel/metric',
  permission: 'alarms:read',
  summary: 'The alarm metrics a rule can take (those of some resource type), optionally of one type',
  query: z.object({ resourceType: z.union([z.literal('').transform(() => undefined), AssetType]).optional() }),
  data: z.object({ list: z.array(MetricInfo) }),
});

export const alarmAggregationMembers = defineContract({
  id: 'alarmAggregation.members',
  method: 'GET',
  path: '/am_ma/api/aggregationalarmmanage/aggalarmsubset',
  permission: 'alarms:read',
  summary: 'The alarms an aggregated alarm holds (and held), newest first',
  query: z.object({ id: RuleId }),
  data: z.object({ list: z.array(AlarmItem.extend({ left: z.boolean() })) }),
});
