import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt, zOptionalText } from '../input.js';
import { patterns } from '../validation.js';
import { AlarmSeverity } from './alarm-templates.js';
import { Ok, Timestamp } from './common.js';
import { AssetType } from './resources.js';

/*
 * Alarm notifications (issue 16, docs/alarms.md "Notifications"; spec sections 3 "Other alarm
 * entities", 5, 7 "/am_ma" and 9): notification rules with their contacts, and the records of what
 * was sent by mail and SMS. A rule's type decides which alarm changes it tells of; its contacts
 * are emails and phone numbers, comma separated (the English comma), each once.
 */

export const NOTICE_RULE_TYPES = [
  'indicatorAlarm',
  'indicatorRecovery',
  'aggregateAlarm',
  'aggregateRecovery',
  'asset',
  'assetType',
  'alarmLevel',
  'durationLevel',
  'scale',
  'scheduledInspection',
] as const;
export const NoticeRuleType = z.enum(NOTICE_RULE_TYPES);
export type NoticeRuleType = z.infer<typeof NoticeRuleType>;

/** Spec section 9: weight 50-100. */
export const NOTICE_WEIGHT_MIN = 50;
export const NOTICE_WEIGHT_MAX = 100;
/** Minutes a notification interval may have (one week at most; spec section 9 advises over an hour). */
export const NOTICE_INTERVAL_MAX = 7 * 24 * 60;

export const NOTICE_STATUSES = ['waiting', 'sending', 'success', 'failure'] as const;
export const NoticeStatus = z.enum(NOTICE_STATUSES);
export type NoticeStatus = z.infer<typeof NoticeStatus>;

/**
 * A comma-separated list of contacts (spec section 5): the English comma only, each entry of the
 * pattern, none twice ('Duplicate email addresses', 'Duplicate phone numbers').
 */
const contactList = (pattern: RegExp, what: string, duplicate: string) =>
  z
    .string()
    .max(4000)
    .superRefine((s, ctx) => {
      if (/[，、；;]/.test(s)) {
        ctx.addIssue({ code: 'custom', message: 'Separate with the English comma' });
        return;
      }
      const items = s
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x.length > 0);
      const bad = items.filter((x) => !pattern.test(x));
      if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `Not ${what}: ${bad.join(', ')}` });
      if (new Set(items.map((x) => x.toLowerCase())).size !== items.length) ctx.addIssue({ code: 'custom', message: duplicate });
    })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x.length > 0),
    );

export const NoticeEmails = contactList(patterns.email, 'an email address', 'Duplicate email addresses');
export const NoticePhones = contactList(patterns.mobilePhone, 'a mobile phone number', 'Duplicate phone numbers');

/** What alarms a rule tells of, as its type needs (docs/alarms.md "Notifications"). */
export const NoticeScope = z
  .object({
    /** asset: the assets (inventory ids) whose alarms it tells of. */
    assetIds: z.array(z.number().int().min(1)).max(10_000).optional(),
    /** assetType: the asset types. */
    assetTypes: z.array(AssetType).max(64).optional(),
    /** alarmLevel: the severities; other types: only alarms of these (all when not given). */
    severities: z.array(AlarmSeverity).max(4).optional(),
    /** Only alarms of these indicators (all when not given). */
    metrics: z.array(z.string().min(1).max(64)).max(64).optional(),
    /** durationLevel: minutes an alarm has been open... */
    durationMinutes: z.number().int().min(1).max(NOTICE_INTERVAL_MAX).optional(),
    /** ...at this severity or worse. */
    severity: AlarmSeverity.optional(),
    /** aggregateAlarm: spec section 9's float rule, a reminder only when the member count moved by more than this since the last notice (and that notice is an interval old). */
    floatAmount: z.number().int().min(1).max(100_000).optional(),
    /** aggregateAlarm / aggregateRecovery: only the aggregated alarms of these aggregate rules (all when not given). */
    aggregateRuleIds: z.array(z.number().int().min(1)).max(1000).optional(),
    /** scale: tell when the open alarms of a level reach its count (spec section 5: at least one set). */
    levelCounts: z
      .object({
        critical: z.number().int().min(1).max(1_000_000).optional(),
        major: z.number().int().min(1).max(1_000_000).optional(),
        minor: z.number().int().min(1).max(1_000_000).optional(),
        warning: z.number().int().min(1).max(1_000_000).optional(),
      })
      .strict()
      .optional(),
    /** scheduledInspection: the daily send time, HH:MM in the reports' time zone... */
    sendTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The send time is HH:MM')
      .optional(),
    /** ...listing the alarms raised in the day before it (the alarm mail)... */
    alarmMail: z.boolean().optional(),
    /** ...and those recovered (the recovery mail). */
    recoveryMail: z.boolean().optional(),
  })
  .strict();
export type NoticeScope = z.infer<typeof NoticeScope>;

/** Spec section 5: rule name not empty (and unique within its type, checked by the server). */
export const NoticeRuleName = z.string().trim().min(1, 'Rule name cannot be empty').max(64, 'name is too long!');

const RuleShape = z.object({
  name: NoticeRuleName,
  type: NoticeRuleType,
  /** The text sent; {resource}, {metric}, {severity}, {value}, {time}, {event} and {rule} are filled in. Empty: the built-in text. */
  content: zOptionalText(z.string().max(2000)),
  /** Minutes (spec section 5: not empty; advised over an hour). */
  interval: zInt().pipe(
    z
      .number()
      .int()
      .min(1, 'The notification interval must be at least 1 minute')
      .max(NOTICE_INTERVAL_MAX, `The notification interval is at most ${NOTICE_INTERVAL_MAX} minutes`),
  ),
  active: z.boolean().default(true),
  /** Spec section 5: a positive integer 50-100. */
  weight: zInt().pipe(
    z
      .number()
      .int()
      .min(NOTICE_WEIGHT_MIN, 'The weight is an integer from 50 to 100')
      .max(NOTICE_WEIGHT_MAX, 'The weight is an integer from 50 to 100'),
  ),
  scope: NoticeScope.default({}),
  /** Comma separated (English comma), none twice. */
  emails: NoticeEmails.default([]),
  phones: NoticePhones.default([]),
});

const checkRule = (r: z.output<typeof RuleShape>, ctx: z.RefinementCtx) => {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: ['scope', path], message });
  };
  if (r.type === 'asset') need((r.scope.assetIds?.length ?? 0) > 0, 'assetIds', 'Choose at least one asset');
  if (r.type === 'assetType') need((r.scope.assetTypes?.length ?? 0) > 0, 'assetTypes', 'Choose at least one asset type');
  if (r.type === 'alarmLevel') need((r.scope.severities?.length ?? 0) > 0, 'severities', 'Choose at least one alarm level');
  if (r.type === 'durationLevel') {
    need(r.scope.durationMinutes !== undefined, 'durationMinutes', 'The alarm duration cannot be empty');
    need(r.scope.severity !== undefined, 'severity', 'The alarm level cannot be empty');
  }
  if (r.type === 'scale') {
    const counts = Object.values(r.scope.levelCounts ?? {}).filter((n) => n !== undefined);
    need(counts.length > 0, 'levelCounts', 'Set at least one of the critical, major, minor and warning counts');
  }
  if (r.type === 'scheduledInspection') {
    need(r.scope.sendTime !== undefined, 'sendTime', 'The send time cannot be empty');
    need(
      r.scope.alarmMail === true || r.scope.recoveryMail === true,
      'alarmMail',
      'Choose the alarm mail, the recovery mail or both',
    );
  }
  if (r.emails.length + r.phones.length === 0)
    ctx.addIssue({ code: 'custom', path: ['emails'], message: 'Add at least one email address or phone number' });
};

export const NoticeRuleInput = RuleShape.superRefine(checkRule);
export type NoticeRuleInput = z.input<typeof NoticeRuleInput>;
export type NoticeRuleFields = z.output<typeof NoticeRuleInput>;

export const NoticeRule = z.object({
  id: z.number().int(),
  name: z.string(),
  type: NoticeRuleType,
  content: z.string(),
  interval: z.number().int(),
  active: z.boolean(),
  weight: z.number().int(),
  scope: NoticeScope,
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  updatedBy: z.string(),
});
export type NoticeRule = z.infer<typeof NoticeRule>;

const RuleId = zInt().pipe(z.number().int().min(1));

const PREFIX = '/am_ma/api/noticeConfigService/noticeConfig';

export const noticesList = defineContract({
  id: 'notices.list',
  method: 'GET',
  path: PREFIX,
  permission: 'alarms:read',
  methodOverridable: true,
  summary: 'Notification rules, by part of the name, type and state',
  query: PagingInput.extend({
    name: zOptionalText(z.string().max(64)),
    type: z.union([z.literal('').transform(() => undefined), NoticeRuleType]).optional(),
    active: z.union([z.literal('').transform(() => undefined), z.enum(['true', 'false'])]).optional(),
  }),
  data: Page(NoticeRule),
});

export const noticesCreate = defineContract({
  id: 'notices.create',
  method: 'POST',
  path: PREFIX,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: "Adds a notification rule ('Rule name already exists' within its type)",
  body: NoticeRuleInput,
  data: NoticeRule,
});

export const noticesModify = defineContract({
  id: 'notices.modify',
  method: 'PUT',
  path: PREFIX,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: 'Changes a notification rule: every field and its contacts replaced',
  body: RuleShape.extend({ id: RuleId }).superRefine(checkRule),
  data: NoticeRule,
});

export const noticesDelete = defineContract({
  id: 'notices.delete',
  method: 'DELETE',
  path: PREFIX,
  permission: 'alarms:manage',
  methodOverridable: true,
  summary: 'Removes notification rules (ids comma-separated) with their contacts; what was sent stays in the records',
  query: z.object({
    ids: z
      .string()
      .regex(/^\d+(,\d+){0,99}$/, 'ids comma-separated')
      .transform((s) => s.split(',').map(Number)),
  }),
  data: Ok,
});

export const NoticeUser = z.object({ userName: z.string(), email: z.string(), phone: z.string() });
export type NoticeUser = z.infer<typeof NoticeUser>;

export const noticesUsers = defineContract({
  id: 'notices.users',
  method: 'GET',
  path: `${PREFIX}/userName`,
  permission: 'alarms:manage',
  summary: "The portal's active users with their email and phone number, to pick contacts from (by part of the name)",
  query: PagingInput.extend({ userName: zOptionalText(z.string().max(64)) }),
  data: Page(NoticeUser),
});

export const NoticeRecord = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  alarmId: z.number().int(),
  /** The mail's subject (spec section 3's "email name"), or the SMS's first line. */
  name: z.string(),
  status: NoticeStatus,
  /** The recipients. */
  contacts: z.array(z.string()),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: Timestamp,
  /** When it was delivered (null until then). */
  sendTime: Timestamp.nullable(),
  updateTime: Timestamp,
});
export type NoticeRecord = z.infer<typeof NoticeRecord>;

const RecordsQuery = PagingInput.extend({
  status: z.union([z.literal('').transform(() => undefined), NoticeStatus]).optional(),
  /** Part of a recipient or of the subject. */
  keyword: zOptionalText(z.string().max(128)),
});

export const noticesEmailRecords = defineContract({
  id: 'notices.emailRecords',
  method: 'GET',
  path: '/am_ma/api/messagerecord/email',
  permission: 'alarms:read',
  summary: 'Notification mails, newest first, by send status',
  query: RecordsQuery,
  data: Page(NoticeRecord),
});

export const noticesEmailContent = defineContract({
  id: 'notices.emailContent',
  method: 'GET',
  path: '/am_ma/api/messagerecord/email/content',
  permission: 'alarms:read',
  summary: 'The text of one notification mail',
  query: z.object({ id: RuleId }),
  data: z.object({ id: z.number().int(), subject: z.string(), content: z.string() }),
});

export const noticesSmsRecords = defineContract({
  id: 'notices.smsRecords',
  method: 'GET',
  path: '/am_ma/api/messagerecord/sms',
  permission: 'alarms:read',
  summary: 'Notification text messages, newest first, by send status (each with its text)',
  query: RecordsQuery,
  data: Page(NoticeRecord.extend({ content: z.string() })),
});
