import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDuration, type JobPreview } from '@portal/shared';
import type { PreviewJobInput } from '../../api/preview-job';
import { EstimateFigures, EstimatePanel } from './EstimatePanel';

const NOW = Date.UTC(2026, 10, 26, 19, 5, 0);

const preview = (over: Partial<JobPreview> = {}): JobPreview => ({
  coreSeconds: 12 * 3600,
  cardSeconds: 0,
  quota: null,
  expectedStartAt: NOW,
  nodes: ['n1'],
  cost: null,
  refusals: [],
  ...over,
});

const quota = { scope: 'account' as const, account: 'chem01', countedSeconds: 0 };

afterEach(cleanup);

describe('the estimate figures', () => {
  it('shows the most the job may use, the quota left after it and a start now', () => {
    render(
      <EstimateFigures
        now={NOW}
        preview={preview({
          cardSeconds: 2 * 3600,
          quota: {
            coreHours: { ...quota, limitSeconds: 100 * 3600, leftBeforeSeconds: 100 * 3600, leftAfterSeconds: 88 * 3600 },
            cardHours: null,
          },
        })}
      />,
    );
    expect(screen.getByText('Up to 12.00 core-hours')).toBeTruthy();
    expect(screen.getByText('Up to 2.00 card-hours')).toBeTruthy();
    expect(screen.getByText('Quota: 88.00 of 100.00 core-hours left after this job')).toBeTruthy();
    expect(screen.getByText('Expected start: now')).toBeTruthy();
  });

  it('shows a later start with how long until then, and says when no quota applies', () => {
    const at = NOW + 25 * 60_000;
    render(<EstimateFigures now={NOW} preview={preview({ expectedStartAt: at })} />);
    expect(screen.getByText(`Expected start: ${dayjs(at).format('YYYY-MM-DD HH:mm')} (in 25 min)`)).toBeTruthy();
    expect(screen.getByText('Quota: no limit applies')).toBeTruthy();
  });

  it('shows the most the job would cost at its price, no cost line when the centre sets no prices, and an unpriced queue', () => {
    const cost = { currency: 'CNY', coreHourPrice: '0.1000', cardHourPrice: '1.0000', priceDay: '2026-11-26' };
    const { unmount } = render(
      <EstimateFigures
        now={NOW}
        preview={preview({ cardSeconds: 6 * 3600, cost: { ...cost, amountCents: 123_456, priceId: 3 } })}
      />,
    );
    expect(screen.getByTestId('estimate-cost').textContent).toBe(
      'Cost: up to 1,234.56 CNY (0.1000 a core-hour, 1.0000 a card-hour)',
    );
    unmount();
    const cores = render(<EstimateFigures now={NOW} preview={preview({ cost: { ...cost, amountCents: 120, priceId: 3 } })} />);
    expect(screen.getByTestId('estimate-cost').textContent).toBe('Cost: up to 1.20 CNY (0.1000 a core-hour)');
    cores.unmount();
    const free = render(<EstimateFigures now={NOW} preview={preview({ cost: { ...cost, amountCents: 0, priceId: null } })} />);
    expect(screen.getByTestId('estimate-cost').textContent).toBe('Cost: none (no price is set for this queue and account)');
    free.unmount();
    render(<EstimateFigures now={NOW} preview={preview()} />);
    expect(screen.queryByTestId('estimate-cost')).toBeNull();
  });

  it('shows a refusal as the submit would word it, and no start', () => {
    render(
      <EstimateFigures
        now={NOW}
        preview={preview({
          expectedStartAt: null,
          quota: {
            coreHours: { ...quota, limitSeconds: 3600, leftBeforeSeconds: 3600, leftAfterSeconds: -3600 },
            cardHours: null,
          },
          refusals: [
            {
              errCode: 10008,
              reason: 'quotaExceeded',
              message: 'The core-hour quota of account chem01 is reached',
              data: { account: 'chem01', user: '', quota: 'coreHours', usedHours: 0, limitHours: 1, jobHours: 2 },
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('Quota: 0.00 of 1.00 core-hours left after this job')).toBeTruthy();
    expect(screen.getByTestId('estimate-refusal').textContent).toMatch(/chem01/);
    expect(screen.queryByTestId('estimate-start')).toBeNull();
  });
});

describe('the estimate panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  const body = (cores: number): PreviewJobInput => ({
    name: 'job',
    queue: 'compute',
    nodes: 1,
    cores,
    timeLimit: '01:00:00',
    script: '#!/bin/bash\n',
  });
  const wrapper = () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  };
  /** Answers like the server: cores × time limit; each answer waits until `release` is called. */
  const server = () => {
    const gates: (() => void)[] = [];
    let failing = false;
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const asked: unknown = JSON.parse(String(init.body));
      const cores = typeof asked === 'object' && asked && 'cores' in asked ? Number(asked.cores) : 0;
      await new Promise<void>((r) => gates.push(r));
      if (failing)
        return new Response(JSON.stringify({ errCode: 10001, errMsg: 'busy', data: {} }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      const data = preview({ coreSeconds: cores * (parseDuration('01:00:00') ?? 0) });
      return new Response(JSON.stringify({ errCode: 0, errMsg: '', data }), { headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetch);
    return {
      fetch,
      release: () => gates.splice(0).forEach((r) => r()),
      fail: () => (failing = true),
    };
  };

  it('asks once the form rests, keeps the last answer with a spinner while the next loads, and shows failures inline', async () => {
    const s = server();
    const { rerender } = render(<EstimatePanel body={body(1)} />, { wrapper: wrapper() });
    await waitFor(() => expect(s.fetch).toHaveBeenCalledTimes(1));
    s.release();
    expect(await screen.findByText('Up to 1.00 core-hours')).toBeTruthy();

    // Quick changes: only the last is asked for.
    rerender(<EstimatePanel body={body(2)} />);
    rerender(<EstimatePanel body={body(3)} />);
    await waitFor(() => expect(s.fetch).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(s.fetch.mock.calls[1]?.[1].body))).toMatchObject({ cores: 3 });
    expect(screen.getByText('Up to 1.00 core-hours')).toBeTruthy();
    expect(screen.getByLabelText('Estimating')).toBeTruthy();
    s.release();
    expect(await screen.findByText('Up to 3.00 core-hours')).toBeTruthy();

    s.fail();
    rerender(<EstimatePanel body={body(4)} />);
    await waitFor(() => expect(s.fetch).toHaveBeenCalledTimes(3));
    s.release();
    expect(await screen.findByText(/The estimate is not available/)).toBeTruthy();
  });

  it('asks nothing while the form cannot say', () => {
    const s = server();
    render(<EstimatePanel body={null} />, { wrapper: wrapper() });
    expect(screen.getByText('Fill in the queue, cores and time limit to see an estimate')).toBeTruthy();
    expect(s.fetch).not.toHaveBeenCalled();
  });
});
