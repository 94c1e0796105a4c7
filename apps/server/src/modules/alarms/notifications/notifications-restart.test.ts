import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticeRuleInput } from '@portal/shared';
import { parseConfig } from '../../../config/load.js';
import { openDatabase, type DbHandle } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { silentLogger } from '../../../lib/logger.js';
import { systemClock } from '../../../lib/time.js';
import { writeIbTree } from '../../../test/infiniband-sysfs.js';
import { startNodeExporter, type TestNodeExporter } from '../../../test/prometheus.js';
import { createTestStorage, type TestStorage } from '../../../test/test-storage.js';
import { insertServers } from '../../../test/servers.js';
import { startSmtp, type TestSmtp } from '../../../test/smtp.js';
import { waitFor } from '../../../cluster/scheduler/scheduler-contract.test-support.js';
import { AlarmRules } from '../alarm-rules.service.js';
import { AlarmStatesRepository } from '../alarm-states.repository.js';
import { AlarmTemplatesRepository } from '../alarm-templates.repository.js';
import { AlarmTemplatesService } from '../alarm-templates.service.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { messageIdOf } from './outbox-sender.js';

/*
 * kill -9 loses no notification and sends none twice, counted by Message-ID at a real SMTP
 * server. A separate process (TypeScript through tsx) runs what the server runs: the embedded
 * collector scraping a real node_exporter once a second for 20 resources, the evaluator, the
 * engine's state with the outbox writer's hook (the notices commit with the alarm change), and the
 * outbox sender mailing the test's SMTP server. The test flips the InfiniBand port down and up so
 * that alarms are raised and recovered again and again, and kills the process 20 times at random
 * moments, each time starting another on the same database. In the end every notice the alarms
 * call for (one per alarm raised and one per recovery) is in the outbox, sent, and was received
 * under its Message-ID; a copy sent again after a kill between the server's acceptance and the
 * sender's record carries the same Message-ID, so the receiver has each notice once.
 */

const here = dirname(fileURLToPath(import.meta.url));
const RESOURCES = Array.from({ length: 20 }, (_, i) => `n${i + 1}`);
const KILLS = 20;
/** Short, so that a notice a killed process held is sent again seconds after the next one starts. */
const LEASE_MS = 1500;

const CHILD = `
  const at = (p) => ${JSON.stringify(join(here, '../../..'))} + '/' + p;
  const { parseConfig } = await import(at('config/load.ts'));
  const { openDatabase } = await import(at('db/database.ts'));
  const { MetricStore } = await import(at('cluster/metrics/metric-store.ts'));
  const { EmbeddedMetricSource } = await import(at('cluster/metrics/embedded-source.ts'));
  const { silentLogger } = await import(at('lib/logger.ts'));
  const { systemClock } = await import(at('lib/time.ts'));
  const { Mailer } = await import(at('modules/mail/mailer.ts'));
  const { AlarmStatesRepository } = await import(at('modules/alarms/alarm-states.repository.ts'));
  const { AlarmTemplatesRepository } = await import(at('modules/alarms/alarm-templates.repository.ts'));
  const { AlarmRules } = await import(at('modules/alarms/alarm-rules.service.ts'));
  const { AlarmEvaluator } = await import(at('modules/alarms/alarm-evaluator.ts'));
  const { OutboxWriter } = await import(at('modules/alarms/notifications/outbox-writer.ts'));
  const { OutboxSender } = await import(at('modules/alarms/notifications/outbox-sender.ts'));
  const c = JSON.parse(process.env.CHILD_SETUP);
  const config = parseConfig({
    dataDir: c.dataDir,
    database: c.database,
    mail: { smtp: { host: '127.0.0.1', port: c.smtpPort, secure: false, from: 'HPC Portal <portal@example.org>' } },
  });
  const h = await openDatabase(config);
  const opts = { clusterId: 'c1', targets: c.targets, intervalSeconds: 1, timeoutSeconds: 30, retentionDays: 7, rollupRetentionDays: 400 };
  const source = new EmbeddedMetricSource(new MetricStore(h.db), opts, systemClock, silentLogger);
  // As createAlarms wires it: the notices are written in the transaction that changes the alarm.
  const outbox = new OutboxWriter(systemClock);
  const states = new AlarmStatesRepository(h.db, h.dialect, { onApplied: (trx, batch) => outbox.onApplied(trx, batch) });
  const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', systemClock, silentLogger);
  // Each round's batch committed (with its notices), told to the test.
  const afterRound = async () => console.log('ROUND');
  new AlarmEvaluator([{ id: 'c1', intervalSeconds: 1, metrics: source }], rules, states, systemClock, silentLogger, afterRound).start();
  new OutboxSender(h.db, new Mailer(config.mail), undefined, systemClock, silentLogger, c.sender).start();
  source.start();
  console.log('STARTED');
  setInterval(() => {}, 1000);
`;

describe('alarm notifications across kill -9', () => {
  let storage: TestStorage;
  let h: DbHandle;
  let exporter: TestNodeExporter;
  let smtp: TestSmtp;
  let sysfs: string;
  let portsDown = true;
  const children: ChildProcess[] = [];

  const ports = (down: boolean) => {
    portsDown = down;
    writeFileSync(join(sysfs, 'class', 'infiniband', 'mlx5_0', 'ports', '2', 'state'), down ? '1: DOWN\n' : '4: ACTIVE\n');
  };
  /** A process running the engine and the sender, once it is up; `rounds` counts the rounds it committed. */
  const startEngine = async (): Promise<{ child: ChildProcess; rounds: () => number }> => {
    const setup = {
      dataDir: storage.dataDir,
      database: storage.database,
      smtpPort: smtp.port,
      targets: RESOURCES.map((resource) => ({ resource, url: exporter.url })),
      sender: { pollMs: 200, maxAttempts: 10, backoffMs: 500, leaseMs: LEASE_MS },
    };
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', CHILD], {
      cwd: join(here, '../../../..'),
      env: { ...process.env, CHILD_SETUP: JSON.stringify(setup) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (b: Buffer) => {
        out += b.toString();
        if (out.includes('STARTED')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the engine process ended early (${code}): ${out}`)));
    });
    return { child, rounds: () => out.split('ROUND').length - 1 };
  };
  const kill9 = async (child: ChildProcess) => {
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  const alarmRows = () => h.db.selectFrom('alarms').selectAll().where('cluster_id', '=', 'c1').execute();
  const outboxRows = () => h.db.selectFrom('notification_outbox').selectAll().execute();
  /** The notices the alarms call for: each alarm raised, and each recovered. */
  const expectedNotices = (alarms: Awaited<ReturnType<typeof alarmRows>>) =>
    alarms.length + alarms.filter((a) => a.recovered_at !== null).length;

  beforeAll(async () => {
    sysfs = mkdtempSync(join(tmpdir(), 'portal-notice-kill-'));
    writeIbTree(sysfs, '1: DOWN');
    exporter = await startNodeExporter({ sysfs });
    smtp = await startSmtp();
    storage = createTestStorage('portal-notice-kill-');
    h = await openDatabase(parseConfig({ dataDir: storage.dataDir, database: storage.database }));
    await migrateToLatest(h);
    const ids = await insertServers(h.db, RESOURCES);
    const states = new AlarmStatesRepository(h.db, h.dialect);
    const rules = new AlarmRules(new AlarmTemplatesRepository(h.db), states, 'c1', systemClock, silentLogger);
    await new AlarmTemplatesService(new AlarmTemplatesRepository(h.db), rules, systemClock).create(
      {
        name: 'InfiniBand',
        kind: 'custom',
        resourceType: 'SERVER',
        description: undefined,
        enabled: true,
        resources: ids,
        indicators: [
          {
            metric: 'infiniband.portsActive',
            // Quick to raise and to recover: the processes live a second or two each.
            alarmCount: 1,
            recoveryCount: 2,
            noDataCount: null,
            levels: [{ severity: 'major', op: '<', value: 2 }],
          },
        ],
      },
      'opt',
    );
    // One notice per alarm raised and one per recovery: a day's interval sends no reminder in the test.
    const notices = new NotificationsService(new NotificationsRepository(h.db), systemClock);
    for (const type of ['indicatorAlarm', 'indicatorRecovery'] as const)
      await notices.create(
        NoticeRuleInput.parse({ name: `IB ${type}`, type, interval: 1440, weight: 80, emails: 'ops@example.org' }),
        'opt',
      );
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) await kill9(c);
    await h?.close();
    await storage?.dispose();
    await exporter?.stop();
    await smtp?.close();
    if (sysfs) rmSync(sysfs, { recursive: true, force: true });
  });

  it('delivers every notice exactly once by Message-ID, though killed 20 times', async () => {
    const started = Date.now();
    // The port goes up once every resource has its alarm, and down again once every alarm recovered:
    // alarms are raised and recovered over and over while the kills come.
    let flips = 0;
    let flipping = true;
    const flipper = (async () => {
      while (flipping) {
        const open = (await alarmRows()).filter((a) => a.recovered_at === null).length;
        if (portsDown && open === RESOURCES.length) {
          ports(false);
          flips++;
        } else if (!portsDown && open === 0) {
          ports(true);
          flips++;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    })();

    for (let i = 0; i < KILLS; i++) {
      const { child, rounds } = await startEngine();
      // Every other process is killed only after its first round: on a busy machine the first round
      // can take longer than the kill's delay, and the alarms would hardly move. The others die at
      // any point, also while catching up on what the last one stored and before sending anything.
      if (i % 2 === 1) await waitFor(async () => rounds() > 0, 'a round of the engine', 120_000);
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 2200));
      await kill9(child);
    }
    flipping = false;
    await flipper;

    // Stable: the port up; the last process recovers what is open and sends what waits.
    ports(false);
    await startEngine();
    await waitFor(
      async () => {
        const alarms = await alarmRows();
        if (alarms.some((a) => a.recovered_at === null)) return false;
        const rows = await outboxRows();
        return rows.length === expectedNotices(alarms) && rows.every((r) => r.status !== 'waiting' && r.status !== 'sending');
      },
      'every alarm recovered and its notices sent',
      120_000,
    );

    const alarms = await alarmRows();
    const rows = await outboxRows();
    const raised = alarms.length;
    const recovered = alarms.filter((a) => a.recovered_at !== null).length;
    // Raised and recovered more than once for every resource.
    expect(raised).toBeGreaterThanOrEqual(2 * RESOURCES.length);
    expect(recovered).toBe(raised);
    // Nothing lost at the writer: each alarm's notice and each recovery's, once.
    expect(rows).toHaveLength(raised + recovered);
    const keys = rows.map((r) => r.idempotency_key);
    expect(new Set(keys).size).toBe(rows.length);
    expect(new Set(rows.filter((r) => r.idempotency_key.includes(':alarm:')).map((r) => Number(r.alarm_id)))).toEqual(
      new Set(alarms.map((a) => Number(a.id))),
    );
    expect(new Set(rows.filter((r) => r.idempotency_key.includes(':recovery:')).map((r) => Number(r.alarm_id)))).toEqual(
      new Set(alarms.map((a) => Number(a.id))),
    );
    expect(rows.filter((r) => r.status !== 'success').map((r) => [r.idempotency_key, r.status, r.last_error])).toEqual([]);

    // Every notice reached the SMTP server under its Message-ID, and nothing else did.
    const expected = new Set(keys.map(messageIdOf));
    const messageIds = smtp.mails.map((m) => m.messageId);
    const distinct = new Set(messageIds);
    expect(distinct).toEqual(expected);
    expect(distinct.size).toBe(rows.length);
    expect(messageIds.length).toBeGreaterThanOrEqual(distinct.size);
    const resent = messageIds.length - distinct.size;
    const attempts = rows.reduce((n, r) => n + r.attempts, 0);
    // Printed on every run (stderr, as the lint rules allow).
    console.warn(
      `notifications across kill -9: ${KILLS} kills, ${flips} port flips, ${raised} alarms raised, ${recovered} recovered, ` +
        `${rows.length} notifications, ${attempts} attempts, ${messageIds.length} deliveries ` +
        `(${resent} sent again), ${distinct.size} distinct Message-IDs, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});
