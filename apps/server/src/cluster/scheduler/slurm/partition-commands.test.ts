import { describe, expect, it } from 'vitest';
import { createPartitionArgs, includeFile, partitionsInIncludeFile, updatePartitionArgs } from './partition-commands.js';
import type { PartitionSettings } from '../types.js';

const q: PartitionSettings = {
  name: 'proj_q',
  nodes: ['cn03', 'cn04'],
  maxTime: 5400,
  defaultTime: null,
  maxNodes: 1,
  maxCoresPerJob: 4,
  priority: 7,
  allowAccounts: ['research', 'other'],
  state: 'up',
};

describe('queue management on Slurm: commands and the include file', () => {
  it('writes one argv word per field, in minutes, with the maximum as the default time', () => {
    expect(createPartitionArgs('/usr/bin', q)).toEqual([
      '/usr/bin/scontrol',
      'create',
      'PartitionName=proj_q',
      'Nodes=cn[03-04]',
      'MaxTime=90',
      'DefaultTime=90',
      'MaxNodes=1',
      'PriorityJobFactor=7',
      'AllowAccounts=research,other',
      'State=UP',
    ]);
    const open = updatePartitionArgs('/usr/bin', { ...q, maxTime: null, maxNodes: null, allowAccounts: 'ALL', state: 'down' });
    expect(open).toEqual(
      expect.arrayContaining(['update', 'MaxTime=UNLIMITED', 'MaxNodes=UNLIMITED', 'AllowAccounts=ALL', 'State=DOWN']),
    );
  });

  it('keeps each partition on one line with its cores per job in a comment, and reads them back', () => {
    const text = includeFile([q, { ...q, name: 'other_q', maxCoresPerJob: null }]);
    expect(text).toContain(
      'PartitionName=proj_q Nodes=cn[03-04] MaxTime=90 DefaultTime=90 MaxNodes=1 PriorityJobFactor=7 AllowAccounts=research,other State=UP # portal: MaxCPUsPerJob=4\n',
    );
    expect(text.startsWith('#')).toBe(true);
    expect(partitionsInIncludeFile(text)).toEqual(
      new Map([
        ['proj_q', 4],
        ['other_q', null],
      ]),
    );
    expect(partitionsInIncludeFile(includeFile([]))).toEqual(new Map());
  });
});
