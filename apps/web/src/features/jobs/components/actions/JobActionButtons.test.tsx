import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, can, type JobState, type RoleId } from '@portal/shared';
import { i18n } from '../../../../lib/i18n';
import { JobActionButtons } from './JobActionButtons';
import { rowActions } from './job-abilities';

/** Renders the actions the way the details page does: every action as a button. */
const row = (roleId: RoleId, state: JobState, owner: string, extendable: number | null = 3600) => {
  const onRun = vi.fn();
  const { container } = render(
    <JobActionButtons
      size="middle"
      actions={rowActions({ userName: owner, jobStatus: state }, { userName: 'alice', can: (p) => can(roleId, p) })}
      extendable={extendable}
      onRun={onRun}
    />,
  );
  return {
    onRun,
    buttons: within(container)
      .queryAllByRole('button')
      .map((b) => b.textContent),
  };
};

describe('the actions of a job row', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('show a user what fits their running job', () => {
    expect(row(Role.user, 'R', 'alice').buttons).toEqual(['Cancel', 'Suspend', 'Rerun', 'Extend time']);
  });

  it('show nothing to a user on another user’s job, or to a viewer', () => {
    expect(row(Role.user, 'R', 'bob').buttons).toEqual([]);
    expect(row(Role.viewer, 'Q', 'alice').buttons).toEqual([]);
  });

  it('show an administrator priority on a queued job of anyone', () => {
    expect(row(Role.admin, 'Q', 'bob').buttons).toEqual(['Cancel', 'Hold', 'Priority', 'Extend time']);
  });

  it('disable extending when the limit is at the queue maximum', async () => {
    row(Role.user, 'Q', 'alice', 0);
    expect(screen.getByRole('button', { name: 'Extend time' }).hasAttribute('disabled')).toBe(true);
  });

  it('keep two actions in a table row and the rest under More', async () => {
    const onRun = vi.fn();
    render(<JobActionButtons actions={['cancel', 'suspend', 'rerun', 'extend']} extendable={0} onRun={onRun} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Suspend', 'More ']);
    await userEvent.click(screen.getByRole('button', { name: /More/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Rerun',
      "Extend time (The time limit already equals the queue's maximum run time)",
    ]);
    expect(items[1]!.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(items[0]!);
    expect(onRun).toHaveBeenCalledWith('rerun');
  });

  it('run the chosen action', async () => {
    const { onRun } = row(Role.user, 'H', 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Release' }));
    expect(onRun).toHaveBeenCalledWith('release');
  });
});
