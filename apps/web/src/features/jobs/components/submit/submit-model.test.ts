import { describe, expect, it } from 'vitest';
import type { JobTemplate, Queue } from '@portal/shared';
import { checkCores, checkTimeLimit, placeholderValues, queuesFor, startQueue, templateDefaults } from './submit-model';

const queue = (name: string, extra: Partial<Queue> = {}): Queue => ({
  name,
  isDefault: false,
  state: 'up',
  maxTime: 7200,
  defaultTime: 1800,
  maxNodes: null,
  maxCoresPerJob: null,
  allowAccounts: 'ALL',
  totalNodes: 2,
  totalCores: 8,
  totalGpus: 0,
  ...extra,
});

const template: JobTemplate = {
  id: 'VASP',
  name: { en: 'VASP', zh: 'VASP' },
  description: { en: '', zh: '' },
  defaults: { cores: 4 },
  fields: [{ name: 'program', label: { en: 'Program', zh: '程序' }, type: 'text', default: 'vasp_std', required: true }],
  script: 'mpirun -np {{cores}} {{program}}',
};

describe('the submission form', () => {
  it('checks the time limit against hh:mm:ss and the queue maximum', () => {
    expect(checkTimeLimit('', 7200)).toBe('timeLimit.required');
    expect(checkTimeLimit('1:5:00', 7200)).toBe('timeLimit.format');
    expect(checkTimeLimit('00:61:00', 7200)).toBe('timeLimit.format');
    expect(checkTimeLimit('00:00:00', 7200)).toBe('timeLimit.zero');
    expect(checkTimeLimit('02:00:01', 7200)).toBe('timeLimit.exceeds');
    expect(checkTimeLimit('02:00:00', 7200)).toBeNull();
    expect(checkTimeLimit('100:00:00', null)).toBeNull();
  });

  it('refuses fewer cores than nodes (4 nodes with 1 core)', () => {
    expect(checkCores(4, 1)).toEqual({ nodes: 4 });
    expect(checkCores(4, 3)).toEqual({ nodes: 4 });
    expect(checkCores(4, 4)).toBeNull();
    expect(checkCores(1, 8)).toBeNull();
    // An empty field has its own "required" message.
    expect(checkCores(undefined, 1)).toBeNull();
    expect(checkCores(2, null)).toBeNull();
  });

  it('starts from the default queue and its default time', () => {
    const queues = [queue('debug'), queue('batch', { isDefault: true })];
    expect(startQueue(template, queues)?.name).toBe('batch');
    const d = templateDefaults(template, queues);
    expect(d).toMatchObject({
      queue: 'batch',
      cores: 4,
      nodes: 1,
      gpus: 0,
      timeLimit: '00:30:00',
      fields: { program: 'vasp_std' },
    });
    expect(d.name).toMatch(/^vasp_\d{8}_\d{6}$/);
  });

  it('lets template fields fill placeholders next to the form values', () => {
    expect(placeholderValues({ cores: 8, fields: { program: 'x' } })).toEqual({ cores: 8, program: 'x' });
  });
});

describe('queuesFor', () => {
  const open = queue('open');
  const mine = queue('mine', { allowAccounts: ['proj_a'] });
  it('offers a queue limited to some accounts only to them; a user without accounts only the open ones', () => {
    expect(queuesFor([open, mine], true, 'proj_a').map((q) => q.name)).toEqual(['open', 'mine']);
    expect(queuesFor([open, mine], true, 'proj_b').map((q) => q.name)).toEqual(['open']);
    expect(queuesFor([open, mine], false, undefined).map((q) => q.name)).toEqual(['open']);
  });
});
