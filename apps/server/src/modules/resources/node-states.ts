import type { NodeViewState } from '@portal/shared';
import type { ActiveJob, NodeInfo } from '../../cluster/scheduler/types.js';

const DOWN = new Set(['down', 'fail', 'failing', 'no_respond', 'not_responding', 'unknown+down']);
const OFFLINE = new Set([
  'drain',
  'drained',
  'draining',
  'drng',
  'maint',
  'reboot',
  'reboot_issued',
  'reboot_requested',
  'power_down',
  'powered_down',
  'powering_down',
  'powering_up',
  'future',
  'inval',
  'planned',
]);
const BUSY = new Set(['allocated', 'alloc', 'completing', 'comp']);

/**
 * The state view's state of a node (spec section 4: exclusive, free, busy, down, offline,
 * unknown, mix) from the scheduler's word: a node that does not answer is down, drained and
 * powered-down nodes are offline, a fully
 * allocated node is exclusive when a job holds it alone (--exclusive), busy otherwise.
 */
export const viewStateOf = (node: NodeInfo, jobs: readonly ActiveJob[]): NodeViewState => {
  const s = node.state;
  if (DOWN.has(s) || node.notResponding) return 'down';
  if (OFFLINE.has(s)) return 'offline';
  if (s === 'idle') return 'free';
  if (s === 'mixed' || s === 'mix') return 'mix';
  if (BUSY.has(s)) return jobs.some((j) => j.exclusive) ? 'exclusive' : 'busy';
  return 'unknown';
};
