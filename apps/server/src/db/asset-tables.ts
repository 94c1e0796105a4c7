import type { Generated, Selectable } from 'kysely';
import type { AssetType } from '@portal/shared';

/* The asset inventory (migration 0017); db/types.ts assembles it. Times are epoch milliseconds. */

export interface AssetsTable {
  id: Generated<number>;
  name: string;
  type: AssetType;
  /** '' when the asset belongs to no cluster. */
  cluster_id: string;
  model: string | null;
  location: string | null;
  serial_number: string | null;
  manage_ip: string | null;
  compute_ip: string | null;
  ipmi_ip: string | null;
  ipmi_port: number | null;
  ipmi_user: string | null;
  ipmi_password_sealed: string | null;
  room: string | null;
  rack: string | null;
  position: number | null;
  height: number | null;
  parent_id: number | null;
  source: 'scheduler' | 'manual';
  /** 1 while the scheduler lists an imported node (always 0 for manual assets). */
  in_scheduler: number;
  created_at: number;
  updated_at: number;
}

export type AssetRow = Selectable<AssetsTable>;
