import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceStatus, ServiceStatusGroups } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { ServiceGroups } from './ServiceGroups';

const AT = '2026-05-04T10:00:00.000Z';

const sshd = (host: string, ok: boolean, detail: string): ServiceStatus => ({
  metricId: `loginService:${host}:22`,
  serviceStatus: ok ? 'running' : 'stop',
  resName: host,
  resId: `${host}:22`,
  serviceName: 'sshd',
  metricValue: [{ subServiceName: 'sshd', subServiceStatus: ok ? 'running' : 'stop', detail }],
  checkedAt: AT,
});

const GROUPS: ServiceStatusGroups = {
  userAuthService: [
    {
      metricId: 'userAuthService:portal',
      serviceStatus: 'running',
      resName: 'portal',
      resId: 'portal',
      serviceName: 'sign-in',
      metricValue: [{ subServiceName: 'database', subServiceStatus: 'running', detail: 'answered in 2 ms' }],
      checkedAt: AT,
    },
  ],
  ntpService: [],
  ibService: [],
  scheduleService: [],
  loginService: [sshd('login01', true, 'SSH-2.0-OpenSSH_9.2p1'), sshd('login02', false, 'connection refused')],
};

describe('the service groups', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('show each service’s state, resource and sub-services with what their check saw', async () => {
    await i18n.changeLanguage('en');
    render(<ServiceGroups groups={GROUPS} />);
    const auth = within(screen.getByTestId('service-userAuthService:portal'));
    expect(auth.getAllByText('Running')).toHaveLength(2);
    expect(auth.getByText('portal')).toBeTruthy();
    expect(auth.getByText('sign-in')).toBeTruthy();
    expect(auth.getByText(': answered in 2 ms')).toBeTruthy();
    const login = screen.getByRole('region', { name: 'Login nodes' });
    expect(within(login).getByText('1 stopped')).toBeTruthy();
    expect(within(screen.getByTestId('service-loginService:login02:22')).getAllByText('Stopped')).toHaveLength(2);
    expect(within(login).getByText(': SSH-2.0-OpenSSH_9.2p1')).toBeTruthy();
  });

  it('say why a group is empty, in both languages', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = render(<ServiceGroups groups={GROUPS} />);
    expect(within(screen.getByRole('region', { name: 'NTP' })).getByText(/^No NTP servers configured/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'InfiniBand' })).getByText('No node reports InfiniBand ports')).toBeTruthy();
    unmount();
    await i18n.changeLanguage('zh');
    render(<ServiceGroups groups={GROUPS} />);
    expect(within(screen.getByRole('region', { name: '时间同步' })).getByText(/^未配置 NTP 服务器/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '登录节点' })).getByText('1 个已停止')).toBeTruthy();
    expect(screen.getAllByText('运行中')).toHaveLength(4);
  });
});
