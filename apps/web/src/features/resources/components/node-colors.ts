import type { NodeViewState, PowerState } from '@portal/shared';

/** The state view's colours (spec section 4: a colour per state), antd tag colours. */
export const NODE_STATE_COLORS: Record<NodeViewState, string> = {
  free: 'green',
  mix: 'cyan',
  busy: 'blue',
  exclusive: 'purple',
  offline: 'default',
  down: 'red',
  unknown: 'orange',
};

/** The same states as solid fills for the tiles' left border. */
export const NODE_STATE_FILLS: Record<NodeViewState, string> = {
  free: '#52c41a',
  mix: '#13c2c2',
  busy: '#1677ff',
  exclusive: '#722ed1',
  offline: '#8c8c8c',
  down: '#f5222d',
  unknown: '#fa8c16',
};

export const POWER_COLORS: Record<PowerState, string> = {
  on: 'green',
  off: 'default',
  starting: 'processing',
  stopping: 'warning',
  unknown: 'orange',
};
