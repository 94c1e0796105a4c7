import type { Kysely } from 'kysely';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/types.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { AlarmEvaluator } from './alarm-evaluator.js';
import { AlarmRules } from './alarm-rules.service.js';
import { AlarmStatesRepository } from './alarm-states.repository.js';
import { AlarmTemplatesRepository } from './alarm-templates.repository.js';
import { AlarmTemplatesService } from './alarm-templates.service.js';
import { AlarmSnapshots } from './alarm-snapshots.js';
import { AlarmsRepository } from './alarms.repository.js';
import { AlarmsService } from './alarms.service.js';
import { AlarmOverviewService } from './alarm-overview.service.js';
import { AlarmOverviewRepository } from './alarm-overview.repository.js';
import { AggregationRepository } from './aggregation/aggregation.repository.js';
import { AggregationService } from './aggregation/aggregation.service.js';
import type { ZoneDays } from '../../lib/zone-days.js';
import type { Config } from '../../config/schema.js';
import type { MailTransport } from './notifications/outbox-sender.js';
import { OutboxSender } from './notifications/outbox-sender.js';
import { OutboxWriter } from './notifications/outbox-writer.js';
import { NotificationsRepository } from './notifications/notifications.repository.js';
import { NotificationsService } from './notifications/notifications.service.js';
import { SummaryNotices } from './notifications/summary-notices.js';

/** The alarms module, wired: threshold templates, the engine running on every cluster's metrics, notifications. */
export const createAlarms = (d: {
  db: Kysely<Database>;
  dialect: Dialect;
  clusters: ClusterRegistry;
  clock: Clock;
  log: Logger;
  /** Days as the reports count them (reports.timeZone). */
  days: ZoneDays;
  /** Notifications: mail through the portal's Mailer, SMS through the configured gateway. */
  mailer: MailTransport;
  notifications: Config['notifications'];
}) => {
  // The notices an alarm change causes are written in the transaction that changes it.
  const outbox = new OutboxWriter(d.clock);
  const states = new AlarmStatesRepository(d.db, d.dialect, { onApplied: (trx, batch) => outbox.onApplied(trx, batch) });
  const n = d.notifications;
  const templatesRepo = new AlarmTemplatesRepository(d.db);
  const rules = new AlarmRules(templatesRepo, states, d.clusters.get().config.id, d.clock, d.log);
  const metricClusters = d.clusters
    .all()
    .map((c) => ({ id: c.config.id, intervalSeconds: c.config.metrics.intervalSeconds, metrics: c.metrics }));
  const alarmsRepo = new AlarmsRepository(d.db);
  const snapshots = new AlarmSnapshots(alarmsRepo, d.clock, d.log);
  const alarms = new AlarmsService({
    repo: alarmsRepo,
    clock: d.clock,
    metricsOf: (id) => metricClusters.find((c) => c.id === id)?.metrics,
  });
  const summaries = new SummaryNotices(d.db, d.days, d.clock);
  const aggregation = new AggregationService(
    new AggregationRepository(d.db),
    d.clock,
    d.log,
    (ids) => alarms.items(ids),
    (trx, changes, time) => outbox.onAggregates(trx, changes, time),
  );
  return {
    states,
    summaries,
    overview: new AlarmOverviewService(alarmsRepo, new AlarmOverviewRepository(d.db), d.days, d.clock),
    alarms,
    aggregation,
    templates: new AlarmTemplatesService(templatesRepo, rules, d.clock),
    notices: new NotificationsService(new NotificationsRepository(d.db), d.clock),
    sender: new OutboxSender(
      d.db,
      d.mailer,
      n.sms ? { url: n.sms.url, authorization: n.sms.authorization, timeoutMs: n.sms.timeoutSeconds * 1000 } : undefined,
      d.clock,
      d.log,
      {
        pollMs: n.pollSeconds * 1000,
        maxAttempts: n.maxAttempts,
        backoffMs: n.backoffSeconds * 1000,
        leaseMs: n.leaseSeconds * 1000,
        beforeRound: () => summaries.inspect(),
      },
    ),
    evaluator: new AlarmEvaluator(metricClusters, rules, states, d.clock, d.log, async (c) => {
      // The round's alarms aggregated and counted against the scale rules, then the hours that have passed kept.
      await aggregation.scan();
      await summaries.scale();
      await snapshots.keep(c);
    }),
  };
};
