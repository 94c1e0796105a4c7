import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BusyError, CommandLimiter, type LimiterOptions } from './command-limiter.js';

/* The bounds on commands and channels: per account, in all, a bounded line, and "busy" past it. */

const limiter = (o: Partial<LimiterOptions> = {}) =>
  new CommandLimiter({ maxPerUser: 2, maxTotal: 3, maxWaitingPerUser: 2, maxWaiting: 4, waitMs: 60_000, ...o });

/** A command that runs until `finish` is called. */
const gate = () => {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((r) => (finish = r));
  return { done, finish: () => finish() };
};

type State = 'pending' | 'ok' | 'busy';

/** Follows a call's outcome without awaiting it. */
const watch = (p: Promise<unknown>) => {
  const w: { state: State } = { state: 'pending' };
  p.then(
    () => (w.state = 'ok'),
    (e: unknown) => {
      if (e instanceof BusyError) w.state = 'busy';
    },
  );
  return w;
};
const tick = () => new Promise((r) => setImmediate(r));

describe('command limiter', () => {
  it('runs at most maxPerUser of one account, the rest in line and then busy', async () => {
    const l = limiter();
    const g = gate();
    const calls = Array.from({ length: 5 }, () => l.run('alice', () => g.done));
    expect(l.runningNow('alice')).toBe(2);
    const states = calls.map(watch);
    await tick();
    // Two run, two wait, the fifth finds the account's line full.
    expect(states.map((s) => s.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'busy']);
    expect(l.refused).toBe(1);
    g.finish();
    await Promise.all(calls.slice(0, 4));
    expect(states.map((s) => s.state)).toEqual(['ok', 'ok', 'ok', 'ok', 'busy']);
    expect(l.runningNow()).toBe(0);
    expect(l.peak).toBe(2);
  });

  it('lets another account in while one waits, up to the overall bound', async () => {
    const l = limiter();
    const g = gate();
    const alice = Array.from({ length: 4 }, () => l.run('alice', () => g.done));
    const bob = l.run('bob', () => Promise.resolve('bob done'));
    // Bob does not queue behind Alice's waiters: her account is full, his is not.
    expect(await bob).toBe('bob done');
    const carol = [l.run('carol', () => g.done), l.run('carol', () => g.done)];
    expect(l.runningNow()).toBe(3);
    expect(l.runningNow('carol')).toBe(1);
    g.finish();
    await Promise.all([...alice, ...carol]);
    expect(l.peak).toBe(3);
    expect(l.runningNow()).toBe(0);
  });

  it('answers busy when the overall line is full or the wait is too long', async () => {
    const l = limiter({ maxWaiting: 1, waitMs: 50 });
    const g = gate();
    const running = [l.run('a', () => g.done), l.run('b', () => g.done), l.run('c', () => g.done)];
    const waiting = l.run('d', () => Promise.resolve());
    await expect(l.run('e', () => Promise.resolve())).rejects.toMatchObject({ reason: 'busy', status: 503 });
    await expect(waiting).rejects.toBeInstanceOf(BusyError);
    g.finish();
    await Promise.all(running);
    // The one that timed out left the line: nothing runs or waits.
    expect(l.runningNow()).toBe(0);
    await expect(l.run('d', () => Promise.resolve(1))).resolves.toBe(1);
  });

  it('keeps a place for a stream until it closes, and gives it back when opening fails', async () => {
    const l = limiter({ maxPerUser: 2 });
    const s = await l.hold('alice', () => Promise.resolve(new PassThrough()));
    expect(l.runningNow('alice')).toBe(1);
    await expect(l.hold('alice', () => Promise.reject(new Error('ENOENT')))).rejects.toThrow('ENOENT');
    expect(l.runningNow('alice')).toBe(1);
    s.destroy();
    await new Promise((r) => s.once('close', r));
    expect(l.runningNow('alice')).toBe(0);
  });
});
