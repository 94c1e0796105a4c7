import { ErrCode, ErrReason, type MetricInfo, type MetricSeries } from '@portal/shared';
import { CATALOGUE, catalogueEntry, metricInfo, type CatalogueEntry } from '../../cluster/metrics/catalogue.js';
import type { ClusterRegistry } from '../../cluster/registry.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/time.js';

/* The metric catalogue and backtrack over each cluster's metric source (docs/metrics.md). */

export interface HistoryQuery {
  clusterId?: string | undefined;
  resources: string[];
  metrics: string[];
  startTime: Date;
  endTime: Date;
}

export class MetricsService {
  constructor(
    private readonly clusters: ClusterRegistry,
    private readonly clock: Clock,
  ) {}

  catalogue(clusterId: string | undefined): { source: 'embedded' | 'prometheus'; resources: string[]; list: MetricInfo[] } {
    const c = this.clusters.get(clusterId);
    return { source: c.metrics.kind, resources: c.metrics.resources(), list: CATALOGUE.map(metricInfo) };
  }

  async history(
    q: HistoryQuery,
  ): Promise<{ step: number; resolution: 'raw' | '5m' | '1h' | 'prometheus'; list: MetricSeries[] }> {
    const c = this.clusters.get(q.clusterId);
    const unknown = q.metrics.filter((m) => !catalogueEntry(m));
    if (unknown.length > 0)
      throw new AppError(ErrCode.PARAM_INVALID, ErrReason.metricUnknown, `Unknown metric: ${unknown.join(', ')}`, {
        extra: { metrics: unknown.join(', ') },
      });
    const entries = q.metrics.map((m) => catalogueEntry(m) as CatalogueEntry);
    // No future: the range ends now at the latest (spec section 5's date pickers disable future dates).
    const to = Math.min(q.endTime.getTime(), this.clock.now());
    const from = q.startTime.getTime();
    if (from >= to) throw new AppError(ErrCode.PARAM_INVALID, ErrReason.validation, 'The range starts in the future');
    const answer = await c.metrics.history({ resources: q.resources, metrics: entries, from, to });
    const unitOf = new Map(entries.map((e) => [e.id, e.unit]));
    return {
      step: answer.stepSeconds,
      resolution: answer.resolution,
      list: answer.series.map((s) => ({ ...s, unit: unitOf.get(s.metric) ?? 'count' })),
    };
  }
}
