import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { metricCheckName, metricExceptionText } from './metric-exception-text';

describe('metric exception texts', () => {
  it('says the value and the limit in English and Chinese', async () => {
    const cases = [
      { check: 'memoryUsage' as const, value: 97.456, threshold: 95 },
      { check: 'loadPerCore' as const, value: 2.5, threshold: 2 },
      { check: 'infinibandDown' as const, value: 2, threshold: 1 },
      { check: 'infinibandDown' as const, value: 1, threshold: 1 },
    ];
    await i18n.changeLanguage('en');
    const en = i18n.getFixedT('en', 'resources');
    expect(cases.map((e) => metricExceptionText(en, e))).toEqual([
      'Memory usage 97.46% (limit 95%)',
      'Load 2.5 per core (limit 2)',
      '2 InfiniBand ports not active',
      '1 InfiniBand port not active',
    ]);
    expect(metricCheckName(en, 'rootUsage')).toBe('root file system nearly full');
    // Chinese texts load when the language is chosen.
    await i18n.changeLanguage('zh');
    const zh = i18n.getFixedT('zh', 'resources');
    expect(metricExceptionText(zh, { check: 'temperature', value: 91, threshold: 85 })).toBe('温度 91 °C（上限 85 °C）');
    expect(metricCheckName(zh, 'infinibandDown')).toBe('InfiniBand 端口未激活');
    await i18n.changeLanguage('en');
  });
});
