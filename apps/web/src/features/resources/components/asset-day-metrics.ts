import type { AssetType, MetricSeries } from '@portal/shared';

/** What a server's detail shows for its last day (spec section 9: average utilisation for the last day). */
export const DAY_METRICS = ['cpu.usage', 'memory.usage', 'cpu.load1', 'network.receive', 'network.transmit'] as const;

/** What the detail of each kind of resource charts: a switch its ports and traffic (SNMP), a chassis its power, heat and fans (IPMI). */
export const dayMetricsOf = (type: AssetType): readonly string[] => {
  switch (type) {
    case 'SWITCH':
      return ['switch.receive', 'switch.transmit', 'switch.portsUp', 'switch.ports'];
    case 'BLADECHASSIS':
      return ['hardware.power', 'hardware.temperature', 'hardware.fanSpeed', 'hardware.sensorsAbnormal'];
    default:
      return [...DAY_METRICS, 'hardware.temperature', 'hardware.power'];
  }
};

/** Whether a kind of resource has a CPU and memory to average (servers and blades do; switches and chassis do not). */
export const hasUtilisation = (type: AssetType): boolean => type !== 'SWITCH' && type !== 'BLADECHASSIS';

/** Names the metric selector takes as one resource: anything else (a comma, brackets) has no series of its own. */
const PLAIN_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const hasOwnSeries = (name: string): boolean => PLAIN_NAME.test(name);

/** The mean of a series' samples over the range; null when it has none. */
export const seriesAverage = (list: readonly MetricSeries[], metric: string): number | null => {
  const values = list
    .filter((s) => s.metric === metric)
    .flatMap((s) => s.points.map((p) => p.value))
    .filter((v): v is number => v !== null);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
};
