import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import { keyOf, type AlarmStatesRepository } from './alarm-states.repository.js';
import type { AlarmTemplatesRepository } from './alarm-templates.repository.js';
import { TEMPLATE_RULE_PREFIX, watchedRules, type WatchedRule } from './alarm-rules.js';

/*
 * The rules the engine runs, read from the templates each time (a change made through any server
 * instance counts from the next sample), and the sweep that ends the open alarms of what no
 * template covers any more.
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

  async load(): Promise<WatchedRule[]> {
    return watchedRules(await this.templates.watched(), this.defaultClusterId);
  }

  /** Ends what no rule covers; the number of (resource, metric, rule) states ended. */
  async sweep(rules?: readonly WatchedRule[]): Promise<number> {
    const covered = new Set((rules ?? (await this.load())).map((r) => keyOf(r.key)));
    const ended = await this.states.endUncovered(TEMPLATE_RULE_PREFIX, covered, this.clock.now());
    if (ended > 0) this.log.info({ ended }, 'alarm states no template covers any more were ended');
    return ended;
  }
}
