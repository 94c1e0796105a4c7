import { describe, expect, it } from 'vitest';
import { alarmExportBody, exportFilters } from './alarm-export-model';

describe('alarm export', () => {
  const criteria = {
    severity: 'major,critical',
    keyword: 'n1',
    startTime: '2026-06-01T00:00:00.000Z',
    endTime: '2026-06-02T00:00:00.000Z',
  };

  it('exports the history with the filters on screen, its range included, without the page', () => {
    expect(alarmExportBody('history', criteria, 'zh')).toEqual({ ...criteria, list: 'history', lang: 'zh' });
  });

  it('exports the real-time alarms without a raise range, as the list reads them', () => {
    expect(alarmExportBody('active', criteria, 'en')).toEqual({
      severity: 'major,critical',
      keyword: 'n1',
      list: 'active',
      lang: 'en',
    });
    expect(alarmExportBody('active', {}, 'en')).toEqual({ list: 'active', lang: 'en' });
  });

  it('names the filters a task was made with, in order, leaving out those not given', () => {
    expect(
      exportFilters({
        list: 'all',
        clusterId: null,
        severity: 'critical',
        resourceType: null,
        metric: 'cpu.usage',
        confirm: 'unconfirmed',
        keyword: null,
        startTime: null,
        endTime: null,
        lang: 'en',
      }),
    ).toEqual([
      { key: 'severity', value: 'critical' },
      { key: 'metric', value: 'cpu.usage' },
      { key: 'confirm', value: 'unconfirmed' },
    ]);
  });
});
