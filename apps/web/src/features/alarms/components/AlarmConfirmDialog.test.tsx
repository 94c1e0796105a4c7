import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { alarmItem } from '../test/alarm-list-fixtures';
import { AlarmConfirmDialog } from './AlarmConfirmDialog';

describe('AlarmConfirmDialog', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks for a remark (spec section 5) and sends it trimmed', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(
      <AlarmConfirmDialog
        target={{ action: 'confirm', alarms: [alarmItem(), alarmItem({ id: 2, resName: 'n2' })] }}
        loading={false}
        onCancel={() => {}}
        onOk={onOk}
      />,
    );
    expect(await screen.findByText('Confirm 2 alarms')).toBeTruthy();
    expect(screen.getByText(/^Alarms: n1 \(.+\), n2 \(.+\)$/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('remark cannot be empty')).toBeTruthy();
    await user.type(screen.getByLabelText('Remark'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onOk).not.toHaveBeenCalled();
    // The field takes at most 128 characters.
    expect(screen.getByLabelText('Remark').getAttribute('maxlength')).toBe('128');
    await user.clear(screen.getByLabelText('Remark'));
    await user.type(screen.getByLabelText('Remark'), '  cable reseated ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onOk).toHaveBeenCalledWith('cable reseated'), { timeout: 10_000 });
  });

  it('names the cancellation in its title and button', async () => {
    render(
      <AlarmConfirmDialog
        target={{ action: 'unconfirm', alarms: [alarmItem()] }}
        loading={false}
        onCancel={() => {}}
        onOk={() => {}}
      />,
    );
    expect(await screen.findByText('Cancel the confirmation of 1 alarm')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unconfirm' })).toBeTruthy();
  });
});
