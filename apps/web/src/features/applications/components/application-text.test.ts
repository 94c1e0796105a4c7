import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationItem } from '@portal/shared';
import { i18n } from '../../../lib/i18n';
import { askedFor } from './application-text';

const application = (over: Partial<ApplicationItem>): ApplicationItem => ({
  applicationId: 1,
  kind: 'coreHours',
  state: 'Pending',
  applicant: 'bob',
  accountName: 'phys',
  target: 'account',
  hours: 100,
  clusterId: null,
  jobId: null,
  timeLimit: null,
  queue: null,
  reason: 'more simulations',
  remark: '',
  reviewer: 'admin',
  canDecide: false,
  decidedBy: '',
  decidedAt: null,
  error: '',
  createdAt: '2026-03-01T08:00:00.000Z',
  ...over,
});

describe('what an application asks for', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('applications');
    await i18n.loadLanguages('zh');
  });
  const en = i18n.getFixedT('en', 'applications');
  const zh = i18n.getFixedT('zh', 'applications');

  it('reads as a few words in English and Chinese', () => {
    expect(askedFor(en, application({}))).toBe('+100 core-hours');
    expect(askedFor(en, application({ kind: 'cardHours', hours: 8 }))).toBe('+8 card-hours');
    expect(askedFor(en, application({ kind: 'wallTime', hours: null, jobId: '123', timeLimit: 2 * 86_400 }))).toBe(
      'job 123 → 2-00:00:00',
    );
    expect(askedFor(en, application({ kind: 'queueAccess', hours: null, queue: 'gpu' }))).toBe('queue gpu');
    expect(askedFor(zh, application({}))).toBe('+100 核时');
    expect(askedFor(zh, application({ kind: 'wallTime', hours: null, jobId: '123', timeLimit: 5400 }))).toBe(
      '作业 123 → 01:30:00',
    );
  });
});
