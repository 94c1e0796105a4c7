import type { SchedulerAdapter } from './types.js';

/** Counts calls per adapter method: the benchmark shows the scheduler's load stays flat with users. */
export interface CountedAdapter extends SchedulerAdapter {
  readonly calls: Record<string, number>;
}

export const counted = (adapter: SchedulerAdapter): CountedAdapter => {
  const calls: Record<string, number> = {};
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      if (prop === 'calls') return calls;
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        calls[prop] = (calls[prop] ?? 0) + 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as CountedAdapter;
};
