import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { accountRefusal, KNOWN_CODES, startProblemsOf } from './start-errors';

const refused = (data: Record<string, unknown>) => new ApiError(10004, 'refused', 400, data);

describe("the job submission's refusals of a desktop job", () => {
  it('go to the field they name, the time limit as hours', () => {
    expect(
      startProblemsOf(
        refused({
          reason: 'exceedQueueMax',
          issues: [{ path: 'timeLimit', message: '', code: 'timeLimitOverMax', params: { max: 5400 } }],
        }),
      ),
    ).toEqual([{ field: 'hours', key: 'start.refused.timeLimitOverMax', params: { max: '1.5' } }]);
    expect(
      startProblemsOf(
        refused({
          reason: 'queueNotAllowed',
          issues: [{ path: 'queue', message: '', code: 'queueNotAllowed', params: { queue: 'gpu', account: 'proj' } }],
        }),
      ),
    ).toEqual([{ field: 'queue', key: 'start.refused.queueNotAllowed', params: { queue: 'gpu', account: 'proj' } }]);
    expect(
      startProblemsOf(
        refused({ reason: 'invalidJobRequest', issues: [{ path: 'cores', message: '', code: 'somethingNew', params: {} }] }),
      ),
    ).toEqual([{ field: 'cores', key: 'start.refused.invalid', params: {} }]);
  });

  it('place reasons without issues by what they are about', () => {
    expect(startProblemsOf(refused({ reason: 'exceedQueueMax' }))).toEqual([
      { field: 'hours', key: 'errors:reason.exceedQueueMax', params: {} },
    ]);
    for (const reason of ['accountFrozen', 'notAccountMember', 'accountDisabled'])
      expect(startProblemsOf(refused({ reason }))).toEqual([{ field: 'account', key: `errors:reason.${reason}`, params: {} }]);
    expect(accountRefusal(refused({ reason: 'accountFrozen' }))).toBe(true);
    expect(accountRefusal(refused({ reason: 'noBalance' }))).toBe(false);
  });

  it('leave the rest to the general message', () => {
    expect(startProblemsOf(refused({ reason: 'noBalance', account: 'proj' }))).toEqual([]);
    expect(startProblemsOf(refused({ reason: 'invalidJobRequest', issues: [{ path: 'script', message: 'x' }] }))).toEqual([]);
    expect(startProblemsOf(new NetworkError(false))).toEqual([]);
  });

  it('have words in English and Chinese for every code and reason they name', async () => {
    await i18n.loadLanguages('zh');
    const keys = [
      ...[...KNOWN_CODES, 'invalid', 'atField'].map((c) => `desktops:start.refused.${c}`),
      ...['accountDisabled', 'accountFrozen', 'notAccountMember', 'accountNotFound', 'exceedQueueMax'].map(
        (r) => `errors:reason.${r}`,
      ),
      // Keys the desktops' components build from values.
      'desktops:start.accountBlocked.Frozen',
      'desktops:start.accountBlocked.Disable',
      'desktops:apps.mode.desktop',
      'desktops:apps.mode.batch',
      'desktops:endReason.timeLimit',
      'desktops:endReason.jobEnded',
    ];
    for (const lng of ['en', 'zh'])
      for (const key of keys) {
        const [ns = '', path = ''] = key.split(':');
        expect(typeof i18n.getResource(lng, ns, path), `${lng} ${key}`).toBe('string');
      }
  });
});
