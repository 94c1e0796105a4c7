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
import type { ZoneDays } from '../../lib/zone-days.js';

/** The alarms module, wired: threshold templates and the engine running on every cluster's metrics. */
export const createAlarms = (d: {
  db: Kysely<Database>;
  dialect: Dialect;
  clusters: ClusterRegistry;
  clock: Clock;
  log: Logger;
  /** Days as the reports count them (reports.timeZone). */
  days: ZoneDays;
}) => {
  const states = new AlarmStatesRepository(d.db, d.dialect);
  const templatesRepo = new AlarmTemplatesRepository(d.db);
  const rules = new AlarmRules(templatesRepo, states, d.clusters.get().config.id, d.clock, d.log);
  const metricClusters = d.clusters
    .all()
    .map((c) => ({ id: c.config.id, intervalSeconds: c.config.metrics.intervalSeconds, metrics: c.metrics }));
  const alarmsRepo = new AlarmsRepository(d.db);
  const snapshots = new AlarmSnapshots(alarmsRepo, d.clock, d.log);
  return {
    states,
    overview: new AlarmOverviewService(alarmsRepo, d.days, d.clock),
    alarms: new AlarmsService({
      repo: alarmsRepo,
      clock: d.clock,
      metricsOf: (id) => metricClusters.find((c) => c.id === id)?.metrics,
    }),
    templates: new AlarmTemplatesService(templatesRepo, rules, d.clock),
    evaluator: new AlarmEvaluator(metricClusters, rules, states, d.clock, d.log, (c) => snapshots.keep(c)),
  };
};
