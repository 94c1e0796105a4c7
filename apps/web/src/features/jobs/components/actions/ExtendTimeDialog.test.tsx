import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { ExtendTimeDialog } from './ExtendTimeDialog';

describe('ExtendTimeDialog', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('refuses more than the queue maximum leaves, and sends hours and minutes otherwise', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(
      <ExtendTimeDialog
        target={{ jobId: '42', timeLimit: 3600, extendable: 1800 }}
        loading={false}
        onCancel={() => {}}
        onOk={onOk}
      />,
    );
    expect(await screen.findByText('Extend the time limit of job 42')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /ok/i }));
    expect(await screen.findByText('Enter hours or minutes')).toBeTruthy();

    await user.type(screen.getByLabelText('Hours'), '1');
    expect(await screen.findByText('Set the time to exceed the maximum running time of the queue')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /ok/i }));
    expect(onOk).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Minutes'), '30');
    expect(screen.getByText('01:30:00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /ok/i }));
    await vi.waitFor(() => expect(onOk).toHaveBeenCalledWith({ hours: 0, minutes: 30 }), { timeout: 10_000 });
  });
});
