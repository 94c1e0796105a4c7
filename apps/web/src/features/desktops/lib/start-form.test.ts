import { describe, expect, it } from 'vitest';
import { DESKTOP_CORES, DESKTOP_HOURS } from '@portal/shared';
import { account, queue } from '../test/fixtures';
import {
  accountChoice,
  defaultAccount,
  hoursText,
  maxCores,
  maxHours,
  START_DEFAULTS,
  startQueue,
  toStartBody,
  usableQueues,
  type StartValues,
} from './start-form';

const values = (extra: Partial<StartValues> = {}): StartValues => ({
  ...START_DEFAULTS,
  resolution: '1280x800',
  queue: 'compute',
  account: 'proj',
  ...extra,
});

describe('the start form', () => {
  it('starts on the login node with one core for one hour', () => {
    expect(START_DEFAULTS).toEqual({ sessionType: 'login', cores: DESKTOP_CORES.default, hours: DESKTOP_HOURS.default });
  });

  it('sends a login desktop without the job fields, and a job desktop with them', () => {
    expect(toStartBody(values({ name: '  Lab  ' }), { chooseAccount: true })).toEqual({
      name: 'Lab',
      resolution: '1280x800',
      sessionType: 'login',
    });
    expect(toStartBody(values({ sessionType: 'job', cores: 4, hours: 2.5 }), { chooseAccount: true, appId: 'FLUENT' })).toEqual({
      resolution: '1280x800',
      sessionType: 'job',
      appId: 'FLUENT',
      queue: 'compute',
      cores: 4,
      hours: 2.5,
      account: 'proj',
    });
  });

  it('leaves the account to the server when the user had no choice, and a blank name or queue to its defaults', () => {
    const body = toStartBody(values({ sessionType: 'job', name: ' ', queue: '' }), { chooseAccount: false });
    expect(body?.account).toBeUndefined();
    expect(body?.name).toBeUndefined();
    expect(body?.queue).toBeUndefined();
  });

  it('offers an account only when there are several, the default one first', () => {
    const mine = [account('proj', { isDefault: true }), account('other')];
    expect(accountChoice(mine)).toBe(true);
    expect(accountChoice(mine.slice(0, 1))).toBe(false);
    expect(defaultAccount(mine)).toBe('proj');
    expect(defaultAccount([account('other')])).toBeUndefined();
  });

  it("offers the queues the account may use, starting in the cluster's default", () => {
    const queues = [
      queue('debug', { state: 'down' }),
      queue('compute', { isDefault: true }),
      queue('gpu', { allowAccounts: ['other'] }),
    ];
    expect(usableQueues(queues, 'proj').map((q) => q.name)).toEqual(['debug', 'compute']);
    expect(usableQueues(queues, 'other').map((q) => q.name)).toEqual(['debug', 'compute', 'gpu']);
    expect(usableQueues(queues, undefined).map((q) => q.name)).toEqual(['debug', 'compute']);
    expect(startQueue(queues)?.name).toBe('compute');
    expect(startQueue([queue('debug', { state: 'down' }), queue('short')])?.name).toBe('short');
    expect(startQueue([])).toBeUndefined();
  });

  it("bounds cores and hours by the queue's limits", () => {
    expect(maxCores(undefined)).toBe(DESKTOP_CORES.max);
    expect(maxCores(queue('q', { maxCoresPerJob: 16, totalCores: 64 }))).toBe(16);
    expect(maxCores(queue('q', { maxCoresPerJob: null, totalCores: 8 }))).toBe(8);
    expect(maxCores(queue('q', { maxCoresPerJob: null, totalCores: 0 }))).toBe(DESKTOP_CORES.max);
    expect(maxHours(queue('q', { maxTime: 5400 }))).toBe(1.5);
    expect(maxHours(queue('q', { maxTime: null }))).toBeNull();
    expect(maxHours(queue('q', { maxTime: 3600 * 24 * 365 }))).toBe(DESKTOP_HOURS.max);
    expect(hoursText(1.5)).toBe('1.5');
    expect(hoursText(1 / 3)).toBe('0.33');
  });
});
