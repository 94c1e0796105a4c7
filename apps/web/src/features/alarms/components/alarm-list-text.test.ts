import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { alarmItem } from '../test/alarm-list-fixtures';
import { alarmValueText, durationText, indicatorName, thresholdText, triggerText, type AlarmTexts } from './alarm-list-text';

const texts = (lng: 'en' | 'zh'): AlarmTexts => ({
  t: i18n.getFixedT(lng, 'alarm-list'),
  metrics: i18n.getFixedT(lng, 'resources'),
});

describe('an alarm as text', () => {
  // The console loads the user's language only: the Chinese texts too.
  beforeAll(() => i18n.loadLanguages('zh'));

  it('writes how long it lasted in English and Chinese', () => {
    const en = texts('en').t;
    const zh = texts('zh').t;
    expect(durationText(en, 42)).toBe('42 s');
    expect(durationText(en, 65)).toBe('1 min 5 s');
    expect(durationText(en, 2 * 3600 + 5 * 60 + 9)).toBe('2 h 5 min');
    expect(durationText(en, 3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
    expect(durationText(en, 86_400)).toBe('1 d');
    expect(durationText(zh, 65)).toBe('1 分 5 秒');
    expect(durationText(zh, 3 * 86_400 + 4 * 3600)).toBe('3 天 4 小时');
  });

  it("writes the threshold with the metric's unit, as the backtrack writes its values", () => {
    const en = texts('en');
    expect(thresholdText(en, alarmItem())).toBe('< 2');
    expect(thresholdText(en, alarmItem({ unit: 'percent', alarmCondition: '>=', threshold: '90' }))).toBe('>= 90%');
    expect(thresholdText(en, alarmItem({ unit: 'bytes', alarmCondition: '>', threshold: String(2 * 1024 ** 3) }))).toBe(
      '> 2.00 GB',
    );
    expect(thresholdText(en, alarmItem({ unit: 'celsius', alarmCondition: 'out', threshold: '10..20' }))).toBe(
      'outside 10 °C – 20 °C',
    );
    expect(thresholdText(en, alarmItem({ unit: 'load', alarmCondition: 'in', threshold: '0.5..1.256' }))).toBe(
      'between 0.5 and 1.26',
    );
    expect(thresholdText(texts('zh'), alarmItem({ unit: 'percent', alarmCondition: 'in', threshold: '5..80' }))).toBe(
      '在 5% 与 80% 之间',
    );
    expect(thresholdText(en, alarmItem({ kind: 'noData', alarmCondition: null, threshold: '' }))).toBe('-');
  });

  it('names the indicator and writes its values in the reader’s language', () => {
    const en = texts('en');
    const zh = texts('zh');
    expect(indicatorName(en, alarmItem())).toBe('InfiniBand ports active');
    expect(indicatorName(en, alarmItem({ metricId: 'cpu.count' }))).toBe('CPU cores');
    expect(indicatorName(zh, alarmItem({ metricId: 'memory.total' }))).toBe('内存总量');
    expect(indicatorName(en, alarmItem({ metricId: 'some.new' }))).toBe('some.new');
    expect(triggerText(en, alarmItem())).toBe('1');
    expect(triggerText(en, alarmItem({ unit: 'percent', metricValue: 93.456 }))).toBe('93.46%');
    expect(triggerText(en, alarmItem({ kind: 'noData', metricValue: null }))).toBe('No data');
    expect(triggerText(zh, alarmItem({ kind: 'noData', metricValue: null }))).toBe('无数据');
    expect(alarmValueText(en, alarmItem(), null)).toBe('-');
  });
});
