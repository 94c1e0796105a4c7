import type { AccountItem, AppTemplate, DesktopSession, Queue } from '@portal/shared';

/* What the desktops' tests are made of: a desktop, a queue, an account and an application, each with the given changes. */

export const desktop = (extra: Partial<DesktopSession>): DesktopSession => ({
  sessionId: 'own-running-1',
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
  shareUsers: [{ userName: 'bob', viewMode: 'observation' }],
  appName: null,
  viewMode: 'interaction',
  state: 'running',
  endReason: null,
  endedTime: null,
  clusterId: 'local',
  clusterName: 'Local cluster',
  connected: ['alice'],
  ...extra,
});

export const queue = (name: string, extra: Partial<Queue> = {}): Queue => ({
  name,
  isDefault: false,
  state: 'up',
  maxTime: 5400,
  defaultTime: 1800,
  maxNodes: null,
  maxCoresPerJob: 16,
  allowAccounts: 'ALL',
  totalNodes: 2,
  totalCores: 64,
  totalGpus: 0,
  ...extra,
});

export const account = (accountName: string, extra: Partial<AccountItem> = {}): AccountItem => ({
  accountId: 1,
  accountName,
  description: '',
  status: 'Normal',
  ownerName: 'alice',
  orgUnitId: null,
  company: '',
  department: '',
  memberCount: 1,
  isDefault: false,
  isOwner: true,
  isMember: true,
  createdAt: '2026-11-26 10:00:00',
  ...extra,
});

export const app = (id: string, extra: Partial<AppTemplate> = {}): AppTemplate => ({
  id,
  name: { en: `${id} app`, zh: `${id} 应用` },
  description: { en: `What ${id} does`, zh: `${id} 的用途` },
  modes: ['desktop'],
  jobTemplate: null,
  enabled: true,
  command: '',
  ...extra,
});
