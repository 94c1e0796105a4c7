import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  Role,
  noticesCreate,
  noticesDelete,
  noticesEmailContent,
  noticesEmailRecords,
  noticesList,
  noticesModify,
  noticesSmsRecords,
  noticesUsers,
  resourcesCreateAsset,
  type NoticeRuleInput,
} from '@portal/shared';
import { createTestApp, ManualClock, signedIn, type TestApp, type TestClient } from '../../../test/harness.js';
import { silentLogger } from '../../../lib/logger.js';
import { mailText as textOf, startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { isPostgresUrl } from '../../../db/database.js';
import { AlarmStatesRepository, type AlarmKey } from '../alarm-states.repository.js';
import type { AlarmRule, Sample } from '../engine/evaluate.js';
import { messageIdOf, OutboxSender } from './outbox-sender.js';
import { OutboxWriter } from './outbox-writer.js';

/*
 * Notifications end to end, with real parts: rules through the API of spec section 7 (the spec's
 * validation texts, a name unique per type, delete through the method override), alarms raised
 * through the engine's stored state (whose hook writes the outbox in the same transaction), a real
 * SMTP server receiving the mail (recipients, Message-ID, a copy sent again after a crashed
 * sender's lease dropped by the receiver's Message-ID dedupe), and a real HTTP server as the SMS
 * gateway (a 500 first: the retry waits for its backoff; then one success).
 */

const MINUTE = 60_000;
const START = Date.parse('2026-12-01T08:00:00Z');
const LEASE_SECONDS = 60;
const BACKOFF_SECONDS = 30;

const SmsBody = z.object({ to: z.array(z.string()), text: z.string(), id: z.string() });

/** A real HTTP SMS gateway: answers the statuses queued in `answers` (then 200), keeps every request. */
const startGateway = async () => {
  const requests: { auth: string | undefined; body: z.infer<typeof SmsBody>; status: number }[] = [];
  const answers: number[] = [];
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const status = answers.shift() ?? 200;
      requests.push({ auth: req.headers.authorization, body: SmsBody.parse(JSON.parse(text)), status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"ok":true}' : '{"error":"gateway busy"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the gateway does not listen');
  return {
    requests,
    answers,
    url: `http://127.0.0.1:${address.port}/send`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const RULE: AlarmRule = {
  levels: [
    { severity: 'major', condition: { op: '>', value: 90 } },
    { severity: 'critical', condition: { op: '>', value: 95 } },
  ],
  raiseAfter: 1,
  recoverAfter: 1,
};

describe('alarm notifications', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let operator: TestClient;
  let viewer: TestClient;
  const clock = new ManualClock(START);
  const ids: Record<string, number> = {};
  const rule = (over: Partial<NoticeRuleInput> = {}): NoticeRuleInput => ({
    name: 'CPU alarms',
    type: 'indicatorAlarm',
    interval: 60,
    weight: 80,
    emails: 'ops@example.org,oncall@example.org',
    ...over,
  });
  const services = () => t.app.services.alarms;
  /** Samples of one resource's metric, a minute apart from `from` (ms). */
  const apply = (resource: string, metric: string, from: number, values: number[]) => {
    const key: AlarmKey = { clusterId: 'local', resource, metric, ruleKey: 'test:notices' };
    const samples: Sample[] = values.map((value, i) => ({ time: from + i * MINUTE, value }));
    return services().states.apply(key, RULE, samples);
  };
  const mailRecords = async (status?: 'waiting' | 'sending' | 'success' | 'failure') =>
    (await viewer.call(noticesEmailRecords, { query: { pageLimit: 100, ...(status ? { status } : {}) } })).data;
  const smsRecords = async () => (await viewer.call(noticesSmsRecords, { query: { pageLimit: 100 } })).data;

  beforeAll(async () => {
    smtp = await startSmtp();
    gateway = await startGateway();
    t = await createTestApp(
      {
        // Sessions outlive the hours the clock is moved on.
        auth: { sessionIdleMinutes: 100_000, sessionMaxHours: 10_000 },
        mail: { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'HPC Portal <portal@example.org>' } },
        notifications: {
          sms: { url: gateway.url, authorization: 'Bearer gw-token' },
          // The test runs the sender's rounds itself: the timer's next round is an hour away.
          pollSeconds: 3600,
          maxAttempts: 3,
          backoffSeconds: BACKOFF_SECONDS,
          leaseSeconds: LEASE_SECONDS,
        },
      },
      clock,
    );
    operator = await signedIn(t.app, 'nt_opt', Role.opt);
    viewer = await signedIn(t.app, 'nt_viewer', Role.viewer);
    ids.cn01 = (await operator.call(resourcesCreateAsset, { body: { name: 'cn01', type: 'SERVER' } })).data.id;
    ids.sw01 = (await operator.call(resourcesCreateAsset, { body: { name: 'sw01', type: 'SWITCH' } })).data.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await gateway?.close();
  });

  it("validates rules with the spec's texts, a name unique per rule type", async () => {
    const issues = async (body: NoticeRuleInput) => {
      const r = await operator.call(noticesCreate, { body });
      expect(r.status).toBe(400);
      return (r.error?.issues ?? []).map((i) => i.message);
    };
    expect(await issues(rule({ weight: 49 }))).toEqual(['The weight is an integer from 50 to 100']);
    expect(await issues(rule({ weight: 101 }))).toEqual(['The weight is an integer from 50 to 100']);
    expect(await issues(rule({ emails: 'ops@example.org, OPS@example.org' }))).toEqual(['Duplicate email addresses']);
    expect(await issues(rule({ phones: '13800000000,13800000000' }))).toEqual(['Duplicate phone numbers']);
    expect(await issues(rule({ emails: 'ops@example.org，oncall@example.org' }))).toEqual(['Separate with the English comma']);
    expect(await issues(rule({ emails: 'not-an-address' }))).toEqual(['Not an email address: not-an-address']);
    expect(await issues(rule({ name: '  ' }))).toEqual(['Rule name cannot be empty']);
    expect(await issues(rule({ interval: 0 }))).toEqual(['The notification interval must be at least 1 minute']);
    expect(await issues(rule({ type: 'alarmLevel' }))).toEqual(['Choose at least one alarm level']);
    expect(await issues(rule({ emails: '' }))).toEqual(['Add at least one email address or phone number']);
    const missing = await operator.callUnchecked(noticesCreate, { body: { ...rule(), interval: undefined } });
    expect(missing.status).toBe(400);

    expect((await viewer.call(noticesCreate, { body: rule() })).status).toBe(403);
    const created = await operator.call(noticesCreate, { body: rule() });
    expect(created.data).toMatchObject({
      name: 'CPU alarms',
      type: 'indicatorAlarm',
      interval: 60,
      weight: 80,
      active: true,
      content: '',
      emails: ['ops@example.org', 'oncall@example.org'],
      phones: [],
      updatedBy: 'nt_opt',
    });
    ids.cpu = created.data.id;
    const dup = await operator.call(noticesCreate, { body: rule() });
    expect([dup.status, dup.error?.reason, dup.errMsg]).toEqual([409, 'noticeRuleNameExists', 'Rule name already exists']);
    // The same name in another rule type is another rule.
    const recovery = await operator.call(noticesCreate, { body: rule({ type: 'indicatorRecovery', emails: 'ops@example.org' }) });
    expect(recovery.errCode).toBe(0);
    ids.recovery = recovery.data.id;
    const renamed = await operator.call(noticesModify, {
      body: { ...rule({ type: 'indicatorRecovery', name: 'CPU alarms' }), id: ids.cpu },
    });
    expect(renamed.error?.reason).toBe('noticeRuleNameExists');
    const list = await viewer.call(noticesList, { query: { type: 'indicatorRecovery' } });
    expect(list.data.list.map((r) => [r.name, r.type])).toEqual([['CPU alarms', 'indicatorRecovery']]);
    const users = await operator.call(noticesUsers, { query: { userName: 'nt_' } });
    expect(users.data.list.map((u) => u.userName)).toEqual(['nt_opt', 'nt_viewer']);
  });

  it('writes the outbox with the alarm change, once per batch however often it is applied, and mails it', async () => {
    const raised = await apply('cn01', 'cpu.usage', START, [97]);
    expect(raised).toMatchObject([{ kind: 'raised', severity: 'critical' }]);
    const alarmId = raised[0]?.alarmId ?? 0;
    // Applied again (a redelivered batch): nothing new.
    expect(await apply('cn01', 'cpu.usage', START, [97])).toEqual([]);
    let records = await mailRecords();
    expect(records.total).toBe(1);
    expect(records.list[0]).toMatchObject({
      ruleId: ids.cpu,
      ruleName: 'CPU alarms',
      alarmId,
      status: 'waiting',
      contacts: ['ops@example.org', 'oncall@example.org'],
      attempts: 0,
      sendTime: null,
    });
    // The hook itself run again on the same batch (as by a second evaluator): the key keeps it one row.
    const db = t.app.services.db;
    await db.transaction().execute((trx) =>
      new OutboxWriter(clock).onApplied(trx, {
        key: { clusterId: 'local', resource: 'cn01', metric: 'cpu.usage', ruleKey: 'test:notices' },
        events: raised,
        openAlarmId: alarmId,
        noDataAlarmId: null,
        time: START,
      }),
    );
    expect((await mailRecords()).total).toBe(1);

    expect(await services().sender.runOnce()).toBe(1);
    await vi.waitFor(() => expect(smtp.mails.length).toBe(1), { timeout: 30_000, interval: 20 });
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['ops@example.org', 'oncall@example.org']);
    expect(mail.messageId).toBe(messageIdOf(`${ids.cpu}:${alarmId}:alarm:0:mail`));
    expect(mail.raw).toMatch(/^subject: \[Critical\] cn01 cpu\.usage raised\s*$/im);
    expect(textOf(mail.raw)).toContain('Critical alarm raised: cn01 (local) cpu.usage = 97');
    records = await mailRecords('success');
    expect(records.list).toMatchObject([{ status: 'success', attempts: 1, sendTime: new Date(START).toISOString() }]);
    const content = await viewer.call(noticesEmailContent, { query: { id: records.list[0]?.id ?? 0 } });
    expect(content.data.content).toContain('cn01 (local) cpu.usage = 97');
    expect((await viewer.call(noticesEmailContent, { query: { id: 9999 } })).error?.reason).toBe('noticeRecordNotFound');

    // Still open within the interval: no reminder; past it: one, however many rounds.
    clock.advance(30 * MINUTE);
    await apply('cn01', 'cpu.usage', START + 30 * MINUTE, [96]);
    expect((await mailRecords()).total).toBe(1);
    clock.advance(31 * MINUTE);
    await apply('cn01', 'cpu.usage', START + 61 * MINUTE, [96, 96, 96]);
    records = await mailRecords('waiting');
    expect(records.list).toMatchObject([{ name: '[Critical] cn01 cpu.usage still open', alarmId }]);
    // Recovered: the recovery rule's notice.
    await apply('cn01', 'cpu.usage', START + 64 * MINUTE, [10]);
    records = await mailRecords('waiting');
    expect(records.list.map((r) => r.name)).toEqual([
      '[Critical] cn01 cpu.usage recovered',
      '[Critical] cn01 cpu.usage still open',
    ]);
    expect(await services().sender.runOnce()).toBe(2);
    await vi.waitFor(() => expect(smtp.mails.length).toBe(3), { timeout: 30_000, interval: 20 });
    expect(
      smtp.mails
        .map((m) => m.messageId)
        .slice(1)
        .sort(),
    ).toEqual(
      [messageIdOf(`${ids.cpu}:${alarmId}:alarm:1:mail`), messageIdOf(`${ids.recovery}:${alarmId}:recovery:0:mail`)].sort(),
    );
  });

  it('texts through the gateway, waiting its backoff after a failure, and records one success', async () => {
    await operator.call(noticesModify, { body: { ...rule(), id: ids.cpu ?? 0, active: false } });
    const level = await operator.call(noticesCreate, {
      body: rule({
        name: 'Critical only',
        type: 'alarmLevel',
        emails: '',
        phones: '13800000001,13900000002',
        scope: { severities: ['critical'] },
      }),
    });
    ids.level = level.data.id;
    const at = clock.now();
    // Major first: not in the rule's levels; then critical.
    const events = await apply('cn02', 'mem.usage', at, [92]);
    expect((await smsRecords()).total).toBe(0);
    await apply('cn02', 'mem.usage', at + MINUTE, [99]);
    const alarmId = events[0]?.alarmId ?? 0;
    expect((await smsRecords()).list).toMatchObject([{ status: 'waiting', alarmId, contacts: ['13800000001', '13900000002'] }]);

    gateway.answers.push(500);
    expect(await services().sender.runOnce()).toBe(0);
    expect(gateway.requests).toHaveLength(1);
    let sms = (await smsRecords()).list[0];
    expect(sms).toMatchObject({
      status: 'waiting',
      attempts: 1,
      lastError: 'the SMS gateway answered 500: {"error":"gateway busy"}',
    });
    // Within the backoff: not tried again.
    clock.advance(BACKOFF_SECONDS * 1000 - 1);
    expect(await services().sender.runOnce()).toBe(0);
    expect(gateway.requests).toHaveLength(1);
    clock.advance(1);
    expect(await services().sender.runOnce()).toBe(1);
    expect(gateway.requests.map((r) => r.status)).toEqual([500, 200]);
    const key = `${ids.level}:${alarmId}:alarm:0:sms`;
    for (const r of gateway.requests) {
      expect(r.auth).toBe('Bearer gw-token');
      expect(r.body).toMatchObject({ to: ['13800000001', '13900000002'], id: key });
      expect(r.body.text).toContain('Critical alarm raised: cn02 (local) mem.usage = 99');
    }
    sms = (await smsRecords()).list[0];
    expect(sms).toMatchObject({ status: 'success', attempts: 2 });
    expect((await smsRecords()).total).toBe(1);
    expect((await viewer.call(noticesSmsRecords, { query: { status: 'success' } })).data.total).toBe(1);
    expect((await viewer.call(noticesSmsRecords, { query: { status: 'failure' } })).data.total).toBe(0);
  });

  it('gives up after the last attempt, keeping the error', async () => {
    gateway.answers.push(503, 503, 503);
    const at = clock.now();
    await apply('cn03', 'mem.usage', at, [99]);
    for (let i = 0; i < 3; i++) {
      await services().sender.runOnce();
      clock.advance(BACKOFF_SECONDS * 1000 * 2 ** i);
    }
    const failed = (await viewer.call(noticesSmsRecords, { query: { status: 'failure' } })).data.list;
    expect(failed).toMatchObject([{ attempts: 3, lastError: expect.stringContaining('answered 503') }]);
    await operator.call(noticesDelete, { query: { ids: String(ids.level) } });
  });

  it("sends again after a crashed sender's lease; the receiver's Message-ID dedupe keeps one", async () => {
    const assetRule = await operator.call(noticesCreate, {
      body: rule({ name: 'Node cn01', type: 'asset', emails: 'ops@example.org', scope: { assetIds: [ids.cn01 ?? 0] } }),
    });
    // An asset type rule that does not match the alarm's asset, and a duration rule not reached yet.
    await operator.call(noticesCreate, {
      body: rule({ name: 'Switches', type: 'assetType', scope: { assetTypes: ['SWITCH'] } }),
    });
    await operator.call(noticesCreate, {
      body: rule({ name: 'Long', type: 'durationLevel', scope: { durationMinutes: 120, severity: 'major' } }),
    });
    const before = smtp.mails.length;
    const at = clock.now();
    const raised = await apply('cn01', 'disk.usage', at, [93]);
    const alarmId = raised[0]?.alarmId ?? 0;
    const waiting = await mailRecords('waiting');
    expect(waiting.list.map((r) => r.ruleName)).toEqual(['Node cn01']);

    // A sender that delivers and then hangs before it records anything (as if killed there).
    let delivered = false;
    const crashing = new OutboxSender(
      t.app.services.db,
      {
        enabled: true,
        send: async (msg) => {
          await t.app.services.mailer.send(msg);
          delivered = true;
          await new Promise(() => {});
        },
      },
      undefined,
      clock,
      silentLogger,
      { pollMs: 3_600_000, maxAttempts: 3, backoffMs: 1000, leaseMs: LEASE_SECONDS * 1000 },
    );
    void crashing.runOnce();
    await vi.waitFor(() => expect(delivered).toBe(true), { timeout: 30_000, interval: 20 });
    expect((await mailRecords('sending')).list).toMatchObject([{ ruleName: 'Node cn01', attempts: 1 }]);
    // Held by its lease.
    expect(await services().sender.runOnce()).toBe(0);
    clock.advance(LEASE_SECONDS * 1000);
    expect(await services().sender.runOnce()).toBe(1);
    await vi.waitFor(() => expect(smtp.mails.length).toBe(before + 2), { timeout: 30_000, interval: 20 });
    const id = messageIdOf(`${assetRule.data.id}:${alarmId}:alarm:0:mail`);
    expect(smtp.mails.slice(before).map((m) => m.messageId)).toEqual([id, id]);
    expect([...smtp.unique.keys()].filter((k) => k === id)).toHaveLength(1);
    expect((await mailRecords('success')).list.filter((r) => r.ruleName === 'Node cn01')).toMatchObject([{ attempts: 2 }]);

    // Open for the duration rule's 120 minutes at major or worse: its notice.
    clock.advance(120 * MINUTE);
    await apply('cn01', 'disk.usage', at + 121 * MINUTE, [93]);
    expect((await mailRecords('waiting')).list.map((r) => [r.ruleName, r.name])).toEqual(
      expect.arrayContaining([['Long', '[Major] cn01 disk.usage open for 120 minutes or more']]),
    );
  });

  it('writes no notice when the alarm change rolls back, and two senders send a notice once', async () => {
    const before = smtp.mails.length;
    const key: AlarmKey = { clusterId: 'local', resource: 'cn01', metric: 'net.errors', ruleKey: 'test:notices' };
    const at = clock.now();
    const samples: Sample[] = [{ time: at, value: 99 }];
    const writer = new OutboxWriter(clock);
    // The hook wrote its notice, then the transaction failed before its commit (as in a crash).
    const failing = new AlarmStatesRepository(
      t.app.services.db,
      isPostgresUrl(process.env.DATABASE_URL) ? 'postgres' : 'sqlite',
      {
        onApplied: async (trx, batch) => {
          await writer.onApplied(trx, batch);
          throw new Error('the process died before the commit');
        },
      },
    );
    await expect(failing.apply(key, RULE, samples)).rejects.toThrow('before the commit');
    expect((await mailRecords('waiting')).list.filter((r) => r.name.includes('net.errors'))).toEqual([]);
    // The batch again, through the server's own engine state: the alarm and its notice, once.
    expect(await services().states.apply(key, RULE, samples)).toMatchObject([{ kind: 'raised' }]);
    const waiting = (await mailRecords('waiting')).list.filter((r) => r.name.includes('net.errors'));
    expect(waiting.map((r) => r.ruleName)).toEqual(['Node cn01']);

    const second = new OutboxSender(t.app.services.db, t.app.services.mailer, undefined, clock, silentLogger, {
      pollMs: 3_600_000,
      maxAttempts: 3,
      backoffMs: 1000,
      leaseMs: LEASE_SECONDS * 1000,
    });
    // Every waiting notice (the previous test's too) is sent by one of the two, once.
    const due = (await mailRecords('waiting')).total;
    expect(due).toBeGreaterThanOrEqual(1);
    const sent = await Promise.all([services().sender.runOnce(), second.runOnce()]);
    expect(sent[0] + sent[1]).toBe(due);
    await vi.waitFor(() => expect(smtp.mails.length).toBe(before + due), { timeout: 30_000, interval: 20 });
    const ids = smtp.mails.slice(before).map((m) => m.messageId);
    expect(new Set(ids).size).toBe(due);
    expect((await mailRecords('waiting')).total).toBe(0);
    expect((await mailRecords('success')).list.filter((r) => r.name.includes('net.errors'))).toMatchObject([{ attempts: 1 }]);
  });

  it('deletes rules, also through the method override', async () => {
    expect((await viewer.call(noticesDelete, { query: { ids: String(ids.cpu) } })).status).toBe(403);
    const overridden = await operator.raw('POST', noticesDelete.path, {
      headers: { 'x-http-method-override': 'DELETE' },
      query: { ids: `${ids.cpu},${ids.recovery}` },
    });
    expect([overridden.statusCode, JSON.parse(overridden.body).errCode]).toEqual([200, 0]);
    const gone = await operator.call(noticesDelete, { query: { ids: String(ids.cpu) } });
    expect(gone.error?.reason).toBe('noticeRuleNotFound');
    // What was sent stays in the records.
    expect((await mailRecords()).total).toBeGreaterThanOrEqual(4);
  });

  it('tells of an alarm ended because its template no longer covers it, once', async () => {
    const created = await operator.call(noticesCreate, {
      body: rule({
        name: 'Swap recoveries',
        type: 'indicatorRecovery',
        emails: 'ended@example.org',
        scope: { metrics: ['swap.usage'] },
      }),
    });
    expect(created.errCode, created.errMsg).toBe(0);
    const [raised] = await apply('cn01', 'swap.usage', clock.now(), [97]);
    expect(raised).toMatchObject({ kind: 'raised' });
    const ended = () => mailRecords().then((r) => r.list.filter((m) => m.contacts.includes('ended@example.org')));
    expect(await ended()).toEqual([]);

    // Its template disabled (no rule covers the key): the alarm ends and its recovery notice is written with it.
    await services().states.endUncovered('test:', new Set(), clock.now());
    expect(await ended()).toMatchObject([
      {
        alarmId: raised?.alarmId,
        status: 'waiting',
        name: '[Critical] cn01 swap.usage ended (no threshold template covers it any more)',
      },
    ]);
    await services().states.endUncovered('test:', new Set(), clock.now());
    expect(await ended()).toHaveLength(1);
  });
});
