import { describe, expect, it } from 'vitest';
import { gresGpus, parseDuration, parseKeyValues, parseMemory, parseTime, parseTres, tresGpus } from './values.js';

describe('Slurm values', () => {
  it('reads durations in all of Slurm’s shapes', () => {
    expect(parseDuration('5:00')).toBe(300);
    expect(parseDuration('0:11')).toBe(11);
    expect(parseDuration('00:10:00')).toBe(600);
    expect(parseDuration('1-00:00:00')).toBe(86400);
    expect(parseDuration('2-03:04:05')).toBe(2 * 86400 + 3 * 3600 + 4 * 60 + 5);
    expect(parseDuration('1-02')).toBe(86400 + 7200);
    expect(parseDuration('00:00.054')).toBeCloseTo(0.054);
    expect(parseDuration('30')).toBe(1800);
    for (const none of ['UNLIMITED', 'NONE', 'N/A', 'Partition_Limit', 'INVALID', '', undefined])
      expect(parseDuration(none)).toBeNull();
  });

  it('reads epoch times and memory sizes', () => {
    expect(parseTime('1795320177')).toBe(1795320177000);
    for (const none of ['N/A', 'Unknown', 'None', '0', '']) expect(parseTime(none)).toBeNull();
    expect(parseMemory('1000M')).toBe(1000);
    expect(parseMemory('62.50G')).toBe(64000);
    expect(parseMemory('4776K')).toBe(5);
    expect(parseMemory('2000Mn')).toBe(2000);
    expect(parseMemory('16?')).toBeNull();
    expect(parseMemory('')).toBeNull();
  });

  it('counts GPUs in TRES and gres strings', () => {
    expect(tresGpus(parseTres('cpu=4,mem=8G,node=1,billing=4,gres/gpu=2,gres/gpu:a100=2'))).toBe(2);
    expect(tresGpus(parseTres('cpu=4,gres/gpu:a100=1,gres/gpu:v100=2'))).toBe(3);
    expect(tresGpus(parseTres('cpu=1,mem=1000M,node=1'))).toBe(0);
    expect(gresGpus('gpu:4')).toBe(4);
    expect(gresGpus('gpu:a100:2(S:0-1)')).toBe(2);
    expect(gresGpus('gpu:a100:1(IDX:0),gpu:v100:1(IDX:2)')).toBe(2);
    expect(gresGpus('gres:gpu:2')).toBe(2);
    expect(gresGpus('gres/gpu:3,gres/mps:100')).toBe(3);
    expect(gresGpus('(null)')).toBe(0);
    expect(gresGpus('N/A')).toBe(0);
  });

  it('splits scontrol records whose values hold spaces and equals signs', () => {
    const kv = parseKeyValues('NodeName=cn01 OS=Linux 6.1 #1 SMP  RealMemory=16000 CfgTRES=cpu=8,mem=16000M AllocTRES= Power=');
    expect(kv.get('OS')).toBe('Linux 6.1 #1 SMP');
    expect(kv.get('CfgTRES')).toBe('cpu=8,mem=16000M');
    expect(kv.get('AllocTRES')).toBe('');
    expect(kv.get('RealMemory')).toBe('16000');
  });
});
