import { describe, expect, it } from 'vitest';
import { EFFICIENCY_HINTS } from '@portal/shared';
import en from '../../../locales/en/reports.json';
import zh from '../../../locales/zh/reports.json';
import { formatRatio, hintText } from './efficiency-format';

/** i18next's lookup with the plural fallbacks the page relies on (en: _one/_other, zh: the plain key). */
const sentence = (bundle: unknown, key: string, values: Record<string, number>): string | undefined => {
  const at = (k: string): unknown =>
    k
      .split('.')
      .reduce<unknown>(
        (o, p) => (o && typeof o === 'object' ? Object.entries(o).find(([n]) => n === p)?.[1] : undefined),
        bundle,
      );
  const found = values.count === undefined ? at(key) : (at(`${key}_${values.count === 1 ? 'one' : 'other'}`) ?? at(key));
  return typeof found === 'string' ? found.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v])) : undefined;
};

describe('efficiency hints', () => {
  it('word every hint code for one’s own jobs and for others’, in English and Chinese', () => {
    for (const scope of ['mine', 'accounts', 'all'] as const)
      for (const code of EFFICIENCY_HINTS) {
        const { key, values } = hintText(scope, { code, value: 12 });
        expect(sentence(en, key, values), `${scope} ${code}`).toContain('12');
        expect(sentence(zh, key, values), `${scope} ${code}`).toContain('12');
      }
  });

  it('say the figures the way the issue asks', () => {
    const memory = hintText('mine', { code: 'memoryLow', value: 12 });
    expect(sentence(en, memory.key, memory.values)).toMatch(/^Your jobs used only 12% of the memory they asked for/);
    const cpu = hintText('mine', { code: 'cpuLow', value: 35 });
    expect(sentence(en, cpu.key, cpu.values)).toMatch(/^Your jobs kept only 35% of their cores busy/);
    const one = hintText('all', { code: 'notMeasured', value: 1 });
    expect(sentence(en, one.key, one.values)).toBe('1 job has no CPU time or memory figures from accounting.');
  });

  it('shows nothing measured as "-", never 0 %', () => {
    expect(formatRatio(null)).toBe('-');
    expect(formatRatio(0)).toBe('0%');
    expect(formatRatio(0.125)).toBe('13%');
    expect(formatRatio(0.0006)).toBe('<1%');
  });
});
