import type { TFunction } from 'i18next';
import type { MetricException } from '@portal/shared';
import { plainNumber } from '../../../lib/metric-units';

/** A limit a node's metrics crossed, for people: "Memory usage 97.5% (limit 95%)". */
export const metricExceptionText = (t: TFunction<'resources'>, e: MetricException): string =>
  t(`errors.metric.${e.check}`, { value: plainNumber(e.value), threshold: plainNumber(e.threshold), count: e.value });

/** The limit's name alone, as the multi-node exception groups name it. */
export const metricCheckName = (t: TFunction<'resources'>, check: string): string =>
  t(`errors.check.${check}`, { defaultValue: check });
