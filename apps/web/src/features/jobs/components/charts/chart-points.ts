import type { HeatMapNode } from '@portal/shared';
import type { ChartPoint } from '../../../../components/charts/options';

/** The API's {name, y} points as chart points, with names translated where the console knows them. */
export const toPoints = (list: { name: string; y: number }[], label: (name: string) => string = (n) => n): ChartPoint[] =>
  list.map((p) => ({ name: label(p.name), value: p.y }));

export type NodeState = HeatMapNode['state'];

export const NODE_STATES: readonly NodeState[] = ['free', 'mix', 'busy', 'exclusive', 'down', 'offline', 'unknown'];

/** Node-state colours of the heat map and the node chart, with a readable text colour on each. */
export const NODE_STATE_STYLE: Record<NodeState, { background: string; color: string }> = {
  free: { background: '#16a34a', color: '#fff' },
  mix: { background: '#f59e0b', color: '#1f2937' },
  busy: { background: '#dc2626', color: '#fff' },
  exclusive: { background: '#7c3aed', color: '#fff' },
  down: { background: '#1f2937', color: '#fff' },
  offline: { background: '#9ca3af', color: '#1f2937' },
  unknown: { background: '#e2e8f0', color: '#1f2937' },
};

export const isNodeState = (s: string): s is NodeState => (NODE_STATES as readonly string[]).includes(s);

/** How many nodes are in each state. */
export const countByState = (nodes: readonly Pick<HeatMapNode, 'state'>[]): Record<NodeState, number> => {
  const counts = Object.fromEntries(NODE_STATES.map((s) => [s, 0])) as Record<NodeState, number>;
  for (const n of nodes) counts[n.state] += 1;
  return counts;
};
