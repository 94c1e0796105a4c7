import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  alarmTemplatesCreate,
  alarmsActive,
  alarmsHistory,
  noticesCreate,
  noticesEmailRecords,
  resourcesListAssets,
} from '@portal/shared';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';
import { startNodeExporter, type TestNodeExporter } from '../../test/prometheus.js';
import { mailText, startSmtp, type TestSmtp } from '../../test/smtp.js';

/*
 * End to end on real parts (issue 16): this machine's own node_exporter, collected every second by
 * the portal's embedded collector, a threshold template on the node's memory usage with an alarm
 * count of 3, a real load from `stress-ng` (its vm stressor holding a quarter of the memory), the
 * engine, the outbox and the sender delivering to a real SMTP server. The load raises the alarm and
 * its mail arrives; the load stopped, the alarm recovers and the recovery mail arrives.
 *
 * Memory rather than load average or CPU: both of those are the whole machine's, and the suite runs
 * beside other tests (and, to check it, beside `stress-ng --cpu`) that move them; the threshold
 * here sits an eighth of the memory above what was in use when the test began, which the rest of
 * the suite does not reach in the seconds the test takes.
 */

const meminfo = () => {
  const text = readFileSync('/proc/meminfo', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { total: kb('MemTotal'), available: kb('MemAvailable') };
};

describe('an alarm on a real load, and its mail', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let exporter: TestNodeExporter;
  let operator: TestClient;
  let stress: ChildProcess | undefined;
  let threshold = 0;

  const stopStress = async () => {
    const child = stress;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    exporter = await startNodeExporter();
    t = await createTestApp({
      clusters: [{ ...localTestCluster(), metrics: { targets: [{ resource: 'n1', url: exporter.url }], intervalSeconds: 1 } }],
      mail: { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'HPC Portal <portal@example.org>' } },
      notifications: { pollSeconds: 1 },
    });
    operator = await signedIn(t.app, 'ld_opt', Role.opt);
    const n1 = (await operator.call(resourcesListAssets, { query: { keyword: 'n1' } })).data.list.find((a) => a.name === 'n1');
    const { total, available } = meminfo();
    const usedNow = 100 * (1 - available / total);
    threshold = Math.round((usedNow + 12.5) * 10) / 10;
    const template = await operator.call(alarmTemplatesCreate, {
      body: {
        name: 'Memory',
        kind: 'custom',
        resourceType: 'SERVER',
        resources: [n1?.id ?? 0],
        indicators: [
          { metric: 'memory.usage', alarmCount: 3, recoveryCount: 3, levels: [{ severity: 'major', op: '>', value: threshold }] },
        ],
      },
    });
    expect(template.errCode, template.errMsg).toBe(0);
    for (const type of ['indicatorAlarm', 'indicatorRecovery'] as const) {
      const rule = await operator.call(noticesCreate, {
        body: {
          name: `Memory ${type}`,
          type,
          interval: 60,
          weight: 90,
          emails: 'ops@example.org',
          scope: { metrics: ['memory.usage'] },
        },
      });
      expect(rule.errCode, rule.errMsg).toBe(0);
    }
  }, 120_000);
  afterAll(async () => {
    await stopStress();
    await t?.close();
    await exporter?.stop();
    await smtp?.close();
  });

  it('raises the alarm under stress-ng, mails it, and mails its recovery when the load stops', async () => {
    // The samples under the threshold come first: no alarm before the load.
    await waitFor(
      async () => (await t.app.services.alarms.states.lastTimes('local')).size > 0,
      'the first samples evaluated',
      60_000,
    );
    expect((await operator.call(alarmsActive)).data.total).toBe(0);

    const { total } = meminfo();
    const bytes = Math.floor(total / 4 / 1048576);
    const started = Date.now();
    // --vm-keep --vm-hang 0: map the memory, touch it once and hold it (no CPU spent churning it).
    stress = spawn('stress-ng', ['--vm', '1', '--vm-bytes', `${bytes}M`, '--vm-keep', '--vm-hang', '0', '--timeout', '300s'], {
      stdio: 'ignore',
    });
    const alarm = await waitFor(
      async () => (await operator.call(alarmsActive, { query: { metric: 'memory.usage' } })).data.list[0],
      'the alarm of the load',
      120_000,
    );
    expect(alarm).toMatchObject({ resName: 'n1', severity: 'major', metricId: 'memory.usage', thresholdTempName: 'Memory' });
    expect(alarm.metricValue).toBeGreaterThan(threshold);
    const raisedMail = await waitFor(
      async () => smtp.mails.find((m) => / memory\.usage raised/.test(m.raw)),
      'the alarm mail at the SMTP server',
      60_000,
    );
    expect(raisedMail.to).toEqual(['ops@example.org']);
    expect(mailText(raisedMail.raw)).toContain('Major alarm raised: n1 (local) memory.usage =');
    // The mail is the load's: it came after the load began.
    expect(raisedMail.at).toBeGreaterThan(started);

    await stopStress();
    const recovered = await waitFor(
      async () =>
        (await operator.call(alarmsHistory, { query: { metric: 'memory.usage' } })).data.list.find((a) => a.id === alarm.id),
      'the recovery once the load stopped',
      120_000,
    );
    expect(recovered.recoveryValue).toBeLessThan(threshold);
    const recoveryMail = await waitFor(
      async () => smtp.mails.find((m) => / memory\.usage recovered/.test(m.raw)),
      'the recovery mail',
      60_000,
    );
    expect(recoveryMail.to).toEqual(['ops@example.org']);
    // One mail each, both recorded as sent.
    expect(smtp.unique.size).toBe(2);
    const records = await operator.call(noticesEmailRecords, { query: { pageLimit: 10 } });
    expect(records.data.list.map((r) => r.status)).toEqual(['success', 'success']);
  }, 300_000);
});
