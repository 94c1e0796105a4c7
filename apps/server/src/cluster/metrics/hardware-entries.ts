import type { CatalogueEntry } from './catalogue.js';
import { countWhere, sum, valuesOfAny } from './catalogue-read.js';

/*
 * Heat, fans, power and sensor health: a server's from node_exporter's hwmon (its own sensors)
 * and from ipmi_exporter (its BMC's); a blade chassis has only its BMC, read by ipmi_exporter's
 * /ipmi URL with the chassis as `target` (docs/metrics.md "Chassis and BMC sensors").
 */

const TEMPERATURES = ['node_hwmon_temp_celsius', 'ipmi_temperature_celsius'] as const;
const FANS = ['node_hwmon_fan_rpm', 'ipmi_fan_speed_rpm'] as const;
/** ipmi_exporter's sensor states: 0 nominal, 1 warning, 2 critical (NaN when the BMC gives none). */
const SENSOR_STATES = [
  'ipmi_temperature_state',
  'ipmi_fan_speed_state',
  'ipmi_voltage_state',
  'ipmi_current_state',
  'ipmi_power_state',
  'ipmi_sensor_state',
] as const;

const anyOf = (names: readonly string[]) => `{__name__=~"${names.join('|')}",$sel}`;
const mean = (v: number[]) => (v.length === 0 ? undefined : v.reduce((a, b) => a + b, 0) / v.length);

export const HARDWARE_ENTRIES: CatalogueEntry[] = [
  {
    id: 'hardware.temperature',
    group: 'hardware',
    unit: 'celsius',
    rate: false,
    from: `${TEMPERATURES.join(', ')} (hottest sensor)`,
    read: (f) => {
      const v = valuesOfAny(f, TEMPERATURES);
      return v.length === 0 ? undefined : Math.max(...v);
    },
    promql: `max(${anyOf(TEMPERATURES)})`,
  },
  {
    id: 'hardware.fanSpeed',
    group: 'hardware',
    unit: 'rpm',
    rate: false,
    from: `${FANS.join(', ')} (mean of the fans)`,
    read: (f) => mean(valuesOfAny(f, FANS)),
    promql: `avg(${anyOf(FANS)})`,
  },
  // DCMI's power reading is the machine's draw; without DCMI, the power supplies' input sensors add up to it.
  {
    id: 'hardware.power',
    group: 'hardware',
    unit: 'watts',
    rate: false,
    from: 'ipmi_dcmi_power_consumption_watts, else the sum of ipmi_power_watts (ipmi_exporter)',
    read: (f) => {
      const dcmi = valuesOfAny(f, ['ipmi_dcmi_power_consumption_watts']);
      return dcmi.length > 0 ? Math.max(...dcmi) : sum(f, 'ipmi_power_watts');
    },
    promql: 'max(ipmi_dcmi_power_consumption_watts{$sel}) or sum(ipmi_power_watts{$sel})',
  },
  {
    id: 'hardware.sensorsAbnormal',
    group: 'hardware',
    unit: 'count',
    rate: false,
    from: `${SENSOR_STATES.join(', ')} > 0 (sensors in warning or critical)`,
    read: (f) => countWhere(f, SENSOR_STATES, (v) => v > 0),
    promql: `sum(${anyOf(SENSOR_STATES)} > bool 0)`,
  },
];
