import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import type { MetricCluster } from './alarm-evaluator.js';
import type { AlarmsRepository } from './alarms.repository.js';
import { readSnapshot } from './alarms.service.js';

/*
 * Keeps each alarm's metric an hour either side of its raise with the alarm once that hour has
 * passed (spec section 9's snapshot), so its details outlive the raw samples' retention. Runs after
 * the engine's rounds, a few alarms at a time.
 */

const HOUR = 3_600_000;
const PER_ROUND = 20;

export class AlarmSnapshots {
  constructor(
    private readonly repo: AlarmsRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async keep(c: MetricCluster): Promise<number> {
    const now = this.clock.now();
    const due = await this.repo.withoutSnapshot(c.id, now - HOUR, PER_ROUND);
    for (const row of due) {
      try {
        const s = await readSnapshot(c.metrics, row, now);
        await this.repo.keepSnapshot({
          alarm_id: row.id,
          from_ms: Date.parse(s.from),
          to_ms: Date.parse(s.to),
          step_seconds: s.stepSeconds,
          points: JSON.stringify(s.points),
        });
      } catch (e) {
        this.log.warn({ err: e, alarm: row.id }, 'the snapshot of an alarm could not be read; tried again next round');
        return 0;
      }
    }
    return due.length;
  }
}
