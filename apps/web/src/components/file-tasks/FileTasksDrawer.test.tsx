import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { FileTasksDrawer, type FileTask } from './FileTasksDrawer';

const task = (over: Partial<FileTask>): FileTask => ({
  id: 1,
  name: 'alarms-all-20260601-120000.xlsx',
  state: 'QUEUE',
  progress: 0,
  rows: 0,
  sizeBytes: 0,
  error: null,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

const Drawer = ({ list, onRemove }: { list: FileTask[]; onRemove: (id: number) => Promise<void> }) => {
  const remove = useMutation({ mutationFn: onRemove });
  return (
    <FileTasksDrawer
      open
      onClose={() => {}}
      ns="alarm-list"
      prefix="exports"
      files={{ data: { list }, isLoading: false, isError: false, error: null }}
      remove={remove}
      downloadUrl={(id) => `/download/${id}`}
      onDownloaded={() => {}}
      describe={() => ['Real-time alarms']}
      kept={20}
      testId="alarm-export"
    />
  );
};

const show = (list: FileTask[], onRemove = vi.fn(() => Promise.resolve())) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <Drawer list={list} onRemove={onRemove} />
      </App>
    </QueryClientProvider>,
  );

describe('FileTasksDrawer', () => {
  afterEach(cleanup);
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('says when there is no task', async () => {
    show([]);
    expect(await screen.findByText(/^No export tasks yet/)).toBeTruthy();
    expect(screen.getByText('The newest 20 exports are kept.')).toBeTruthy();
  });

  it('shows each state: progress while running, download once written, the reason of a failure', async () => {
    show([
      task({ id: 4, state: 'FAILED', error: 'alarmExportFailed' }),
      task({ id: 3, state: 'COMPLETED', rows: 12, sizeBytes: 2048, progress: 100 }),
      task({ id: 2, state: 'RUNNING', progress: 40 }),
      task({ id: 1, state: 'QUEUE' }),
    ]);
    const row = (id: number) => within(screen.getByTestId(`alarm-export-${id}`));
    expect((await screen.findAllByTestId('alarm-export-state')).map((t) => t.textContent)).toEqual([
      'Failed',
      'Completed',
      'Running',
      'Queued',
    ]);
    expect(row(4).getByText('Alarm report export failed')).toBeTruthy();
    expect(row(4).queryByRole('link', { name: /Download/ })).toBeNull();
    expect(
      row(3)
        .getByRole('link', { name: /Download/ })
        .getAttribute('href'),
    ).toBe('/download/3');
    expect(row(3).getByText(/^Real-time alarms · 12 alarms · 2\.00 KB · /)).toBeTruthy();
    expect(row(2).getByRole('progressbar')).toBeTruthy();
    // No row count before it is written.
    expect(row(2).queryByText(/\d+ alarms? ·/)).toBeNull();
    expect(row(1).queryByRole('progressbar')).toBeNull();
  });

  it('removes a task after asking', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn(() => Promise.resolve());
    show([task({ id: 7, state: 'COMPLETED', rows: 1 })], onRemove);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove this task and its file?')).toBeTruthy();
    expect(onRemove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(onRemove).toHaveBeenCalledWith(7, expect.anything()), { timeout: 10_000 });
  });
});
