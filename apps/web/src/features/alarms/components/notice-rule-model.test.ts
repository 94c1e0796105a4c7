import { describe, expect, it } from 'vitest';
import { NoticeRuleInput, type NoticeRule } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import {
  contentPlaceholders,
  addContacts,
  contactProblem,
  contactsOfUsers,
  fieldRefusalsOf,
  intervalAdvice,
  noticeInputOf,
  noticeValuesOf,
  toNoticeInput,
  type NoticeRuleValues,
} from './notice-rule-model';

const RULE: NoticeRule = {
  id: 4,
  name: 'GPU nodes',
  type: 'asset',
  content: 'Alarm on {resource}',
  interval: 90,
  active: true,
  weight: 60,
  scope: { assetIds: [3, 8], severities: ['major'], metrics: ['gpu.temperature'] },
  emails: ['ops@example.com', 'lead@example.com'],
  phones: ['13800000000'],
  createdAt: '2026-03-01T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  updatedBy: 'olga',
};

const values = (over: Partial<NoticeRuleValues>): NoticeRuleValues => ({
  ...noticeValuesOf(null),
  name: 'r',
  emails: 'a@b.com',
  ...over,
});

describe('the notification rule form', () => {
  it('starts a new rule active, telling of indicator alarms every two hours, weight 50, without contacts', () => {
    expect(noticeValuesOf(null)).toMatchObject({
      name: '',
      type: 'indicatorAlarm',
      interval: 120,
      weight: 50,
      active: true,
      emails: '',
      phones: '',
    });
  });

  it("starts from a rule's fields and sends them back as they were, keeping what the form does not edit", () => {
    const v = noticeValuesOf(RULE);
    expect(v).toMatchObject({
      assetIds: [3, 8],
      severities: ['major'],
      emails: 'ops@example.com,lead@example.com',
      phones: '13800000000',
    });
    const body = toNoticeInput(v, RULE.scope);
    expect(body).toEqual({
      name: 'GPU nodes',
      type: 'asset',
      content: 'Alarm on {resource}',
      interval: 90,
      weight: 60,
      active: true,
      scope: { metrics: ['gpu.temperature'], assetIds: [3, 8], severities: ['major'] },
      emails: 'ops@example.com,lead@example.com',
      phones: '13800000000',
    });
    expect(NoticeRuleInput.safeParse(body).success).toBe(true);
  });

  it('sends only the scope the type needs', () => {
    const left: Partial<NoticeRuleValues> = {
      assetIds: [1],
      assetTypes: ['SERVER'],
      severities: ['minor'],
      durationMinutes: 30,
      severity: 'major',
    };
    expect(toNoticeInput(values({ ...left, type: 'assetType' })).scope).toEqual({
      assetTypes: ['SERVER'],
      severities: ['minor'],
    });
    expect(toNoticeInput(values({ ...left, type: 'durationLevel' })).scope).toEqual({ durationMinutes: 30, severity: 'major' });
    expect(toNoticeInput(values({ ...left, type: 'indicatorAlarm', severities: [] })).scope).toEqual({});
    const body = toNoticeInput(values({ ...left, type: 'alarmLevel' }));
    expect(body.scope).toEqual({ severities: ['minor'] });
    expect(NoticeRuleInput.safeParse(body).success).toBe(true);
  });

  it('sends the aggregate, scale and inspection scopes, leaving blanks out', () => {
    const agg = toNoticeInput(values({ type: 'aggregateAlarm', aggregateRuleIds: [2], floatAmount: 5, severities: ['major'] }));
    expect(agg.scope).toEqual({ aggregateRuleIds: [2], floatAmount: 5, severities: ['major'] });
    expect(toNoticeInput(values({ type: 'aggregateRecovery', aggregateRuleIds: [], floatAmount: 5 })).scope).toEqual({});
    const scale = toNoticeInput(values({ type: 'scale', levelCounts: { critical: 3, major: null }, severities: ['minor'] }));
    expect(scale.scope).toEqual({ levelCounts: { critical: 3 } });
    expect(NoticeRuleInput.safeParse(scale).success).toBe(true);
    const daily = toNoticeInput(
      values({ type: 'scheduledInspection', sendTime: ' 08:30 ', alarmMail: true, recoveryMail: false }),
    );
    expect(daily.scope).toEqual({ sendTime: '08:30', alarmMail: true, recoveryMail: false });
    expect(NoticeRuleInput.safeParse(daily).success).toBe(true);
  });

  it('tidies the contacts and trims the name and text', () => {
    const body = toNoticeInput(values({ name: '  cpu ', content: ' hi ', emails: ' a@b.com , c@d.com,, ', phones: '' }));
    expect(body).toMatchObject({ name: 'cpu', content: 'hi', emails: 'a@b.com,c@d.com', phones: '' });
  });

  it('changes one field of a rule for the switch, keeping the rest', () => {
    expect(noticeInputOf(RULE, { active: false })).toEqual({ ...toNoticeInput(noticeValuesOf(RULE), RULE.scope), active: false });
  });
});

describe('the contact lists', () => {
  it('want the English comma, valid entries, each once (spec section 5)', () => {
    expect(contactProblem('emails', 'a@b.com, c@d.com')).toBeNull();
    expect(contactProblem('emails', '')).toBeNull();
    expect(contactProblem('emails', 'a@b.com，c@d.com')?.key).toBe('form.contactSeparator');
    expect(contactProblem('emails', 'a@b.com,nope')).toEqual({ key: 'form.emailsInvalid', params: { items: 'nope' } });
    expect(contactProblem('emails', 'a@b.com,A@b.com')?.key).toBe('form.emailsDuplicate');
    expect(contactProblem('phones', '13800000000,12345')).toEqual({ key: 'form.phonesInvalid', params: { items: '12345' } });
    expect(contactProblem('phones', '13800000000,13800000000')?.key).toBe('form.phonesDuplicate');
  });

  it("add the users' contacts at the end, each once", () => {
    const users = [
      { userName: 'a', email: 'a@b.com', phone: '' },
      { userName: 'c', email: 'C@d.com', phone: '13800000000' },
    ];
    const { emails, phones } = contactsOfUsers(users);
    expect(emails).toEqual(['a@b.com', 'C@d.com']);
    expect(phones).toEqual(['13800000000']);
    expect(addContacts('c@d.com', emails)).toBe('c@d.com,a@b.com');
    expect(addContacts('', phones)).toBe('13800000000');
  });
});

describe('the interval advice (spec section 9)', () => {
  it('warns under an hour, hints under two, says nothing from two hours up', () => {
    expect(intervalAdvice(30)).toBe('short');
    expect(intervalAdvice(60)).toBe('fair');
    expect(intervalAdvice(119)).toBe('fair');
    expect(intervalAdvice(120)).toBeNull();
    expect(intervalAdvice(null)).toBeNull();
  });
});

describe("the server's refusals", () => {
  const refusal = (issues: unknown, reason = 'validation') => new ApiError(10002, 'bad', 400, { reason, issues });

  it('go to the fields they name, in the console words when it has them', () => {
    expect(
      fieldRefusalsOf(
        refusal([
          { path: 'emails', message: 'Duplicate email addresses' },
          { path: 'scope.assetIds', message: 'Choose at least one asset' },
          { path: 'phones', message: 'Not a mobile phone number: 123, 456' },
          { path: 'content', message: 'something new' },
          { path: 'unknown', message: 'x' },
        ]),
      ),
    ).toEqual([
      { field: 'emails', key: 'form.emailsDuplicate', text: 'Duplicate email addresses' },
      { field: 'assetIds', key: 'form.assetIdsRequired', text: 'Choose at least one asset' },
      { field: 'phones', key: 'form.phonesInvalid', text: '123, 456' },
      { field: 'content', key: null, text: 'something new' },
    ]);
  });

  it('put a name taken at the name, and nothing else anywhere', () => {
    expect(fieldRefusalsOf(new ApiError(10002, 'Rule name already exists', 409, { reason: 'noticeRuleNameExists' }))).toEqual([
      { field: 'name', key: 'form.nameExists', text: 'Rule name already exists' },
    ]);
    expect(fieldRefusalsOf(new Error('x'))).toEqual([]);
    expect(fieldRefusalsOf(refusal('not a list'))).toEqual([]);
  });

  it("offers the placeholders the server fills for the rule's type", () => {
    expect(contentPlaceholders('indicatorAlarm')).toContain('{resource}');
    expect(contentPlaceholders('scale')).toEqual(['{counts}', '{time}', '{rule}']);
    expect(contentPlaceholders('scheduledInspection')).toEqual(['{day}', '{summary}', '{time}', '{rule}']);
  });
});
