import { describe, expect, it } from 'vitest';
import type { DesktopSession } from '@portal/shared';
import { anyStarting, canConnect, canDelete, canShare, desktopCheck, displayNumber } from './desktop-rows';

const desktop = (extra: Partial<DesktopSession> = {}): DesktopSession => ({
  sessionId: 'abcdefgh1',
  sessionName: 'Desktop 1',
  sessionNumber: 3,
  owner: 'alice',
  sessionType: 'login',
  jobId: null,
  queue: null,
  timeLimitSeconds: null,
  resolution: '1280x800',
  nodes: 'login1',
  createdTime: '2026-03-01T08:00:00.000Z',
  sharer: null,
  shareUsers: [],
  appName: null,
  viewMode: 'interaction',
  state: 'running',
  endReason: null,
  endedTime: null,
  clusterId: 'local',
  clusterName: 'Local',
  connected: [],
  ...extra,
});

describe('desktop rows', () => {
  it('poll only while a desktop is starting', () => {
    expect(anyStarting(undefined)).toBe(false);
    expect(anyStarting([desktop(), desktop({ state: 'ended' })])).toBe(false);
    expect(anyStarting([desktop(), desktop({ state: 'starting' })])).toBe(true);
  });

  it('connect to running desktops only; share and delete only their own', () => {
    const shared = desktop({ sharer: 'bob', owner: 'bob', viewMode: 'observation' });
    expect(canConnect(desktop())).toBe(true);
    expect(canConnect(desktop({ state: 'starting' }))).toBe(false);
    expect(canConnect(shared)).toBe(true);
    expect(canShare(desktop())).toBe(true);
    expect(canShare(desktop({ state: 'starting' }))).toBe(false);
    expect(canShare(shared)).toBe(false);
    expect(canDelete(desktop({ state: 'starting' }))).toBe(true);
    expect(canDelete(desktop({ state: 'ended', endReason: 'exited' }))).toBe(false);
    expect(canDelete(shared)).toBe(false);
  });

  it('write the display as :N', () => {
    expect(displayNumber(3)).toBe(':3');
    expect(displayNumber(null)).toBe('-');
  });

  it('tell the viewer whether a desktop ended or its share was revoked', () => {
    expect(desktopCheck([desktop()], 'abcdefgh1', false)).toBe('running');
    expect(desktopCheck([desktop({ state: 'ended' })], 'abcdefgh1', true)).toBe('ended');
    expect(desktopCheck([], 'abcdefgh1', true)).toBe('revoked');
    expect(desktopCheck([], 'abcdefgh1', false)).toBe('ended');
  });
});
