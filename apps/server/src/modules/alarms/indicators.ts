import type { AssetType, MetricInfo } from '@portal/shared';
import { CATALOGUE, metricInfo } from '../../cluster/metrics/catalogue.js';

/*
 * Which catalogue metrics each resource type can alarm on (alarmmetrics): what its exporters give.
 * A server or blade has node_exporter's figures, its BMC's sensors and its cards; a switch the
 * IF-MIB's ports and traffic (snmp_exporter); a blade chassis its BMC's sensors (ipmi_exporter).
 * Other types have no metric of their own yet: 'No configurable indicator'.
 */

const isSwitch = (id: string) => id.startsWith('switch.');

const INDICATORS: Partial<Record<AssetType, readonly MetricInfo[]>> = {
  SERVER: CATALOGUE.filter((e) => !isSwitch(e.id)).map(metricInfo),
  BLADE: CATALOGUE.filter((e) => !isSwitch(e.id)).map(metricInfo),
  SWITCH: CATALOGUE.filter((e) => isSwitch(e.id)).map(metricInfo),
  BLADECHASSIS: CATALOGUE.filter((e) => e.group === 'hardware').map(metricInfo),
};

export const indicatorsOf = (type: AssetType): readonly MetricInfo[] => INDICATORS[type] ?? [];
