import type { FileEntry } from '@portal/shared';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ChmodDialog } from './ChmodDialog';

const entry: FileEntry = {
  name: 'run.sh',
  path: '/h/run.sh',
  kind: 'file',
  targetKind: null,
  size: 10,
  mtime: '2026-01-01T00:00:00Z',
  mode: '644',
  permissions: '-rw-r--r--',
  owner: 'u',
  group: 'u',
};

/** An input's text and tick, failing plainly when the element is not an input. */
const input = (el: HTMLElement): HTMLInputElement => {
  if (!(el instanceof HTMLInputElement)) throw new Error(`not an input: ${el.outerHTML}`);
  return el;
};
const inputValue = (el: HTMLElement) => input(el).value;
const isChecked = (el: HTMLElement) => input(el).checked;

describe('ChmodDialog', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps the octal text and the rwx boxes in step, and refuses what is not octal', async () => {
    const user = userEvent.setup({ delay: null });
    const onOk = vi.fn();
    render(<ChmodDialog entry={entry} loading={false} onOk={onOk} onCancel={() => {}} />);
    const octal = await screen.findByLabelText('Octal mode');
    expect(inputValue(octal)).toBe('644');
    expect(isChecked(screen.getByLabelText('Owner Execute'))).toBe(false);

    await user.click(screen.getByLabelText('Owner Execute'));
    expect(inputValue(octal)).toBe('744');

    await user.clear(octal);
    await user.type(octal, '79');
    expect(screen.getByText('Enter 3 or 4 octal digits (0–7), such as 755')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' }).hasAttribute('disabled')).toBe(true);

    await user.clear(octal);
    await user.type(octal, '750');
    expect(isChecked(screen.getByLabelText('Group Read'))).toBe(true);
    expect(isChecked(screen.getByLabelText('Others Read'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledWith('750');
  });
});
