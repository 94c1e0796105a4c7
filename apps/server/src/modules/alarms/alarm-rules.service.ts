import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { keyOf, type AlarmStatesRepository } from './alarm-states.repository.js';
import type { AlarmTemplatesRepository } from './alarm-templates.repository.js';
import { TEMPLATE_RULE_PREFIX, watchedRules, type WatchedRule } from './alarm-rules.js';

/*
 * The rules the engine runs, read from the templates, and the sweep that ends the open alarms of
 * what no template covers any more. Each round first asks the database for a fingerprint of the
 * templates and assets (counts and sums of change times: one cheap statement) and reads the rules
 * again only when it moved, so a change made through any server instance counts from the next
 * round, and a round at a large centre does not read 50,000 rows for nothing (bench/alarms).
 */

export class AlarmRules {
  constructor(
    private readonly templates: AlarmTemplatesRepository,
    private readonly states: AlarmStatesRepository,
    /** Where an asset of no cluster is watched. */
    private readonly defaultClusterId: string,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  private cache: { fingerprint: string; rules: WatchedRule[] } | undefined;

  async load(): Promise<WatchedRule[]> {
    const fingerprint = await this.templates.watchedFingerprint();
    if (this.cache?.fingerprint !== fingerprint)
      this.cache = { fingerprint, rules: watchedRules(await this.templates.watched(), this.defaultClusterId) };
    return this.cache.rules;
  }

  /**
   * Ends what no rule covers; the number of (resource, metric, rule) states ended. Called after
   * every template change made here, which so counts even when it moved no fingerprint (a change
   * within the same millisecond as the one before).
   */
  async sweep(rules?: readonly WatchedRule[]): Promise<number> {
    this.cache = undefined;
    const covered = new Set((rules ?? (await this.load())).map((r) => keyOf(r.key)));
    const ended = await this.states.endUncovered(TEMPLATE_RULE_PREFIX, covered, this.clock.now());
    if (ended > 0) this.log.info({ ended }, 'alarm states no template covers any more were ended');
    return ended;
  }
}
