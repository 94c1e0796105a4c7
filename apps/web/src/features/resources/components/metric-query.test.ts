import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { expandResourceSelector } from '@portal/shared';
import en from '../../../locales/en/resources.json';
import zh from '../../../locales/zh/resources.json';
import { appendResource, rangeTooLong, readSelector, selectorErrorText, seriesVerdict, stepText } from './metric-query';

const translator = (lng: 'en' | 'zh'): TFunction<'resources'> => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    initAsync: false,
    ns: ['resources'],
    defaultNS: 'resources',
    resources: { en: { resources: en }, zh: { resources: zh } },
  });
  return i18n.getFixedT(lng, 'resources');
};
const tEn = translator('en');
const tZh = translator('zh');

describe('the resource selector', () => {
  it('names the resources of the batch syntax, and nothing when empty', () => {
    expect(readSelector('gv1,gv[1-3,11]')).toEqual({ names: ['gv1', 'gv2', 'gv3', 'gv11'] });
    expect(readSelector('  ')).toEqual({ error: 'no resource named' });
  });

  it('says why a selector is malformed in both languages, with the part at fault', () => {
    const cases: [string, string, string][] = [
      ['gv[1-3', 'Unbalanced brackets', '方括号不匹配'],
      ['gv 1', 'Not a resource name: gv 1', '不是有效的资源名称：gv 1'],
      ['gv[a-b]', 'Not a range: a-b in gv[a-b]', '不是有效的范围：gv[a-b] 中的 a-b'],
      ['gv[5-2]', 'The range 5-2 runs backwards in gv[5-2]', 'gv[5-2] 中的范围 5-2 起止颠倒'],
      ['g[1]v[2]', 'Not a range: g[1]v[2]', '不是有效的范围：g[1]v[2]'],
      ['gv[1-200000]', 'Too many names in gv[1-200000]', 'gv[1-200000] 包含的名称过多'],
      [',', 'Name at least one resource', '请至少指定一个资源'],
    ];
    for (const [selector, english, chinese] of cases) {
      const r = readSelector(selector);
      expect('error' in r, selector).toBe(true);
      if (!('error' in r)) continue;
      expect(selectorErrorText(tEn, r.error)).toBe(english);
      expect(selectorErrorText(tZh, r.error)).toBe(chinese);
    }
  });

  it('shows an error it does not know as it came', () => {
    expect(selectorErrorText(tEn, 'something new')).toBe('something new');
  });

  it('appends a resource once, keeping what is typed', () => {
    expect(appendResource('', 'here1')).toBe('here1');
    expect(appendResource('gv[1-2]', 'here1')).toBe('gv[1-2],here1');
    expect(appendResource('gv[1-2], ', 'gv3')).toBe('gv[1-2],gv3');
    expect(appendResource('gv[1-2]', 'gv2')).toBe('gv[1-2]');
    // A malformed selector still gets the name: the user fixes the rest.
    expect(appendResource('gv[1-', 'here1')).toBe('gv[1-,here1');
    expect(expandResourceSelector(appendResource('a,', 'b'))).toEqual({ names: ['a', 'b'] });
  });
});

describe('the query limits', () => {
  it('warns above 40 series and refuses above 400', () => {
    expect([1, 40, 41, 400, 401].map(seriesVerdict)).toEqual(['ok', 'ok', 'slow', 'slow', 'tooMany']);
  });

  it('refuses a range longer than 366 days, counting both ends', () => {
    expect(rangeTooLong('2024-01-01', '2024-12-31')).toBeNull();
    expect(rangeTooLong('2024-01-01', '2025-01-01')).toBe(367);
    expect(rangeTooLong('2025-03-01', '2025-03-01')).toBeNull();
  });

  it('words the step in both languages', () => {
    expect([15, 1, 120, 300, 3600, 7200, 86400].map((s) => stepText(tEn, s))).toEqual([
      '15 seconds',
      '1 second',
      '2 minutes',
      '5 minutes',
      '1 hour',
      '2 hours',
      '1 day',
    ]);
    expect(stepText(tZh, 300)).toBe('5 分钟');
  });
});
