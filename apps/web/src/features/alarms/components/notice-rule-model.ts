import { z } from 'zod';
import {
  patterns,
  type AlarmSeverity,
  type AssetType,
  type NoticeRule,
  type NoticeRuleInput,
  type NoticeRuleType,
  type NoticeScope,
  type NoticeUser,
} from '@portal/shared';
import { ApiError } from '../../../lib/api-client';

/*
 * The notification rule form's values and the API's NoticeRuleInput (issue 16, docs/alarms.md
 * "Notifications"): what the dialog starts from, what it sends, the checks of the contact lists
 * (spec section 5), the interval advice (spec section 9) and where the server's refusals go.
 * A rule's contacts are its emails and phones: they are edited with the rule, in its dialog.
 */

export interface NoticeRuleValues {
  name: string;
  type: NoticeRuleType;
  content: string;
  /** Minutes; blank while it is typed in. */
  interval: number | null;
  weight: number | null;
  active: boolean;
  /** asset: the assets. */
  assetIds: number[];
  /** assetType: the asset types. */
  assetTypes: AssetType[];
  /** alarmLevel: the severities; other types (but durationLevel): only alarms of these, all when empty. */
  severities: AlarmSeverity[];
  /** durationLevel: minutes an alarm has been open, at this severity or worse. */
  durationMinutes: number | null;
  severity?: AlarmSeverity | undefined;
  /** aggregateAlarm: a reminder only when the member count moved by more than this (blank: none). */
  floatAmount: number | null;
  /** aggregateAlarm / aggregateRecovery: only these aggregate rules' alarms (empty: all). */
  aggregateRuleIds: number[];
  /** scale: the open alarm count of each level that is told of (blank: that level is not). */
  levelCounts: LevelCounts;
  /** scheduledInspection: the daily send time (HH:MM) and which mails it sends. */
  sendTime: string;
  alarmMail: boolean;
  recoveryMail: boolean;
  /** Comma separated (the English comma), as typed. */
  emails: string;
  phones: string;
}

export type LevelCounts = Partial<Record<AlarmSeverity, number | null>>;

/** The types whose scope holds their own levels (or none): no severity filter is offered. */
export const takesSeverityFilter = (type: NoticeRuleType) => !['durationLevel', 'scale', 'scheduledInspection'].includes(type);

export const DEFAULT_INTERVAL = 120;
export const DEFAULT_WEIGHT = 50;

/** The placeholders the text may hold (the contract's content field). */
const ALARM_PLACEHOLDERS = ['{resource}', '{metric}', '{severity}', '{value}', '{time}', '{event}', '{rule}'] as const;

/** What a rule's own text may use: an alarm's fields, or for the notices about many alarms their own (summary-notices.ts). */
export const contentPlaceholders = (type: NoticeRuleType): readonly string[] =>
  type === 'scale'
    ? ['{counts}', '{time}', '{rule}']
    : type === 'scheduledInspection'
      ? ['{day}', '{summary}', '{time}', '{rule}']
      : ALARM_PLACEHOLDERS;

/** What the dialog starts from: a rule's fields, or a new active rule telling of indicator alarms. */
export const noticeValuesOf = (rule: NoticeRule | null): NoticeRuleValues =>
  rule
    ? {
        name: rule.name,
        type: rule.type,
        content: rule.content,
        interval: rule.interval,
        weight: rule.weight,
        active: rule.active,
        assetIds: [...(rule.scope.assetIds ?? [])],
        assetTypes: [...(rule.scope.assetTypes ?? [])],
        severities: [...(rule.scope.severities ?? [])],
        durationMinutes: rule.scope.durationMinutes ?? null,
        severity: rule.scope.severity,
        floatAmount: rule.scope.floatAmount ?? null,
        aggregateRuleIds: [...(rule.scope.aggregateRuleIds ?? [])],
        levelCounts: { ...rule.scope.levelCounts },
        sendTime: rule.scope.sendTime ?? '',
        alarmMail: rule.scope.alarmMail ?? false,
        recoveryMail: rule.scope.recoveryMail ?? false,
        emails: rule.emails.join(','),
        phones: rule.phones.join(','),
      }
    : {
        name: '',
        type: 'indicatorAlarm',
        content: '',
        interval: DEFAULT_INTERVAL,
        weight: DEFAULT_WEIGHT,
        active: true,
        assetIds: [],
        assetTypes: [],
        severities: [],
        durationMinutes: null,
        severity: undefined,
        floatAmount: null,
        aggregateRuleIds: [],
        levelCounts: {},
        sendTime: '',
        alarmMail: true,
        recoveryMail: true,
        emails: '',
        phones: '',
      };

/** The entries of a contact list as typed: split at the English comma, trimmed, blanks left out. */
export const contactItems = (text: string): string[] =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x.length > 0);

/** A contact list tidied for sending: trimmed entries, joined by the English comma (other commas kept for the server to refuse). */
export const tidyContacts = (text: string): string => contactItems(text).join(',');

/** The counts set (blanks left out). */
export const setCounts = (counts: LevelCounts): NonNullable<NoticeScope['levelCounts']> =>
  Object.fromEntries(Object.entries(counts).filter((e): e is [string, number] => typeof e[1] === 'number'));

/**
 * The scope the rule's type needs (docs/alarms.md "Notifications"); what the form does not edit
 * (the metrics) is kept from the rule as it was.
 */
export const scopeOf = (v: NoticeRuleValues, kept: NoticeScope = {}): NoticeScope => {
  const scope: NoticeScope = kept.metrics ? { metrics: [...kept.metrics] } : {};
  if (v.type === 'asset') scope.assetIds = [...v.assetIds];
  if (v.type === 'assetType') scope.assetTypes = [...v.assetTypes];
  if (v.type === 'aggregateAlarm' || v.type === 'aggregateRecovery') {
    if (v.aggregateRuleIds.length > 0) scope.aggregateRuleIds = [...v.aggregateRuleIds];
    if (v.type === 'aggregateAlarm' && v.floatAmount !== null) scope.floatAmount = v.floatAmount;
  }
  if (v.type === 'durationLevel') {
    if (v.durationMinutes !== null) scope.durationMinutes = v.durationMinutes;
    if (v.severity) scope.severity = v.severity;
  }
  if (v.type === 'scale') scope.levelCounts = setCounts(v.levelCounts);
  if (v.type === 'scheduledInspection') {
    if (v.sendTime.trim() !== '') scope.sendTime = v.sendTime.trim();
    scope.alarmMail = v.alarmMail;
    scope.recoveryMail = v.recoveryMail;
  }
  if (takesSeverityFilter(v.type) && v.severities.length > 0) scope.severities = [...v.severities];
  return scope;
};

/** The body the API takes: the name trimmed, the scope of the type, the contacts tidied. */
export const toNoticeInput = (v: NoticeRuleValues, kept: NoticeScope = {}): NoticeRuleInput => ({
  name: v.name.trim(),
  type: v.type,
  content: v.content.trim(),
  interval: v.interval ?? DEFAULT_INTERVAL,
  weight: v.weight ?? DEFAULT_WEIGHT,
  active: v.active,
  scope: scopeOf(v, kept),
  emails: tidyContacts(v.emails),
  phones: tidyContacts(v.phones),
});

/** The same rule with fields changed (the table's switch): everything else as it is. */
export const noticeInputOf = (rule: NoticeRule, change: Partial<NoticeRuleInput> = {}): NoticeRuleInput => ({
  ...toNoticeInput(noticeValuesOf(rule), rule.scope),
  ...change,
});

export type ContactKind = 'emails' | 'phones';

/** What is wrong with a contact list (spec section 5), as a text key of the notices namespace and its values. */
export interface ContactProblem {
  key: 'form.contactSeparator' | 'form.emailsInvalid' | 'form.phonesInvalid' | 'form.emailsDuplicate' | 'form.phonesDuplicate';
  params: Record<string, string>;
}

const PATTERN: Record<ContactKind, RegExp> = { emails: patterns.email, phones: patterns.mobilePhone };

/** The contract's checks of a contact list: the English comma only, each entry valid, none twice. Null: fine. */
export const contactProblem = (kind: ContactKind, text: string): ContactProblem | null => {
  if (/[，、；;]/.test(text)) return { key: 'form.contactSeparator', params: {} };
  const items = contactItems(text);
  const bad = items.filter((x) => !PATTERN[kind].test(x));
  if (bad.length > 0)
    return { key: kind === 'emails' ? 'form.emailsInvalid' : 'form.phonesInvalid', params: { items: bad.join(', ') } };
  if (new Set(items.map((x) => x.toLowerCase())).size !== items.length)
    return { key: kind === 'emails' ? 'form.emailsDuplicate' : 'form.phonesDuplicate', params: {} };
  return null;
};

/** The list with the new entries added at its end, each once (case aside). */
export const addContacts = (text: string, more: readonly string[]): string => {
  const items = contactItems(text);
  const seen = new Set(items.map((x) => x.toLowerCase()));
  for (const x of more.map((m) => m.trim())) {
    if (x === '' || seen.has(x.toLowerCase())) continue;
    seen.add(x.toLowerCase());
    items.push(x);
  }
  return items.join(',');
};

/** The users' emails and phones to add as contacts (those they have). */
export const contactsOfUsers = (users: readonly NoticeUser[]) => ({
  emails: users.map((u) => u.email).filter((x) => x !== ''),
  phones: users.map((u) => u.phone).filter((x) => x !== ''),
});

/**
 * Spec section 9: an interval of over an hour is advised, over two best. Shown as advice, never a
 * refusal: 'short' under an hour, 'fair' from one to two hours, null from two hours up or blank.
 */
export const intervalAdvice = (minutes: number | null | undefined): 'short' | 'fair' | null => {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return null;
  if (minutes < 60) return 'short';
  if (minutes < 120) return 'fair';
  return null;
};

/** The form's fields a server refusal can point at. */
export type NoticeField =
  | 'name'
  | 'type'
  | 'content'
  | 'interval'
  | 'weight'
  | 'assetIds'
  | 'assetTypes'
  | 'severities'
  | 'durationMinutes'
  | 'severity'
  | 'floatAmount'
  | 'aggregateRuleIds'
  | 'levelCounts'
  | 'sendTime'
  | 'alarmMail'
  | 'emails'
  | 'phones';

const FIELDS: readonly NoticeField[] = [
  'name',
  'type',
  'content',
  'interval',
  'weight',
  'assetIds',
  'assetTypes',
  'severities',
  'durationMinutes',
  'severity',
  'floatAmount',
  'aggregateRuleIds',
  'levelCounts',
  'sendTime',
  'alarmMail',
  'emails',
  'phones',
];

/** The contract's English texts the console has its own words for (a key of the notices namespace). */
const SERVER_TEXTS: Record<string, string> = {
  'Rule name cannot be empty': 'form.nameRequired',
  'name is too long!': 'form.nameTooLong',
  'Rule name already exists': 'form.nameExists',
  'The weight is an integer from 50 to 100': 'form.weightRange',
  'The notification interval must be at least 1 minute': 'form.intervalRange',
  'Choose at least one asset': 'form.assetIdsRequired',
  'Choose at least one asset type': 'form.assetTypesRequired',
  'Choose at least one alarm level': 'form.severitiesRequired',
  'The alarm duration cannot be empty': 'form.durationRequired',
  'The alarm level cannot be empty': 'form.severityRequired',
  'Set at least one of the critical, major, minor and warning counts': 'form.levelCountsRequired',
  'The send time cannot be empty': 'form.sendTimeRequired',
  'The send time is HH:MM': 'form.sendTimeInvalid',
  'Choose the alarm mail, the recovery mail or both': 'form.mailsRequired',
  'Add at least one email address or phone number': 'form.contactsRequired',
  'Separate with the English comma': 'form.contactSeparator',
  'Duplicate email addresses': 'form.emailsDuplicate',
  'Duplicate phone numbers': 'form.phonesDuplicate',
};

/** A refusal to show at a field: a text key (notices namespace; `text` is its {{items}}), else the server's own text. */
export interface FieldRefusal {
  field: NoticeField;
  key: string | null;
  text: string;
}

const Issues = z.array(z.object({ path: z.string(), message: z.string().optional() }));

/**
 * Where the server's refusal of a rule belongs in the form: by the validation issues it names
 * ('scope.assetIds' is the assets field), or the name for a name taken. Empty: no field to blame.
 */
export const fieldRefusalsOf = (err: unknown): FieldRefusal[] => {
  if (!(err instanceof ApiError)) return [];
  if (err.reason === 'noticeRuleNameExists') return [{ field: 'name', key: 'form.nameExists', text: err.message }];
  const parsed = Issues.safeParse(err.data.issues);
  return (parsed.success ? parsed.data : []).flatMap((i): FieldRefusal[] => {
    const parts = i.path.split('.');
    const name = parts[0] === 'scope' ? parts[1] : parts[0];
    const field = FIELDS.find((f) => f === name);
    if (!field) return [];
    const text = i.message ?? '';
    // 'Not an email address: a, b': the entries refused, said with the console's words.
    const invalid = /^Not an? [\w ]+: (.*)$/.exec(text);
    if (invalid)
      return [{ field, key: field === 'phones' ? 'form.phonesInvalid' : 'form.emailsInvalid', text: invalid[1] ?? '' }];
    return [{ field, key: SERVER_TEXTS[text] ?? null, text }];
  });
};
