import { renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { hourQuotaRefusal, useErrorText } from './errors';
import { i18n, loadAllNamespaces, setLanguage } from './i18n';

/** The server's refusal of a job by the core-hour quota of an account (modules/quotas/quota-check.ts). */
const refusal = (extra: Record<string, unknown>) =>
  new ApiError(10008, 'The core-hour quota of account phys is reached', 403, {
    reason: 'quotaExceeded',
    account: 'phys',
    user: '',
    quota: 'coreHours',
    usedHours: 95.5,
    reservedHours: 4,
    limitHours: 100,
    jobHours: 8,
    ...extra,
  });

describe('a job refused by an hour quota', () => {
  afterAll(() => setLanguage('en'));

  it('is told apart from the storage quota of the same reason', () => {
    expect(hourQuotaRefusal(refusal({}))).toMatchObject({ account: 'phys', own: false, quota: 'coreHours', limitHours: 100 });
    expect(hourQuotaRefusal(new ApiError(10011, 'quota', 507, { reason: 'quotaExceeded' }))).toBeNull();
  });

  it('names the quota, what is used, the limit and what the job needs, in English and Chinese', async () => {
    const { result } = renderHook(() => useErrorText());
    expect(result.current(refusal({}))).toBe(
      'The core-hour quota of account phys is reached: 95.50 of 100 core-hours are used or held by queued and running jobs, and this job may use up to 8.00 more. Ask for more under Account → Applications.',
    );
    expect(result.current(refusal({ user: 'bob', quota: 'cardHours' }))).toMatch(/^Your card-hour quota in account phys/);
    await setLanguage('zh');
    await loadAllNamespaces();
    const zh = renderHook(() => useErrorText());
    expect(zh.result.current(refusal({}))).toContain('账户 phys 的核时配额已达上限');
    expect(zh.result.current(refusal({}))).toContain('95.50 核时，上限 100 核时');
    expect(i18n.language).toBe('zh');
    // The storage quota keeps its own text.
    expect(zh.result.current(new ApiError(10011, 'quota', 507, { reason: 'quotaExceeded' }))).toContain('存储配额');
  });
});
