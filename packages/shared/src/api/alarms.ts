import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zList, zOptionalText } from '../input.js';
import { AlarmSeverity, ConditionOp } from './alarm-templates.js';
import { OptionalClusterId, Timestamp } from './common.js';
import { METRIC_UNITS } from './metrics.js';
import { AssetType } from './resources.js';

/*
 * The alarm list (issue 16, docs/alarms.md; spec sections 2, 3 "Alarm", 4 and 7
 * "/am_ma/api/aggregationalarmmanage"): real-time (open) and historical (recovered) alarms with
 * the spec's filters, confirmation with a remark kept as an append-only log, and an alarm's
 * details with its metric an hour either side of the raise.
 */

/** Spec section 4: alarm status 0 ordinary, 3 aggregated. */
export const ALARM_STATUS = { ordinary: 0, aggregated: 3 } as const;

export const AlarmItem = z.object({
  id: z.number().int(),
  /** When it was raised (the sample that completed the alarm count). */
  alarmTime: Timestamp,
  /** When it recovered (or ended because no template covers it any more); null while open. */
  recoveryTime: Timestamp.nullable(),
  /** Seconds from the raise to the recovery, or to now while open. */
  durationTime: z.number().int().nonnegative(),
  severity: AlarmSeverity,
  /** The most severe it has been. */
  peakSeverity: AlarmSeverity,
  /** threshold: a level was hit; noData: samples stopped coming. */
  kind: z.enum(['threshold', 'noData', 'aggregate']),
  clusterId: z.string(),
  /** The resource (asset) and where it sits; resId null when the asset is gone from the inventory. */
  resId: z.number().int().nullable(),
  resName: z.string(),
  categoryId: AssetType.nullable(),
  categoryName: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string(),
  /** The catalogue metric (metricName is the same id; the console names it in the reader's language). */
  metricId: z.string(),
  metricName: z.string(),
  unit: z.enum(METRIC_UNITS),
  /** The latest hitting value; the value that recovered it is recoveryValue. */
  metricValue: z.number().nullable(),
  recoveryValue: z.number().nullable(),
  /** The condition of the level the severity comes from, as it was when hit. */
  alarmCondition: ConditionOp.nullable(),
  threshold: z.string(),
  thresholdTempId: z.number().int().nullable(),
  thresholdTempName: z.string(),
  /** Spec section 4: 0 ordinary, 3 aggregated. */
  alarmStatus: z.number().int(),
  aggRuleId: z.number().int().nullable(),
  subsetNum: z.number().int(),
  resTotal: z.number().int(),
  description: z.string(),
  confirmed: z.boolean(),
  confirmedBy: z.string(),
  confirmedAt: Timestamp.nullable(),
  confirmRemark: z.string(),
});
export type AlarmItem = z.infer<typeof AlarmItem>;

const SEVERITY_LIST = zList(AlarmSeverity);

/** The alarm list's filters (the list's query without its page; an alarm export's too). */
export const AlarmFilterFields = z.object({
  clusterId: OptionalClusterId,
  /** Severities, comma-separated (spec: filter by grade). */
  severity: SEVERITY_LIST.optional(),
  resourceType: z.union([z.literal('').transform(() => undefined), AssetType]).optional(),
  /** A catalogue metric (spec: filter by indicator). */
  metric: zOptionalText(z.string().max(64)),
  /** confirmed | unconfirmed; '' both. */
  confirm: z.union([z.literal('').transform(() => undefined), z.enum(['confirmed', 'unconfirmed'])]).optional(),
  /** Part of the resource's name. */
  keyword: zOptionalText(z.string().max(64)),
  /** Raised at or after / before (ISO 8601); both or neither. */
  startTime: z.union([z.literal('').transform(() => undefined), Timestamp.pipe(z.coerce.date())]).optional(),
  endTime: z.union([z.literal('').transform(() => undefined), Timestamp.pipe(z.coerce.date())]).optional(),
});

/** Spec section 5: the start cannot be later than the end. */
export const alarmRangeInOrder = (q: { startTime?: Date | undefined; endTime?: Date | undefined }): boolean =>
  !q.startTime || !q.endTime || q.startTime.getTime() <= q.endTime.getTime();

export const AlarmQuery = PagingInput.extend(AlarmFilterFields.shape).refine(alarmRangeInOrder, {
  message: 'start cannot be later than end',
  path: ['endTime'],
});

const PREFIX = '/am_ma/api/aggregationalarmmanage';

export const alarmsActive = defineContract({
  id: 'alarms.active',
  method: 'GET',
  path: `${PREFIX}/activealarmlist`,
  permission: 'alarms:read',
  summary: 'Real-time alarms: the open ones, most severe and newest first',
  query: AlarmQuery,
  data: Page(AlarmItem),
});

export const alarmsHistory = defineContract({
  id: 'alarms.history',
  method: 'GET',
  path: `${PREFIX}/histalarmlist`,
  permission: 'alarms:read',
  summary: 'Historical alarms: the recovered ones raised in the range, newest first',
  query: AlarmQuery,
  data: Page(AlarmItem),
});

export const alarmsAll = defineContract({
  id: 'alarms.all',
  method: 'GET',
  path: `${PREFIX}/allalarmlist`,
  permission: 'alarms:read',
  summary: 'Every alarm raised in the range, open or recovered, newest first',
  query: AlarmQuery,
  data: Page(AlarmItem),
});

export const AlarmSeverityCount = z.object({
  warning: z.number().int(),
  minor: z.number().int(),
  major: z.number().int(),
  critical: z.number().int(),
  total: z.number().int(),
  unconfirmed: z.number().int(),
});
export type AlarmSeverityCount = z.infer<typeof AlarmSeverityCount>;

export const alarmsSeverityCount = defineContract({
  id: 'alarms.severityCount',
  method: 'GET',
  path: `${PREFIX}/queryseverityalarmcount`,
  permission: 'alarms:read',
  summary: 'Open alarms by severity, and how many are not confirmed',
  query: z.object({ clusterId: OptionalClusterId }),
  data: AlarmSeverityCount,
});

/** Spec section 5: remark cannot be empty; at most 128 characters. */
export const ConfirmBody = z.object({
  ids: z
    .array(zInt().pipe(z.number().int().min(1)))
    .min(1)
    .max(500),
  remark: z.string().trim().min(1, 'remark cannot be empty').max(128),
});
export type ConfirmBody = z.input<typeof ConfirmBody>;

export const ConfirmResult = z.object({
  /** Alarms whose confirmation changed; those already in that state are left as they were. */
  changed: z.number().int(),
});

export const alarmsConfirm = defineContract({
  id: 'alarms.confirm',
  method: 'POST',
  path: `${PREFIX}/batchaddconfirminfo`,
  permission: 'alarms:manage',
  summary: 'Confirms alarms with a remark (kept in the confirmation log)',
  body: ConfirmBody,
  data: ConfirmResult,
});

export const alarmsUnconfirm = defineContract({
  id: 'alarms.unconfirm',
  method: 'POST',
  path: `${PREFIX}/batchdeleteconfirminfo`,
  permission: 'alarms:manage',
  summary: 'Takes confirmations back, with a remark (kept in the confirmation log)',
  body: ConfirmBody,
  data: ConfirmResult,
});

export const ConfirmLogEntry = z.object({
  action: z.enum(['confirm', 'unconfirm']),
  remark: z.string(),
  userName: z.string(),
  at: Timestamp,
});

export const AlarmDetails = z.object({
  alarm: AlarmItem,
  confirmLog: z.array(ConfirmLogEntry),
  /** The metric of the resource from an hour before the raise to an hour after (spec section 9). */
  snapshot: z.object({
    from: Timestamp,
    to: Timestamp,
    stepSeconds: z.number().int(),
    /** Kept with the alarm once the hour after has passed; until then read from the metric source. */
    stored: z.boolean(),
    points: z.array(z.object({ time: z.number(), value: z.number().nullable() })),
  }),
  /** The resource's latest 10 alarms before this one (spec section 9: latest 10 historical alarms). */
  recent: z.array(AlarmItem),
});
export type AlarmDetails = z.infer<typeof AlarmDetails>;

export const alarmsDetails = defineContract({
  id: 'alarms.details',
  method: 'POST',
  path: '/am_ma/queryAlarmDetails.action',
  permission: 'alarms:read',
  audit: false,
  summary: 'An alarm with its confirmation log, its metric an hour either side, and the resource’s latest alarms',
  body: z.object({ id: zInt().pipe(z.number().int().min(1)) }),
  data: AlarmDetails,
});

/* The alarm overview (spec section 2: last-day backtrack and historical trend; section 9: top 10). */

/** The longest range the overview counts over. */
export const ALARM_RANGE_MAX_DAYS = 366;

const RangeFields = z.object({
  clusterId: OptionalClusterId,
  /** Raised at or after / before (ISO 8601); the last day when left out. */
  startTime: z.union([z.literal('').transform(() => undefined), Timestamp.pipe(z.coerce.date())]).optional(),
  endTime: z.union([z.literal('').transform(() => undefined), Timestamp.pipe(z.coerce.date())]).optional(),
});

const checkRange = (q: z.output<typeof RangeFields>, ctx: z.RefinementCtx) => {
  if (!q.startTime || !q.endTime) return;
  if (q.startTime.getTime() > q.endTime.getTime())
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'start cannot be later than end' });
  else if (q.endTime.getTime() - q.startTime.getTime() > ALARM_RANGE_MAX_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: `at most ${ALARM_RANGE_MAX_DAYS} days` });
};

export const AlarmRangeQuery = RangeFields.superRefine(checkRange);

const Range = z.object({ from: Timestamp, to: Timestamp });

export const alarmsCount = defineContract({
  id: 'alarms.count',
  method: 'GET',
  path: `${PREFIX}/queryalarmcount`,
  permission: 'alarms:read',
  summary: 'Alarms open now, and raised and recovered in the range',
  query: AlarmRangeQuery,
  data: Range.extend({
    open: z.number().int(),
    raised: z.number().int(),
    recovered: z.number().int(),
    unconfirmed: z.number().int(),
  }),
});

export const TrendBucket = z.object({
  /** The bucket's start (ISO 8601); a day starts at midnight in reports.timeZone. */
  time: Timestamp,
  warning: z.number().int(),
  minor: z.number().int(),
  major: z.number().int(),
  critical: z.number().int(),
  total: z.number().int(),
});
export type TrendBucket = z.infer<typeof TrendBucket>;

export const alarmsTrend = defineContract({
  id: 'alarms.trend',
  method: 'GET',
  path: `${PREFIX}/queryalarmtrendanlysis`,
  permission: 'alarms:read',
  summary: 'Alarms raised per hour (ranges up to two days) or per day, by severity, every bucket of the range listed',
  query: AlarmRangeQuery,
  data: Range.extend({ interval: z.enum(['hour', 'day']), list: z.array(TrendBucket) }),
});

export const alarmsCountByMetric = defineContract({
  id: 'alarms.countByMetric',
  method: 'GET',
  path: `${PREFIX}/queryalarmcountmetric`,
  permission: 'alarms:read',
  summary: 'Alarms raised in the range per indicator, most first',
  query: AlarmRangeQuery,
  data: Range.extend({ list: z.array(z.object({ metric: z.string(), count: z.number().int() })) }),
});

export const ResourceAlarmCount = z.object({
  /** The asset's id; null when the resource is not (any more) in the inventory. */
  id: z.number().int().nullable(),
  name: z.string(),
  clusterId: z.string(),
  alarmCount: z.number().int(),
});
export type ResourceAlarmCount = z.infer<typeof ResourceAlarmCount>;

export const alarmsTopResources = defineContract({
  id: 'alarms.topResources',
  method: 'GET',
  path: `${PREFIX}/queryhistoryalarmtopn`,
  permission: 'alarms:read',
  summary: 'The resources with the most alarms raised in the range (spec section 3: resource alarm top-N; top 10 by default)',
  query: z.intersection(
    AlarmRangeQuery,
    z.object({
      topN: z.union([z.literal('').transform(() => undefined), zInt().pipe(z.number().int().min(1).max(50))]).optional(),
    }),
  ),
  data: Range.extend({ list: z.array(ResourceAlarmCount) }),
});

export const alarmsSystemTime = defineContract({
  id: 'alarms.systemTime',
  method: 'GET',
  path: `${PREFIX}/querysystemtime`,
  permission: 'alarms:read',
  summary: "The server's time and the zone days are counted in (so a browser elsewhere shows the same day)",
  data: z.object({ time: Timestamp, timeZone: z.string() }),
});
