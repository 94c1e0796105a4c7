import { describe, expect, it } from 'vitest';
import { parseExposition } from './exposition.js';

describe('exposition parsing', () => {
  it('keeps the families asked for, whatever the HELP lines say (an empty one included)', () => {
    const text = [
      '# HELP ifHCInOctets ',
      '# TYPE ifHCInOctets counter',
      'ifHCInOctets{ifIndex="1",ifName="lo"} 2.3112148e+07',
      'ifHCInOctets{ifIndex="2",ifName="eth0"} 5',
      '# HELP node_load1 1m load average.',
      '# TYPE node_load1 gauge',
      'node_load1 0.5',
      '# TYPE node_load5 gauge',
      'node_load5 NaN',
      '# TYPE ifOperStatus gauge',
      'ifOperStatus{ifIndex="1"} 1',
      'ifOperStatus{ifIndex="2"} 2',
    ].join('\n');
    const f = parseExposition(text, new Set(['ifHCInOctets', 'node_load5', 'ifOperStatus']));
    expect([...f.keys()]).toEqual(['ifHCInOctets', 'node_load5', 'ifOperStatus']);
    // The last line counts, without a newline after it.
    expect(f.get('ifOperStatus')?.map((s) => s.value)).toEqual([1, 2]);
    expect(f.get('ifHCInOctets')).toEqual([
      { labels: { ifIndex: '1', ifName: 'lo' }, value: 23112148 },
      { labels: { ifIndex: '2', ifName: 'eth0' }, value: 5 },
    ]);
    // Not a finite number: no sample.
    expect(f.get('node_load5')).toEqual([]);
  });
});
