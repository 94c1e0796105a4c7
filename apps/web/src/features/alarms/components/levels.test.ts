import { describe, expect, it } from 'vitest';
import { ALARM_SEVERITIES, CONDITION_OPS } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { conditionText, formatThreshold, levelText, metricName, OP_KEYS, SEVERITY_COLORS, unitSuffix } from './levels';

describe('alarm levels as text', () => {
  it('writes a condition with the metric unit, in English and Chinese', async () => {
    await i18n.changeLanguage('en');
    const en = i18n.getFixedT('en', 'alarms');
    expect(levelText(en, { severity: 'critical', op: '>', value: 90 }, 'percent')).toBe('Critical > 90%');
    expect(levelText(en, { severity: 'warning', op: '<=', value: 1.256 }, 'load')).toBe('Warning <= 1.26');
    expect(levelText(en, { severity: 'major', op: 'in', low: 10, high: 20 }, 'celsius')).toBe('Major between 10 °C and 20 °C');
    expect(conditionText(en, { op: 'out', low: 0, high: 1024 ** 3 }, 'bytes')).toBe('outside 0 B – 1.00 GB');
    expect(conditionText(en, { op: '==', value: 0 }, 'count')).toBe('== 0');
    expect(conditionText(en, { op: '!=', value: 2 * 1024 ** 2 }, 'bytesPerSecond')).toBe('!= 2.00 MB/s');
    expect(metricName(en, 'cpu.usage')).toBe('CPU usage');
    expect(metricName(en, 'some.new')).toBe('some.new');
    expect(unitSuffix(en, 'percent')).toBe('%');
    expect(unitSuffix(en, 'count')).toBeUndefined();
    await i18n.changeLanguage('zh');
    const zh = i18n.getFixedT('zh', 'alarms');
    expect(levelText(zh, { severity: 'critical', op: '>=', value: 95 }, 'percent')).toBe('紧急 >= 95%');
    expect(levelText(zh, { severity: 'minor', op: 'out', low: 5, high: 80 }, 'celsius')).toBe('次要 在 5 °C – 80 °C 之外');
    await i18n.changeLanguage('en');
  });

  it('keeps at most two decimals and writes plain numbers for loads and counts', () => {
    const en = i18n.getFixedT('en', 'alarms');
    expect(formatThreshold(en, 'watts', 350)).toBe('350 W');
    expect(formatThreshold(en, 'rpm', 1200.5)).toBe('1200.5 RPM');
    expect(formatThreshold(en, 'perSecond', 0.333)).toBe('0.33/s');
    expect(formatThreshold(en, 'count', -1)).toBe('-1');
    expect(formatThreshold(en, 'bytes', 512)).toBe('512 B');
  });

  it('has a colour for every level and a text for every condition', () => {
    const en = i18n.getFixedT('en', 'alarms');
    for (const s of ALARM_SEVERITIES) expect(SEVERITY_COLORS[s]).toBeTruthy();
    expect(new Set(ALARM_SEVERITIES.map((s) => SEVERITY_COLORS[s])).size).toBe(ALARM_SEVERITIES.length);
    for (const op of CONDITION_OPS) expect(en(`op.${OP_KEYS[op]}`)).not.toBe(`op.${OP_KEYS[op]}`);
  });
});
