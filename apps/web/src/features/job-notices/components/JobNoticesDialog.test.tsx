import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { JobNoticesDialog } from './JobNoticesDialog';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ errCode: 0, errMsg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The subscription (mail off) and the signed-in user's profile with `email`. */
const serve = (email: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/jm_jobmanagement/api/jobnotices/subscription') return ok({ mail: false, toast: true, states: ['failed'] });
      if (path === '/pageframe/main/queryLoginUser.action')
        return ok({
          userName: 'alice',
          roleId: 1,
          email,
          phoneNum: '',
          descInfo: '',
          groupName: '',
          company: '',
          department: '',
        });
      return ok({});
    }),
  );

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <JobNoticesDialog open onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );

describe('JobNoticesDialog', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('warns, when mail is turned on, that a profile without an e-mail address gets no mail', async () => {
    serve('');
    renderDialog();
    const mail = await screen.findByRole('switch', { name: 'By mail' });
    expect(screen.queryByText(/no e-mail address/)).toBeNull();
    await userEvent.setup().click(mail);
    expect(await screen.findByText(/Your personal information has no e-mail address/)).toBeTruthy();
  });

  it('does not warn a user who has an address', async () => {
    serve('alice@example.org');
    renderDialog();
    await userEvent.setup().click(await screen.findByRole('switch', { name: 'By mail' }));
    // The address is shown once the profile is read; then there is nothing to warn of.
    expect(await screen.findByText('Sent to alice@example.org, the e-mail address of your personal information.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'By mail' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText(/no e-mail address/)).toBeNull();
  });
});
