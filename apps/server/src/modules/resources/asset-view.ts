import type { Asset } from '@portal/shared';
import { iso } from '../../lib/time.js';
import type { AssetWithParent } from './assets.repository.js';
import type { AvailabilityCodes } from './availability.js';

/** An asset row as the API answers it: the BMC password only as "set or not", with its addresses' availability. */
export const assetView = (r: AssetWithParent, availability: AvailabilityCodes): Asset => ({
  id: Number(r.id),
  name: r.name,
  type: r.type,
  clusterId: r.cluster_id === '' ? null : r.cluster_id,
  model: r.model,
  location: r.location,
  serialNumber: r.serial_number,
  manageIp: r.manage_ip,
  computeIp: r.compute_ip,
  ipmiIp: r.ipmi_ip,
  ipmiPort: r.ipmi_port,
  ipmiUser: r.ipmi_user,
  ipmiPasswordSet: r.ipmi_password_sealed !== null,
  room: r.room,
  rack: r.rack,
  position: r.position,
  height: r.height,
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  parentName: r.parent_name,
  source: r.source,
  inScheduler: r.in_scheduler === 1,
  ...availability,
  updatedAt: iso(Number(r.updated_at)),
});
