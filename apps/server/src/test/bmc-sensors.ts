import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Sensors for a simulated BMC (ipmi_sim): their SDRs compiled by OpenIPMI's sdrcomp into the
 * state folder ipmi_sim reads them from, each sensor's reading polled from a file a test writes
 * (the byte the BMC answers; the SDR's factor m turns it into units), thresholds on the
 * temperature so a hot reading is critical.
 */

export interface BmcSensor {
  number: number;
  name: string;
  /** sdrcomp's sensor type, and its IPMI code for sensor_add. */
  type: 'Temperature' | 'Fan' | 'Power_Supply';
  typeCode: number;
  unit: 'degrees_C' | 'RPM' | 'Watts';
  /** Units per step of the reading byte. */
  m: number;
  initial: number;
  /** Upper non-critical, critical and non-recoverable, in units. */
  upper?: [number, number, number];
}

/** A blade chassis: its inlet temperature, a fan and a power supply's input. */
export const CHASSIS_SENSORS: readonly BmcSensor[] = [
  {
    number: 1,
    name: 'Inlet Temp',
    type: 'Temperature',
    typeCode: 0x01,
    unit: 'degrees_C',
    m: 1,
    initial: 42,
    upper: [75, 85, 95],
  },
  { number: 2, name: 'Fan 1', type: 'Fan', typeCode: 0x04, unit: 'RPM', m: 50, initial: 5000 },
  { number: 3, name: 'PSU1 Input', type: 'Power_Supply', typeCode: 0x08, unit: 'Watts', m: 10, initial: 350 },
];

const sdr = (s: BmcSensor) => `sdr type 1
  sensor_owner_id 0x20
  sensor_owner_lun 0
  channel_number 0
  sensor_number ${s.number}
  entity_id system_board
  entity_instance 1
  sensor_type ${s.type}
  init_scanning true
  init_sensor_type true
  default_sensor_scan_on true
  event_reading_type_code 1
  analog_data_format unsigned
  rate_unit none
  modifier_unit none
  percentage false
  base_unit ${s.unit}
  modifier_unit_code unspecified
  linearization linear
  m ${s.m}
  tolerance 0
  b 0
  accuracy 1
  accuracy_exp 0
  sensor_direction input
  r_exp 0
  b_exp 0
  sensor_maximum 255
  sensor_minimum 0
  id_string "${s.name}"
endsdr
`;

const BMC_SDR = `sdr type 18
  device_slave_address 0x20
  device_channel_number 0
  chassis true
  ipmb_event_gen false
  ipmb_event_recv false
  fru_inventory false
  sel true
  sdr true
  sensor true
  entity_id system_board
  entity_instance 1
  id_string "Chassis BMC"
endsdr
`;

const hex = (n: number) => `0x${n.toString(16)}`;
const raw = (s: BmcSensor, value: number) => String(Math.round(value / s.m));

/**
 * Writes the compiled SDRs where ipmi_sim (name "test", state folder `dir`) reads them, and the
 * files the readings are polled from; answers ipmi_sim's commands for the sensors and a setter.
 */
export const installSensors = (dir: string, sensors: readonly BmcSensor[]) => {
  const set = (name: string, value: number) => {
    const s = sensors.find((x) => x.name === name);
    if (!s) throw new Error(`no sensor ${name}`);
    writeFileSync(fileOf(s), raw(s, value));
  };
  const fileOf = (s: BmcSensor) => join(dir, `sensor-${s.number}`);
  if (sensors.length === 0) return { commands: [], set };
  const source = join(dir, 'sensors.sdrs');
  writeFileSync(source, [BMC_SDR, ...sensors.map(sdr)].join('\n'));
  const sdrFolder = join(dir, 'ipmi_sim', 'test');
  mkdirSync(sdrFolder, { recursive: true });
  execFileSync('sdrcomp', ['-o', join(sdrFolder, 'sdr.20.main'), source]);
  const commands = sensors.flatMap((s) => {
    writeFileSync(fileOf(s), raw(s, s.initial));
    return [
      `sensor_add 0x20 0 ${s.number} ${hex(s.typeCode)} 0x01 poll 200 file "${fileOf(s)}"`,
      ...(s.upper
        ? [
            `sensor_set_threshold 0x20 0 ${s.number} settable 111000 ${s.upper
              .map((u) => raw(s, u))
              .reverse()
              .join(' ')} 0 0 0`,
          ]
        : []),
    ];
  });
  return { commands, set };
};
