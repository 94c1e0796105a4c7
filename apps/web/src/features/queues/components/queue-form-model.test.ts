import { describe, expect, it } from 'vitest';
import type { QueueItem } from '@portal/shared';
import { bodyOf, valuesOf } from './queue-form-model';

const item: QueueItem = {
  name: 'proj_q',
  state: 'up',
  isDefault: false,
  maxTime: 90000,
  defaultTime: 600,
  maxNodesPerJob: null,
  maxCoresPerJob: 4,
  priority: 3,
  nodes: 'cn[03-04]',
  nodeList: ['cn03', 'cn04'],
  totalCores: 16,
  totalGpus: 0,
  allowAccounts: ['proj_a'],
  managed: true,
  activeJobs: 0,
  usable: true,
};

describe('the queue form', () => {
  it('shows a queue in the form’s words and sends it back unchanged', () => {
    const v = valuesOf(item);
    expect(v).toMatchObject({ maxTime: '1-01:00:00', defaultTime: '00:10:00', allAccounts: false, allowAccounts: ['proj_a'] });
    expect(bodyOf(v)).toEqual({
      maxTime: '1-01:00:00',
      defaultTime: '00:10:00',
      maxNodesPerJob: null,
      maxCoresPerJob: 4,
      priority: 3,
      nodes: ['cn03', 'cn04'],
      allowAccounts: ['proj_a'],
      state: 'up',
    });
  });

  it('sends ALL when the queue is open to every account, whatever was chosen before', () => {
    expect(bodyOf({ ...valuesOf(item), allAccounts: true }).allowAccounts).toBe('ALL');
    expect(valuesOf({ ...item, allowAccounts: 'ALL', maxTime: 'UNLIMITED' })).toMatchObject({
      allAccounts: true,
      maxTime: 'UNLIMITED',
    });
  });
});
