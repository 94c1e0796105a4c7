import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticeRuleInput } from '@portal/shared';
import { parseConfig } from '../../../config/load.js';
import { openDatabase, type DbHandle } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { zoneDays } from '../../../lib/zone-days.js';
import { createTestStorage, type TestStorage } from '../../../test/test-storage.js';
import { AlarmStatesRepository, type AlarmKey } from '../alarm-states.repository.js';
import type { AlarmRule } from '../engine/evaluate.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { SummaryNotices } from './summary-notices.js';

/*
 * The scale and scheduled-inspection notices over the real database (SQLite; PostgreSQL in CI's
 * second round), with alarms raised and recovered by the engine's stored state: a scale rule told
 * when a level's open alarms reach its count and then once an interval; an inspection at its send
 * time in the reports' zone (Asia/Shanghai here), listing the day's alarms, once however many
 * instances look, and not for a send time before the rule existed.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const RULE: AlarmRule = {
  levels: [
    { severity: 'warning', condition: { op: '>', value: 80 } },
    { severity: 'critical', condition: { op: '>', value: 95 } },
  ],
  raiseAfter: 1,
  recoverAfter: 1,
};
/** 2026-12-01 00:00 in Shanghai (UTC+8). */
const DAY1 = Date.parse('2026-11-30T16:00:00Z');

describe('scale and scheduled-inspection notices', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let states: AlarmStatesRepository;
  let notices: NotificationsService;
  let now = DAY1;
  const clock = { now: () => now };
  let summaries: SummaryNotices;
  const sample = (resource: string, value: number, time = now) => {
    const key: AlarmKey = { clusterId: 'c1', resource, metric: 'cpu.usage', ruleKey: 'template:1' };
    return states.apply(key, RULE, [{ time, value }]);
  };
  const outbox = (type: string) =>
    h.db.selectFrom('notification_outbox').selectAll().where('rule_name', '=', type).orderBy('id').execute();

  beforeAll(async () => {
    storage = createTestStorage('portal-summary-notices-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    states = new AlarmStatesRepository(h.db, h.dialect);
    notices = new NotificationsService(new NotificationsRepository(h.db), clock);
    summaries = new SummaryNotices(h.db, zoneDays('Asia/Shanghai'), clock);
  });
  afterAll(async () => {
    await h?.close();
    await storage?.dispose();
  });

  it('refuses a scale rule without a count and an inspection without a send time or a part, with the texts', () => {
    const base = { name: 'x', interval: 60, weight: 80, emails: 'ops@example.org' };
    const messages = (input: object) => NoticeRuleInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ ...base, type: 'scale' })).toEqual(['Set at least one of the critical, major, minor and warning counts']);
    expect(messages({ ...base, type: 'scale', scope: { levelCounts: { major: 0 } } })).toHaveLength(1);
    expect(messages({ ...base, type: 'scheduledInspection' })).toEqual([
      'The send time cannot be empty',
      'Choose the alarm mail, the recovery mail or both',
    ]);
    expect(messages({ ...base, type: 'scheduledInspection', scope: { sendTime: '24:00', alarmMail: true } })).toEqual([
      'The send time is HH:MM',
    ]);
    expect(messages({ ...base, type: 'scheduledInspection', scope: { sendTime: '08:30', recoveryMail: true } })).toEqual([]);
  });

  it('tells when the open alarms of a level reach its count, then once an interval while they stay', async () => {
    const input = { name: 'scale', type: 'scale', interval: 60, weight: 90, emails: 'ops@example.org', phones: '13800138000' };
    await notices.create(NoticeRuleInput.parse({ ...input, scope: { levelCounts: { critical: 2, minor: 5 } } }), 'ops');
    await sample('cn01', 97);
    await sample('cn02', 85);
    expect(await summaries.scale()).toBe(0);
    await sample('cn03', 99);
    expect(await summaries.scale()).toBe(2);
    const [mail, sms] = await outbox('scale');
    expect([mail?.channel, mail?.recipients, sms?.channel, sms?.recipients]).toEqual([
      'mail',
      'ops@example.org',
      'sms',
      '13800138000',
    ]);
    expect(mail?.subject).toBe('[Scale] open alarms reached their count: critical 2 (count 2)');
    expect(mail?.content).toContain('Open alarms reached the count of rule scale');
    // Still over within the interval: nothing; past it: one reminder (per channel).
    now += 30 * MINUTE;
    expect(await summaries.scale()).toBe(0);
    now += 31 * MINUTE;
    expect(await summaries.scale()).toBe(2);
    // One recovers: below the count, nothing more however long.
    await sample('cn01', 10);
    now += 2 * HOUR;
    expect(await summaries.scale()).toBe(0);
    expect(await outbox('scale')).toHaveLength(4);
  });

  it("sends the day's inspection at its send time, once, and starts the day after a rule added late", async () => {
    now = DAY1 + 9 * HOUR;
    const input = { name: 'inspection', type: 'scheduledInspection', interval: 60, weight: 60, emails: 'boss@example.org' };
    await notices.create(
      NoticeRuleInput.parse({ ...input, scope: { sendTime: '08:00', alarmMail: true, recoveryMail: true } }),
      'ops',
    );
    // Created at 09:00 on day 1: day 1's 08:00 has passed before it existed.
    expect(await summaries.inspect()).toBe(0);
    // Day 2: alarms at 03:00 (recovered at 05:00) and 07:30 (open); then 08:00 comes.
    const day2 = DAY1 + 24 * HOUR;
    await sample('gpu01', 97, day2 + 3 * HOUR);
    await sample('gpu01', 10, day2 + 5 * HOUR);
    await sample('gpu02', 85, day2 + 7.5 * HOUR);
    now = day2 + 8 * HOUR - MINUTE;
    expect(await summaries.inspect()).toBe(0);
    now = day2 + 8 * HOUR;
    // Two instances looking at once write one.
    expect((await Promise.all([summaries.inspect(), summaries.inspect()])).reduce((a, b) => a + b)).toBe(1);
    const [first] = await outbox('inspection');
    expect(first?.subject).toBe('[Inspection] alarms of 2026-12-02: 2 raised, 1 recovered');
    const lines = first?.content.split('\n') ?? [];
    expect(lines[0]).toBe('Alarm inspection of 2026-12-02 (inspection):');
    // Raised in the day before 08:00: gpu02 and gpu01, newest first; recovered: gpu01 (the scale test's alarms of day 1's small hours are before it).
    expect(lines.filter((l) => / (critical|warning|major|minor) {2}gpu0/.test(l))).toEqual([
      '  2026-12-01T23:30:00.000Z  warning  gpu02  cpu.usage',
      '  2026-12-01T19:00:00.000Z  critical  gpu01  cpu.usage',
      '  2026-12-01T21:00:00.000Z  critical  gpu01  cpu.usage',
    ]);
    expect(first?.content).toContain('Raised: 2 (critical 1, warning 1)');
    expect(first?.content).toMatch(/Open now: \d+ \(critical \d+, major 0, minor 0, warning \d+\)/);
    expect(await summaries.inspect()).toBe(0);
    // Day 3, late (the portal was down at 08:00): made up once.
    now = day2 + 24 * HOUR + 10 * HOUR;
    expect(await summaries.inspect()).toBe(1);
    expect((await outbox('inspection')).map((r) => r.subject)).toEqual([
      '[Inspection] alarms of 2026-12-02: 2 raised, 1 recovered',
      '[Inspection] alarms of 2026-12-03: 0 raised, 0 recovered',
    ]);
  });
});
