import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * An InfiniBand sysfs fixture for node_exporter (`--path.sysfs`): one Mellanox card with two
 * ports, port 1 ACTIVE and port 2 in the state given, as /sys/class/infiniband lays it out.
 */

/** /sys/class/infiniband as a Mellanox card with two ports lays it out (what node_exporter reads). */
export const writeIbTree = (root: string, port2State: string) => {
  const dev = join(root, 'class', 'infiniband', 'mlx5_0');
  for (const port of ['1', '2']) mkdirSync(join(dev, 'ports', port, 'counters'), { recursive: true });
  writeFileSync(join(dev, 'board_id'), 'MT_0000000010\n');
  writeFileSync(join(dev, 'fw_ver'), '16.35.2000\n');
  writeFileSync(join(dev, 'hca_type'), 'MT4119\n');
  const port = (n: string, state: string, phys: string) => {
    writeFileSync(join(dev, 'ports', n, 'state'), `${state}\n`);
    writeFileSync(join(dev, 'ports', n, 'phys_state'), `${phys}\n`);
    writeFileSync(join(dev, 'ports', n, 'rate'), '100 Gb/sec (4X EDR)\n');
    writeFileSync(join(dev, 'ports', n, 'counters', 'port_rcv_data'), '100\n');
    writeFileSync(join(dev, 'ports', n, 'counters', 'port_xmit_data'), '100\n');
  };
  port('1', '4: ACTIVE', '5: LinkUp');
  port('2', port2State, port2State.startsWith('4') ? '5: LinkUp' : '3: Disabled');
};
