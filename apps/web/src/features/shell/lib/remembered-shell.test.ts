import { describe, expect, it } from 'vitest';
import type { ShellSessionInfo } from '@portal/shared';
import { forgetShell, recallShell, rememberShell } from './remembered-shell';

const memoryStorage = (): Storage => {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
};

const info: ShellSessionInfo = { sessionId: 's1', clusterId: 'c1', clusterName: 'C1', userName: 'alice', graceSeconds: 60 };

describe('remembered shell', () => {
  it('gives the shell back to a reload of the same page', () => {
    const store = memoryStorage();
    rememberShell(info, { cwd: '/home/alice' }, store);
    expect(recallShell({ cwd: '/home/alice' }, store)).toEqual(info);
  });

  it('does not hand it to a page asking for another folder or cluster', () => {
    const store = memoryStorage();
    rememberShell(info, {}, store);
    expect(recallShell({ cwd: '/tmp' }, store)).toBeNull();
    expect(recallShell({ clusterId: 'c2' }, store)).toBeNull();
    expect(recallShell({}, store)).toEqual(info);
  });

  it('forgets it, and ignores what it cannot read', () => {
    const store = memoryStorage();
    rememberShell(info, {}, store);
    forgetShell(store);
    expect(recallShell({}, store)).toBeNull();
    store.setItem('portal.eshell.session', '{not json');
    expect(recallShell({}, store)).toBeNull();
    store.setItem('portal.eshell.session', JSON.stringify({ info: { sessionId: 5 } }));
    expect(recallShell({}, store)).toBeNull();
  });
});
