import { describe, expect, it } from 'vitest';
import type { ServiceStatus, ServiceStatusGroups } from '@portal/shared';
import { groupViews, lastCheckedAt } from './service-groups';

const item = (metricId: string, serviceStatus: ServiceStatus['serviceStatus'], checkedAt: string): ServiceStatus => ({
  metricId,
  serviceStatus,
  resName: 'login01',
  resId: 'login01:22',
  serviceName: 'sshd',
  metricValue: [{ subServiceName: 'sshd', subServiceStatus: serviceStatus, detail: 'SSH-2.0-OpenSSH_9.2' }],
  checkedAt,
});

const AT = '2026-05-04T10:00:00.000Z';
const LATER = '2026-05-04T10:00:30.000Z';

const groups = (over: Partial<ServiceStatusGroups> = {}): ServiceStatusGroups => ({
  userAuthService: [item('userAuthService:portal', 'running', AT)],
  ntpService: [],
  ibService: [],
  scheduleService: [item('scheduleService:local', 'running', AT)],
  loginService: [],
  ...over,
});

describe('service groups', () => {
  it('come in the spec’s order, with how many items of each are stopped', () => {
    const views = groupViews(
      groups({
        loginService: [
          item('loginService:a', 'stop', AT),
          item('loginService:b', 'running', AT),
          item('loginService:c', 'stop', AT),
        ],
      }),
    );
    expect(views.map((v) => v.group)).toEqual(['userAuthService', 'ntpService', 'ibService', 'scheduleService', 'loginService']);
    expect(views.map((v) => v.stopped)).toEqual([0, 0, 0, 0, 2]);
    expect(views.map((v) => v.items.length)).toEqual([1, 0, 0, 1, 3]);
  });

  it('were checked at the latest item’s time, or not at all when every group is empty', () => {
    expect(lastCheckedAt(groups())).toBe(AT);
    expect(lastCheckedAt(groups({ ntpService: [item('ntpService:t', 'running', LATER)] }))).toBe(LATER);
    expect(lastCheckedAt(groups({ userAuthService: [], scheduleService: [] }))).toBeNull();
  });
});
