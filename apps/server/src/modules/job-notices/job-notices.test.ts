import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobNoticesGetSubscription,
  jobNoticesPutSubscription,
  jobNoticesRecent,
  Role,
  submitJob,
  type SubmitJobBody,
} from '@portal/shared';
import { LocalScheduler } from '../../cluster/scheduler/local/local-scheduler.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { messageIdOf } from '../alarms/notifications/outbox-sender.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster, testJob } from '../../test/local-cluster.js';
import { mailText as textOf, startSmtp, type TestSmtp } from '../../test/smtp.js';
import { jobMailKey } from './job-notices.service.js';

/*
 * Job-end notices with real parts: jobs really run on the built-in scheduler and are ingested
 * from its accounting; the mail rows land in the notification outbox in the ingest's transaction
 * and the real OutboxSender delivers them to a real SMTP server.
 */

describe('job-end notices', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  const startedAt = new Date(Date.now() - 1000).toISOString();
  const ids: Record<string, string> = {};

  const db = () => t.app.services.db;
  const submit = async (c: TestClient, over: Partial<SubmitJobBody>) => {
    const res = await c.call(submitJob, { body: testJob(over) });
    expect(res.errMsg).toBe('success');
    return res.data.jobId;
  };
  const stored = (jobId: string) =>
    waitFor(
      () => db().selectFrom('jobs').selectAll().where('job_id', '=', jobId).executeTakeFirst(),
      `job ${jobId} stored from accounting`,
      90_000,
    );
  const outbox = () =>
    db().selectFrom('notification_outbox').selectAll().where('rule_name', '=', 'job-end').orderBy('id').execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      clusters: [localTestCluster({ nodes: 'n[1-3]', maxTime: '01:00:00' })],
      mail: { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'HPC Portal <portal@example.org>' } },
      // The test runs the sender's rounds itself.
      notifications: { pollSeconds: 3600 },
    });
    alice = await signedIn(t.app, 'jn_alice', Role.user);
    bob = await signedIn(t.app, 'jn_bob', Role.user);
    carol = await signedIn(t.app, 'jn_carol', Role.user);
    await db().updateTable('users').set({ email: '' }).where('user_name', '=', 'jn_carol').execute();
  });
  afterAll(async () => {
    const scheduler = t?.app.services.clusters.get().scheduler;
    if (scheduler instanceof LocalScheduler) await scheduler.shutdownJobs();
    await t?.close();
    await smtp?.close();
  });

  it("keeps each user's own subscription, the defaults until changed", async () => {
    expect((await alice.call(jobNoticesGetSubscription)).data).toEqual({
      mail: false,
      toast: true,
      states: ['failed', 'timeout'],
    });
    const all = { mail: true, toast: true, states: ['timeout', 'completed', 'failed', 'failed'] as const };
    expect((await alice.call(jobNoticesPutSubscription, { body: { ...all, states: [...all.states] } })).data).toEqual({
      mail: true,
      toast: true,
      states: ['completed', 'failed', 'timeout'],
    });
    expect((await carol.call(jobNoticesPutSubscription, { body: { mail: true, toast: true, states: ['failed'] } })).errCode).toBe(
      0,
    );
    // Bob's stays the default; Alice's change is hers alone.
    expect((await bob.call(jobNoticesGetSubscription)).data).toEqual({ mail: false, toast: true, states: ['failed', 'timeout'] });
    const bad = await alice.callUnchecked(jobNoticesPutSubscription, { body: { mail: true, toast: true, states: ['exploded'] } });
    expect(bad.status).toBe(400);
  });

  it('writes one mail per subscribed job end to the outbox, none for others, and an ingest repeated writes none again', async () => {
    ids.ok = await submit(alice, { name: 'jn-ok', script: '#!/bin/bash\nexit 0\n' });
    ids.fail = await submit(alice, { name: 'jn-fail', script: '#!/bin/bash\nexit 1\n' });
    ids.slow = await submit(alice, { name: 'jn-slow', timeLimit: '00:00:02', script: '#!/bin/bash\nsleep 120\n' });
    ids.bob = await submit(bob, { name: 'jn-bob', script: '#!/bin/bash\nexit 3\n' });
    ids.carol = await submit(carol, { name: 'jn-carol', script: '#!/bin/bash\nexit 4\n' });
    const rows = await Promise.all(Object.values(ids).map(stored));
    expect(rows.map((r) => r.scheduler_state)).toEqual(['COMPLETED', 'FAILED', 'TIMEOUT', 'FAILED', 'FAILED']);

    const first = await outbox();
    expect(first.map((r) => r.idempotency_key).sort()).toEqual([rows[0]!, rows[1]!, rows[2]!].map((r) => jobMailKey(r)).sort());
    expect(first.every((r) => r.recipients === 'jn_alice@example.com' && r.channel === 'mail' && r.weight === 50)).toBe(true);
    const failMail = first.find((r) => r.idempotency_key === jobMailKey(rows[1]!))!;
    expect(failMail.subject).toBe(`Job ${ids.fail} jn-fail failed (exit 1)`);
    expect(failMail.content).toContain('Queue:      compute');
    expect(failMail.content).toContain('Exit code:  1:0');
    expect(first.find((r) => r.idempotency_key === jobMailKey(rows[2]!))?.subject).toBe(
      `Job ${ids.slow} jn-slow reached its time limit (exit 0)`,
    );

    // The ingest again (its safety window reads the same jobs) and the hook on the same rows again.
    await t.app.services.clusters.get().ingest.run();
    await t.app.services.jobNotices.onJobsStored(db(), rows);
    expect((await outbox()).map((r) => r.id)).toEqual(first.map((r) => r.id));
  });

  it("tells each user's toasts of their own jobs only, in the subscribed states", async () => {
    const aliceRecent = (await alice.call(jobNoticesRecent, { query: { since: startedAt } })).data;
    expect(aliceRecent.list.map((n) => n.jobId).sort()).toEqual([ids.ok, ids.fail, ids.slow].sort());
    expect(aliceRecent.list.find((n) => n.jobId === ids.slow)).toMatchObject({
      state: 'timeout',
      name: 'jn-slow',
      queue: 'compute',
    });
    const bobRecent = (await bob.call(jobNoticesRecent, { query: { since: startedAt } })).data;
    expect(bobRecent.list).toEqual([expect.objectContaining({ jobId: ids.bob, state: 'failed', exitCode: '3:0' })]);
    // Later than everything stored: nothing.
    expect((await bob.call(jobNoticesRecent, { query: { since: bobRecent.now } })).data.list).toEqual([]);
    // Toasts off: nothing, whatever ended.
    await bob.call(jobNoticesPutSubscription, { body: { mail: false, toast: false, states: ['failed'] } });
    expect((await bob.call(jobNoticesRecent, { query: { since: startedAt } })).data.list).toEqual([]);
  });

  it('delivers the mails through the outbox sender to a real SMTP server, once each', async () => {
    const sender = t.app.services.alarms.sender;
    await waitFor(
      async () => {
        await sender.runOnce();
        return smtp.mails.length >= 3;
      },
      'three mails',
      30_000,
    );
    await sender.runOnce();
    expect(smtp.mails).toHaveLength(3);
    const rows = await outbox();
    expect(rows.map((r) => r.status)).toEqual(['success', 'success', 'success']);
    expect(smtp.mails.map((m) => m.messageId).sort()).toEqual(rows.map((r) => messageIdOf(r.idempotency_key)).sort());
    const failRow = rows.find((r) => r.subject.includes('jn-fail'));
    const fail = smtp.mails.find((m) => m.messageId === messageIdOf(failRow?.idempotency_key ?? ''));
    expect(fail?.to).toEqual(['jn_alice@example.com']);
    expect(textOf(fail!.raw)).toContain(`Your job ${ids.fail} on cluster local failed.`);
  });
});
