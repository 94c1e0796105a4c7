import type { CatalogueEntry } from './catalogue.js';
import { countWhere, sum, values, all } from './catalogue-read.js';

/*
 * Switches, read over SNMP: the Prometheus snmp_exporter walks the switch's IF-MIB (module
 * if_mib, docs/metrics.md "Switches") and answers ifOperStatus, ifHCInOctets and ifHCOutOctets per
 * port. A switch's target is the exporter's /snmp URL with the switch as `target`.
 */

/** IF-MIB ifOperStatus: 1 up, 2 down, 3 testing, 5 dormant, 6 notPresent, 7 lowerLayerDown. */
const IF_UP = 1;

export const SWITCH_ENTRIES: CatalogueEntry[] = [
  {
    id: 'switch.ports',
    group: 'network',
    unit: 'count',
    rate: false,
    from: 'ifOperStatus (ports)',
    read: (f) => values(f, 'ifOperStatus', all).length || undefined,
    promql: 'count(ifOperStatus{$sel})',
  },
  {
    id: 'switch.portsUp',
    group: 'network',
    unit: 'count',
    rate: false,
    from: 'ifOperStatus == 1 (up)',
    read: (f) => countWhere(f, ['ifOperStatus'], (v) => v === IF_UP),
    promql: `sum(ifOperStatus{$sel} == bool ${IF_UP})`,
  },
  ...(
    [
      ['switch.receive', 'ifHCInOctets'],
      ['switch.transmit', 'ifHCOutOctets'],
    ] as const
  ).map(([id, name]): CatalogueEntry => ({
    id,
    group: 'network',
    unit: 'bytesPerSecond',
    rate: true,
    from: `${name} (all ports)`,
    read: (f) => sum(f, name),
    promql: `sum(rate(${name}{$sel}[$w]))`,
  })),
];
